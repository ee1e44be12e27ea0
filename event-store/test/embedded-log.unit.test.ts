/**
 * The embedded log's own promises, beyond the shared contract: its record format,
 * recovery after a crash (torn tails are cut, real corruption is refused), the single
 * writer lock, group commit, and what happens when the disk fails.
 */
import { expect } from 'chai';
import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm, stat, truncate, writeFile, appendFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { EventStoreUnavailableError, LogCorruptedError, LogDamagedError, WrongExpectedRevisionError } from '../src/errors.ts';
import {
  EventStoreLockedError,
  checkEmbeddedLog,
  openEmbeddedEventStore,
  repairEmbeddedLog,
  type EmbeddedEventStoreOptions,
  type LogFile,
} from '../src/index.ts';
import { LOCK_FILE_NAME } from '../src/embedded/directory-lock.ts';
import { LOG_FILE_NAME } from '../src/embedded/embedded-event-store.ts';
import { INDEX_FILE_NAME } from '../src/embedded/index-file.ts';
import { CONTINUED_MAGIC, RECORD_MAGIC, encodeRecord } from '../src/embedded/record-codec.ts';
import type { EventStore, RecordedEvent } from '../src/port.ts';

describe('embedded event log', function () {
  let dir: string;
  let warnings: string[];
  const open: EventStore[] = [];

  beforeEach(async function () {
    dir = await mkdtemp(join(tmpdir(), 'stays-embedded-log-'));
    warnings = [];
  });

  afterEach(async function () {
    await Promise.all(open.splice(0).map((s) => s.close().catch(() => undefined)));
    await rm(dir, { recursive: true, force: true });
  });

  async function openStore(options: Omit<EmbeddedEventStoreOptions, 'logger'> = {}): Promise<EventStore> {
    const store = await openEmbeddedEventStore(dir, { logger: { warn: (m) => warnings.push(m) }, ...options });
    open.push(store);
    return store;
  }

  async function closeStore(store: EventStore): Promise<void> {
    await store.close();
    open.splice(open.indexOf(store), 1);
  }

  const logPath = () => join(dir, LOG_FILE_NAME);
  const indexPath = () => join(dir, INDEX_FILE_NAME);

  /** A crash came before the index file covered the last appends (written at close, and every indexEveryBytes). */
  const crashedBeforeItsIndex = () => rm(indexPath());

  /** Writes `count` single-event appends to stream `s-1`, closes, returns record end offsets. */
  async function writeLog(count: number): Promise<number[]> {
    const store = await openStore();
    for (let i = 0; i < count; i++) await store.append('s-1', [{ type: 'Happened', data: { i } }]);
    await closeStore(store);
    return recordEnds(await readFile(logPath()));
  }

  describe('record format', function () {
    it('stamps recordedAt with real time, or with the clock it was opened with (the demo seed writing its past)', async function () {
      let clock = new Date('2026-05-01T03:30:00.000Z');
      const store = await openStore({ now: () => clock });
      await store.append('booking-1', [{ type: 'BookingPlaced', data: {} }]);
      clock = new Date('2026-05-02T10:00:00.000Z');
      await store.append('booking-1', [{ type: 'BookingPaymentReceived', data: {} }]);
      expect((await store.readStream('booking-1')).map((event) => event.recordedAt)).to.deep.equal(['2026-05-01T03:30:00.000Z', '2026-05-02T10:00:00.000Z']);
      await closeStore(store);
      const before = Date.now();
      const reopened = await openStore();
      await reopened.append('booking-1', [{ type: 'BookingCancelled', data: {} }]);
      const stamped = Date.parse((await reopened.readStream('booking-1')).at(-1)!.recordedAt);
      expect(stamped).to.be.within(before, Date.now());
    });

    it('frames each event as magic | length | CRC32 | JSON payload', async function () {
      const store = await openStore();
      await store.append('booking-1', [{ type: 'BookingPlaced', data: { amount: 4200 }, metadata: { by: 'u1' } }]);
      await store.append('booking-1', [
        { type: 'A', data: {} },
        { type: 'B', data: {} },
      ]);
      const [recorded] = await store.readStream('booking-1');
      await closeStore(store);

      const bytes = await readFile(logPath());
      const length = bytes.readUInt32BE(4);
      const payload = bytes.subarray(12, 12 + length);
      expect(bytes.readUInt32BE(0)).to.equal(RECORD_MAGIC);
      expect(bytes.readUInt32BE(8)).to.equal(crc32(payload));
      const json = JSON.parse(payload.toString('utf8'));
      expect(json).to.deep.equal({ ...recorded });
      // The magic marks where an append ends: the first record of the two-event append
      // says the append continues, its last record says it is complete.
      const ends = recordEnds(bytes);
      expect(ends).to.have.length(3);
      expect(bytes.readUInt32BE(ends[0])).to.equal(CONTINUED_MAGIC);
      expect(bytes.readUInt32BE(ends[1])).to.equal(RECORD_MAGIC);
      expect(recordPayloads(bytes).map((p) => p.type)).to.deep.equal(['BookingPlaced', 'A', 'B']);
    });

    it('stores what readers saw: values JSON cannot hold are normalised before acknowledging', async function () {
      const store = await openStore();
      await store.append('s-1', [{ type: 'T', data: { at: new Date('2026-01-02T03:04:05.000Z'), gone: undefined, rooms: [{ nights: 2 }] } }]);
      const [before] = await store.readStream('s-1');
      await closeStore(store);
      const [after] = await (await openStore()).readStream('s-1');

      expect(before.data).to.deep.equal({ at: '2026-01-02T03:04:05.000Z', rooms: [{ nights: 2 }] });
      expect(after).to.deep.equal(before);
      const rooms = before.data.rooms as { nights: number }[];
      expect([before, before.data, rooms, rooms[0]].map(Object.isFrozen)).to.deep.equal([true, true, true, true]);
    });

    it('stores plain data and data JSON has to convert first as the same bytes when JSON gives the same value', async function () {
      const plain = {
        text: 'Chennai — ₹ 4,200 😀 "quoted" \\ \n\u0007',
        numbers: [0, -0, 1e21, 1e-7, 0.1 + 0.2, -5e-324, 123456789012345680000, null],
        nested: { z: { y: [[], {}, [null, true, false]], key: 'z' }, a: '', '10': 'ten', '1': 'one', é: 'e-acute', '\u20ac': 'euro', none: null },
      };
      // JSON.stringify hands toJSON the member's name, and writes what JSON has no number for as null
      class Keyed {
        toJSON(key: string) {
          return { y: [[], {}, [null, true, false]], key };
        }
      }
      // each differs from `plain` in one thing JSON.stringify converts, so each takes the general path on its own
      const converted = [
        { ...plain, text: new String(plain.text) },
        { ...plain, numbers: [...plain.numbers.slice(0, -1), Number.POSITIVE_INFINITY] },
        { ...plain, nested: { ...plain.nested, none: Number.NaN } },
        { ...plain, nested: { ...plain.nested, z: new Keyed() } },
        { ...plain, nested: { ...plain.nested, gone: undefined } },
        { ...plain, nested: Object.assign(Object.create({ inherited: 1 }) as object, plain.nested) },
      ];
      const deep = (depth: number): unknown => (depth === 0 ? 'bottom' : { d: deep(depth - 1) });

      const store = await openStore();
      await store.append('s-0', [{ type: 'T', data: { deep: deep(100) } }]);
      await store.append('s-1', [{ type: 'T', data: plain }]);
      for (const [i, data] of converted.entries()) await store.append(`s-${i + 2}`, [{ type: 'T', data }]);
      await closeStore(store);

      const [deepText, plainText, ...convertedTexts] = recordPayloadTexts(await readFile(logPath())).map((text) => text.slice(0, text.indexOf(',"id":')));
      expect(JSON.parse(`${deepText}}`)).to.deep.equal({ data: { deep: deep(100) } });
      convertedTexts.forEach((text, i) => expect(text, `converted[${i}]`).to.equal(plainText));
      expect(plainText).to.contain('"numbers":[0,0,1e+21,1e-7,0.30000000000000004,-5e-324,123456789012345680000,null]');
      expect(plainText).to.contain('"nested":{"1":"one","10":"ten","a":"","none":null,"z":{"key":"z","y":[[],{},[null,true,false]]},"é":"e-acute","€":"euro"}');
    });

    it('refuses data that cannot be serialised, and accepts nothing of that append', async function () {
      const store = await openStore();
      const cyclic: Record<string, unknown> = {};
      cyclic.self = cyclic;
      let error: unknown;
      await store
        .append('s-1', [
          { type: 'Ok', data: {} },
          { type: 'Bad', data: cyclic },
        ])
        .catch((e) => (error = e));

      expect(error).to.be.instanceOf(TypeError);
      expect(await store.readStream('s-1')).to.deep.equal([]);
      await store.append('s-1', [{ type: 'Ok', data: {} }], { expectedRevision: 'no_stream' });
    });
  });

  describe('recovery of a torn tail', function () {
    const cases: [string, (ends: number[]) => Promise<number>][] = [
      [
        'a record cut mid-payload',
        async (ends) => {
          await truncate(logPath(), ends.at(-2)! + 30);
          return ends.at(-2)!;
        },
      ],
      [
        'a record cut mid-header',
        async (ends) => {
          await truncate(logPath(), ends.at(-2)! + 5);
          return ends.at(-2)!;
        },
      ],
      [
        'a last record whose checksum fails',
        async (ends) => {
          await flipByte(logPath(), ends.at(-1)! - 3);
          return ends.at(-2)!;
        },
      ],
      [
        'garbage after the last record',
        async (ends) => {
          await appendFile(logPath(), garbage(1000));
          return ends.at(-1)!;
        },
      ],
      [
        'a zero-filled tail (preallocated blocks after power loss)',
        async (ends) => {
          await appendFile(logPath(), Buffer.alloc(4096));
          return ends.at(-1)!;
        },
      ],
    ];

    for (const [what, damage] of cases) {
      it(`cuts ${what}, reports it, and keeps appending after it`, async function () {
        const ends = await writeLog(5);
        await crashedBeforeItsIndex();
        const keptLength = await damage(ends);
        const damagedSize = (await stat(logPath())).size;
        const kept = ends.indexOf(keptLength) + 1;

        const store = await openStore();
        expect((await store.readAll()).map((e) => e.data.i)).to.deep.equal(Array.from({ length: kept }, (_, i) => i));
        expect((await stat(logPath())).size).to.equal(keptLength);
        expect(warnings).to.have.length(1);
        expect(warnings[0]).to.contain(`${damagedSize - keptLength} bytes`);

        await store.append('s-1', [{ type: 'Happened', data: { i: 'next' } }], { expectedRevision: kept - 1 });
        await closeStore(store);
        const reopened = await openStore();
        expect((await reopened.readAll()).map((e) => e.position)).to.deep.equal(Array.from({ length: kept + 1 }, (_, i) => i));
        expect(warnings).to.have.length(1);
      });
    }

    it('drops a multi-event append whose last record is missing, as a whole', async function () {
      const store = await openStore();
      await store.append('room-1', [{ type: 'RoomAdded', data: {} }]);
      await store.append('room-1', [
        { type: 'A', data: {} },
        { type: 'B', data: {} },
        { type: 'C', data: {} },
      ]);
      await closeStore(store);
      await crashedBeforeItsIndex();
      const ends = recordEnds(await readFile(logPath()));
      // Records A and B are complete and valid, but C never made it.
      await truncate(logPath(), ends[2]);

      const reopened = await openStore();
      expect((await reopened.readStream('room-1')).map((e) => e.type)).to.deep.equal(['RoomAdded']);
      expect((await stat(logPath())).size).to.equal(ends[0]);
      await reopened.append('room-1', [{ type: 'RoomUpdated', data: {} }], { expectedRevision: 0 });
    });

    it('opens an empty or missing log as an empty store', async function () {
      const store = await openStore();
      expect(await store.headPosition()).to.equal(null);
      expect(await store.readAll()).to.deep.equal([]);
      expect(warnings).to.deep.equal([]);
    });
  });

  describe('an acknowledged record damaged while the log lay on disk', function () {
    const witnesses: [string, () => Promise<Omit<EmbeddedEventStoreOptions, 'logger'>>][] = [
      ['the index file written at close', async () => ({})],
      [
        "the notary's leaf archive (no index: a crash came first)",
        async () => (await crashedBeforeItsIndex(), { acknowledged: { events: 5, by: 'a witness' } }),
      ],
    ];
    for (const [witness, options] of witnesses) {
      it(`refuses to open, cuts nothing and says what to do, when ${witness} saw more acknowledged`, async function () {
        const ends = await writeLog(5);
        const opening = await options();
        await truncate(logPath(), ends.at(-1)! - 7);
        const damagedSize = (await stat(logPath())).size;

        const error = await openStore(opening).catch((e) => e);
        expect(error).to.be.instanceOf(LogDamagedError).and.include({ intactEvents: 4, acknowledgedEvents: 5 });
        expect(error.message).to.include('5 events acknowledged, but only the first 4 are intact').and.include('npm run repair-log -- --truncate-to 4');
        expect((await stat(logPath())).size).to.equal(damagedSize);
        expect(warnings).to.deep.equal([]);
        expect(await checkEmbeddedLog(dir, opening.acknowledged ? [opening.acknowledged] : []).catch((e) => e.message)).to.equal(error.message);

        const repair = await repairEmbeddedLog(dir, 4);
        expect(repair).to.include({ keptEvents: 4, cutEvents: 0, cutBytes: damagedSize - ends.at(-2)! });
        expect((await readFile(repair.savedTo!)).length).to.equal(repair.cutBytes);
        const repaired = await openStore({ acknowledged: { events: 4, by: 'a witness' } });
        expect((await repaired.readAll()).map((e) => e.data.i)).to.deep.equal([0, 1, 2, 3]);
        await repaired.append('s-1', [{ type: 'Happened', data: { i: 'next' } }], { expectedRevision: 3 });
      });
    }

    it('repair-log refuses to keep more events than are intact, or to split an append', async function () {
      await writeLog(3);
      expect(await repairEmbeddedLog(dir, 4).catch((e) => e.message)).to.equal('only 3 events are intact: cannot keep 4');
      const store = await openStore();
      await store.append('s-2', [
        { type: 'A', data: {} },
        { type: 'B', data: {} },
      ]);
      await closeStore(store);
      expect(await repairEmbeddedLog(dir, 4).catch((e) => e.message)).to.equal('event 4 is inside a multi-event append: keep 3 or 5');
    });
  });

  describe('corruption that is not a torn tail', function () {
    it('refuses to open when a damaged record is followed by valid ones, and leaves the file alone', async function () {
      const ends = await writeLog(5);
      await flipByte(logPath(), ends[1] + 20); // inside record 2's payload
      // Without the index file the whole log is verified at open (with it, the read of that
      // record refuses it: embedded-log-index.unit.test.ts).
      await rm(indexPath());
      const before = await readFile(logPath());

      const error = await openEmbeddedEventStore(dir, { logger: { warn: (m) => warnings.push(m) } }).catch((e) => e);
      expect(error).to.be.instanceOf(LogCorruptedError);
      expect(error.message).to.contain(`byte ${ends[1]}`);
      expect(await readFile(logPath())).to.deep.equal(before);
      expect(warnings).to.deep.equal([]);
      // The failed open released its lock.
      expect(await readFile(join(dir, LOCK_FILE_NAME)).catch(() => 'none')).to.equal('none');
    });

    it('refuses to open when a record header in the middle is overwritten', async function () {
      const ends = await writeLog(4);
      const bytes = await readFile(logPath());
      bytes.writeUInt32BE(0, ends[0]); // magic of record 2
      await writeFile(logPath(), bytes);
      await rm(indexPath());

      expect(await openEmbeddedEventStore(dir).catch((e) => e)).to.be.instanceOf(LogCorruptedError);
    });

    it('refuses a log whose records contradict each other (a position gap)', async function () {
      const records = [0, 2].map((position, i) => encodeRecord(recorded({ position, revision: i }), false));
      await writeFile(logPath(), Buffer.concat(records));

      const error = await openEmbeddedEventStore(dir).catch((e) => e);
      expect(error).to.be.instanceOf(LogCorruptedError);
      expect(error.message).to.contain('position 2');
    });

    it('refuses a log whose records contradict each other (a revision gap)', async function () {
      const records = [0, 2].map((revision, i) => encodeRecord(recorded({ position: i, revision }), false));
      await writeFile(logPath(), Buffer.concat(records));

      expect(await openEmbeddedEventStore(dir).catch((e) => e)).to.be.instanceOf(LogCorruptedError);
    });
  });

  describe('a conflict with an append on its way to the disk', function () {
    it('is reported once the append it lost to can be read, so a retry sees the revision it lost to', async function () {
      const store = await openStore();
      await store.append('s-1', [{ type: 'E0', data: {} }], { expectedRevision: 'no_stream' });
      const winner = store.append('s-1', [{ type: 'E1', data: {} }], { expectedRevision: 0 });
      const loser = store.append('s-1', [{ type: 'E2', data: {} }], { expectedRevision: 0 });
      const atRefusal = await loser.then(
        () => null,
        async (error: unknown) => [error instanceof WrongExpectedRevisionError, (await store.readStream('s-1')).map((event) => event.type)],
      );
      expect(atRefusal).to.deep.equal([true, ['E0', 'E1']]);
      expect((await winner).nextExpectedRevision).to.equal(1);
    });
  });

  describe('a closed store', function () {
    it('refuses every call after close, reads of streams it never held too, and waits for no subscription', async function () {
      const store = await openStore();
      await store.append('s-1', [{ type: 'E1', data: { n: 1 } }]);
      await closeStore(store);
      const calls: [string, () => Promise<unknown>][] = [
        ['append', () => store.append('s-1', [{ type: 'E2', data: {} }])],
        ['readStream', () => store.readStream('s-1')],
        ['readStream of no stream', () => store.readStream('never')],
        ['readAll', () => store.readAll()],
        ['readAt', () => store.readAt([0])],
        ['readAt of nothing', () => store.readAt([])],
        ['storedTexts', () => store.storedTexts!([0])],
        ['storedBytesMayHold', () => store.storedBytesMayHold!(['E1'])],
      ];
      for (const [name, call] of calls) {
        const refused = await call().then(
          () => null,
          (error: unknown) => error,
        );
        expect(refused, name).to.be.instanceOf(EventStoreUnavailableError).and.include({ message: 'event store is closed', reason: 'closed' });
      }
      const delivered: number[] = [];
      const subscription = store.subscribeToAll({}, { onBatch: async (events) => void delivered.push(...events.map((e) => e.position)) });
      await subscription.close();
      expect(delivered).to.deep.equal([]);
      expect(store.refusingAppends!(), 'a closed store is not a refusing one').to.equal(undefined);
    });
  });

  describe('single writer lock', function () {
    it('refuses a second open of the same directory while the first is open', async function () {
      const first = await openStore();
      const error = await openEmbeddedEventStore(dir).catch((e) => e);
      expect(error).to.be.instanceOf(EventStoreLockedError);
      expect(error.message).to.contain(dir);

      await closeStore(first);
      await openStore();
    });

    it('refuses an open from another process while this one holds the lock', async function () {
      await openStore();
      const { stdout } = await runNode(['--import', 'tsx', join(import.meta.dirname, 'fixtures', 'try-open-store.ts'), dir]);
      expect(stdout.trim()).to.equal('EventStoreLockedError');
    });

    it('refuses a lock held by another live process', async function () {
      const other = spawn(process.execPath, ['-e', 'setTimeout(() => {}, 30000)']);
      try {
        await writeFile(join(dir, LOCK_FILE_NAME), `${other.pid}\n`);
        expect(await openEmbeddedEventStore(dir).catch((e) => e)).to.be.instanceOf(EventStoreLockedError);
      } finally {
        other.kill('SIGKILL');
      }
    });

    it('takes over a lock left by a dead process', async function () {
      const { pid } = await runNode(['-e', '']);
      await writeFile(join(dir, LOCK_FILE_NAME), `${pid}\n`);

      const store = await openStore();
      await store.append('s-1', [{ type: 'T', data: {} }]);
      expect((await readFile(join(dir, LOCK_FILE_NAME), 'utf8')).trim()).to.equal(String(process.pid));
    });
  });

  describe('group commit and durability', function () {
    it('acknowledges nothing and shows nothing before fdatasync returns', async function () {
      const disk = new ControllableDisk();
      const store = await openStore({ wrapLogFile: disk.wrap });
      let acknowledged = false;
      const first = store.append('inventory-1', [{ type: 'Reserved', data: {} }]).then((r) => ((acknowledged = true), r));
      await disk.syncStarted();

      expect(await store.readAll()).to.deep.equal([]);
      expect(await store.headPosition()).to.equal(null);
      expect(acknowledged).to.equal(false);
      // Expected revisions are decided against accepted appends, flushed or not.
      const conflict = store.append('inventory-1', [{ type: 'Reserved', data: {} }], { expectedRevision: 'no_stream' }).catch((e) => e);
      const next = store.append('inventory-1', [{ type: 'Reserved', data: {} }], { expectedRevision: 0 });

      disk.releaseSyncs();
      expect((await first).position).to.equal(0);
      expect((await next).nextExpectedRevision).to.equal(1);
      const error = await conflict;
      expect(error).to.be.instanceOf(WrongExpectedRevisionError);
      expect(error.actual).to.equal(0);
      expect((await store.readStream('inventory-1')).map((e) => e.revision)).to.deep.equal([0, 1]);
    });

    it('gathers appends that arrive during a sync into one write and one fdatasync', async function () {
      const disk = new ControllableDisk();
      const store = await openStore({ wrapLogFile: disk.wrap });
      disk.releaseSyncs();
      const results = await Promise.all(Array.from({ length: 256 }, (_, i) => store.append(`writer-${i}`, [{ type: 'T', data: { i } }])));

      expect(new Set(results.map((r) => r.position)).size).to.equal(256);
      expect(disk.syncs).to.be.at.most(3);
      expect(disk.writes).to.equal(disk.syncs);
    });
  });

  describe('when the disk fails', function () {
    for (const failing of ['fdatasync', 'write'] as const) {
      it(`a failed ${failing} rejects the appends, refuses more while the disk fails, never syncs that descriptor again, and resumes by itself`, async function () {
        const disk = new ControllableDisk();
        const store = await openStore({ wrapLogFile: disk.wrap, recoveryBackoff: { initialDelayMs: 5, maxDelayMs: 20 } });
        disk.releaseSyncs();
        await store.append('s-1', [{ type: 'Durable', data: {} }]);
        const seen: RecordedEvent[] = [];
        const subscription = store.subscribeToAll({}, { onBatch: async (events) => void seen.push(...events) });

        disk.failUntilHealed(failing);
        const pending = await Promise.allSettled([store.append('s-1', [{ type: 'Lost', data: {} }]), store.append('s-2', [{ type: 'Lost', data: {} }])]);
        const failedDescriptor = disk.descriptor;
        const syncsOnFailedDescriptor = disk.syncsOn(failedDescriptor);
        await new Promise((resolve) => setTimeout(resolve, 100)); // recovery tries, and fails, a few times
        const later = await store.append('s-3', [{ type: 'Refused', data: {} }]).catch((e) => e);

        const reason = failing === 'write' ? 'disk-full' : 'write-failed';
        for (const outcome of pending) {
          expect(outcome.status).to.equal('rejected');
          expect((outcome as PromiseRejectedResult).reason)
            .to.be.instanceOf(EventStoreUnavailableError)
            .and.include({ reason });
        }
        expect(later).to.be.instanceOf(EventStoreUnavailableError).and.include({ reason });
        expect(store.refusingAppends?.()).to.be.instanceOf(EventStoreUnavailableError);
        expect(disk.descriptor).to.be.above(failedDescriptor + 1, 'each recovery attempt takes a fresh descriptor');

        disk.heal();
        while (store.refusingAppends?.()) await new Promise((resolve) => setTimeout(resolve, 5));
        const after = await store.append('s-1', [{ type: 'AfterRecovery', data: {} }], { expectedRevision: 0 });

        expect(after.position).to.equal(1, 'rejected appends leave no gap in positions');
        expect(disk.syncsOn(failedDescriptor)).to.equal(syncsOnFailedDescriptor);
        expect((await store.readAll()).map((e) => e.type)).to.deep.equal(['Durable', 'AfterRecovery']);
        while (seen.length < 2) await new Promise((resolve) => setTimeout(resolve, 5));
        expect(seen.map((e) => e.type)).to.deep.equal(['Durable', 'AfterRecovery']);
        await subscription.close();

        // The file holds exactly what was acknowledged: no rejected bytes, no probe.
        await closeStore(store);
        const reopened = await openStore();
        expect((await reopened.readAll()).map((e) => e.type)).to.deep.equal(['Durable', 'AfterRecovery']);
        await reopened.append('s-1', [{ type: 'AfterReopen', data: {} }], { expectedRevision: 1 });
      });
    }

    it('recovers nothing a failed write left behind, even if a crash comes before recovery', async function () {
      const disk = new ControllableDisk();
      const store = await openStore({ wrapLogFile: disk.wrap, recoveryBackoff: { initialDelayMs: 60_000 } });
      disk.releaseSyncs();
      await store.append('s-1', [{ type: 'Durable', data: {} }]);
      disk.failUntilHealed('write');
      await store.append('s-1', [{ type: 'Lost', data: { padding: 'x'.repeat(200) } }]).catch(() => undefined);
      await closeStore(store);

      const reopened = await openStore();
      expect((await reopened.readAll()).map((e) => e.type)).to.deep.equal(['Durable']);
    });
  });
});

