import { generateKeyPairSync, randomUUID } from 'node:crypto';
import { appendFile, mkdir, mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { expect } from 'chai';
import { LOG_FILE_NAME, RECORD_MAGIC, openEmbeddedEventStore, type EventStore, type RecordedEvent } from '@stays/event-store';
import { createEmbeddedReadStore } from '@stays/read-store';
import { LogVerifier, Notary, NotarySigner, ReadStoreTreeHeadStore, leavesOfLogFile, streamLeavesOfLogFile } from '../src/index.ts';
import { leafHashOf, merkleTreeHash } from './support/rfc9162-verifier.ts';

describe("the embedded log's leaves read from its file (verify-log)", function () {
  this.timeout(60_000);
  let dir: string;
  let store: EventStore;
  let file: string;

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'stays-log-leaves-'));
    store = await openEmbeddedEventStore(dir);
    file = path.join(dir, LOG_FILE_NAME);
    // appends of one to five events, a few MB in all (several runs for the workers), and one event longer than a read chunk
    for (let i = 0; i < 1500; i++) {
      await store.append(
        `booking-BK-${i % 40}`,
        Array.from({ length: 1 + (i % 5) }, (_, j) => ({
          type: j % 2 === 0 ? 'BookingPlaced' : 'UnitsReserved',
          data: { bookingID: `BK-${i}`, n: i * 10 + j, ünïcode: '₹ 😀 "q"', padding: 'x'.repeat(200 + (i % 300)) },
          metadata: { actor: `customer-${i % 7}`, schemaVersion: 1 },
        })),
      );
      if (i === 700) await store.append('media-big', [{ type: 'Big', data: { text: 'y'.repeat(17 * 1024 * 1024) }, metadata: {} }]);
    }
  });
  after(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('gives the leaf of every record in log order (as an RFC 9162 verifier hashes them) while the store is open, and names each record', async () => {
    const records = await store.readAll();
    const read = await leavesOfLogFile(file, { threads: 2 });
    expect(read.leaves.length).to.equal(records.length);
    expect(read.leaves.map((leaf) => leaf.toString('hex'))).to.deep.equal(records.map((record) => leafHashOf(record).toString('hex')));
    expect(read.unreadFrom).to.equal(null);
    for (const i of [0, 1, 1000, records.length - 1]) {
      expect(await read.placeOf(i)).to.deep.equal({ position: records[i]!.position, streamId: records[i]!.streamId, type: records[i]!.type });
    }
    expect(await read.placeOf(records.length)).to.equal(null);
  });

  it("builds, from the leaves and blocks the threads hash, the tree an RFC 9162 verifier computes at every head's size", async () => {
    const records = await store.readAll();
    const leaves = records.map(leafHashOf);
    const signer = new NotarySigner(generateKeyPairSync('ed25519').privateKey);
    // sizes at, inside and beside blocks of 256 leaves, and the whole log
    const sizes = [1, 255, 256, 257, 1000, 2048, 2049, 3001, records.length - 1, records.length];
    const heads = sizes.map((treeSize) =>
      signer.sign({ treeSize, rootHash: merkleTreeHash(leaves.slice(0, treeSize)).toString('hex'), timestamp: '2026-11-22T10:00:00.000Z' }),
    );
    for (const threads of [2, 0]) {
      const verifier = new LogVerifier(sizes);
      let blocks = 0;
      const read = await leavesOfLogFile(file, {
        threads,
        onLeaves: (some, someBlocks) => {
          blocks += someBlocks.length / 32;
          verifier.addLeaves(some, someBlocks);
        },
      });
      verifier.nameLeavesBy(read.placeOf);
      expect(blocks, 'blocks hashed by the threads').to.be.greaterThan(records.length / 512);
      expect(await verifier.finish(heads, signer.publicKey, leaves)).to.deep.equal({
        ok: true,
        events: records.length,
        headsChecked: sizes.length,
        problems: [],
        firstMismatch: null,
      });
    }
  });

  it('streams the leaves in log order, holding a few runs at most while the taker is slow, and stops reading when it says stop', async () => {
    const records = await store.readAll();
    const expected = records.map((record) => leafHashOf(record).toString('hex'));
    let taking = 0;
    let mostTaking = 0;
    const streamed: string[] = [];
    await streamLeavesOfLogFile(file, {
      threads: 1,
      onLeaves: async (leaves) => {
        mostTaking = Math.max(mostTaking, ++taking);
        await new Promise((resolve) => setTimeout(resolve, 5));
        for (let at = 0; at < leaves.length; at += 32) streamed.push(leaves.subarray(at, at + 32).toString('hex'));
        taking--;
      },
    });
    expect(streamed).to.deep.equal(expected);
    expect(mostTaking).to.equal(1); // one run taken at a time, in order
    const runsBeforeStop: number[] = [];
    await streamLeavesOfLogFile(file, {
      threads: 2,
      onLeaves: (leaves) => {
        runsBeforeStop.push(leaves.length / 32);
        return runsBeforeStop.length === 2 ? 'stop' : undefined;
      },
    });
    expect(runsBeforeStop).to.have.length(2);
    expect(runsBeforeStop.reduce((sum, n) => sum + n, 0)).to.be.below(records.length);
  });

  it('leaves out an append not yet complete at the end of the file, saying where it starts', async () => {
    const copy = path.join(dir, 'torn.log');
    const bytes = await readFile(file);
    await writeFile(copy, bytes);
    await appendFile(copy, Buffer.from([0x53, 0x54, 0x59, 0x2b, 0, 0, 0, 9, 1, 2, 3, 4, 0x7b]));
    const read = await leavesOfLogFile(copy, { threads: 1 });
    expect(read.leaves.length).to.equal((await store.readAll()).length);
    expect(read.unreadFrom).to.equal((await stat(file)).size);
  });

  it('refuses a record that fails its checksum', async () => {
    const copy = path.join(dir, 'damaged.log');
    const bytes = await readFile(file);
    const at = bytes.indexOf('"n":') + 4;
    bytes[at] = bytes[at] === 0x31 ? 0x32 : 0x31;
    await writeFile(copy, bytes);
    let failure: unknown = null;
    await leavesOfLogFile(copy, { threads: 2 }).catch((error: unknown) => (failure = error));
    expect(String(failure)).to.match(/the record at byte \d+ of the log fails its checksum/);
  });
});

