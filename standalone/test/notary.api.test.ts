/**
 * The notary through the product's surface: tree heads and proofs over HTTP, checked by a
 * verifier written from RFC 9162 and RFC 8785 (projections/test/support) against the
 * records read back from the log file; tampering with the log file caught by
 * `npm run verify-log` and by a consistency proof against heads saved before.
 */
import { execFile } from 'node:child_process';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { messages } from '@stays/contracts';
import {
  hex, leafHashOf, merkleTreeHash, verifyConsistency, verifyHeadSignature, verifyInclusion, type TreeHead,
} from '@stays/projections/test-support/rfc9162';
import { ApiClient } from './support/http-client.ts';
import { signedInCustomer, signedInOwner } from './support/accounts.ts';
import { strongPassword, uniqueEmail } from './support/fixtures.ts';
import { eventOf, readLogFile, writeLogFile, type LogFileRecord } from './support/log-file.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

const AUDITOR = { email: 'notary.auditor@example.in', password: strongPassword };
const AUDITOR_ENV = { BOOTSTRAP_AUDITOR_EMAIL: AUDITOR.email, BOOTSTRAP_AUDITOR_PASSWORD: AUDITOR.password };
const VERIFY_LOG = path.resolve(import.meta.dirname, '../../projections/src/notary/verify-log-cli.ts');

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

  before(async () => {
    stays = await start(undefined, 50);
    api = new ApiClient(stays.baseUrl);
    token = await auditorToken(api);
    await registerOwners(api, 14);
  });
  after(async () => stays.destroy());

  const latestHeadCovering = async (size: number): Promise<TreeHead> =>
    (await waitFor(() => api.get('/audit/log/tree-head', { token }), (answer) => answer.status === 200 && answer.body.data.treeSize >= size)).body.data;

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
    for (const query of ['inclusion?leafIndex=-1&treeSize=2', 'inclusion?leafIndex=x&treeSize=2', 'inclusion?treeSize=2', 'consistency?first=0&second=2', 'consistency?first=1.5&second=2']) {
      const answer = await bad(query);
      expect(answer.status, query).to.equal(400);
      expect(answer.body.success).to.equal(false);
    }
    const guest = await signedInCustomer(api);
    const owner = await signedInOwner(api);
    for (const route of ['/audit/log/public-key', '/audit/log/tree-head', '/audit/log/tree-heads', '/audit/log/proof/inclusion?leafIndex=0&treeSize=1', '/audit/log/proof/consistency?first=1&second=1']) {
      expect((await api.get(route)).status, route).to.equal(401);
      expect((await api.get(route, { token: guest.token })).status, route).to.equal(403);
      expect((await api.get(route, { token: owner.token })).status, route).to.equal(403);
    }
  });
});

