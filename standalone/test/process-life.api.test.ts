/**
 * `npm start` as an operator meets it, as a child process on an embedded log: stopped by
 * SIGTERM in the middle of its first start's demo seed, it closes its stores and exits 0,
 * leaving no lock behind; a second `npm start` on the same data directory is refused in one
 * line that names the process holding it.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { access, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { freePort } from './support/free-port.ts';

const REPO = path.resolve(import.meta.dirname, '../..');

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

interface Started {
  readonly child: ChildProcess;
  output(): string;
  /** Resolves with the exit code once the process has exited. */
  readonly exited: Promise<number | null>;
}

function startStays(env: NodeJS.ProcessEnv): Started {
  const child = spawn(process.execPath, ['--import', 'tsx', 'standalone/src/main.ts'], {
    cwd: REPO,
    env: { ...process.env, EVENTSTORE_URL: '', MONGO_URL: '', OPERATOR_TOKEN: '', OPERATOR_URL: '', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  child.stderr!.on('data', (chunk: Buffer) => (output += chunk.toString()));
  const exited = new Promise<number | null>((resolve) => child.on('exit', (code) => resolve(code)));
  return { child, output: () => output, exited };
}

async function until(condition: () => boolean, what: () => string): Promise<void> {
  for (const started = Date.now(); !condition();) {
    if (Date.now() - started > 90_000) throw new Error(`timed out waiting: ${what()}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('npm start stopping and refusing as an operator meets it', function () {
  this.timeout(180_000);
  let dataDir: string;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stays-life-'));
  });
  afterEach(async () => {
    await rm(dataDir, { recursive: true, force: true });
  });

  it('stopped by SIGTERM while its first start seeds the demo data, closes its stores, exits 0 and leaves no lock file', async () => {
    const port = await freePort();
    const stays = startStays({ DATA_DIR: dataDir, PORT: String(port), SEED_DEMO: '1' });
    // the seed runs before the port opens (docs/decisions/0032), and its first lines say what it has added
    await until(() => /\ndemo: .+ with \d+ rooms/.test(stays.output()), stays.output);
    const during = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => `answered ${response.status}`,
      (error: Error) => `refused (${(error.cause as { code?: string } | undefined)?.code})`,
    );
    expect(during, 'the port while the demo is seeded').to.equal('refused (ECONNREFUSED)');
    stays.child.kill('SIGTERM');
    expect(await stays.exited, stays.output()).to.equal(0);
    expect(await exists(path.join(dataDir, 'events', 'LOCK')), "the log's lock").to.equal(false);
    expect(await exists(path.join(dataDir, 'keys', 'subjects', 'LOCK')), "the key folder's lock").to.equal(false);
  });

  it('refuses a second npm start on the same data directory in one line naming the process that holds it', async () => {
    const first = startStays({ DATA_DIR: dataDir, PORT: String(await freePort()), SEED_DEMO: '0' });
    try {
      await until(() => first.output().includes('Stays is running'), first.output);
      const second = startStays({ DATA_DIR: dataDir, PORT: String(await freePort()), SEED_DEMO: '0' });
      expect(await second.exited).to.equal(1);
      const lines = second
        .output()
        .trim()
        .split('\n')
        .filter((line) => !line.startsWith('npm warn'));
      expect(lines, second.output()).to.have.length(1);
      expect(lines[0]).to.contain(`is already open in live process ${first.child.pid}`);
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  });
});
