import { generateKeyPairSync } from 'node:crypto';
import { expect } from 'chai';
import { openInMemoryEventStore, type EventStore } from '@stays/event-store';
import { createEmbeddedReadStore, type ReadStore } from '@stays/read-store';
import { AUDIT_LOG_COLLECTION, Notary, NotarySigner, ReadStoreTreeHeadStore, StoredTree, notaryQueries, type AuditLogDocument } from '../src/index.ts';
import { hex, leafHashOf, merkleTreeHash, verifyConsistency, verifyHeadSignature, verifyInclusion } from './support/rfc9162-verifier.ts';

/** Events of several streams with data that JCS must order and escape: nested members, unicode, numbers. */
async function appendEvents(store: EventStore, count: number, from = 0): Promise<void> {
  for (let i = from; i < from + count; i++) {
    const stream = i % 3 === 0 ? `booking-BK-${i}` : i % 3 === 1 ? `inventory-room-${i % 7}` : `customer-${i % 5}`;
    await store.append(stream, [
      {
        type: i % 2 === 0 ? 'BookingPlaced' : 'UnitsReserved',
        data: { zeta: i, alpha: { é: 'ünïcode ₹', a: [1, 2.5, -0, 1e21] }, bookingID: `BK-${i}`, '\u20ac': 'euro', '\r': 'cr', note: 'line\u2028sep "quoted"' },
        metadata: { actor: i % 4 === 0 ? `customer-${i % 5}` : undefined, schemaVersion: 1 },
      },
    ]);
  }
}

