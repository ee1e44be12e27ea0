/**
 * The service image can write what it must write, checked without a container engine:
 * the runtime stage of the Dockerfile is replayed in a temporary directory (its
 * `COPY --from=build /app /app` gives a root-owned tree, then its RUN instructions run
 * with /app mapped there), and the real code then runs as the image's user (node: uid and
 * gid 1000 in the official Node images) with the image's and compose's environment. Where
 * that user cannot reach the checkout (a clone under /root, or in a `mktemp -d` folder),
 * it runs a linked copy, as the image's user runs the image's own copy.
 */
import { execFileSync, spawnSync } from 'node:child_process';
import { chmod, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';

const root = path.resolve(import.meta.dirname, '../..');
/** The node user of the official node images. */
const NODE_USER = { name: 'node', uid: 1000, gid: 1000 };

interface Stage {
  readonly env: Record<string, string>;
  readonly workdir: string | undefined;
  readonly runs: string[];
  readonly user: string | undefined;
}

/** The instructions of one stage of a Dockerfile (continuation lines joined). */
function parseStage(dockerfile: string, name: string): Stage {
  const lines = dockerfile
    .replace(/\\\n/g, ' ')
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '' && !line.startsWith('#'));
  const start = lines.findIndex((line) => new RegExp(`^FROM\\s+\\S+\\s+AS\\s+${name}$`, 'i').test(line));
  if (start < 0) throw new Error(`no stage ${name} in the Dockerfile`);
  const end = lines.findIndex((line, index) => index > start && /^FROM\s/i.test(line));
  const stage: { env: Record<string, string>; workdir: string | undefined; runs: string[]; user: string | undefined } = {
    env: {},
    workdir: undefined,
    runs: [],
    user: undefined,
  };
  for (const line of lines.slice(start + 1, end < 0 ? undefined : end)) {
    const [instruction, ...rest] = line.split(/\s+/);
    const argument = rest.join(' ');
    switch (instruction!.toUpperCase()) {
      case 'ENV':
        for (const pair of argument.matchAll(/(\w+)=(\S+)/g)) stage.env[pair[1]!] = pair[2]!;
        break;
      case 'WORKDIR':
        stage.workdir = argument;
        break;
      case 'RUN':
        stage.runs.push(argument);
        break;
      case 'USER':
        stage.user = argument;
        break;
    }
  }
  return stage;
}

const isRoot = typeof process.getuid === 'function' && process.getuid() === 0;

/** Can the image's user read the fixture and load tsx from `checkout`? (Every folder on the way must let it in.) */
const imageUserCanRun = (checkout: string): boolean =>
  ['deploy/test/fixtures/production-outbox.ts', 'node_modules/tsx/package.json'].every(
    (file) => spawnSync('test', ['-r', path.join(checkout, file)], { uid: NODE_USER.uid, gid: NODE_USER.gid }).status === 0,
  );

/**
 * A copy of the checkout the image's user can reach: hard links where the file system
 * allows (a second or two for the ~75,000 files with node_modules), a plain copy otherwise.
 */
async function copyForImageUser(checkout: string): Promise<string> {
  const parent = await mkdtemp(path.join(tmpdir(), 'stays-image-code-'));
  await chmod(parent, 0o755);
  const copy = path.join(parent, 'app');
  const linked = spawnSync('cp', ['-al', checkout, copy], { stdio: 'pipe' });
  if (linked.status !== 0) {
    await rm(copy, { recursive: true, force: true });
    execFileSync('cp', ['-a', checkout, copy], { stdio: 'pipe' });
  }
  return copy;
}