/** A record framed as the log stores it (magic, length, CRC of the payload, payload): the tamperer's and the former writer's tool. */
function framed(payload: string): Buffer {
  const body = Buffer.from(payload, 'utf8');
  const header = Buffer.alloc(12);
  header.writeUInt32BE(RECORD_MAGIC, 0);
  header.writeUInt32BE(body.length, 4);
  header.writeUInt32BE(crc32(body), 8);
  return Buffer.concat([header, body]);
}

/** The records of a log file, each as its framed bytes. */
function recordsOf(bytes: Buffer): Buffer[] {
  const records: Buffer[] = [];
  for (let offset = 0; offset < bytes.length;) {
    const end = offset + 12 + bytes.readUInt32BE(offset + 4);
    records.push(bytes.subarray(offset, end));
    offset = end;
  }
  return records;
}

const payloadOf = (record: Buffer): RecordedEvent => JSON.parse(record.subarray(12).toString('utf8')) as RecordedEvent;
/** What the log's former format held: JSON.stringify of the fields in the order id, streamId, type, revision, position, data, metadata, recordedAt. */
const formerText = (event: RecordedEvent): string =>
  JSON.stringify({
    id: event.id,
    streamId: event.streamId,
    type: event.type,
    revision: event.revision,
    position: event.position,
    data: event.data,
    metadata: event.metadata,
    recordedAt: event.recordedAt,
  });