describe('notary (RFC 9162 tree over the log, checked by a verifier written from the RFC)', () => {
  let eventStore: EventStore;
  let readStore: ReadStore;
  let signer: NotarySigner;
  let notary: Notary;

  beforeEach(async () => {
    eventStore = await openInMemoryEventStore();
    readStore = createEmbeddedReadStore();
    signer = new NotarySigner(generateKeyPairSync('ed25519').privateKey);
  });
  afterEach(async () => {
    await notary?.stop();
    await eventStore.close();
  });

  const start = async (options: { maxBatchSize?: number } = {}) => {
    notary = new Notary({ eventStore, readStore, heads: new ReadStoreTreeHeadStore(readStore), signer, log: () => undefined, ...options });
    await notary.start();
    await notary.whenCaughtUp();
  };
  /** The leaves as an auditor gets them: each logged record through the notary's queries, hashed by the RFC verifier. */
  const leaves = async () =>
    (await notaryQueries(readStore, new ReadStoreTreeHeadStore(readStore), eventStore).auditLog.find({})).map((logged) => leafHashOf(logged.record));

  it('keeps one audit_log document per record in log order, holding its keys and position, the record read from the log as stored', async () => {
    await appendEvents(eventStore, 12);
    await start();
    const stored = await eventStore.readAll();
    const documents = await readStore.collection<AuditLogDocument>(AUDIT_LOG_COLLECTION).find({}, { sort: { _id: 1 } });
    expect(documents.map((document) => document._id)).to.deep.equal(stored.map((_, i) => i));
    expect(documents.map((document) => document.position)).to.deep.equal(stored.map((record) => record.position));
    expect(documents[0]).to.deep.equal({
      _id: 0,
      position: stored[0]!.position,
      streamId: 'booking-BK-0',
      category: 'booking',
      type: 'BookingPlaced',
      actor: 'customer-0',
      bookingID: 'BK-0',
      recordedAt: stored[0]!.recordedAt,
    });
    expect(documents[1]).to.include({ category: 'inventory', actor: 'system' });
    const logged = await notaryQueries(readStore, new ReadStoreTreeHeadStore(readStore), eventStore).auditLog.find({});
    // byte for byte what the documents held when they kept the record: its fields in the record format's order
    const asDocumentsHeldIt = ({ id, streamId, type, revision, position, data, metadata, recordedAt }: (typeof stored)[number]) =>
      JSON.stringify({ id, streamId, type, revision, position, data, metadata, recordedAt });
    expect(logged.map((entry) => JSON.stringify(entry.record))).to.deep.equal(stored.map(asDocumentsHeldIt));
    expect(await leaves()).to.deep.equal(stored.map((record) => leafHashOf(record)));
  });

  it('signs a head at catch-up whose root is MTH of the leaves, verified with the public JWK', async () => {
    await appendEvents(eventStore, 21);
    await start();
    const head = await new ReadStoreTreeHeadStore(readStore).latest();
    expect(head).to.include({ treeSize: 21, rootHash: merkleTreeHash(await leaves()).toString('hex') });
    expect(verifyHeadSignature(head!, signer.publicJwk())).to.equal(true);
    expect(verifyHeadSignature({ ...head!, treeSize: 20 }, signer.publicJwk())).to.equal(false);
  });

  it('answers inclusion proofs for every leaf of every tree size, and consistency proofs for every pair of sizes', async () => {
    await appendEvents(eventStore, 37);
    await start({ maxBatchSize: 5 });
    const tree = new StoredTree(readStore);
    const all = await leaves();
    for (let size = 1; size <= all.length; size++) {
      const root = merkleTreeHash(all.slice(0, size));
      expect((await tree.rootAt(size)).equals(root), `root at ${size}`).to.equal(true);
      for (let index = 0; index < size; index++) {
        const proof = await tree.inclusionProof(index, size);
        expect(verifyInclusion(index, size, all[index]!, proof.auditPath.map(hex), root), `leaf ${index} in ${size}`).to.equal(true);
        if (index === 0 && size > 1) expect(verifyInclusion(index, size, all[1]!, proof.auditPath.map(hex), root)).to.equal(false);
      }
      for (let first = 1; first <= size; first++) {
        const proof = await tree.consistencyProof(first, size);
        const firstRoot = merkleTreeHash(all.slice(0, first));
        expect(verifyConsistency(first, size, firstRoot, root, proof.path.map(hex)), `${first} → ${size}`).to.equal(true);
        if (first < size) expect(verifyConsistency(first, size, merkleTreeHash(all.slice(1, first + 1)), root, proof.path.map(hex))).to.equal(false);
      }
    }
  });

  it('follows live appends and resumes from its checkpoint, growing the same tree', async () => {
    await appendEvents(eventStore, 9);
    await start();
    await appendEvents(eventStore, 8, 9);
    await waitUntil(async () => notary.status().treeSize === 17);
    await notary.stop();
    await appendEvents(eventStore, 6, 17);
    await start();
    expect(notary.status()).to.include({ treeSize: 23, failed: null });
    const all = await leaves();
    expect(all.map((leaf) => leaf.toString('hex'))).to.deep.equal((await eventStore.readAll()).map((record) => leafHashOf(record).toString('hex')));
    expect((await new StoredTree(readStore).rootAt(23)).equals(merkleTreeHash(all))).to.equal(true);
    expect(await new ReadStoreTreeHeadStore(readStore).latest()).to.include({ treeSize: 23 });
  });

  it('waits for the read side before catching up when told to (readSideFirst), and a stop meanwhile loses no leaf', async () => {
    await appendEvents(eventStore, 10);
    let readSideCaughtUp!: () => void;
    const readSideFirst = () => new Promise<void>((resolve) => (readSideCaughtUp = resolve));
    const heads = new ReadStoreTreeHeadStore(readStore);
    notary = new Notary({ eventStore, readStore, heads, signer, log: () => undefined, readSideFirst });
    await notary.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(notary.status()).to.include({ treeSize: 0, caughtUp: false });
    await notary.stop(); // returns while it still waits: the batch it read is read again at the next start
    expect(notary.status()).to.include({ treeSize: 0 });

    notary = new Notary({ eventStore, readStore, heads, signer, log: () => undefined, readSideFirst });
    await notary.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(notary.status().treeSize).to.equal(0);
    readSideCaughtUp();
    await notary.whenCaughtUp();
    expect(notary.status()).to.include({ treeSize: 10, failed: null });
    expect((await leaves()).map((leaf) => leaf.toString('hex'))).to.deep.equal(
      (await eventStore.readAll()).map((record) => leafHashOf(record).toString('hex')),
    );
  });

  it('signs heads while events arrive, at most the interval after the tree grows', async () => {
    notary = new Notary({ eventStore, readStore, heads: new ReadStoreTreeHeadStore(readStore), signer, headIntervalMs: 50, log: () => undefined });
    await notary.start();
    await notary.whenCaughtUp();
    const heads = new ReadStoreTreeHeadStore(readStore);
    expect(await heads.latest()).to.include({ treeSize: 0, rootHash: merkleTreeHash([]).toString('hex') });
    await appendEvents(eventStore, 3);
    await waitUntil(async () => (await heads.latest())?.treeSize === 3);
    await appendEvents(eventStore, 2, 3);
    await waitUntil(async () => (await heads.latest())?.treeSize === 5);
    const { items } = await heads.page(0, 0, 10);
    expect(items.map((head) => head.treeSize)).to.deep.equal([0, 3, 5]);
  });
  it('leaves the service healthy while it catches up (its own entry saying it is behind), and not once it stopped', async () => {
    await appendEvents(eventStore, 30);
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => (release = resolve));
    // the notary's first write waits: it is behind the log for as long as the test wants
    const slowStore = new Proxy(readStore, {
      get: (target, property, receiver) =>
        property !== 'collection'
          ? Reflect.get(target, property, receiver)
          : (name: string) => {
              const collection = target.collection(name);
              return new Proxy(collection, {
                get: (inner, key, innerReceiver) =>
                  key !== 'bulkWrite'
                    ? Reflect.get(inner, key, innerReceiver)
                    : async (...args: Parameters<typeof collection.bulkWrite>) => {
                        await gate;
                        return inner.bulkWrite(...args);
                      },
              });
            },
    });
    notary = new Notary({ eventStore, readStore: slowStore, heads: new ReadStoreTreeHeadStore(readStore), signer, log: () => undefined });
    await notary.start();
    const readSide = { healthy: true, projections: [{ name: 'bookings', healthy: true }] };
    await new Promise((resolve) => setTimeout(resolve, 20));
    const catchingUp = await notary.besideReadSide(readSide, 1);
    expect(catchingUp.healthy).to.equal(true);
    expect(catchingUp.projections[1]).to.include({ name: 'notary', healthy: false });
    expect((catchingUp.projections[1] as { lagMs: number }).lagMs).to.be.greaterThan(1);
    expect((await notary.besideReadSide({ ...readSide, healthy: false }, 1)).healthy).to.equal(false);
    release();
    await notary.whenCaughtUp();
    expect((await notary.besideReadSide(readSide, 60_000)).projections[1]).to.include({ name: 'notary', healthy: true });
    await notary.stop();
    const stopped = await notary.besideReadSide(readSide, 60_000);
    expect(stopped.healthy).to.equal(false);
    expect(stopped.projections[1]).to.include({ name: 'notary', healthy: false, error: 'not started' });
  });
});

async function waitUntil(condition: () => Promise<boolean>, timeoutMs = 5000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 10));
  }
}