// ---------------------------------------------------------------------------------------

/** A log file whose fdatasync can be held back or made to fail, and which counts calls. */
class ControllableDisk {
  writes = 0;
  syncs = 0;
  private held = true;
  private release: (() => void)[] = [];
  private failing: 'write' | 'fdatasync' | undefined;
  private failingUntilHealed = false;
  private syncWaiters: (() => void)[] = [];
  /** Which descriptor the store uses now: a reopen takes the next. */
  descriptor = 0;
  private syncsByDescriptor = new Map<number, number>();

  wrap = (file: LogFile): LogFile => ({
    size: () => file.size(),
    read: (...args) => file.read(...args),
    truncate: (length) => file.truncate(length),
    close: () => file.close(),
    reopen: async () => {
      await file.reopen?.();
      this.descriptor++;
    },
    write: async (data, position) => {
      this.writes++;
      if (this.failing === 'write') {
        if (!this.failingUntilHealed) this.failing = undefined;
        await file.write(data.subarray(0, data.length >> 1), position); // a partial write, then the error
        throw Object.assign(new Error('ENOSPC: no space left on device'), { code: 'ENOSPC' });
      }
      return file.write(data, position);
    },
    datasync: async () => {
      this.syncs++;
      this.syncsByDescriptor.set(this.descriptor, this.syncsOn(this.descriptor) + 1);
      for (const wake of this.syncWaiters.splice(0)) wake();
      if (this.held) await new Promise<void>((resolve) => this.release.push(resolve));
      if (this.failing === 'fdatasync') {
        if (!this.failingUntilHealed) this.failing = undefined;
        throw Object.assign(new Error('EIO: i/o error, fdatasync'), { code: 'EIO' });
      }
      return file.datasync();
    },
  });

