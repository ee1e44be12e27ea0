/**
 * The notary through the product's surface: tree heads and proofs over HTTP, checked by a
 * verifier written from RFC 9162 and RFC 8785 (projections/test/support) against the
 * records read back from the log file; tampering with the log file caught by
 * `npm run verify-log` and by a consistency proof against heads saved before.
 */
import { execFile } from 'node:child_process';
import { readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { hex, leafHashOf, merkleTreeHash, verifyConsistency, verifyHeadSignature, verifyInclusion, type TreeHead } from '@stays/notary/test-support/rfc9162';
import { ApiClient } from './support/http-client.ts';
import { signedInCustomer, signedInOwner } from './support/accounts.ts';
import { strongPassword, uniqueEmail } from './support/fixtures.ts';
import { eventOf, readLogFile, writeLogFile, type LogFileRecord } from './support/log-file.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

const AUDITOR = { email: 'notary.auditor@example.in', password: strongPassword };
const AUDITOR_ENV = { BOOTSTRAP_AUDITOR_EMAIL: AUDITOR.email, BOOTSTRAP_AUDITOR_PASSWORD: AUDITOR.password };
const VERIFY_LOG = path.resolve(import.meta.dirname, '../../notary/src/verify-log-cli.ts');

async function start(dataDir?: string, treeHeadIntervalMs = 3_600_000): Promise<TestSystem> {
  return startTestSystem({ ...(dataDir && { dataDir }), env: AUDITOR_ENV, overrides: { treeHeadIntervalMs } });
}

async function auditorToken(api: ApiClient): Promise<string> {
  const login = await api.post('/audit/login', AUDITOR);
  expect(login.status, JSON.stringify(login.body)).to.equal(200);
  return login.body.data.accessToken;
}

/** The leaf hashes of the log as the file holds it, by the test's own JCS and hashing. */
async function leavesOfLogFile(dataDir: string): Promise<Buffer[]> {
  return (await readLogFile(dataDir)).map((record) => leafHashOf(eventOf(record)));
}

async function verifyLog(dataDir: string): Promise<{ code: number; output: string }> {
  try {
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', VERIFY_LOG], { env: { ...process.env, DATA_DIR: dataDir } });
    return { code: 0, output: stdout };
  } catch (error) {
    const failed = error as { code: number; stdout: string; stderr: string };
    return { code: failed.code, output: `${failed.stdout}${failed.stderr}` };
  }
}

/** verify-log fails on the log of `dataDir`, naming the first leaf that does not match, with the position and stream it reports there. */
async function expectVerifyLogToName(dataDir: string, leaf: number, at: { position: number; streamId: string }): Promise<void> {
  const verified = await verifyLog(dataDir);
  expect(verified.code).to.not.equal(0);
  expect(verified.output).to.include(`first event that does not match: leaf ${leaf}, position ${at.position}, stream ${at.streamId}`);
}

async function registerOwners(api: ApiClient, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    const registered = await api.post('/hotel/owner/register', { name: `Owner ${i}`, email: uniqueEmail('owner'), password: strongPassword });
    expect(registered.status).to.equal(201);
  }
}

async function waitFor<T>(read: () => Promise<T>, done: (value: T) => boolean, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (done(value)) return value;
    if (Date.now() > deadline) throw new Error(`timed out; last: ${JSON.stringify(value)}`);
    await new Promise((resolve) => setTimeout(resolve, 25));
  }
}