describe('notary: a changed log is caught (embedded log file)', function () {
  this.timeout(120_000);

  /**
   * Builds a log with two saved heads: H1 after the first owners, H2 after more (each
   * signed at a start's catch-up), then a few events no head covers yet. Returns the saved
   * heads and the data directory, with the product stopped.
   */
  async function logWithSavedHeads(): Promise<{ dataDir: string; first: TreeHead; second: TreeHead; key: { kty: string; crv: string; x: string } }> {
    let stays = await start();
    await registerOwners(new ApiClient(stays.baseUrl), 4);
    await stays.stop();
    stays = await start(stays.dataDir);
    let api = new ApiClient(stays.baseUrl);
    let token = await auditorToken(api);
    const first: TreeHead = (await api.get('/audit/log/tree-head', { token })).body.data;
    const key = (await api.get('/audit/log/public-key', { token })).body.data;
    await registerOwners(api, 4);
    await stays.stop();
    stays = await start(stays.dataDir);
    api = new ApiClient(stays.baseUrl);
    token = await auditorToken(api);
    const second: TreeHead = (await api.get('/audit/log/tree-head', { token })).body.data;
    await registerOwners(api, 2);
    await stays.stop();
    expect(second.treeSize).to.be.greaterThan(first.treeSize);
    return { dataDir: stays.dataDir, first, second, key };
  }

  /** After the change: what an auditor holding the two saved heads sees from the restarted product. */
  async function auditAfterChange(dataDir: string, first: TreeHead, second: TreeHead, key: { kty: string; crv: string; x: string }) {
    const stays = await start(dataDir);
    try {
      await stays.system.notary.whenCaughtUp();
      const api = new ApiClient(stays.baseUrl);
      const token = await auditorToken(api);
      expect(verifyHeadSignature(first, key) && verifyHeadSignature(second, key)).to.equal(true);
      const proof = await api.get(`/audit/log/proof/consistency?first=${first.treeSize}&second=${second.treeSize}`, { token });
      expect(proof.status).to.equal(200);
      const consistent = verifyConsistency(first.treeSize, second.treeSize, hex(first.rootHash), hex(second.rootHash), proof.body.data.path.map(hex));
      const latest = (await api.get('/audit/log/tree-head', { token })).body.data;
      return { consistent, latest, notary: stays.system.notary.status() };
    } finally {
      await stays.destroy();
    }
  }

  it('verify-log passes on the log as written, and a consistency proof between the saved heads verifies', async () => {
    const { dataDir, first, second, key } = await logWithSavedHeads();
    const verified = await verifyLog(dataDir);
    expect(verified.code, verified.output).to.equal(0);
    expect(verified.output).to.match(/the log matches every signed tree head/);
    const audit = await auditAfterChange(dataDir, first, second, key);
    expect(audit.consistent).to.equal(true);
    expect(audit.notary.failed).to.equal(null);
  });

  it('one byte of one event altered (CRC fixed): verify-log names the event, the proof fails, no new head is signed', async () => {
    const { dataDir, first, second, key } = await logWithSavedHeads();
    const records = await readLogFile(dataDir);
    const victim = records.findIndex((record, i) => i < first.treeSize && eventOf(record).type === 'AccountRegistered');
    const altered = Buffer.from(records[victim]!.payload);
    const at = altered.indexOf('"id":"') + 6; // the event id: never encrypted, any hex digit keeps the JSON valid
    altered[at] = altered[at] === 0x61 ? 0x62 : 0x61;
    await writeLogFile(dataDir, records.map((record, i) => (i === victim ? { ...record, payload: altered } : record)));

    const verified = await verifyLog(dataDir);
    expect(verified.code).to.not.equal(0);
    const { position, streamId } = eventOf(records[victim]!);
    expect(verified.output).to.include(`first event that does not match: leaf ${victim}, position ${position}, stream ${streamId}`);

    const audit = await auditAfterChange(dataDir, first, second, key);
    expect(audit.consistent).to.equal(false);
    expect(audit.latest).to.deep.equal(second); // the notary signs nothing over the changed log
    expect(audit.notary.failed).to.match(/differs from the leaves this notary archived, from leaf/);
  });

  it('one event dropped (later positions renumbered, CRCs fixed): verify-log names where, the proof fails', async () => {
    const { dataDir, first, second, key } = await logWithSavedHeads();
    const records = await readLogFile(dataDir);
    // a reservation stream has one event, alone in its append: removing it leaves a log the store opens
    const victim = records.findIndex((record, i) => i < first.treeSize && eventOf(record).streamId.startsWith('owneremail-'));
    expect(victim).to.be.greaterThan(-1);
    const renumbered: LogFileRecord[] = records.filter((_, i) => i !== victim).map((record, i) => {
      if (i < victim) return record;
      const event = eventOf(record);
      return { ...record, payload: Buffer.from(JSON.stringify({ ...event, position: event.position - 1 })) };
    });
    await writeLogFile(dataDir, renumbered);

    const verified = await verifyLog(dataDir);
    expect(verified.code).to.not.equal(0);
    const next = eventOf(records[victim + 1]!);
    expect(verified.output).to.include(`first event that does not match: leaf ${victim}, position ${next.position - 1}, stream ${next.streamId}`);

    const audit = await auditAfterChange(dataDir, first, second, key);
    expect(audit.consistent).to.equal(false);
    expect(audit.latest).to.deep.equal(second);
    expect(audit.notary.failed).to.not.equal(null);
  });
});
