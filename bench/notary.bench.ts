/**
 * The notary: how fast `npm run verify-log` checks a log (in a process of its own, and in this
 * one by number of hashing threads; the leaves of a log in the former record format beside
 * those of a canonical one), how fast the notary builds its tree, and how fast an inclusion
 * proof is answered over a log of 1,000,000 events: from the tree nodes in the read store, and
 * over HTTP through the query service's route (an auditor's token and session checked); the heap
 * the notary holds per leaf, beside the former layout's (records and every subtree kept), and
 * the block level's trade-off (docs/decisions/0017). The one-process mode's notary on disk
 * (docs/decisions/0020): the bytes it holds in memory per leaf, its resume at start over
 * 1,000,000 leaves, the rate of its background check of the log, and a filtered auditors'
 * page from its leaf index beside the same page from the read store's indexed collection. Its
 * lag behind the log under load is measured in the booking benchmark.
 */
import { execFile } from 'node:child_process';
import { generateKeyPairSync, randomBytes, randomUUID } from 'node:crypto';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdir, mkdtemp, open, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import v8 from 'node:v8';
import vm from 'node:vm';
import { crc32 } from 'node:zlib';
import { HEADER_BYTES, LOG_FILE_NAME, RECORD_MAGIC, formerPayloadText, openEmbeddedEventStore, type EventData, type EventStore } from '@stays/event-store';
import { createEmbeddedReadStore } from '@stays/read-store';
import {
  AUDIT_LOG_INDEXES,
  DiskTree,
  FileTreeHeadStore,
  LeafArchive,
  LogVerifier,
  Notary,
  NotarySigner,
  ReadStoreTreeHeadStore,
  STORED_BLOCK_LEVEL,
  StoredTree,
  completeSubtreeHash,
  leafHash,
  leafRecord,
  leavesOfLogFile,
  rangeNodes,
  notaryQueries,
  readTreeHeadsFile,
  type AuditLog,
  type LeafQuery,
} from '@stays/notary';
import { physicalCollection } from '@stays/projections';
import { accountCollections, accountsReadModel } from '@stays/projections/read-models';
import { createQueryApp, eventStoreAuditTrail } from '@stays/query-service';
import { KeyedStreamNames, MediaLinks, STREAM_NAME_KEY_BYTES, TokenIssuer, TokenVerifier, createFileMediaStore, generateSigningKeys } from '@stays/service-kit';
import { atLeast, atMost, percentile, type Report } from './report.ts';

/** An accounts collection's name in the version queries read when no registry exists yet (the definition's own). */
const accountsCollection = (name: string): string => physicalCollection(accountsReadModel.name, accountsReadModel.version, name);

const PROVEN_EVENTS = 1_000_000;
/** Leaves the former layout (records and every subtree in the read store) is measured over: its heap at 1,000,000 would crowd the machine. */
const FORMER_LAYOUT_EVENTS = 100_000;
/**
 * The process's budget at 1,000,000 events (the issue "one machine carries years of traffic"), of which the one-process
 * notary's share is this (docs/decisions/0020); production's layout lives in MongoDB, outside the process.
 */
const DISK_NOTARY_BYTES_PER_LEAF_GOAL = 50;
const PAGES = 300;
/** Fewer through the read store, whose pages are slower. */
const STORE_PAGES = 40;
const VERIFY_LOG = path.resolve(import.meta.dirname, '../notary/src/verify-log-cli.ts');
const PROOFS = 5_000;
const HTTP_PROOFS = 2_000;
const TOKEN_SETTINGS = { issuer: 'stays', audience: 'stays-api', ttlSeconds: 3600 };