describe('notary over HTTP: signed tree heads and RFC 9162 proofs', function () {
  this.timeout(60_000);
  let stays: TestSystem;
  let api: ApiClient;
  let token: string;

  before(async function () {
    stays = await start(undefined, 50);
    api = new ApiClient(stays.baseUrl);
    token = await auditorToken(api);
    await registerOwners(api, 14);
  });
  after(async () => stays.destroy());

  const latestHeadCovering = async (size: number): Promise<TreeHead> =>
    (
      await waitFor(
        () => api.get('/audit/log/tree-head', { token }),
        (answer) => answer.status === 200 && answer.body.data.treeSize >= size,
      )
    ).body.data;

  it('signs heads over the whole log with its own Ed25519 key, published as a JWK', async () => {
    const leaves = await leavesOfLogFile(stays.dataDir);
    const head = await latestHeadCovering(leaves.length);
    const key = await api.get('/audit/log/public-key', { token });
    expect(key.status).to.equal(200);
    expect(key.body.data).to.include({ kty: 'OKP', crv: 'Ed25519' });
    expect(head.rootHash).to.equal(merkleTreeHash(leaves.slice(0, head.treeSize)).toString('hex'));
    expect(verifyHeadSignature(head, key.body.data)).to.equal(true);
    expect(verifyHeadSignature({ ...head, rootHash: merkleTreeHash(leaves.slice(1, head.treeSize)).toString('hex') }, key.body.data)).to.equal(false);

    const history = await api.get('/audit/log/tree-heads?from=0', { token });
    expect(history.status).to.equal(200);
    const heads: TreeHead[] = history.body.data.items;
    expect(heads.length).to.be.greaterThan(0);
    expect(heads.map((one) => one.treeSize)).to.deep.equal([...heads.map((one) => one.treeSize)].sort((a, b) => a - b));
    for (const signed of heads) {
      expect(verifyHeadSignature(signed, key.body.data), `head ${signed.treeSize}`).to.equal(true);
      expect(signed.rootHash).to.equal(merkleTreeHash(leaves.slice(0, signed.treeSize)).toString('hex'));
    }
    const later = await api.get(`/audit/log/tree-heads?from=${head.treeSize}`, { token });
    expect(later.body.data.items.every((one: TreeHead) => one.treeSize >= head.treeSize)).to.equal(true);
  });

  it('passes verify-log run beside the running product (the log file read without its lock)', async () => {
    await latestHeadCovering((await leavesOfLogFile(stays.dataDir)).length);
    const verified = await verifyLog(stays.dataDir);
    expect(verified.code, verified.output).to.equal(0);
    expect(verified.output).to.match(/the log matches every signed tree head/);
  });

  it('answers inclusion proofs that verify for every leaf, at many tree sizes', async () => {
    const leaves = await leavesOfLogFile(stays.dataDir);
    const head = await latestHeadCovering(leaves.length);
    const sizes = [1, 2, 3, 4, 5, 7, 8, 9, 16, 17, head.treeSize - 1, head.treeSize].filter((size) => size >= 1 && size <= head.treeSize);
    for (const size of sizes) {
      const root = merkleTreeHash(leaves.slice(0, size));
      for (let leafIndex = 0; leafIndex < size; leafIndex++) {
        const answer = await api.get(`/audit/log/proof/inclusion?leafIndex=${leafIndex}&treeSize=${size}`, { token });
        expect(answer.status).to.equal(200);
        expect(answer.body.data).to.include({ leafIndex, treeSize: size });
        const path = answer.body.data.auditPath.map(hex);
        expect(verifyInclusion(leafIndex, size, leaves[leafIndex]!, path, root), `leaf ${leafIndex} of ${size}`).to.equal(true);
        if (size > 1) expect(verifyInclusion(leafIndex, size, leaves[(leafIndex + 1) % size]!, path, root)).to.equal(false);
      }
    }
    const answer = await api.get(`/audit/log/proof/inclusion?leafIndex=3&treeSize=${head.treeSize}`, { token });
    expect(verifyInclusion(3, head.treeSize, leaves[3]!, answer.body.data.auditPath.map(hex), hex(head.rootHash))).to.equal(true);
  });

  it('answers consistency proofs that verify between any two sizes, including against a signed head', async () => {
    const leaves = await leavesOfLogFile(stays.dataDir);
    const head = await latestHeadCovering(leaves.length);
    for (let second = 1; second <= head.treeSize; second += 3) {
      for (let first = 1; first <= second; first++) {
        const answer = await api.get(`/audit/log/proof/consistency?first=${first}&second=${second}`, { token });
        expect(answer.status).to.equal(200);
        expect(answer.body.data).to.include({ first, second });
        const proof = answer.body.data.path.map(hex);
        const firstRoot = merkleTreeHash(leaves.slice(0, first));
        expect(verifyConsistency(first, second, firstRoot, merkleTreeHash(leaves.slice(0, second)), proof), `${first} → ${second}`).to.equal(true);
        if (first < second) expect(verifyConsistency(first, second, firstRoot, merkleTreeHash(leaves.slice(0, second - 1)), proof)).to.equal(false);
      }
    }
  });

  it('refuses proofs the tree cannot give with 400 and a message, and every call without an auditor token', async () => {
    const head = await latestHeadCovering(1);
    const size = head.treeSize;
    const bad = async (query: string) => api.get(`/audit/log/proof/${query}`, { token });
    const refusals: [string, string][] = [
      [`inclusion?leafIndex=${size}&treeSize=${size}`, messages.server.leafIndexBeyondTree],
      [`inclusion?leafIndex=0&treeSize=${size + 1000}`, messages.server.treeSizeBeyondLog('treeSize', (await stays.system.notary.status()).treeSize)],
      [`consistency?first=${size}&second=1`, messages.server.firstAfterSecond],
      [`consistency?first=1&second=${size + 1000}`, messages.server.treeSizeBeyondLog('second', (await stays.system.notary.status()).treeSize)],
    ];
    for (const [query, message] of refusals) {
      const answer = await bad(query);
      expect(answer.status, query).to.equal(400);
      expect(answer.body).to.deep.equal({ success: false, statusCode: 400, message });
    }
    for (const query of [
      'inclusion?leafIndex=-1&treeSize=2',
      'inclusion?leafIndex=x&treeSize=2',
      'inclusion?treeSize=2',
      'consistency?first=0&second=2',
      'consistency?first=1.5&second=2',
    ]) {
      const answer = await bad(query);
      expect(answer.status, query).to.equal(400);
      expect(answer.body.success).to.equal(false);
    }
    const guest = await signedInCustomer(api);
    const owner = await signedInOwner(api);
    for (const route of [
      '/audit/log/public-key',
      '/audit/log/tree-head',
      '/audit/log/tree-heads',
      '/audit/log/proof/inclusion?leafIndex=0&treeSize=1',
      '/audit/log/proof/consistency?first=1&second=1',
    ]) {
      expect((await api.get(route)).status, route).to.equal(401);
      expect((await api.get(route, { token: guest.token })).status, route).to.equal(403);
      expect((await api.get(route, { token: owner.token })).status, route).to.equal(403);
    }
  });
});