describe("verify-log's leaves of a log begun in the former record format, and of rewritten records", function () {
  this.timeout(60_000);
  let dir: string;
  let file: string;
  let records: RecordedEvent[];

  before(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'stays-log-former-'));
    file = path.join(dir, LOG_FILE_NAME);
    // 300 records as a log written before records were canonical held them (data members in the order given), then the store appends 300 more
    const former = Array.from({ length: 300 }, (_, i): RecordedEvent => ({
      id: `00000000-0000-4000-8000-${String(i).padStart(12, '0')}`,
      streamId: `booking-BK-${i % 9}`,
      type: 'BookingPlaced',
      revision: Math.floor(i / 9),
      position: i,
      data: { nights: ['2026-12-01'], bookingID: `BK-${i % 9}`, amount: 8400.5, ünïcode: '₹ "q"' },
      metadata: { schemaVersion: 1, actor: 'system' },
      recordedAt: new Date(Date.UTC(2026, 0, 1, 0, 0, i)).toISOString(),
    }));
    await writeFile(file, Buffer.concat(former.map((event) => framed(formerText(event)))));
    const store = await openEmbeddedEventStore(dir);
    for (let i = 0; i < 100; i++) {
      await store.append(
        `booking-BK-${i % 9}`,
        [0, 1, 2].map((j) => ({ type: 'UnitsReserved', data: { zeta: j, alpha: i, é: 'é' }, metadata: { schemaVersion: 1 } })),
      );
    }
    records = await store.readAll();
    await store.close();
  });
  after(async () => rm(dir, { recursive: true, force: true }));

  /** The leaves verify-log reads from a copy of the log with some records replaced, against the leaves of the records as written. */
  async function leavesWith(replaced: Map<number, string>, threads = 2) {
    const copy = path.join(dir, `copy-${randomUUID()}.log`);
    await writeFile(
      copy,
      Buffer.concat(
        recordsOf(await readFile(file)).map((record, i) => {
          const payload = replaced.get(i);
          if (payload === undefined) return record;
          const rewritten = framed(payload);
          rewritten.writeUInt32BE(record.readUInt32BE(0), 0); // the record's own magic: it stays the end of its append or not
          return rewritten;
        }),
      ),
    );
    const read = await leavesOfLogFile(copy, { threads });
    const differing = read.leaves.flatMap((leaf, i) => (leaf.equals(leafHashOf(records[i]!)) ? [] : [i]));
    return { read, differing };
  }

  it('gives every leaf as an RFC 9162 verifier hashes the record, former-format records parsed, and counts them (on worker threads, or none)', async () => {
    for (const threads of [2, 0]) {
      const { read, differing } = await leavesWith(new Map(), threads);
      expect(read.leaves).to.have.length(600);
      expect(differing).to.deep.equal([]);
      expect(read.formerRecords).to.equal(300);
    }
  });

  it('does not take a canonical record rewritten into other JSON of the same record (members reordered, CRC fixed): its leaf differs', async () => {
    const canonical = recordsOf(await readFile(file))[450]!
      .subarray(12)
      .toString('utf8');
    const event = payloadOf(recordsOf(await readFile(file))[450]!);
    const reordered = canonical.replace(`{"alpha":${event.data.alpha},"zeta":${event.data.zeta}`, `{"zeta":${event.data.zeta},"alpha":${event.data.alpha}`);
    const spaced = canonical.replace('"type":', '"type": ');
    expect(reordered).to.not.equal(canonical);
    expect(JSON.parse(reordered)).to.deep.equal(JSON.parse(canonical));
    const { differing } = await leavesWith(
      new Map([
        [450, reordered],
        [460, spaced],
      ]),
    );
    expect(differing).to.deep.equal([450, 460]);
  });

  it('does not take a canonical record rewritten into the former format, nor a former record not as that format wrote it', async () => {
    const all = recordsOf(await readFile(file));
    const asFormer = formerText(payloadOf(all[500]!)); // exactly what the former codec would have written for this record
    const event = payloadOf(all[100]!);
    const fieldsReordered = JSON.stringify({
      id: event.id,
      type: event.type,
      streamId: event.streamId,
      revision: event.revision,
      position: event.position,
      data: event.data,
      metadata: event.metadata,
      recordedAt: event.recordedAt,
    });
    const indented = JSON.stringify(JSON.parse(formerText(payloadOf(all[101]!))), null, 1);
    const { read, differing } = await leavesWith(
      new Map([
        [100, fieldsReordered],
        [101, indented],
        [500, asFormer],
      ]),
    );
    expect(differing).to.deep.equal([100, 101, 500]);
    expect(read.formerRecords).to.equal(300);
  });

  it("has the notary sign the leaves verify-log reads: former records' texts written again, canonical ones hashed as stored, even rewritten", async () => {
    const canonical = recordsOf(await readFile(file))[450]!
      .subarray(12)
      .toString('utf8');
    const spaced = canonical.replace('"type":', '"type": '); // the same record in other JSON, its CRC fixed: the store still reads it
    const { read, differing } = await leavesWith(new Map([[450, spaced]]));
    expect(differing).to.deep.equal([450]);
    const logDir = path.join(dir, `log-${randomUUID()}`);
    await mkdir(logDir);
    await writeFile(path.join(logDir, LOG_FILE_NAME), Buffer.concat(recordsOf(await readFile(file)).map((record, i) => (i === 450 ? framed(spaced) : record))));
    const eventStore = await openEmbeddedEventStore(logDir);
    const readStore = createEmbeddedReadStore();
    const heads = new ReadStoreTreeHeadStore(readStore);
    const notary = new Notary({ eventStore, readStore, heads, signer: new NotarySigner(generateKeyPairSync('ed25519').privateKey), log: () => undefined });
    try {
      await notary.start();
      await notary.whenCaughtUp();
      expect(await heads.latest()).to.include({ treeSize: 600, rootHash: merkleTreeHash(read.leaves).toString('hex') });
    } finally {
      await notary.stop();
      await eventStore.close();
    }
  });
});