/** Booking-like events as the log stores them (personal fields as ciphertext), 100 per append. */
async function fill(store: EventStore, count: number): Promise<void> {
  const appends: Promise<unknown>[] = [];
  for (let first = 0; first < count; first += 100) {
    const events: EventData[] = Array.from({ length: Math.min(100, count - first) }, (_, i) => ({
      type: 'BookingPlaced',
      data: {
        bookingID: `BK-${first + i}`,
        hotelID: randomUUID(),
        roomID: randomUUID(),
        customerID: randomUUID(),
        customerName: `pd1.${randomUUID()}.${randomUUID()}`,
        customerEmail: `pd1.${randomUUID()}.${randomUUID()}${randomUUID()}`,
        roomType: 'Room',
        roomStandard: 'Deluxe',
        nights: ['2026-12-01', '2026-12-02'],
        numberOfGuests: 2,
        payableAmount: 8400,
      },
      metadata: { actor: `customer-${first}`, correlationId: `BK-${first + i}`, schemaVersion: 1 },
    }));
    appends.push(store.append(`booking-${first}`, events, { expectedRevision: 'no_stream' }));
    if (appends.length >= 256) await Promise.all(appends.splice(0));
  }
  await Promise.all(appends);
}

/** The log's records as its former format stored them (JSON.stringify in the fields' former order), for the former-format figure. */
async function writeFormerLog(store: EventStore, file: string): Promise<void> {
  const handle = await open(file, 'w');
  try {
    let after: number | undefined;
    for (;;) {
      const records = await store.readAll({ ...(after !== undefined && { after }), maxCount: 10_000 });
      if (records.length === 0) return;
      await handle.write(
        Buffer.concat(
          records.map((record) => {
            const payload = Buffer.from(formerPayloadText(record));
            const header = Buffer.alloc(HEADER_BYTES);
            header.writeUInt32BE(RECORD_MAGIC, 0);
            header.writeUInt32BE(payload.length, 4);
            header.writeUInt32BE(crc32(payload), 8);
            return Buffer.concat([header, payload]);
          }),
        ),
      );
      after = records.at(-1)!.position;
    }
  } finally {
    await handle.close();
  }
}

v8.setFlagsFromString('--expose-gc');
const collectGarbage = vm.runInNewContext('gc') as () => void;

/** Heap in use after a full collection. */
function heapUsed(): number {
  collectGarbage();
  collectGarbage();
  return process.memoryUsage().heapUsed;
}

/** Heap and array buffers in use after a full collection (the leaf index's typed arrays are outside the heap). */
function heldBytes(): number {
  collectGarbage();
  collectGarbage();
  const { heapUsed, arrayBuffers } = process.memoryUsage();
  return heapUsed + arrayBuffers;
}

/** The one-process mode's notary over `eventStore`, its state in files under `dir`, started until caught up and checked. */
async function notariseOnDisk(eventStore: EventStore, dir: string, signer: NotarySigner) {
  const started = performance.now();
  const diskTree = await DiskTree.open(dir, () => undefined);
  const leafArchive = await LeafArchive.open(dir);
  const heads = await FileTreeHeadStore.open(dir);
  const notary = new Notary({ eventStore, diskTree, leafArchive, heads, signer, log: () => undefined });
  await notary.start();
  const resumed = (performance.now() - started) / 1000;
  await notary.whenCaughtUp();
  const caughtUp = (performance.now() - started) / 1000;
  await notary.whenChecked();
  const checked = (performance.now() - started) / 1000;
  await notary.stop();
  return { diskTree, heads, leafArchive, resumed, caughtUp, checked };
}