describe('notary: a changed log is caught (embedded log file)', function () {
  this.timeout(180_000);

  /** The notary's latest signed head, as its heads file keeps it (the API serves the same, see above). */
  const latestSavedHead = async (dataDir: string): Promise<TreeHead> =>
    JSON.parse((await readFile(path.join(dataDir, 'notary', 'tree-heads.jsonl'), 'utf8')).trim().split('\n').at(-1)!);

  /**
   * A log with two heads an auditor saved: `first` after a few sign-ups, `second` after more
   * (each signed at a start's catch-up), then events no head covers yet; the product stopped.
   */
  async function logWithSavedHeads(): Promise<{ dataDir: string; first: TreeHead; second: TreeHead }> {
    let stays = await start();
    await registerOwners(new ApiClient(stays.baseUrl), 4);
    await stays.stop();
    stays = await start(stays.dataDir);
    await stays.system.notary.whenChecked(); // a resumed tree signs its head once the log is checked
    const first = await latestSavedHead(stays.dataDir);
    await registerOwners(new ApiClient(stays.baseUrl), 4);
    await stays.stop();
    stays = await start(stays.dataDir);
    await stays.system.notary.whenChecked();
    const second = await latestSavedHead(stays.dataDir);
    await registerOwners(new ApiClient(stays.baseUrl), 2);
    await stays.stop();
    expect(second.treeSize).to.be.greaterThan(first.treeSize);
    return { dataDir: stays.dataDir, first, second };
  }

  /**
   * A log with two saved heads (logWithSavedHeads) whose file `tamper` rewrote, given its
   * records and the first head's size: the records as they were, and the leaf tampered with.
   */
  async function tamperedLog(tamper: (records: LogFileRecord[], firstTreeSize: number) => { victim: number; rewritten: LogFileRecord[] }) {
    const built = await logWithSavedHeads();
    const records = await readLogFile(built.dataDir);
    const { victim, rewritten } = tamper(records, built.first.treeSize);
    await writeLogFile(built.dataDir, rewritten);
    return { built, records, victim };
  }

  /** What an auditor holding the two saved heads sees from the restarted product. */
  async function audit(dataDir: string, first: TreeHead, second: TreeHead) {
    const stays = await start(dataDir);
    try {
      // the notary resumes from its files and checks the log against its leaf archive beside the work
      await stays.system.notary.whenChecked();
      const api = new ApiClient(stays.baseUrl);
      const login = await api.post('/audit/login', AUDITOR);
      const token = login.body.data.accessToken;
      const key = (await api.get('/audit/log/public-key', { token })).body.data;
      expect(verifyHeadSignature(first, key) && verifyHeadSignature(second, key)).to.equal(true);
      const proof = await api.get(`/audit/log/proof/consistency?first=${first.treeSize}&second=${second.treeSize}`, { token });
      expect(proof.status).to.equal(200);
      const consistent = verifyConsistency(first.treeSize, second.treeSize, hex(first.rootHash), hex(second.rootHash), proof.body.data.path.map(hex));
      const latest: TreeHead = (await api.get('/audit/log/tree-head', { token })).body.data;
      return { consistent, latest, notary: stays.system.notary.status() };
    } finally {
      await stays.stop();
    }
  }

  /** The product's /healthz after a restart on the log as it is now, and what it says of the notary. */
  async function healthAfterRestart(dataDir: string): Promise<{ status: number; notary: { healthy: boolean; error: string | null } }> {
    const stays = await start(dataDir);
    try {
      // the notary resumes from its files and checks the log against its leaf archive beside the work
      await stays.system.notary.whenChecked();
      const answer = await fetch(`${stays.baseUrl}/healthz`);
      const body = (await answer.json()) as { data: { projections: { name: string; healthy: boolean; error: string | null }[] } };
      return { status: answer.status, notary: body.data.projections.find((entry) => entry.name === 'notary')! };
    } finally {
      await stays.stop();
    }
  }

  describe('the log as written', () => {
    let built: Awaited<ReturnType<typeof logWithSavedHeads>>;
    before(async () => {
      built = await logWithSavedHeads();
    });
    after(async () => built && rm(built.dataDir, { recursive: true, force: true }));

    it('passes verify-log', async () => {
      const verified = await verifyLog(built.dataDir);
      expect(verified.code, verified.output).to.equal(0);
      expect(verified.output).to.match(/the log matches every signed tree head/);
    });

    it('restarts healthy, the notary following the log and signing', async () => {
      const health = await healthAfterRestart(built.dataDir);
      expect(health.status).to.equal(200);
      expect(health.notary).to.include({ healthy: true, error: null });
    });

    it('gives a consistency proof between the saved heads that verifies, and the notary keeps signing', async function () {
      const seen = await audit(built.dataDir, built.first, built.second);
      expect(seen.consistent).to.equal(true);
      expect(seen.notary.failed).to.equal(null);
    });
  });

  describe('one byte of one event altered, its CRC fixed', () => {
    let built: Awaited<ReturnType<typeof logWithSavedHeads>>;
    let victim: number;
    let records: LogFileRecord[];
    before(async () => {
      ({ built, records, victim } = await tamperedLog((records, firstTreeSize) => {
        const victim = records.findIndex((record, i) => i < firstTreeSize && eventOf(record).type === 'AccountRegistered');
        const altered = Buffer.from(records[victim]!.payload);
        const at = altered.indexOf('"id":"') + 6; // the event id: never encrypted, any hex digit keeps the JSON valid
        altered[at] = altered[at] === 0x61 ? 0x62 : 0x61;
        return { victim, rewritten: records.map((record, i) => (i === victim ? { ...record, payload: altered } : record)) };
      }));
    });
    after(async () => built && rm(built.dataDir, { recursive: true, force: true }));

    it('fails verify-log, which names the event: leaf, position and stream', async () => {
      await expectVerifyLogToName(built.dataDir, victim, eventOf(records[victim]!));
    });

    it('restarts with /healthz answering 503: the notary stopped signing, saying why', async () => {
      const health = await healthAfterRestart(built.dataDir);
      expect(health.status).to.equal(503);
      expect(health.notary.healthy).to.equal(false);
      expect(health.notary.error).to.match(new RegExp(`differs from the leaves this notary archived, from leaf ${victim} `));
    });

    it('fails the consistency proof between the saved heads, and the notary signs nothing over it', async function () {
      const seen = await audit(built.dataDir, built.first, built.second);
      expect(seen.consistent).to.equal(false);
      expect(seen.latest).to.deep.equal(built.second);
      expect(seen.notary.failed).to.match(/differs from the leaves this notary archived, from leaf/);
    });
  });

  describe('one event rewritten into other JSON of the same record (members reordered), its CRC fixed', () => {
    let built: Awaited<ReturnType<typeof logWithSavedHeads>>;
    let victim: number;
    let records: LogFileRecord[];
    before(async () => {
      ({ built, records, victim } = await tamperedLog((records, firstTreeSize) => {
        const victim = records.findIndex((record, i) => i > 0 && i < firstTreeSize && eventOf(record).type === 'AccountRegistered');
        const event = eventOf(records[victim]!);
        // the same fields and values in the order the log's former format wrote them: every field of the event as it was
        const reordered = Buffer.from(
          JSON.stringify({
            id: event.id,
            streamId: event.streamId,
            type: event.type,
            revision: event.revision,
            position: event.position,
            data: event.data,
            metadata: event.metadata,
            recordedAt: event.recordedAt,
          }),
        );
        expect(reordered.equals(records[victim]!.payload)).to.equal(false);
        expect(JSON.parse(reordered.toString('utf8'))).to.deep.equal(event);
        return { victim, rewritten: records.map((record, i) => (i === victim ? { ...record, payload: reordered } : record)) };
      }));
    });
    after(async () => built && rm(built.dataDir, { recursive: true, force: true }));

    it('fails verify-log, which names the event: the stored bytes are no longer the text the notary signed', async () => {
      await expectVerifyLogToName(built.dataDir, victim, eventOf(records[victim]!));
    });
  });

  describe('one event dropped, later positions renumbered and CRCs fixed', () => {
    let built: Awaited<ReturnType<typeof logWithSavedHeads>>;
    let victim: number;
    let records: LogFileRecord[];
    before(async () => {
      ({ built, records, victim } = await tamperedLog((records, firstTreeSize) => {
        // a reservation stream has one event, alone in its append: removing it leaves a log the store opens
        const victim = records.findIndex((record, i) => i < firstTreeSize && eventOf(record).streamId.startsWith('owneremail-'));
        expect(victim).to.be.greaterThan(-1);
        return {
          victim,
          rewritten: records
            .filter((_, i) => i !== victim)
            .map((record, i) => {
              if (i < victim) return record;
              const event = eventOf(record);
              return { ...record, payload: Buffer.from(JSON.stringify({ ...event, position: event.position - 1 })) };
            }),
        };
      }));
    });
    after(async () => built && rm(built.dataDir, { recursive: true, force: true }));

    it("fails verify-log, which names where: the event now at the dropped one's leaf", async () => {
      const next = eventOf(records[victim + 1]!);
      await expectVerifyLogToName(built.dataDir, victim, { position: next.position - 1, streamId: next.streamId });
    });

    it('fails the consistency proof between the saved heads, and the notary signs nothing over it', async function () {
      const seen = await audit(built.dataDir, built.first, built.second);
      expect(seen.consistent).to.equal(false);
      expect(seen.latest).to.deep.equal(built.second);
      expect(seen.notary.failed).to.not.equal(null);
    });
  });
});