  syncStarted(): Promise<void> {
    return new Promise((resolve) => this.syncWaiters.push(resolve));
  }

  releaseSyncs(): void {
    this.held = false;
    for (const wake of this.release.splice(0)) wake();
  }

  /** Every write (ENOSPC, after writing half) or fdatasync (EIO) fails until heal(). */
  failUntilHealed(operation: 'write' | 'fdatasync'): void {
    this.failing = operation;
    this.failingUntilHealed = true;
  }

  heal(): void {
    this.failing = undefined;
    this.failingUntilHealed = false;
  }

  syncsOn(descriptor: number): number {
    return this.syncsByDescriptor.get(descriptor) ?? 0;
  }
}

/** End offsets of each record in a log file. */
function recordEnds(bytes: Buffer): number[] {
  const ends: number[] = [];
  for (let offset = 0; offset < bytes.length; offset += 12 + bytes.readUInt32BE(offset + 4)) {
    ends.push(offset + 12 + bytes.readUInt32BE(offset + 4));
  }
  return ends;
}

function recordPayloads(bytes: Buffer): Record<string, unknown>[] {
  return recordPayloadTexts(bytes).map((text) => JSON.parse(text));
}

function recordPayloadTexts(bytes: Buffer): string[] {
  let start = 0;
  return recordEnds(bytes).map((end) => {
    const text = bytes.subarray(start + 12, end).toString('utf8');
    start = end;
    return text;
  });
}

async function flipByte(path: string, offset: number): Promise<void> {
  const bytes = await readFile(path);
  bytes[offset] ^= 0xff;
  await writeFile(path, bytes);
}

/** Random bytes that do not start with the record magic. */
function garbage(length: number): Buffer {
  const bytes = randomBytes(length);
  bytes[0] = 0x00;
  return bytes;
}

function recorded(fields: { position: number; revision: number }): RecordedEvent {
  return {
    id: '00000000-0000-4000-8000-000000000000',
    streamId: 's-1',
    type: 'T',
    data: {},
    metadata: {},
    recordedAt: new Date(0).toISOString(),
    ...fields,
  };
}

function runNode(args: string[]): Promise<{ pid: number; stdout: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { stdio: ['ignore', 'pipe', 'inherit'] });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('error', reject);
    child.on('exit', () => resolve({ pid: child.pid!, stdout }));
  });
}
