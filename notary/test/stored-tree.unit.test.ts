import { generateKeyPairSync, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import { openInMemoryEventStore, type EventStore, type RecordedEvent } from '@stays/event-store';
import { createEmbeddedReadStore, type ReadStore } from '@stays/read-store';
import {
  AUDIT_LOG_COLLECTION,
  LEAF_BLOCKS_COLLECTION,
  NOTARY_STATE_COLLECTION,
  NOTARY_STATE_VERSION,
  Notary,
  NotarySigner,
  ReadStoreTreeHeadStore,
  STORED_BLOCK_LEAVES,
  STORED_BLOCK_LEVEL,
  TREE_NODES_COLLECTION,
  notaryQueries,
  type NotaryQueries,
} from '../src/index.ts';
import { hex, leafHashOf, merkleTreeHash, verifyConsistency, verifyInclusion } from './support/rfc9162-verifier.ts';

/** Booking events whose guest's name is stored as ciphertext, as the personal-data layer writes it (a distinct one per event). */
async function appendBookings(store: EventStore, count: number, from = 0): Promise<string[]> {
  const ciphertexts: string[] = [];
  for (let i = from; i < from + count; i++) {
    const customerName = `pd2.${randomBytes(12).toString('base64url')}.${randomBytes(24).toString('base64url')}`;
    ciphertexts.push(customerName);
    await store.append(`booking-BK-${i}`, [
      {
        type: 'BookingPlaced',
        data: { bookingID: `BK-${i}`, customerName, nights: ['2026-12-01'] },
        metadata: { actor: `customer-${i % 7}`, schemaVersion: 1 },
      },
    ]);
  }
  return ciphertexts;
}

/** Sizes around the blocks' edges and beyond the first node stored above them. */
const SIZES = [1, 2, 63, 64, 65, 127, 128, 129, 191, 192, 200, 255, 256, 257, 300];

/** Every proof at the given sizes, checked by the RFC verifier against MTH of the leaves (never by the notary's code). */
async function expectProofsVerify(queries: NotaryQueries, leaves: readonly Buffer[], sizes: readonly number[]): Promise<void> {
  for (const size of sizes) {
    const root = merkleTreeHash(leaves.slice(0, size));
    for (let index = 0; index < size; index++) {
      const proof = await queries.inclusionProof(index, size);
      expect(verifyInclusion(index, size, leaves[index]!, proof.auditPath.map(hex), root), `leaf ${index} in ${size}`).to.equal(true);
    }
    for (const first of sizes.filter((other) => other <= size)) {
      const proof = await queries.consistencyProof(first, size);
      expect(verifyConsistency(first, size, merkleTreeHash(leaves.slice(0, first)), root, proof.path.map(hex)), `${first} → ${size}`).to.equal(true);
    }
  }
}

/** The store's documents of the notary's collections, as text. */
async function storedText(readStore: ReadStore): Promise<string> {
  const names = [AUDIT_LOG_COLLECTION, TREE_NODES_COLLECTION, LEAF_BLOCKS_COLLECTION, NOTARY_STATE_COLLECTION];
  return JSON.stringify(await Promise.all(names.map((name) => readStore.collection(name).find({}))));
}

/** Complete subtrees above the blocks' level in a tree of n leaves: what audit_tree_nodes should hold. */
function nodesAboveBlocks(n: number): number {
  let count = 0;
  for (let level = STORED_BLOCK_LEVEL + 1; 2 ** level <= n; level++) count += Math.floor(n / 2 ** level);
  return count;
}

describe('the notary keeps hashes, not records (leaf blocks, nodes above them, records read from the log)', () => {
  let eventStore: EventStore;
  let readStore: ReadStore;
  let signer: NotarySigner;
  let notary: Notary | undefined;
  let logs: string[];

  beforeEach(async () => {
    eventStore = await openInMemoryEventStore();
    readStore = createEmbeddedReadStore();
    signer = new NotarySigner(generateKeyPairSync('ed25519').privateKey);
    logs = [];
  });
  afterEach(async () => {
    await notary?.stop();
    notary = undefined;
    await eventStore.close();
  });

  const heads = () => new ReadStoreTreeHeadStore(readStore);
  const queries = () => notaryQueries(readStore, heads(), eventStore);
  const start = async (maxBatchSize = 1000) => {
    notary = new Notary({ eventStore, readStore, heads: heads(), signer, maxBatchSize, log: (line) => logs.push(line) });
    await notary.start();
    await notary.whenCaughtUp();
  };
  const leavesOfLog = async () => (await eventStore.readAll()).map((record) => leafHashOf(record));

  it('stores no record: a personal field’s ciphertext is nowhere in its collections, yet the auditors’ log gives the record as stored', async () => {
    const ciphertexts = await appendBookings(eventStore, 70);
    await start();
    const text = await storedText(readStore);
    for (const ciphertext of ciphertexts) expect(text).to.not.include(ciphertext);
    const [logged] = await queries().auditLog.find({ bookingID: 'BK-42' });
    expect(logged!.record.data.customerName).to.equal(ciphertexts[42]);
    expect(leafHashOf(logged!.record).equals((await leavesOfLog())[42]!)).to.equal(true);
  });

  it('holds one node document per complete subtree above the blocks (about n / 2^K) and one block per 2^K leaves', async () => {
    await appendBookings(eventStore, 1000);
    await start();
    const nodes = await readStore.collection(TREE_NODES_COLLECTION).countDocuments({});
    const blocks = await readStore.collection(LEAF_BLOCKS_COLLECTION).countDocuments({});
    expect(nodes).to.equal(nodesAboveBlocks(1000));
    expect(nodes).to.be.at.most(1000 / STORED_BLOCK_LEAVES);
    expect(blocks).to.equal(Math.ceil(1000 / STORED_BLOCK_LEAVES));
    expect(await readStore.collection(AUDIT_LOG_COLLECTION).countDocuments({})).to.equal(1000);
  });

  it('answers roots and proofs across blocks that verify, resuming mid-block from its checkpoint in small batches', async () => {
    await appendBookings(eventStore, 150);
    await start(7);
    await notary!.stop();
    await appendBookings(eventStore, 150, 150);
    await start(11);
    expect(notary!.status()).to.include({ treeSize: 300, failed: null });
    const leaves = await leavesOfLog();
    expect(await heads().latest()).to.include({ treeSize: 300, rootHash: merkleTreeHash(leaves).toString('hex') });
    await expectProofsVerify(queries(), leaves, SIZES);
  });

  describe('a read store written by the notary that kept records (layout 1)', () => {
    /** What that notary wrote: each record and its leaf hash in audit_log, every complete subtree in audit_tree_nodes, an unversioned checkpoint, a signed head. */
    async function writeLayoutOne(records: readonly RecordedEvent[], signedLeaves: readonly Buffer[]): Promise<void> {
      const leaves = records.map((record) => leafHashOf(record));
      for (const [i, record] of records.entries()) {
        await readStore.collection(AUDIT_LOG_COLLECTION).insertOne({
          _id: i,
          leafHash: leaves[i]!.toString('hex'),
          record: { ...record },
          position: record.position,
          streamId: record.streamId,
          category: 'booking',
          type: record.type,
          actor: record.metadata.actor as string,
          bookingID: record.data.bookingID as string,
          recordedAt: record.recordedAt,
        });
      }
      for (let level = 0; 2 ** level <= leaves.length; level++) {
        const width = 2 ** level;
        for (let index = 0; (index + 1) * width <= leaves.length; index++) {
          const hash = merkleTreeHash(leaves.slice(index * width, (index + 1) * width)).toString('hex');
          await readStore.collection(TREE_NODES_COLLECTION).insertOne({ _id: `${level}.${index}`, hash });
        }
      }
      const position = records.at(-1)!.position;
      await readStore
        .collection(NOTARY_STATE_COLLECTION)
        .insertOne({ _id: 'checkpoint', position, treeSize: records.length, updatedAt: '2026-01-01T00:00:00.000Z' });
      await heads().append(
        signer.sign({ treeSize: signedLeaves.length, rootHash: merkleTreeHash(signedLeaves).toString('hex'), timestamp: '2026-01-01T00:00:00.000Z' }),
      );
    }

    it('is read by the query side as it stands, then rebuilt from the log at start and checked against the signed head', async () => {
      const ciphertexts = await appendBookings(eventStore, 200);
      const records = await eventStore.readAll();
      const leaves = records.map((record) => leafHashOf(record));
      await writeLayoutOne(records, leaves);
      await expectProofsVerify(queries(), leaves, [1, 65, 130, 200]);
      expect((await queries().auditLog.find({ bookingID: 'BK-7' }))[0]!.record.data.customerName).to.equal(ciphertexts[7]);

      await appendBookings(eventStore, 30, 200);
      await start();
      expect(logs.some((line) => line.includes(`layout 1, not ${NOTARY_STATE_VERSION}: rebuilding`))).to.equal(true);
      expect(notary!.status()).to.include({ treeSize: 230, failed: null });
      expect(await readStore.collection(NOTARY_STATE_COLLECTION).findOne({ _id: 'checkpoint' })).to.include({ version: NOTARY_STATE_VERSION, treeSize: 230 });
      expect(await readStore.collection(TREE_NODES_COLLECTION).countDocuments({})).to.equal(nodesAboveBlocks(230));
      const text = await storedText(readStore);
      for (const ciphertext of ciphertexts) expect(text).to.not.include(ciphertext);
      const all = await leavesOfLog();
      expect(await heads().latest()).to.include({ treeSize: 230, rootHash: merkleTreeHash(all).toString('hex') });
      await expectProofsVerify(queries(), all, [1, 64, 200, 230]);
    });

    it('stops signing when the rebuilt tree does not give the root of the head signed over the old one', async () => {
      await appendBookings(eventStore, 100);
      const records = await eventStore.readAll();
      // the head the old notary signed covered a leaf the log no longer gives
      const signed = records.map((record, i) => leafHashOf(i === 50 ? { ...record, data: { ...record.data, customerName: 'pd2.altered' } } : record));
      await writeLayoutOne(records, signed);
      await start();
      expect(notary!.status().failed).to.match(/no longer gives the root of the tree head signed .* \(size 100\)/);
    });
  });
});