/** A log browser page as the route asks it (the page and the count at once), timed over random actors and days; p50 and p99 in ms. */
async function pageLatencies(auditLog: AuditLog, recordedAt: (leaf: number) => Promise<string>, pages: number): Promise<[number, number]> {
  const latencies: number[] = [];
  for (let i = 0; i < pages; i++) {
    const actor = `customer-${Math.floor(Math.random() * (PROVEN_EVENTS / 100)) * 100}`;
    const from = await recordedAt(Math.floor(Math.random() * PROVEN_EVENTS));
    const query: LeafQuery = i % 2 === 0 ? { category: 'booking', type: 'BookingPlaced', actor } : { category: 'booking', recordedFrom: from };
    const started = performance.now();
    await Promise.all([auditLog.find(query, { skip: 50, limit: 50 }), auditLog.count(query)]);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  return [percentile(latencies, 50), percentile(latencies, 99)];
}

/** The notary's read store as the former layout held it (each record and its leaf hash in audit_log, every complete subtree in audit_tree_nodes), over the log's first `count` events. */
async function formerLayout(eventStore: EventStore, count: number) {
  const readStore = createEmbeddedReadStore();
  const log = readStore.collection('audit_log');
  for (const index of AUDIT_LOG_INDEXES) await log.createIndex(index.keys);
  const nodes = readStore.collection('audit_tree_nodes');
  const frontier: { level: number; hash: Buffer }[] = [];
  let size = 0;
  let after: number | undefined;
  while (size < count) {
    const records = await eventStore.readAll({ ...(after !== undefined && { after }), maxCount: Math.min(10_000, count - size) });
    const logWrites = [];
    const nodeWrites = [];
    for (const event of records) {
      const leaf = leafHash(event);
      logWrites.push({
        insertOne: {
          document: {
            _id: size,
            leafHash: leaf.toString('hex'),
            record: leafRecord(event),
            position: event.position,
            streamId: event.streamId,
            category: event.streamId.split('-')[0]!,
            type: event.type,
            actor: (event.metadata.actor as string | undefined) ?? 'system',
            bookingID: (event.metadata.correlationId as string | undefined) ?? null,
            recordedAt: event.recordedAt,
          },
        },
      });
      let node = { level: 0, hash: leaf };
      let index = size;
      nodeWrites.push({ insertOne: { document: { _id: `0.${index}`, hash: leaf.toString('hex') } } });
      while (frontier.at(-1)?.level === node.level) {
        const left = frontier.pop()!;
        index = Math.floor(index / 2);
        node = { level: node.level + 1, hash: completeSubtreeHash([left.hash, node.hash], 0, 2) };
        nodeWrites.push({ insertOne: { document: { _id: `${node.level}.${index}`, hash: node.hash.toString('hex') } } });
      }
      frontier.push(node);
      size++;
    }
    await log.bulkWrite(logWrites);
    await nodes.bulkWrite(nodeWrites);
    after = records.at(-1)!.position;
  }
  return readStore;
}

async function notarise(eventStore: EventStore, options: { dir?: string } = {}) {
  const readStore = createEmbeddedReadStore();
  const heads = options.dir ? await FileTreeHeadStore.open(options.dir) : new ReadStoreTreeHeadStore(readStore);
  const leafArchive = options.dir ? await LeafArchive.open(options.dir) : undefined;
  const key = generateKeyPairSync('ed25519').privateKey;
  const signer = new NotarySigner(key);
  const notary = new Notary({ eventStore, readStore, heads, signer, ...(leafArchive && { leafArchive }), log: () => undefined });
  const started = performance.now();
  await notary.start();
  await notary.whenCaughtUp();
  const seconds = (performance.now() - started) / 1000;
  await notary.stop();
  await leafArchive?.close();
  return { readStore, signer, heads, seconds, keyPem: key.export({ format: 'pem', type: 'pkcs8' }).toString() };
}

export default async function benchNotary(report: Report): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stays-bench-notary-'));
  try {
    const big = await openEmbeddedEventStore(path.join(dir, 'events'));
    await fill(big, PROVEN_EVENTS);
    const notaryDir = path.join(dir, 'notary');
    const recordedAt = async (leaf: number) => (await big.readAll({ ...(leaf > 0 && { after: leaf - 1 }), maxCount: 1 }))[0]!.recordedAt;

    // The one-process mode: the notary's state in files. Built from the log, then resumed as a start does.
    const diskDir = path.join(dir, 'notary-on-disk');
    const diskSigner = new NotarySigner(generateKeyPairSync('ed25519').privateKey);
    const beforeDisk = heldBytes();
    const built = await notariseOnDisk(big, diskDir, diskSigner);
    const heldOnDisk = (heldBytes() - beforeDisk) / PROVEN_EVENTS;
    report(`notary catch-up into its files, ${PROVEN_EVENTS.toLocaleString('en')} events (one-process mode)`, PROVEN_EVENTS / built.caughtUp, 'events/s');
    report(
      `memory the notary holds per leaf on disk, ${PROVEN_EVENTS.toLocaleString('en')} leaves (heap and array buffers)`,
      heldOnDisk,
      `bytes (its own count: ${(built.diskTree.memoryBytes() / PROVEN_EVENTS).toFixed(1)} bytes)`,
      atMost(DISK_NOTARY_BYTES_PER_LEAF_GOAL),
    );
    await built.diskTree.close();
    await built.leafArchive.close();
    const resumed = await notariseOnDisk(big, diskDir, diskSigner);
    report(
      `notary resume at start over ${PROVEN_EVENTS.toLocaleString('en')} leaves (files opened, tree and index loaded)`,
      resumed.resumed * 1000,
      'ms',
      atMost(2000),
    );
    report(`notary background check of the log against its leaf archive`, PROVEN_EVENTS / resumed.checked, `events/s (${resumed.checked.toFixed(1)} s)`);
    const [diskP50, diskP99] = await pageLatencies(resumed.diskTree.queries(resumed.heads, big).auditLog, recordedAt, PAGES);
    report(`auditors' filtered page and count over ${PROVEN_EVENTS.toLocaleString('en')} leaves, leaf index, p50`, diskP50, 'ms');
    report(`auditors' filtered page and count over ${PROVEN_EVENTS.toLocaleString('en')} leaves, leaf index, p99`, diskP99, `ms (${PAGES} pages)`);
    const diskLog = resumed.diskTree.queries(resumed.heads, big).auditLog;
    const scans: number[] = [];
    for (let i = 0; i < PAGES; i++) {
      const started = performance.now();
      await diskLog.count(i % 2 === 0 ? { productActors: true } : { category: 'booking', actor: `customer-${(i % 100) * 100}` });
      scans.push(performance.now() - started);
    }
    scans.sort((a, b) => a - b);
    report(`a filter over ${PROVEN_EVENTS.toLocaleString('en')} leaves, leaf index (a count: one scan), p50`, percentile(scans, 50), 'ms');
    report(`a filter over ${PROVEN_EVENTS.toLocaleString('en')} leaves, leaf index (a count: one scan), p99`, percentile(scans, 99), `ms (${PAGES} counts)`);
    await resumed.diskTree.close();
    await resumed.leafArchive.close();

    const before = heapUsed();
    const tree = await notarise(big, { dir: notaryDir });
    const heldPerLeaf = (heapUsed() - before) / PROVEN_EVENTS;
    report(`notary catch-up, ${PROVEN_EVENTS.toLocaleString('en')} events (read store: production's layout)`, PROVEN_EVENTS / tree.seconds, 'events/s');
    report(
      `heap the notary holds per leaf, ${PROVEN_EVENTS.toLocaleString('en')} leaves (embedded read store: production's layout)`,
      heldPerLeaf,
      `bytes (${Math.round((heldPerLeaf * PROVEN_EVENTS) / 2 ** 20)} MiB; 10,000,000 leaves: ${Math.round((heldPerLeaf * 10 * PROVEN_EVENTS) / 2 ** 20)} MiB)`,
    );
    {
      const beforeFormer = heapUsed();
      const former = await formerLayout(big, FORMER_LAYOUT_EVENTS);
      const formerPerLeaf = (heapUsed() - beforeFormer) / FORMER_LAYOUT_EVENTS;
      report(
        `heap per leaf in the former layout (records, every subtree), ${FORMER_LAYOUT_EVENTS.toLocaleString('en')} leaves`,
        formerPerLeaf,
        `bytes (${Math.round((formerPerLeaf * PROVEN_EVENTS) / 2 ** 20)} MiB at 1,000,000)`,
      );
      await former.close();
    }
    // Why leaves are kept 64 to a block: the hashing a proof does in a block, and the documents a tree holds, by block level.
    for (const level of [4, STORED_BLOCK_LEVEL, 8]) {
      const leaves = Array.from({ length: 2 ** level }, () => randomBytes(32));
      const started = performance.now();
      const rounds = 2000;
      for (let i = 0; i < rounds; i++)
        for (const node of rangeNodes({ start: 0, end: 2 ** level - 1 })) completeSubtreeHash(leaves, node.index * 2 ** node.level, 2 ** node.level);
      const micros = ((performance.now() - started) * 1000) / rounds;
      report(
        `block level ${level}: hashing a block's subtrees for a proof`,
        micros,
        `µs (${Math.round(PROVEN_EVENTS / 2 ** level).toLocaleString('en')} blocks and as many nodes at 1,000,000 leaves)`,
      );
    }

    // `npm run verify-log` itself, in a process of its own as an operator runs it, beside the log's writer (this process, idle
    // meanwhile): heads and leaf archive, then the log file read sequentially and hashed by a worker thread per core, the
    // tree recomputed, every head checked. Its own timing (after its start-up), and the whole process's wall clock.
    const started = performance.now();
    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', VERIFY_LOG], {
      env: { ...process.env, DATA_DIR: dir, NOTARY_SIGNING_KEY: tree.keyPem },
    });
    const wall = (performance.now() - started) / 1000;
    const timed = /\(([\d.]+) s, [\d,]+ events\/s\)/.exec(stdout);
    if (!stdout.includes(`${PROVEN_EVENTS} events`) || !stdout.includes('the log matches every signed tree head') || timed === null) {
      throw new Error(`verify-log did not pass the benchmark's log: ${stdout}`);
    }
    report(
      `verify-log, ${PROVEN_EVENTS.toLocaleString('en')} events (embedded log file, ${os.availableParallelism()} hashing threads)`,
      PROVEN_EVENTS / Number(timed[1]),
      `events/s (${timed[1]} s after its start-up)`,
      atLeast(200_000),
    );
    report('verify-log, the whole process (node and tsx start-up included)', PROVEN_EVENTS / wall, `events/s (${wall.toFixed(2)} s)`);

    // the simple path the leaf index must beat: the same pages from audit_log and its indexes (the embedded read store)
    const [storeP50, storeP99] = await pageLatencies(notaryQueries(tree.readStore, tree.heads, big).auditLog, recordedAt, STORE_PAGES);
    report(`auditors' filtered page and count over ${PROVEN_EVENTS.toLocaleString('en')} leaves, read store, p50`, storeP50, 'ms');
    report(`auditors' filtered page and count over ${PROVEN_EVENTS.toLocaleString('en')} leaves, read store, p99`, storeP99, `ms (${STORE_PAGES} pages)`);

    const stored = new StoredTree(tree.readStore);
    const latencies: number[] = [];
    for (let i = 0; i < PROOFS; i++) {
      const leafIndex = Math.floor(Math.random() * PROVEN_EVENTS);
      const started = performance.now();
      await stored.inclusionProof(leafIndex, PROVEN_EVENTS);
      latencies.push(performance.now() - started);
    }
    latencies.sort((a, b) => a - b);
    report(`inclusion proof in a tree of ${PROVEN_EVENTS.toLocaleString('en')}, from the read store, p50`, percentile(latencies, 50), 'ms');
    report(
      `inclusion proof in a tree of ${PROVEN_EVENTS.toLocaleString('en')}, from the read store, p99`,
      percentile(latencies, 99),
      `ms (${PROOFS} proofs of random leaves)`,
    );

    // the same over HTTP, as an auditor asks it: token and session checks, the route, the envelope
    const keys = await generateSigningKeys();
    await tree.readStore
      .collection(accountsCollection(accountCollections.sessions))
      .insertOne({ _id: 'bench-session', accountId: 'bench-auditor', role: 'auditor', open: true, expiresAt: '2999-01-01T00:00:00Z' });
    const { token } = await new TokenIssuer(keys.privateKey, TOKEN_SETTINGS).issue({ accountId: 'bench-auditor', role: 'auditor', sessionId: 'bench-session' });
    const app = createQueryApp(
      {
        readStore: tree.readStore,
        media: createFileMediaStore({ dir: path.join(dir, 'media'), publicBaseUrl: '/api/media' }),
        mediaLinks: new MediaLinks({ publicUrl: 'http://localhost', apiPrefix: '/api' }),
        tokenVerifier: new TokenVerifier(keys.publicKey, TOKEN_SETTINGS),
        readSide: { health: async () => ({ healthy: true, projections: [] }), waitFor: async () => true, changedAt: async () => undefined },
        logHead: () => big.headPosition(),
        reveal: async (stored) => stored.data,
        auditTrail: eventStoreAuditTrail(big, new KeyedStreamNames(randomBytes(STREAM_NAME_KEY_BYTES))),
        treeHeads: tree.heads,
        notarisedLog: big,
      },
      { apiPrefix: '/api', security: { publicUrl: 'http://localhost', googleSignIn: false } },
    );
    const server = http.createServer(app.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/api/audit/log/proof/inclusion`;
      const prove = async (leafIndex: number) => {
        const response = await fetch(`${base}?leafIndex=${leafIndex}&treeSize=${PROVEN_EVENTS}`, { headers: { Authorization: `Bearer ${token}` } });
        const body = (await response.json()) as { data?: { auditPath?: string[] } };
        if (response.status !== 200 || !body.data?.auditPath?.length)
          throw new Error(`inclusion proof of leaf ${leafIndex}: ${response.status} ${JSON.stringify(body).slice(0, 200)}`);
      };
      for (let i = 0; i < 200; i++) await prove(Math.floor(Math.random() * PROVEN_EVENTS));
      const overHttp: number[] = [];
      for (let i = 0; i < HTTP_PROOFS; i++) {
        const leafIndex = Math.floor(Math.random() * PROVEN_EVENTS);
        const started = performance.now();
        await prove(leafIndex);
        overHttp.push(performance.now() - started);
      }
      overHttp.sort((a, b) => a - b);
      report(`inclusion proof over HTTP, ${PROVEN_EVENTS.toLocaleString('en')} events, p50`, percentile(overHttp, 50), 'ms');
      report(
        `inclusion proof over HTTP, ${PROVEN_EVENTS.toLocaleString('en')} events, p99`,
        percentile(overHttp, 99),
        `ms (${HTTP_PROOFS} requests one at a time, random leaves)`,
        atMost(5),
      );

      // After the proofs: these runs leave the heap garbage that would otherwise land in the proofs' tail.
      // The same check in this process (its heap holds the million-event log), hashing on worker threads or on the reading
      // thread itself: whether the workers still pay now that a leaf is a checksum and one SHA-256 of the stored bytes.
      const logFile = path.join(dir, 'events', LOG_FILE_NAME);
      for (const threads of [0, 1, os.availableParallelism()]) {
        const started = performance.now();
        const heads = await readTreeHeadsFile(notaryDir);
        const notarised = await LeafArchive.read(notaryDir);
        const verifier = new LogVerifier(heads.map((head) => head.treeSize));
        const log = await leavesOfLogFile(logFile, { threads, onLeaves: (leaves, blocks) => verifier.addLeaves(leaves, blocks) });
        verifier.nameLeavesBy(log.placeOf);
        const verified = await verifier.finish(heads, tree.signer.publicKey, notarised);
        const seconds = (performance.now() - started) / 1000;
        if (!verified.ok || verified.events !== PROVEN_EVENTS)
          throw new Error(`verify in process did not pass the benchmark's log: ${verified.problems.join('; ')}`);
        report(
          `verify-log in the benchmark's process, ${threads === 0 ? 'hashed on the reading thread' : `${threads} hashing thread${threads > 1 ? 's' : ''}`}`,
          PROVEN_EVENTS / seconds,
          `events/s (${seconds.toFixed(2)} s)`,
        );
      }
      // A log written before records were stored canonical: each record parsed and its RFC 8785 text written (leaves only).
      await mkdir(path.join(dir, 'former'));
      const formerFile = path.join(dir, 'former', LOG_FILE_NAME);
      await writeFormerLog(big, formerFile);
      for (const [name, file] of [
        ['canonical', logFile],
        ['former-format', formerFile],
      ] as const) {
        const started = performance.now();
        const log = await leavesOfLogFile(file);
        const seconds = (performance.now() - started) / 1000;
        if (log.leaves.length !== PROVEN_EVENTS || log.formerRecords !== (file === formerFile ? PROVEN_EVENTS : 0))
          throw new Error(`the ${name} log gave ${log.leaves.length} leaves`);
        report(
          `leaves of the ${name} log file, ${os.availableParallelism()} hashing threads (in process)`,
          PROVEN_EVENTS / seconds,
          `events/s (${seconds.toFixed(2)} s)`,
        );
      }
    } finally {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await big.close();
    }
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
