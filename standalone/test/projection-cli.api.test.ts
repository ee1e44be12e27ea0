/**
 * `npm run projection` against a running `npm start` (a child process on an embedded log):
 * nothing is stopped; the CLI reads the operator token the running process keeps in its
 * data directory, builds a version beside the live one with progress lines (not a TTY),
 * switches, drops, and refuses with the process's reasons.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { bookingsReadModel, hotelsReadModel } from '@stays/projections';
import { freePort } from './support/free-port.ts';
import { npmStartNodeFlags } from './support/npm-start-flags.ts';

const REPO = path.resolve(import.meta.dirname, '../..');

interface Run {
  readonly code: number | null;
  readonly stdout: string;
  readonly stderr: string;
}

function run(args: readonly string[], env: NodeJS.ProcessEnv): Promise<Run> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', ...args], { cwd: REPO, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
    let stdout = '';
    let stderr = '';
    child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', reject);
    child.on('close', (code) => resolve({ code, stdout, stderr }));
  });
}

describe('npm run projection against a running npm start', function () {
  this.timeout(120_000);
  let dataDir: string;
  let env: NodeJS.ProcessEnv;
  let server: ChildProcess;

  before(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stays-cli-'));
    env = { DATA_DIR: dataDir, PORT: String(await freePort()), SEED_DEMO: '0', EVENTSTORE_URL: '', MONGO_URL: '', OPERATOR_TOKEN: '', OPERATOR_URL: '' };
    server = spawn(process.execPath, [...npmStartNodeFlags(), '--import', 'tsx', 'standalone/src/main.ts'], {
      cwd: REPO,
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    await new Promise<void>((resolve, reject) => {
      let output = '';
      server.stdout!.on('data', (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes('Stays is running')) resolve();
      });
      server.on('exit', (code) => reject(new Error(`npm start exited with ${code}: ${output}`)));
    });
  });
  after(async () => {
    server.kill('SIGTERM');
    await new Promise((resolve) => server.once('exit', resolve));
    await rm(dataDir, { recursive: true, force: true });
  });

  const cli = (...args: string[]) => run(['projections/src/operator/cli.ts', ...args], env);
  /** The hotels version a fresh start makes live, and the one a build makes beside it. */
  const LIVE_HOTELS = hotelsReadModel.version;
  const NEXT_HOTELS = LIVE_HOTELS + 1;

  it('shows the status, builds beside the live version with progress lines, switches and drops', async () => {
    const status = await cli('status');
    expect(status.code, status.stderr).to.equal(0);
    expect(status.stdout).to.match(/^READ MODEL\s+VERSION\s+STATE\s+POSITION\s+LAG\s+DOCUMENTS/m);
    expect(status.stdout).to.match(new RegExp(`^hotels\\s+${LIVE_HOTELS}\\s+live\\s+`, 'm'));
    expect(status.stdout).to.match(new RegExp(`^bookings\\s+${bookingsReadModel.version}\\s+live\\s+`, 'm'));

    const build = await cli('build', 'hotels');
    expect(build.code, build.stderr).to.equal(0);
    const lines = build.stdout.trim().split('\n');
    expect(lines[0]).to.equal(`building hotels@${NEXT_HOTELS} from position 0 beside the live version`);
    expect(
      lines.slice(1, -1).every((line) => /^\d+\.\d%\s+[\d,]+ events\s+[\d,]+ events\/s\s+(ETA .+|caught up)$/.test(line)),
      lines.join('\n'),
    ).to.equal(true);
    expect(lines.at(-1)).to.match(
      new RegExp(`^hotels@${NEXT_HOTELS} has caught up at position \\S+ and keeps following the log; \`npm run projection -- switch hotels\` makes it live$`),
    );

    const switched = await cli('switch', 'hotels');
    expect(switched.code, switched.stderr).to.equal(0);
    expect(switched.stdout).to.contain(`hotels@${NEXT_HOTELS} is live`);
    const dropped = await cli('drop', `hotels@${LIVE_HOTELS}`);
    expect(dropped.stdout.trim()).to.equal(`dropped hotels@${LIVE_HOTELS}`);
    const list = await cli('list');
    expect(list.stdout).to.contain(`hotels (definition version ${LIVE_HOTELS}): ${NEXT_HOTELS} live`);
  });

  it('refuses with the running process reasons, a wrong token and a wrong command', async () => {
    const live = await cli('drop', `bookings@${bookingsReadModel.version}`);
    expect(live.code).to.equal(1);
    expect(live.stderr.trim()).to.equal(`bookings@${bookingsReadModel.version} is live; switch to another version before dropping it`);
    const wrongToken = await run(['projections/src/operator/cli.ts', 'status'], { ...env, OPERATOR_TOKEN: 'x'.repeat(32) });
    expect(wrongToken.code).to.equal(1);
    expect(wrongToken.stderr.trim()).to.equal('the operator token is missing or wrong');
    const usage = await cli('rebuild', 'hotels');
    expect(usage.code).to.equal(2);
    expect(usage.stderr).to.contain('usage: npm run projection -- list | status | build <name> | switch <name> | drop <name>@<version>');
    const unreachable = await run(['projections/src/operator/cli.ts', 'status'], { ...env, OPERATOR_URL: `http://127.0.0.1:${await freePort()}` });
    expect(unreachable.code).to.equal(1);
    expect(unreachable.stderr).to.match(/^cannot reach http:\/\/127\.0\.0\.1:\d+ .*is the projections worker or `npm start` running there\?/);
  });
});
