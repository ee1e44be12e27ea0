/**
 * `npm start` as an operator meets it, as a child process on an embedded log: stopped by
 * SIGTERM in the middle of its first start's demo seed, it closes its stores and exits 0,
 * leaving no lock behind; a second `npm start` on the same data directory is refused in one
 * line that names the process holding it; a request its HTTP parser cannot read is answered
 * in the API's envelope.
 */
import { access, mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { freePort } from './support/free-port.ts';
import { StaysProcess } from './support/stays-process.ts';

const exists = (file: string) =>
  access(file).then(
    () => true,
    () => false,
  );

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
    const stays = StaysProcess.spawn({ dataDir, port, env: { SEED_DEMO: '1' } });
    // the seed runs before the port opens (docs/decisions/0032), and its first lines say what it has added
    await stays.until((output) => /demo: [^"\n]+ with \d+ rooms/.test(output));
    const during = await fetch(`http://127.0.0.1:${port}/healthz`).then(
      (response) => `answered ${response.status}`,
      (error: Error) => `refused (${(error.cause as { code?: string } | undefined)?.code})`,
    );
    expect(during, 'the port while the demo is seeded').to.equal('refused (ECONNREFUSED)');
    stays.child.kill('SIGTERM');
    expect(await stays.exited, stays.output).to.equal(0);
    expect(await exists(path.join(dataDir, 'events', 'LOCK')), "the log's lock").to.equal(false);
    expect(await exists(path.join(dataDir, 'keys', 'subjects', 'LOCK')), "the key folder's lock").to.equal(false);
  });

  it('refuses a second npm start on the same data directory in one line naming the process that holds it', async () => {
    const first = StaysProcess.spawn({ dataDir, port: await freePort() });
    try {
      await first.untilRunning();
      const second = StaysProcess.spawn({ dataDir, port: await freePort() });
      expect(await second.exited).to.equal(1);
      const lines = second.output
        .trim()
        .split('\n')
        .filter((line) => !line.startsWith('npm warn'));
      expect(lines, second.output).to.have.length(1);
      expect(lines[0]).to.contain(`is already open in live process ${first.child.pid}`);
    } finally {
      first.child.kill('SIGTERM');
      await first.exited;
    }
  });

  it('answers a request its HTTP parser cannot read in the API envelope, as every refusal', async () => {
    const stays = await StaysProcess.start({ dataDir, port: await freePort() });
    try {
      // the rest of these cases: service-kit/test/unreadable-requests.unit.test.ts
      const tooLong = await fetch(`${stays.baseUrl}/sharma/resident/stays/hotel/data/get/search?searchTerm=${'a'.repeat(20_000)}`);
      expect(tooLong.status).to.equal(431);
      expect(tooLong.headers.get('content-type')).to.equal('application/json; charset=utf-8');
      expect(await tooLong.json()).to.deep.equal({ success: false, message: messages.server.requestHeadersTooLarge, statusCode: 431 });
      expect((await fetch(`${stays.baseUrl}/healthz`)).status, 'still serving').to.equal(200);
    } finally {
      await stays.stop();
    }
  });
});