describe('the service image', function () {
  let stage: Stage;
  let compose: string;
  let image: string; // the replayed image's "/"
  /** Where the image's user runs the code from: the checkout, or a copy it can reach. */
  let code = root;

  before(async function () {
    this.timeout(120_000);
    stage = parseStage(await readFile(path.join(root, 'Dockerfile'), 'utf8'), 'service');
    compose = await readFile(path.join(root, 'docker-compose.yml'), 'utf8');
    if (isRoot && !imageUserCanRun(root)) code = await copyForImageUser(root);
  });

  after(async function () {
    if (code !== root) await rm(path.dirname(code), { recursive: true, force: true });
  });

  beforeEach(async function () {
    image = await mkdtemp(path.join(tmpdir(), 'stays-image-'));
    await chmod(image, 0o755);
  });

  afterEach(async function () {
    await rm(image, { recursive: true, force: true });
  });

  /** A path of the image, in the replayed tree. */
  const inImage = (imagePath: string) => path.join(image, imagePath);

  /** COPY --from=build /app /app (root-owned), then the stage's RUN instructions as root. */
  async function buildLayout(): Promise<void> {
    await mkdir(inImage('/app/command-service/src'), { recursive: true, mode: 0o755 });
    await writeFile(inImage('/app/package.json'), '{}');
    for (const run of stage.runs) {
      const mapped = run.replace(/(^|[\s=:])\/app\b/g, `$1${inImage('/app')}`).replace(/\bnode:node\b/g, `${NODE_USER.uid}:${NODE_USER.gid}`);
      execFileSync('sh', ['-c', mapped], { stdio: 'pipe' });
    }
  }

  /** The fixture, as the image's user, with the image's environment (paths mapped) plus `env`. */
  function asImageUser(env: Record<string, string>): { written?: string[]; refused?: string } {
    const mapped = (value: string) => (value.startsWith('/') ? inImage(value) : value);
    const environment = {
      PATH: process.env.PATH ?? '/usr/bin:/bin',
      HOME: image,
      ...Object.fromEntries(Object.entries(stage.env).map(([key, value]) => [key, mapped(value)])),
      ...Object.fromEntries(Object.entries(env).map(([key, value]) => [key, mapped(value)])),
    };
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'deploy/test/fixtures/production-outbox.ts'], {
      cwd: code,
      env: environment,
      uid: NODE_USER.uid,
      gid: NODE_USER.gid,
      encoding: 'utf8',
    });
    if (result.status !== 0) throw new Error(`the fixture failed: ${result.stderr}`);
    return JSON.parse(result.stdout.trim().split('\n').at(-1)!) as { written?: string[]; refused?: string };
  }

  /** OUTBOX_DIR as compose gives it to a service, and where that service mounts the outbox volume. */
  function composeOutbox(service: string): { env: string | undefined; volume: string | undefined } {
    const block = compose.split(/\n {2}(?=[\w-]+:\n)/).find((part) => part.startsWith(`${service}:`)) ?? '';
    return {
      env: /OUTBOX_DIR:\s*(\S+)/.exec(block)?.[1],
      volume: /-\s*outbox:(\S+)/.exec(block)?.[1],
    };
  }

  it('runs as the node user, keeps its data under DATA_DIR, and compose mounts the outbox volume where OUTBOX_DIR points', function () {
    expect(stage.user).to.equal(NODE_USER.name);
    expect(stage.env.DATA_DIR).to.equal('/app/data');
    for (const service of ['command-service', 'reactors']) {
      const { env, volume } = composeOutbox(service);
      expect(env, `${service} OUTBOX_DIR`).to.equal('/app/data/outbox');
      expect(volume, `${service} outbox volume`).to.equal(env);
    }
  });

  it('lets its user write OTPs and booking emails to the outbox when no SMTP or SMS provider is configured', async function () {
    if (!isRoot) this.skip(); // replaying chown and switching users needs root
    await buildLayout();
    const outbox = await stat(inImage('/app/data/outbox'));
    expect([outbox.uid, outbox.gid]).to.deep.equal([NODE_USER.uid, NODE_USER.gid]);

    const { written, refused } = asImageUser({ OUTBOX_DIR: composeOutbox('command-service').env! });
    expect(refused).to.equal(undefined);
    expect(written).to.have.length(2);
    expect(written!.some((name) => name.endsWith('.eml'))).to.equal(true);
    expect(written!.some((name) => name.endsWith('.sms.txt'))).to.equal(true);
  });

  it('refuses to start without SMTP_URL and SMS_WEBHOOK_URL unless OUTBOX_DIR is set, saying so', async function () {
    if (!isRoot) this.skip();
    await buildLayout();
    const { refused } = asImageUser({});
    expect(refused).to.equal(
      'SMTP_URL and SMS_WEBHOOK_URL not set: emails and SMS (OTP codes, booking confirmations) would not be sent. ' +
        'Set SMTP_URL and SMS_WEBHOOK_URL, or OUTBOX_DIR to a writable directory to keep them there as files.',
    );
  });

  it('refuses to start when OUTBOX_DIR is not writable by its user (the root-owned /app before this fix)', async function () {
    if (!isRoot) this.skip();
    await buildLayout();
    const { refused } = asImageUser({ OUTBOX_DIR: '/app/outbox' });
    expect(refused).to.match(new RegExp(`^OUTBOX_DIR ${inImage('/app/outbox')} is not writable by this process \\(uid 1000\\): EACCES`));
  });

  it('the real documents entry refuses to start without SMTP_URL or OUTBOX_DIR, naming them', function () {
    const result = spawnSync(process.execPath, ['--import', 'tsx', 'command-service/src/reactors/documents/server.ts'], {
      cwd: root,
      encoding: 'utf8',
      env: {
        PATH: process.env.PATH ?? '',
        NODE_ENV: 'production',
        EVENTSTORE_URL: 'esdb://127.0.0.1:1?tls=false',
        MONGO_URL: 'mongodb://127.0.0.1:1',
        DATA_DIR: image,
      },
    });
    expect(result.status).to.equal(1);
    expect(result.stderr.trim()).to.equal(
      'SMTP_URL not set: emails and SMS (OTP codes, booking confirmations) would not be sent. ' +
        'Set SMTP_URL, or OUTBOX_DIR to a writable directory to keep them there as files.',
    );
  });
});
