/**
 * `npm run verify-log`: checks the log against the notary's signed tree heads (see
 * verify-log.ts) and exits non-zero when it does not match. With EVENTSTORE_URL and
 * MONGO_URL it reads EventStoreDB and the heads and leaves in MongoDB (NOTARY_SIGNING_KEY
 * gives the key); without them the embedded log's file, heads and leaf archive under
 * DATA_DIR, read-only and without the log's lock, so `npm start` may go on running: the
 * heads and the archive are read first, then the log, which by then holds every event they
 * cover (see log-file-leaves.ts).
 */
import path from 'node:path';
import { LOG_FILE_NAME, LogCorruptedError, checkEmbeddedLog, connectEventStoreDB, type EventStore } from '@stays/event-store';
import { connectMongoReadStore, type ReadStore } from '@stays/read-store';
import type { SignedTreeHead } from '@stays/contracts';
import { ConfigError, loadConfig, runMain } from '@stays/service-kit';
import { LeafArchive } from './leaf-archive.ts';
import { leavesOfLogFile } from './log-file-leaves.ts';
import { AUDIT_LOG_COLLECTION, StoredTree } from './stored-tree.ts';
import { ReadStoreTreeHeadStore, loadNotarySigner, readTreeHeadsFile, type TreeHeadStore } from './tree-heads.ts';
import { LogVerifier, describeReport } from './verify-log.ts';

const PAGE = 10_000;

async function allHeads(store: TreeHeadStore): Promise<SignedTreeHead[]> {
  const heads: SignedTreeHead[] = [];
  for (;;) {
    const { items } = await store.page(0, heads.length, PAGE);
    heads.push(...items);
    if (items.length < PAGE) return heads;
  }
}

async function feed(eventStore: EventStore, verifier: LogVerifier): Promise<void> {
  let after: number | undefined;
  for (;;) {
    const records = await eventStore.readAll({ ...(after !== undefined && { after }), maxCount: PAGE });
    verifier.add(records);
    if (records.length < PAGE) return;
    after = records[records.length - 1]!.position;
  }
}

/** The leaf hashes the notary stored: its leaf blocks, or the leafHash of each audit_log document where an older notary wrote them there. */
async function notarisedLeaves(readStore: ReadStore): Promise<Buffer[] | null> {
  const tree = new StoredTree(readStore);
  const fromBlocks = await tree.leafHashes(await tree.size());
  if (fromBlocks !== null) return fromBlocks;
  const leaves = await readStore
    .collection<{ _id: number; leafHash?: unknown }>(AUDIT_LOG_COLLECTION)
    .find({}, { sort: { _id: 1 }, projection: { leafHash: 1 } });
  return leaves.every((leaf, i) => leaf._id === i && typeof leaf.leafHash === 'string')
    ? leaves.map((leaf) => Buffer.from(leaf.leafHash as string, 'hex'))
    : null;
}

runMain(async () => {
  const config = loadConfig();
  const signer = await loadNotarySigner(config.notarySigningKey, path.join(config.dataDir, 'keys'));
  if (signer === null) throw new ConfigError(`no notary key: set NOTARY_SIGNING_KEY or run from the DATA_DIR the notary used (${config.dataDir})`);
  const started = performance.now();
  let heads: SignedTreeHead[];
  let notarised: Buffer[] | null;
  let verifier: LogVerifier;
  if (config.eventStoreUrl) {
    if (!config.mongoUrl) throw new ConfigError('verify-log with EVENTSTORE_URL needs MONGO_URL (the signed heads are there)');
    const eventStore = connectEventStoreDB(config.eventStoreUrl);
    const readStore = await connectMongoReadStore(config.mongoUrl, config.mongoDb);
    try {
      heads = await allHeads(new ReadStoreTreeHeadStore(readStore));
      notarised = await notarisedLeaves(readStore);
      verifier = new LogVerifier(heads.map((head) => head.treeSize));
      await feed(eventStore, verifier);
    } finally {
      await Promise.all([eventStore.close(), readStore.close()]);
    }
  } else {
    const notaryDir = path.join(config.dataDir, 'notary');
    heads = await readTreeHeadsFile(notaryDir);
    notarised = await LeafArchive.read(notaryDir);
    // the same check, and the same words, as the product's start-up: fewer intact events than were acknowledged is damage
    const eventsDir = path.join(config.dataDir, 'events');
    try {
      await checkEmbeddedLog(eventsDir, [{ events: notarised?.length ?? 0, by: "the notary's leaf archive" }]);
    } catch (error) {
      if (!(error instanceof LogCorruptedError)) throw error;
      console.log(error.message);
      process.exitCode = 1;
      return;
    }
    const fileVerifier = new LogVerifier(heads.map((head) => head.treeSize));
    verifier = fileVerifier;
    const log = await leavesOfLogFile(path.join(config.dataDir, 'events', LOG_FILE_NAME), {
      onLeaves: (leaves, blocks) => fileVerifier.addLeaves(leaves, blocks),
    });
    verifier.nameLeavesBy(log.placeOf);
    if (log.formerRecords > 0)
      console.log(
        `(the log's first ${log.formerRecords} records are in its former format, written before records were stored as their RFC 8785 text: each was parsed, and taken only as the exact bytes that format wrote)`,
      );
    if (log.unreadFrom !== null)
      console.log(
        `(the log file's bytes from ${log.unreadFrom} on are not a complete append: one being written, or a torn tail the store cuts when it next opens; left out)`,
      );
  }
  const report = await verifier.finish(heads, signer.publicKey, notarised);
  const seconds = (performance.now() - started) / 1000;
  console.log(describeReport(report));
  console.log(`(${seconds.toFixed(2)} s, ${Math.round(report.events / Math.max(seconds, 1e-6)).toLocaleString('en')} events/s)`);
  process.exitCode = report.ok ? 0 : 1;
});
