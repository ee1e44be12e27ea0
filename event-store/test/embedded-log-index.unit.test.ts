/**
 * The embedded log's persisted index (events.index beside events.log): opening with it
 * gives exactly what opening without it gives, an index that does not belong to the log
 * (damaged, torn, half-written, another log's, a longer or shorter log's, or well sealed with
 * a layout that cannot be) is ignored and the whole log read, and memory after open stays far
 * below the log's size.
 */
import { expect } from 'chai';
import { createHash } from 'node:crypto';
import { copyFile, mkdtemp, readFile, rm, stat, truncate, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import { LogCorruptedError } from '../src/errors.ts';
import { openEmbeddedEventStore, writeEmbeddedLog, type EmbeddedEventStoreOptions, type LogFile } from '../src/index.ts';
import { LOG_FILE_NAME } from '../src/embedded/embedded-event-store.ts';
import { INDEX_FILE_NAME } from '../src/embedded/index-file.ts';
import type { EventStore, RecordedEvent } from '../src/port.ts';

describe('embedded event log index', function () {
  let root: string;
  let dir: string;
  let warnings: string[];
  let notes: string[];
  const open: EventStore[] = [];

  beforeEach(async function () {
    root = await mkdtemp(join(tmpdir(), 'stays-embedded-index-'));
    dir = join(root, 'log');
    warnings = [];
    notes = [];
  });

  afterEach(async function () {
    await Promise.all(open.splice(0).map((s) => s.close().catch(() => undefined)));
    await rm(root, { recursive: true, force: true });
  });

  async function openStore(at = dir, options: Omit<EmbeddedEventStoreOptions, 'logger'> = {}): Promise<EventStore> {
    const store = await openEmbeddedEventStore(at, { logger: { warn: (m) => warnings.push(m), info: (m) => notes.push(m) }, ...options });
    open.push(store);
    return store;
  }

  async function closeStore(store: EventStore): Promise<void> {
    await store.close();
    open.splice(open.indexOf(store), 1);
  }

  const logPath = (at = dir) => join(at, LOG_FILE_NAME);
  const indexPath = (at = dir) => join(at, INDEX_FILE_NAME);

  /** Appends of one and of several events to a few streams, interleaved; closes (which writes the index). */
  async function writeLog(at = dir, appends = 12, tag = 'a'): Promise<void> {
    const store = await openStore(at);
    for (let i = 0; i < appends; i++) {
      const events = Array.from({ length: 1 + (i % 3) }, (_, j) => ({ type: `T${j}`, data: { tag, i, j } }));
      await store.append(`stream-${i % 4}`, events);
    }
    await closeStore(store);
  }

  /** Everything a reader can ask of the store, to compare two opens. */
  async function snapshot(store: EventStore) {
    const all = await store.readAll();
    const streams = [...new Set(all.map((e) => e.streamId))].sort();
    return {
      head: await store.headPosition(),
      all,
      streams: await Promise.all(streams.map((s) => store.readStream(s))),
      tail: await store.readStream('stream-1', { fromRevision: 2, maxCount: 3 }),
      at: await store.readAt([5, 0, 5, all.length, 3]),
      after: await store.readAll({ after: 4, maxCount: 7 }),
    };
  }

  it('opening with the index gives exactly what opening without it gives, and appends continue', async function () {
    await writeLog();
    expect((await stat(indexPath())).size).to.be.greaterThan(0);

    const withIndex = await openStore();
    const indexed = await snapshot(withIndex);
    await closeStore(withIndex);
    expect(notes).to.deep.equal([]);

    await rm(indexPath());
    const withoutIndex = await openStore();
    expect(await snapshot(withoutIndex)).to.deep.equal(indexed);
    expect(notes).to.have.length(1);
    expect(notes[0]).to.contain('not using the index file (there is none)');
    await closeStore(withoutIndex);

    const reopened = await openStore();
    const streamOne = await reopened.readStream('stream-1');
    const next = await reopened.append('stream-1', [{ type: 'After', data: {} }], { expectedRevision: streamOne.at(-1)!.revision });
    expect(next).to.deep.equal({ nextExpectedRevision: streamOne.length, position: indexed.head! + 1 });
    const conflict = await reopened.append('stream-0', [{ type: 'Stale', data: {} }], { expectedRevision: 0 }).catch((e) => e);
    expect(conflict.name).to.equal('WrongExpectedRevisionError');
    await closeStore(reopened);

    const last = await openStore();
    expect((await last.readAll()).map((e) => e.position)).to.deep.equal(Array.from({ length: indexed.all.length + 1 }, (_, i) => i));
    expect((await last.readStream('stream-1')).map((e) => e.revision)).to.deep.equal(Array.from({ length: streamOne.length + 1 }, (_, i) => i));
    expect(warnings).to.deep.equal([]);
  });

  it('writes no index for an empty log, and opens it again as empty', async function () {
    await closeStore(await openStore());
    expect(await stat(indexPath()).catch(() => 'none')).to.equal('none');
    notes = [];
    const store = await openStore();
    expect(notes, 'nothing to read, nothing to say').to.deep.equal([]);
    expect(await store.headPosition()).to.equal(null);
  });

  it('reads an index of the former version (a SHA-256 trailer instead of a CRC-32) as its own', async function () {
    await writeLog();
    const expected = await snapshot(await openStore());
    await closeStore(open[0]!);
    // version 1 as its layout says: the same body, then the SHA-256 of every byte before it
    const current = await readFile(indexPath());
    const body = Buffer.from(current.subarray(0, current.length - 4));
    body.writeUInt32BE(1, 4);
    await writeFile(indexPath(), Buffer.concat([body, createHash('sha256').update(body).digest()]));

    const store = await openStore();
    expect(notes).to.deep.equal([]);
    expect(await snapshot(store)).to.deep.equal(expected);
    const appended = await store.append('stream-1', [{ type: 'After', data: {} }], { expectedRevision: expected.streams[1]!.length - 1 });
    expect(appended.nextExpectedRevision).to.equal(expected.streams[1]!.length);
    expect((await store.readStream('stream-1')).map((e) => e.type).at(-1)).to.equal('After');
  });

  it('a stream loaded from the index grows by later appends, and the next index holds them', async function () {
    await writeLog();
    const loaded = await openStore();
    const before = await loaded.readStream('stream-2');
    await loaded.append(
      'stream-2',
      [
        { type: 'Later', data: { n: 1 } },
        { type: 'Later', data: { n: 2 } },
      ],
      { expectedRevision: before.length - 1 },
    );
    await loaded.append('stream-new', [{ type: 'First', data: {} }], { expectedRevision: 'no_stream' });
    const grown = await snapshot(loaded);
    expect(grown.streams.find((events) => events[0]!.streamId === 'stream-2')!.map((e) => e.revision)).to.deep.equal(
      Array.from({ length: before.length + 2 }, (_, i) => i),
    );
    await closeStore(loaded);
    const reopened = await openStore();
    expect(notes).to.deep.equal([]);
    expect(await snapshot(reopened)).to.deep.equal(grown);
    expect((await reopened.readStream('stream-2', { fromRevision: before.length, maxCount: 1 })).map((e) => e.data)).to.deep.equal([{ n: 1 }]);
  });

  it('does not read the indexed prefix at open: damage there is refused by the read that reaches it', async function () {
    await writeLog();
    const log = await readFile(logPath());
    const secondRecord = 12 + log.readUInt32BE(4);
    log[secondRecord + 20] ^= 0xff; // inside the payload of position 1
    await writeFile(logPath(), log);

    const store = await openStore();
    expect(notes).to.deep.equal([]);
    expect((await store.readAt([0])).map((e) => e.position)).to.deep.equal([0]);
    const error = await store.readAll().catch((e) => e);
    expect(error).to.be.instanceOf(LogCorruptedError);
    expect(error.message).to.contain(`byte ${secondRecord}`);
  });

  it('cuts a torn tail after the indexed prefix, and keeps the prefix', async function () {
    await writeLog();
    const indexed = await snapshot(await openStore());
    await closeStore(open[0]!);
    const size = (await stat(logPath())).size;
    const torn = Buffer.alloc(40);
    torn.writeUInt32BE(0x53545931, 0); // a record header promising more than is there
    torn.writeUInt32BE(500, 4);
    await appendFile(logPath(), torn);

    const store = await openStore();
    expect(notes).to.deep.equal([]);
    expect(warnings).to.have.length(1);
    expect(warnings[0]).to.contain(`cut a torn tail of 40 bytes at byte ${size}`);
    expect(await snapshot(store)).to.deep.equal(indexed);
    await store.append('stream-9', [{ type: 'AfterCut', data: {} }], { expectedRevision: 'no_stream' });
    expect(await store.headPosition()).to.equal(indexed.head! + 1);
  });

  describe('an index that does not belong to the log is ignored, and the whole log read', function () {
    const cases: [string, () => Promise<void>, string][] = [
      ['a damaged index (one byte flipped)', () => flipByte(indexPath(), 100), 'checksum fails'],
      ['a truncated index', async () => truncate(indexPath(), (await stat(indexPath())).size >> 1), 'torn or damaged'],
      ['an empty index', () => writeFile(indexPath(), Buffer.alloc(0)), 'not an index file'],
      [
        'an index half-written by a crash (the temporary file left, no index)',
        async () => {
          const bytes = await readFile(indexPath());
          await rm(indexPath());
          await writeFile(`${indexPath()}.tmp`, bytes.subarray(0, bytes.length >> 1));
        },
        'there is none',
      ],
      [
        "another log's index",
        async () => {
          await writeLog(join(root, 'other'), 12, 'b');
          await copyFile(indexPath(join(root, 'other')), indexPath());
        },
        'not the one it indexed',
      ],
      [
        "a longer log's index",
        async () => {
          await writeLog(join(root, 'other'), 20, 'b');
          await copyFile(indexPath(join(root, 'other')), indexPath());
        },
        'a shorter or another log',
      ],
      [
        "a shorter, different log's index",
        async () => {
          await writeLog(join(root, 'other'), 5, 'b');
          await copyFile(indexPath(join(root, 'other')), indexPath());
        },
        'not the one it indexed',
      ],
      [
        'the index of a log that was cut back since (restored from an older backup)',
        async () => {
          const bytes = await readFile(logPath());
          await truncate(logPath(), recordEnds(bytes)[5]!);
        },
        'a shorter or another log',
      ],
      // sealed again with a good checksum: what only the layout's own checks can catch
      ['an index of a version to come', () => resealed((bytes) => void bytes.writeUInt32BE(9, 4)), 'it has version 9'],
      ['an index counting no events', () => resealed((bytes) => void bytes.writeDoubleBE(0, 8)), 'its header is damaged'],
      ['an index counting part of an event', () => resealed((bytes) => void bytes.writeDoubleBE(1.5, 8)), 'its header is damaged'],
      ['an index covering part of a byte', () => resealed((bytes) => void bytes.writeDoubleBE(bytes.readDoubleBE(16) + 0.5, 16)), 'its header is damaged'],
      [
        'an index whose first record does not start the log',
        () => resealed((bytes, at) => void bytes.writeDoubleLE(12, at.offsets)),
        'its offsets are damaged',
      ],
      [
        'an index with two records closer than a record header',
        () => resealed((bytes, at) => void bytes.writeDoubleLE(bytes.readDoubleLE(at.offsets + 8) + 11, at.offsets + 16)),
        'its offsets are damaged',
      ],
      [
        'an index whose last record ends inside its header',
        () => resealed((bytes, at) => void bytes.writeDoubleBE(bytes.readDoubleLE(at.offsets + (at.count - 1) * 8) + 11, 16)),
        'its offsets are damaged',
      ],
      ['an index with a stream of no events', () => resealed((bytes, at) => void bytes.writeUInt32LE(0, at.counts)), 'its streams are damaged'],
      [
        'an index whose streams hold fewer events than it counts',
        () => resealed((bytes, at) => void bytes.writeUInt32LE(bytes.readUInt32LE(at.counts) - 1, at.counts)),
        'its streams are damaged',
      ],
      [
        'an index whose streams hold more events than it counts',
        () => resealed((bytes, at) => void bytes.writeUInt32LE(at.count, at.counts)),
        'its streams are damaged',
      ],
      [
        'an index naming one event twice',
        () => resealed((bytes, at) => void bytes.writeUInt32LE(bytes.readUInt32LE(at.positions), at.positions + 4)),
        'its streams are damaged',
      ],
      [
        "an index with a stream's events out of order",
        () =>
          resealed((bytes, at) => {
            const [first, second] = [bytes.readUInt32LE(at.positions), bytes.readUInt32LE(at.positions + 4)];
            bytes.writeUInt32LE(second, at.positions);
            bytes.writeUInt32LE(first, at.positions + 4);
          }),
        'its streams are damaged',
      ],
      ['an index naming an event past its count', () => resealed((bytes, at) => void bytes.writeUInt32LE(at.count, at.positions)), 'its streams are damaged'],
      ['an index naming one stream too few', () => resealed((_, at) => at.withNames(JSON.stringify(at.names.slice(1)))), 'its stream names are damaged'],
      ['an index whose stream names are no list', () => resealed((_, at) => at.withNames(JSON.stringify({ names: at.names }))), 'its stream names are damaged'],
      [
        'an index naming a stream by a number',
        () => resealed((_, at) => at.withNames(JSON.stringify([7, ...at.names.slice(1)]))),
        'its stream names are damaged',
      ],
      ['an index whose stream names do not decode', () => resealed((_, at) => at.withNames(`[${JSON.stringify(at.names[0])}`)), 'it does not decode'],
    ];

    /** The index file's parts, as its header says. */
    interface Layout {
      readonly count: number;
      readonly offsets: number;
      readonly counts: number;
      readonly positions: number;
      readonly namesAt: number;
      readonly names: string[];
      /** The body with other stream names, their length in its header too. */
      withNames(text: string): Buffer;
    }

    /**
     * Rewrites the index through `change` (in place, or a new body it returns, checksum
     * excluded) and seals it again with a good CRC-32: damage its checksum cannot catch.
     */
    async function resealed(change: (bytes: Buffer, at: Layout) => Buffer | void): Promise<void> {
      const file = await readFile(indexPath());
      const body = file.subarray(0, file.length - 4);
      const count = body.readDoubleBE(8);
      const offsets = 64;
      const counts = offsets + count * 8;
      const positions = counts + body.readUInt32BE(24) * 4;
      const namesAt = positions + count * 4;
      const names = JSON.parse(body.toString('utf8', namesAt)) as string[];
      const withNames = (text: string) => {
        const head = Buffer.from(body.subarray(0, namesAt));
        head.writeUInt32BE(Buffer.byteLength(text), 28);
        return Buffer.concat([head, Buffer.from(text)]);
      };
      const changed = change(body, { count, offsets, counts, positions, namesAt, names, withNames }) ?? body;
      const trailer = Buffer.alloc(4);
      trailer.writeUInt32BE(crc32(changed));
      await writeFile(indexPath(), Buffer.concat([changed, trailer]));
    }

    for (const [what, damage, reason] of cases) {
      it(`${what}`, async function () {
        await writeLog();
        const fromScratch = join(root, 'scratch');
        await damage();
        // What the log alone gives: the same log opened in a folder without an index.
        await copyFile(logPath(), join(await ensureDir(fromScratch), LOG_FILE_NAME));
        const expected = await snapshot(await openStore(fromScratch));
        notes = [];

        const store = await openStore();
        expect(notes).to.have.length(1);
        expect(notes[0]).to.contain(reason);
        expect(await snapshot(store)).to.deep.equal(expected);
        expect(expected.all.length).to.be.greaterThan(0);
        const appended = await store.append('stream-0', [{ type: 'After', data: {} }]);
        expect(appended.position).to.equal(expected.head! + 1);
        expect(appended.nextExpectedRevision).to.equal(expected.streams[0]!.length);
      });
    }
  });

  it('is rewritten while running as the log grows, so a crash leaves only the tail to verify', async function () {
    const store = await openStore(dir, { indexEveryBytes: 2000 });
    for (let i = 0; i < 40; i++) await store.append(`stream-${i % 3}`, [{ type: 'T', data: { i, padding: 'x'.repeat(100) } }]);
    // A crash now: copy the files as they are on disk while the store is still open.
    const crashed = await ensureDir(join(root, 'crashed'));
    await waitFor(async () => (await stat(indexPath()).catch(() => undefined)) !== undefined);
    await copyFile(indexPath(), join(crashed, INDEX_FILE_NAME));
    await copyFile(logPath(), join(crashed, LOG_FILE_NAME));
    const expected = await snapshot(store);

    const recovered = await openStore(crashed);
    expect(notes).to.deep.equal([]);
    expect(await snapshot(recovered)).to.deep.equal(expected);
  });

  it('followers catching up together read and decode the log once between them, not once each', async function () {
    const store = await openStore();
    for (let i = 0; i < 40; i++) {
      await store.append(
        `stream-${i}`,
        Array.from({ length: 100 }, (_, j) => ({ type: 'T', data: { i, j, padding: 'x'.repeat(200) } })),
      );
    }
    await closeStore(store);
    const logBytes = (await stat(logPath())).size;
    let bytesRead = 0;
    const counted = await openStore(dir, {
      wrapLogFile: (file) => ({ ...wrapAll(file), read: async (...args) => ((bytesRead += args[2]), file.read(...args)) }),
    });
    bytesRead = 0;

    const followers = await Promise.all(
      Array.from({ length: 5 }, () => {
        const seen: RecordedEvent[] = [];
        return new Promise<RecordedEvent[]>((resolve, reject) => {
          const subscription = counted.subscribeToAll(
            { maxBatchSize: 100 },
            { onBatch: async (events) => void seen.push(...events), onCaughtUp: () => void subscription.close().then(() => resolve(seen)), onError: reject },
          );
        });
      }),
    );
    for (const seen of followers) expect(seen.map((e) => e.position)).to.deep.equal(Array.from({ length: 4000 }, (_, i) => i));
    expect(bytesRead).to.be.at.most(logBytes * 1.5);
    expect(Object.isFrozen(followers[0]![0]!.data)).to.equal(true);
  });

  it('holds far less than the log in memory after open, with or without the index', async function () {
    this.timeout(120_000);
    const gc = exposeGc();
    const count = 200_000;
    await writeEmbeddedLog(dir, smallEvents(count));
    const logBytes = (await stat(logPath())).size;

    for (const run of ['without the index', 'with the index']) {
      gc();
      const before = process.memoryUsage().heapUsed;
      const store = await openStore();
      gc();
      const growth = process.memoryUsage().heapUsed - before;
      expect(await store.headPosition(), run).to.equal(count - 1);
      expect(growth, `${run}: heap grew by ${growth} bytes for a log of ${logBytes}`).to.be.below(logBytes / 4);
      await closeStore(store);
    }
    expect(notes).to.have.length(1); // only the first open read the whole log
  });
});

// ---------------------------------------------------------------------------------------

/** A LogFile whose methods call the wrapped one's, to override one of them. */
function wrapAll(file: LogFile): LogFile {
  return {
    size: () => file.size(),
    read: (...args) => file.read(...args),
    write: (...args) => file.write(...args),
    datasync: () => file.datasync(),
    truncate: (length) => file.truncate(length),
    close: () => file.close(),
  };
}

async function* smallEvents(count: number): AsyncIterable<RecordedEvent> {
  for (let position = 0; position < count; position++) {
    yield {
      id: `00000000-0000-4000-8000-${String(position).padStart(12, '0')}`,
      streamId: `booking-${position >> 2}`,
      type: 'BookingPlaced',
      revision: position & 3,
      position,
      data: { bookingId: `bk-${position}`, roomId: `room-${position % 997}`, checkIn: '2026-03-14', checkOut: '2026-03-16', totalAmount: 8400 },
      metadata: { correlationId: `corr-${position}` },
      recordedAt: '2026-03-01T10:00:00.000Z',
    };
  }
}

/** The garbage collector, for a heap figure that does not depend on when it last ran. */
function exposeGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

async function ensureDir(path: string): Promise<string> {
  const { mkdir } = await import('node:fs/promises');
  await mkdir(path, { recursive: true });
  return path;
}

async function waitFor(condition: () => Promise<boolean>): Promise<void> {
  for (let i = 0; i < 200 && !(await condition()); i++) await new Promise((resolve) => setTimeout(resolve, 10));
}

async function flipByte(path: string, offset: number): Promise<void> {
  const bytes = await readFile(path);
  bytes[offset] ^= 0xff;
  await writeFile(path, bytes);
}

/** End offsets of each record in a log file. */
function recordEnds(bytes: Buffer): number[] {
  const ends: number[] = [];
  for (let offset = 0; offset < bytes.length; offset += 12 + bytes.readUInt32BE(offset + 4)) ends.push(offset + 12 + bytes.readUInt32BE(offset + 4));
  return ends;
}
