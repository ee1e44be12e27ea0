/**
 * `npm run events -- migrate-personal-data` refusing what it must refuse, as an operator
 * runs it: nothing here reaches a server (the refusals come before any connection; the
 * EventStoreDB URLs point at closed ports so a refusal that came too late would show as a
 * connection error instead of the message).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import { promisify } from 'node:util';
import path from 'node:path';
import { expect } from 'chai';
import { openEmbeddedEventStore } from '@stays/event-store';

const ROOT = path.resolve(import.meta.dirname, '../..');
const OLD = 'esdb://127.0.0.1:9?tls=false';
const NEW = 'esdb://admin:secret@127.0.0.1:10?tls=false';
const KEY = Buffer.alloc(32, 7).toString('base64');

async function migrate(args: string[], env: Record<string, string>): Promise<{ code: number; out: string }> {
  const run = promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/events.ts', 'migrate-personal-data', ...args], {
    cwd: ROOT,
    env: { ...process.env, DATA_DIR: '/nonexistent/stays-data', EVENTSTORE_URL: OLD, MONGO_URL: 'mongodb://127.0.0.1:11', PERSONAL_DATA_KEY: KEY, ...env },
    timeout: 30_000,
  });
  return run.then(
    ({ stdout, stderr }) => ({ code: 0, out: stdout + stderr }),
    (error: { code: number; stdout: string; stderr: string }) => ({ code: error.code, out: error.stdout + error.stderr }),
  );
}

describe('npm run events -- migrate-personal-data: refusals', function () {
  this.timeout(60_000);

  const cases: [string, string[], Record<string, string>, string][] = [
    ['EventStoreDB without --to', [], {}, 'EVENTSTORE_URL is set: name the empty database to copy into with --to'],
    ['--to without a value', ['--to'], {}, "unexpected arguments '--to'"],
    ['an unknown argument', ['--to', NEW, '--force'], {}, 'unexpected arguments'],
    [
      '--to that is not an EventStoreDB connection string',
      ['--to', 'https://admin:secret@example.in'],
      {},
      "--to 'https://example.in' is not an EventStoreDB connection string",
    ],
    ['--to naming the source', ['--to', OLD], {}, '--to names the database EVENTSTORE_URL already names'],
    ['--to on the embedded log', ['--to', NEW], { EVENTSTORE_URL: '' }, '--to copies an EventStoreDB log (EVENTSTORE_URL is not set)'],
    ['no master key', ['--to', NEW], { PERSONAL_DATA_KEY: '' }, 'PERSONAL_DATA_KEY is not set'],
    [
      'no MongoDB key store',
      ['--to', NEW],
      { MONGO_URL: '' },
      'MONGO_URL is not set: the keys the copy is encrypted with must be in the key store the services read',
    ],
  ];
  for (const [what, args, env, message] of cases) {
    it(`refuses ${what}, saying why, without printing credentials`, async () => {
      const { code, out } = await migrate(args, env);
      expect(code).to.equal(1);
      expect(out).to.contain(message);
      expect(out).to.not.contain('secret');
      expect(out).to.not.match(/at .*\.ts:\d+/);
    });
  }

  it('refuses an embedded log another live process holds open, in one line naming that process, with no stack trace', async () => {
    const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stays-migrate-locked-'));
    const running = await openEmbeddedEventStore(path.join(dataDir, 'events'));
    try {
      const { code, out } = await migrate([], { DATA_DIR: dataDir, EVENTSTORE_URL: '', MONGO_URL: '' });
      expect(code).to.equal(1);
      expect(out).to.contain(`is already open in live process ${process.pid}`);
      expect(out.trim().split('\n')).to.have.length(1);
      expect(out).to.not.match(/at .*\.ts:\d+/);
    } finally {
      await running.close();
      await rm(dataDir, { recursive: true, force: true });
    }
  });
});
