/**
 * Recovery of crafted logs: what the embedded log accepts at open, cuts as a torn tail, or
 * refuses as corruption. Each log is written byte by byte here (no index file beside it, so
 * the whole log is verified), including logs larger than the 8 MiB read chunk.
 */
import { expect } from 'chai';
import { mkdtemp, readFile, rm, stat, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import { LogCorruptedError, LogDamagedError } from '../src/errors.ts';
import { checkEmbeddedLog, openEmbeddedEventStore } from '../src/index.ts';
import { damageMessage, recoverLog, verifyLastRecord, type RecoveredRecord } from '../src/embedded/log-recovery.ts';
import { LogIndex } from '../src/embedded/log-index.ts';
import type { LogFile } from '../src/embedded/log-file.ts';
import { LOG_FILE_NAME } from '../src/embedded/embedded-event-store.ts';
import {
  CONTINUED_MAGIC,
  HEADER_BYTES,
  MAX_PAYLOAD_BYTES,
  RECORD_MAGIC,
  canonicalText,
  decodePayload,
  encodeRecord,
  formerPayloadText,
  isCanonicalPayload,
  isRecordMagic,
} from '../src/embedded/record-codec.ts';
import type { EventStore, RecordedEvent } from '../src/port.ts';

const MiB = 1024 * 1024;
const CHUNK_BYTES = 8 * MiB;

describe('embedded event log: recovery of crafted logs', function () {
  let dir: string;
  let warnings: string[];
  const open: EventStore[] = [];

  beforeEach(async function () {
    dir = await mkdtemp(join(tmpdir(), 'stays-log-recovery-'));
    warnings = [];
  });

  afterEach(async function () {
    await Promise.all(open.splice(0).map((store) => store.close().catch(() => undefined)));
    await rm(dir, { recursive: true, force: true });
  });

  const logPath = () => join(dir, LOG_FILE_NAME);

  async function openWith(bytes: Buffer): Promise<EventStore> {
    await writeFile(logPath(), bytes);
    const store = await openEmbeddedEventStore(dir, { logger: { warn: (message) => warnings.push(message) } });
    open.push(store);
    return store;
  }

  async function refusal(bytes: Buffer): Promise<LogCorruptedError> {
    await writeFile(logPath(), bytes);
    const error = await openEmbeddedEventStore(dir, { logger: { warn: (message) => warnings.push(message) } }).catch((e: unknown) => e);
    expect(error).to.be.instanceOf(LogCorruptedError);
    expect(await readFile(logPath()), 'a refused log is left as it was').to.deep.equal(bytes);
    expect(warnings).to.deep.equal([]);
    return error as LogCorruptedError;
  }

  describe('positions and appends', function () {
    it('refuses a position that repeats, naming the record and the position it expected', async function () {
      const first = encodeRecord(event({ position: 0, revision: 0 }), false);
      const error = await refusal(Buffer.concat([first, encodeRecord(event({ position: 0, revision: 1 }), false)]));
      expect(error.message).to.equal(`record at byte ${first.length} has position 0, expected 1`);
    });

    it('refuses a position that skips, and a first record that does not start at 0', async function () {
      const first = encodeRecord(event({ position: 0, revision: 0 }), false);
      expect((await refusal(Buffer.concat([first, encodeRecord(event({ position: 2, revision: 1 }), false)]))).message).to.equal(
        `record at byte ${first.length} has position 2, expected 1`,
      );
      expect((await refusal(encodeRecord(event({ position: 1, revision: 0 }), false))).message).to.equal('record at byte 0 has position 1, expected 0');
    });

    it('refuses positions out of order inside one append', async function () {
      const first = encodeRecord(event({ position: 1, revision: 0 }), true);
      const error = await refusal(Buffer.concat([first, encodeRecord(event({ position: 0, revision: 1 }), false)]));
      expect(error.message).to.equal('record at byte 0 has position 1, expected 0');
    });

    it('refuses a continuation record that switches stream', async function () {
      const first = encodeRecord(event({ position: 0, revision: 0 }), true);
      const error = await refusal(Buffer.concat([first, encodeRecord(event({ position: 1, revision: 1, streamId: 's-2' }), false)]));
      expect(error.message).to.equal(`record at byte ${first.length} does not continue the append of s-1@0`);
    });

    it('refuses a continuation record that skips or repeats a revision', async function () {
      const first = encodeRecord(event({ position: 0, revision: 4 }), true);
      for (const revision of [6, 4, 3]) {
        const error = await refusal(Buffer.concat([first, encodeRecord(event({ position: 1, revision }), false)]));
        expect(error.message).to.equal(`record at byte ${first.length} does not continue the append of s-1@4`);
      }
    });

    it('opens an append of consecutive revisions of one stream, and the next append of any stream after it', async function () {
      const store = await openWith(
        Buffer.concat([
          encodeRecord(event({ position: 0, revision: 0 }), true),
          encodeRecord(event({ position: 1, revision: 1 }), true),
          encodeRecord(event({ position: 2, revision: 2 }), false),
          encodeRecord(event({ position: 3, revision: 0, streamId: 's-2' }), false),
        ]),
      );
      expect((await store.readAll()).map((e) => `${e.streamId}@${e.revision}`)).to.deep.equal(['s-1@0', 's-1@1', 's-1@2', 's-2@0']);
      expect(warnings).to.deep.equal([]);
    });
  });

  describe('records whose checksum matches but which are not recorded events', function () {
    const good = event({ position: 0, revision: 0 });
    const notEvents: [string, string][] = [
      ['text that is not JSON', '{"data":'],
      ['null', 'null'],
      ['a number', '42'],
      ['a fractional position', JSON.stringify({ ...good, position: 0.5 })],
      ['a position given as text', JSON.stringify({ ...good, position: '0' })],
      ['no revision', JSON.stringify({ ...good, revision: undefined })],
      ['a numeric stream name', JSON.stringify({ ...good, streamId: 1 })],
      ['no id', JSON.stringify({ ...good, id: undefined })],
      ['a type that is not text', JSON.stringify({ ...good, type: ['T'] })],
      ['a recordedAt that is not text', JSON.stringify({ ...good, recordedAt: 0 })],
      ['data that is text', JSON.stringify({ ...good, data: 'x' })],
      ['null data', JSON.stringify({ ...good, data: null })],
      ['metadata that is a number', JSON.stringify({ ...good, metadata: 1 })],
      ['null metadata', JSON.stringify({ ...good, metadata: null })],
      ['a long payload, quoted to its first 200 characters', JSON.stringify({ ...good, position: -0.5, data: { fill: 'x'.repeat(300) } })],
    ];
    for (const [what, payload] of notEvents) {
      it(`refuses ${what}, even as the last record`, async function () {
        const error = await refusal(framed(payload));
        expect(error.message).to.match(/^record payload is (not valid JSON|not a recorded event)/);
        if (what !== 'text that is not JSON') expect(error.message).to.equal(`record payload is not a recorded event: ${payload.slice(0, 200)}`);
      });
    }

    it('accepts the former payload format (JSON.stringify in field order) beside the canonical one', async function () {
      const former = event({ position: 1, revision: 1 });
      const store = await openWith(Buffer.concat([encodeRecord(good, false), framed(JSON.stringify(former))]));
      expect(await store.readAll()).to.deep.equal([good, former]);
    });

    it('hands the stored bytes of a canonical record as its text, none for a former one, and checks them as a read does', async function () {
      const canonical = encodeRecord(good, false);
      const store = await openWith(Buffer.concat([canonical, framed(JSON.stringify(event({ position: 1, revision: 1 })))]));
      const texts = await store.storedTexts!([1, 0, 0]);
      expect(texts.map((text) => text?.toString('utf8'))).to.deep.equal([
        undefined,
        canonical.subarray(HEADER_BYTES).toString('utf8'),
        canonical.subarray(HEADER_BYTES).toString('utf8'),
      ]);
      expect(JSON.parse(texts[1]!.toString('utf8'))).to.deep.equal(good);
      for (const outside of [[2], [-1], [0.5], [0, 2]]) {
        const error = await store.storedTexts!(outside).catch((e: unknown) => e);
        expect(error, String(outside)).to.be.instanceOf(RangeError);
      }
      const bytes = await readFile(logPath());
      bytes[HEADER_BYTES + 3] ^= 0x01; // a bit of the first record's payload flips on the disk
      await writeFile(logPath(), bytes);
      const damage = await store.storedTexts!([0]).catch((e: unknown) => e);
      expect(damage).to.be.instanceOf(LogCorruptedError);
      expect((damage as Error).message).to.equal('event log damaged at byte 0: the record of position 0 fails its header or checksum');
    });
  });

  describe('torn tails and look-alike headers', function () {
    const first = encodeRecord(event({ position: 0, revision: 0 }), false);

    /** Opens the log `first` + `tail`: the tail is cut, reported, and the first event kept. */
    async function expectCut(tail: Buffer): Promise<void> {
      const store = await openWith(Buffer.concat([first, tail]));
      expect((await store.readAll()).map((e) => e.position)).to.deep.equal([0]);
      expect((await stat(logPath())).size).to.equal(first.length);
      expect(warnings).to.deep.equal([
        `event log: cut a torn tail of ${tail.length} bytes at byte ${first.length} (an unacknowledged write interrupted by a crash); 1 events kept`,
      ]);
    }

    it('cuts a header that claims more than the largest payload, even when as many bytes follow', async function () {
      await expectCut(header(RECORD_MAGIC, MAX_PAYLOAD_BYTES + 1, 0));
    });

    it('cuts a header whose length runs past the end of the file', async function () {
      const payload = Buffer.from('{"data":{}}');
      await expectCut(Buffer.concat([header(RECORD_MAGIC, payload.length + 5, crc32(payload)), payload]));
    });

    it('cuts a look-alike header ("STY" then another byte)', async function () {
      await expectCut(Buffer.concat([header(RECORD_MAGIC + 1, 2, crc32(Buffer.from('{}'))), Buffer.from('{}')]));
    });

    it('cuts a continued record with no last record', async function () {
      await expectCut(encodeRecord(event({ position: 1, revision: 1 }), true));
    });

    it('cuts damage followed by look-alike headers that are not valid records', async function () {
      const lookAlikes = Buffer.concat([
        Buffer.from('garbage'),
        header(RECORD_MAGIC, 4, 1234), // wrong checksum
        Buffer.from('{}{}'),
        header(CONTINUED_MAGIC, MAX_PAYLOAD_BYTES + 1, 0), // implausible length
        Buffer.from('STY'), // a stem at the very end
      ]);
      await expectCut(lookAlikes);
    });

    it('refuses damage followed by a valid empty record that ends the file', async function () {
      const error = await refusal(Buffer.concat([first, Buffer.from('x'), header(RECORD_MAGIC, 0, crc32(Buffer.alloc(0)))]));
      expect(error.message).to.contain(`but a valid record follows at byte ${first.length + 1}`);
    });

    it('cuts damage followed by a checksummed record under a look-alike magic', async function () {
      const payload = Buffer.from(JSON.stringify(event({ position: 1, revision: 1 })));
      await expectCut(Buffer.concat([Buffer.from('x'), header(RECORD_MAGIC + 1, payload.length, crc32(payload)), payload]));
    });

    it('refuses damage followed by a valid record of either magic', async function () {
      for (const magic of [RECORD_MAGIC, CONTINUED_MAGIC]) {
        const valid = framed(JSON.stringify(event({ position: 1, revision: 1 })), magic);
        const error = await refusal(Buffer.concat([first, Buffer.from('xSTY'), valid]));
        expect(error.message).to.equal(
          `event log damaged at byte ${first.length} (bad magic) but a valid record follows at byte ${first.length + 4}: ` +
            'this is not a torn tail; refusing to open rather than drop events',
        );
      }
    });
  });

  describe('witnesses of acknowledged events', function () {
    const intact = [0, 1].map((position) => encodeRecord(event({ position, revision: position }), false));
    const witnesses = [
      { events: 3, by: 'a smaller witness' },
      { events: 4, by: 'the largest witness' },
      { events: 2, by: 'a witness of fewer' },
    ];

    it('refuses a torn tail when the largest witness saw more events than are intact, naming what tore it', async function () {
      for (const [tail, damage] of [
        [Buffer.from('garbage, and more of it'), 'bad magic'],
        [Buffer.from('STY1'), 'incomplete header'],
        [header(RECORD_MAGIC, 100, 0), 'incomplete payload'],
        [Buffer.concat([header(RECORD_MAGIC, 2, 0), Buffer.from('{}')]), 'checksum mismatch'],
        [header(RECORD_MAGIC, MAX_PAYLOAD_BYTES + 1, 0), `implausible length ${MAX_PAYLOAD_BYTES + 1}`],
        [header(RECORD_MAGIC, MAX_PAYLOAD_BYTES, 0), 'incomplete payload'],
        [encodeRecord(event({ position: 2, revision: 2 }), true), 'an incomplete append'],
      ] as const) {
        await writeFile(logPath(), Buffer.concat([...intact, tail]));
        const error = await checkEmbeddedLog(dir, witnesses).catch((e: unknown) => e);
        expect(error, damage).to.be.instanceOf(LogDamagedError).and.include({ intactEvents: 2, acknowledgedEvents: 4 });
        expect((error as Error).message).to.equal(damageMessage(witnesses[1]!, 2, intact[0]!.length + intact[1]!.length, damage, dir));
      }
    });

    it('names the first of two witnesses that saw as many events', async function () {
      await writeFile(logPath(), Buffer.concat([...intact, Buffer.from('garbage')]));
      const error = await checkEmbeddedLog(dir, [
        { events: 3, by: 'the first witness' },
        { events: 3, by: 'the second witness' },
      ]).catch((e: unknown) => e);
      expect((error as Error).message).to.match(/^event log damaged: the first witness shows 3 events/);
    });

    it('cuts a torn tail as usual when no witness saw more events than are intact', async function () {
      await writeFile(logPath(), Buffer.concat([...intact, Buffer.from('garbage')]));
      expect(await checkEmbeddedLog(dir, [{ events: 2, by: 'a witness' }])).to.deep.equal({
        intactEvents: 2,
        intactLength: intact[0]!.length + intact[1]!.length,
        tornBytes: 7,
      });
    });

    it('opens a log that ends cleanly, even shorter than a witness says (the notary and verify-log name where it differs)', async function () {
      await writeFile(logPath(), Buffer.concat(intact));
      expect(await checkEmbeddedLog(dir, witnesses)).to.deep.equal({ intactEvents: 2, intactLength: intact[0]!.length + intact[1]!.length, tornBytes: 0 });
    });

    it('tells the operator how many events are lost, where, and what to do', function () {
      expect(damageMessage({ events: 5, by: 'the index file' }, 4, 100, 'checksum mismatch', '/data/log')).to.equal(
        'event log damaged: the index file shows 5 events acknowledged, but only the first 4 are intact (byte 100 on: checksum mismatch). ' +
          'A crash never cuts acknowledged events, so this is damage to the stored file, not an interrupted write; nothing was cut. ' +
          'Either restore /data/log from a backup, or cut the 1 damaged event with `npm run repair-log -- --truncate-to 4` ' +
          '(they are lost; the cut bytes are kept beside the log). ' +
          'If only events.log was just restored from a backup, remove the newer events.index beside it instead. ' +
          'See docs/operations.md, "A damaged record".',
      );
      expect(damageMessage({ events: 7, by: "the notary's leaf archive" }, 4, 100, 'bad magic')).to.equal(
        "event log damaged: the notary's leaf archive shows 7 events acknowledged, but only the first 4 are intact (byte 100 on: bad magic). " +
          'A crash never cuts acknowledged events, so this is damage to the stored file, not an interrupted write; nothing was cut. ' +
          'Either restore the log folder from a backup, or cut the 3 damaged events with `npm run repair-log -- --truncate-to 4` ' +
          '(they are lost; the cut bytes are kept beside the log). ' +
          'See docs/operations.md, "A damaged record".',
      );
    });
  });

  describe('a file that returns short reads', function () {
    it('recovers the same events through reads of at most 1,000 bytes, across the read chunk', async function () {
      this.timeout(60_000);
      const records = Array.from({ length: 4 }, (_, position) =>
        encodeRecord(event({ position, revision: position, data: { fill: 'z'.repeat(3 * MiB) } }), position % 2 === 0),
      );
      const bytes = Buffer.concat([...records, Buffer.from('torn')]);
      const appends: number[][] = [];
      const result = await recoverLog(
        shortReads(bytes),
        (append: RecoveredRecord[]) => appends.push(append.map((record) => record.event.position)),
        {
          warn: () => undefined,
        },
        { dryRun: true },
      );
      expect(appends).to.deep.equal([
        [0, 1],
        [2, 3],
      ]);
      expect(result).to.deep.equal({ validLength: bytes.length - 4, eventCount: 4, cutBytes: 4 });
    });

    it('finds a valid record after damage through short reads', async function () {
      const first = encodeRecord(event({ position: 0, revision: 0 }), false);
      const valid = encodeRecord(event({ position: 1, revision: 1 }), false);
      const error = await recoverLog(shortReads(Buffer.concat([first, Buffer.alloc(5000, 0x53), valid])), () => undefined, { warn: () => undefined }).catch(
        (e: unknown) => e,
      );
      expect((error as Error).message).to.contain(`but a valid record follows at byte ${first.length + 5000}`);
    });
  });

  describe('the check of the last acknowledged record (after a failed write, before appending again)', function () {
    const records = [0, 1, 2].map((position) => encodeRecord(event({ position, revision: position }), false));
    const indexOf = (count: number) => {
      const index = new LogIndex();
      for (const [position, record] of records.slice(0, count).entries()) index.add('s-1', position, position, record.length);
      return index;
    };
    const end = (count: number) => records.slice(0, count).reduce((sum, record) => sum + record.length, 0);

    it('passes a log that ends with the intact last record the index knows of, and an empty one', async function () {
      await verifyLastRecord(shortReads(Buffer.concat(records)), indexOf(3), end(3));
      await verifyLastRecord(shortReads(Buffer.alloc(0)), indexOf(0), 0);
    });

    it('refuses a log of another length than the index ends at', async function () {
      const error = await verifyLastRecord(shortReads(Buffer.concat(records)), indexOf(2), end(2)).catch((e: unknown) => e);
      expect(error).to.be.instanceOf(LogCorruptedError);
      expect((error as Error).message).to.equal(`event log is ${end(3)} bytes long, expected ${end(2)}`);
      expect(await verifyLastRecord(shortReads(Buffer.alloc(10)), indexOf(0), 0).catch((e: unknown) => e)).to.be.instanceOf(LogCorruptedError);
    });

    it('refuses a last record that does not read back intact, or does not end where the log ends', async function () {
      const damaged = Buffer.concat(records);
      damaged[damaged.length - 2] ^= 0xff;
      const longer = Buffer.concat([...records.slice(0, 2), header(RECORD_MAGIC, records[2]!.length, 0)]);
      for (const bytes of [damaged, longer]) {
        const error = await verifyLastRecord(shortReads(bytes), indexOf(3), bytes.length).catch((e: unknown) => e);
        expect(error).to.be.instanceOf(LogCorruptedError);
        expect((error as Error).message).to.equal(`event log: the last acknowledged record (byte ${end(2)}) does not read back intact`);
      }
      // intact, but its header claims a shorter payload than the record the index knows of (the log ends past it)
      const short = framed('{}');
      const log = Buffer.concat([...records.slice(0, 2), short, Buffer.alloc(records[2]!.length - short.length)]);
      expect(await verifyLastRecord(shortReads(log), indexOf(3), log.length).catch((e: unknown) => e)).to.be.instanceOf(LogCorruptedError);
    });
  });

  describe('logs larger than the read chunk', function () {
    this.timeout(60_000);

    /** Single-event appends of about `size` bytes each, positions from 0. */
    function bigRecords(count: number, size: number): Buffer[] {
      return Array.from({ length: count }, (_, position) => encodeRecord(event({ position, revision: position, data: { fill: 'x'.repeat(size) } }), false));
    }

    it('reads every event of a log three chunks long, with records across the chunk edges and one larger than a chunk', async function () {
      const records = [...bigRecords(5, 3 * MiB), ...bigRecords(1, CHUNK_BYTES + MiB).map(() => encodeRecord(huge(5), false))];
      records.push(encodeRecord(event({ position: 6, revision: 6 }), false));
      const store = await openWith(Buffer.concat(records));
      expect((await store.readAll()).map((e) => e.position)).to.deep.equal([0, 1, 2, 3, 4, 5, 6]);
      expect(warnings).to.deep.equal([]);
    });

    it('refuses damage in the first chunk followed by a valid record two chunks later', async function () {
      const records = bigRecords(4, 5 * MiB);
      const damagedAt = records[0]!.length;
      records[1]![0] = 0; // the second record's magic
      const error = await refusal(Buffer.concat(records));
      expect(error.message).to.contain(
        `event log damaged at byte ${damagedAt} (bad magic) but a valid record follows at byte ${damagedAt + records[1]!.length}`,
      );
    });

    it('finds a valid record whose header straddles the edge of a scanning chunk', async function () {
      const first = encodeRecord(event({ position: 0, revision: 0 }), false);
      // The scan for a valid record starts one byte after the damage and reads 8 MiB at a time.
      const scanFrom = first.length + 1;
      for (const intoHeader of [1, 2, 3]) {
        const filler = Buffer.alloc(CHUNK_BYTES - intoHeader - 1, 0x20);
        const valid = encodeRecord(event({ position: 1, revision: 1 }), false);
        const error = await refusal(Buffer.concat([first, Buffer.from('#'), filler, valid]));
        expect(error.message).to.contain(`but a valid record follows at byte ${scanFrom + filler.length}`);
      }
    });

    it('cuts a torn tail that starts past the first chunk', async function () {
      const records = bigRecords(3, 4 * MiB);
      const torn = records[2]!.subarray(0, records[2]!.length - 10);
      const store = await openWith(Buffer.concat([records[0]!, records[1]!, torn]));
      expect((await store.readAll()).map((e) => e.position)).to.deep.equal([0, 1]);
      expect(warnings).to.have.length(1);
      expect(warnings[0]).to.contain(`cut a torn tail of ${torn.length} bytes at byte ${records[0]!.length + records[1]!.length}`);
    });
  });
});

describe('embedded event log: the record codec', function () {
  it('keeps its magics "STY1" and "STY+" and its 12-byte header: they are on every disk already', function () {
    expect(Buffer.from('STY1').readUInt32BE(0)).to.equal(RECORD_MAGIC);
    expect(Buffer.from('STY+').readUInt32BE(0)).to.equal(CONTINUED_MAGIC);
    expect([RECORD_MAGIC, CONTINUED_MAGIC, RECORD_MAGIC + 1, 0].map(isRecordMagic)).to.deep.equal([true, true, false, false]);
    const bytes = encodeRecord(event({ position: 0, revision: 0 }), true);
    expect(bytes.readUInt32BE(0)).to.equal(CONTINUED_MAGIC);
    expect(bytes.readUInt32BE(4)).to.equal(bytes.length - HEADER_BYTES);
    expect(bytes.readUInt32BE(8)).to.equal(crc32(bytes.subarray(HEADER_BYTES)));
  });

  it('refuses at append an event larger than the largest payload, naming it', function () {
    this.timeout(30_000);
    const big = { ...event({ position: 0, revision: 0 }), streamId: 'big-1', data: { fill: 'x'.repeat(MAX_PAYLOAD_BYTES) } };
    const error = thrown(() => encodeRecord(big, false));
    expect(error).to.be.instanceOf(RangeError);
    expect(error.message).to.match(/^event 00000000-0000-4000-8000-000000000000 in big-1 is \d+ bytes; the limit is 67108864$/);
  });

  it('stores an event of exactly the largest payload', function () {
    this.timeout(30_000);
    const shell = canonicalText({ ...event({ position: 0, revision: 0 }), data: { fill: '' } });
    const exact = { ...event({ position: 0, revision: 0 }), data: { fill: 'x'.repeat(MAX_PAYLOAD_BYTES - Buffer.byteLength(shell)) } };
    expect(encodeRecord(exact, false).readUInt32BE(4)).to.equal(MAX_PAYLOAD_BYTES);
  });

  it('says why an event cannot be stored: no JSON event, or no RFC 8785 form', function () {
    const base = event({ position: 0, revision: 0 });
    const notJson = thrown(() => canonicalText({ ...base, data: { toJSON: () => 'text' } as never }));
    expect(notJson).to.be.instanceOf(TypeError);
    expect(notJson.message).to.equal('event T in s-1 does not serialise to a JSON event');
    for (const data of [{ name: '\ud800' }, { at: new Date(0), name: '\ud800' }]) {
      const noForm = thrown(() => canonicalText({ ...base, data }));
      expect(noForm).to.be.instanceOf(TypeError);
      expect(noForm.message).to.equal('event T in s-1 has no RFC 8785 form, so it cannot be stored: Lone surrogate is not allowed');
    }
  });

  it('tells the canonical payload from the former one by its first member', function () {
    const recorded = event({ position: 0, revision: 0 });
    expect(isCanonicalPayload(Buffer.from(canonicalText(recorded)))).to.equal(true);
    expect(isCanonicalPayload(Buffer.from(formerPayloadText(recorded)))).to.equal(false);
    expect(isCanonicalPayload(Buffer.from('{"data"'))).to.equal(false);
    expect(isCanonicalPayload(Buffer.from('{"data":'))).to.equal(true);
    expect(formerPayloadText(recorded)).to.equal(
      '{"id":"00000000-0000-4000-8000-000000000000","streamId":"s-1","type":"T","revision":0,"position":0,"data":{},"metadata":{},"recordedAt":"1970-01-01T00:00:00.000Z"}',
    );
  });

  it('decodes a payload into a frozen event', function () {
    const decoded = decodePayload(canonicalText(event({ position: 0, revision: 0, data: { rooms: [{ nights: 2 }] } })));
    expect([decoded, decoded.data, (decoded.data.rooms as object[])[0]].map(Object.isFrozen)).to.deep.equal([true, true, true]);
    const error = thrown(() => decodePayload('{'));
    expect(error).to.be.instanceOf(LogCorruptedError);
    expect(error.message).to.match(/^record payload is not valid JSON: /);
  });
});

function event(fields: { position: number; revision: number; streamId?: string; data?: Record<string, unknown> }): RecordedEvent {
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

/** One event at `position` larger than the 8 MiB read chunk. */
function huge(position: number): RecordedEvent {
  return event({ position, revision: position, data: { fill: 'y'.repeat(CHUNK_BYTES + MiB) } });
}

/**
 * What `action` threw. chai's `.to.throw(Type, message)` passes when `undefined` is thrown,
 * which is exactly what a mutant that empties an error factory does.
 */
function thrown(action: () => unknown): Error {
  try {
    action();
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected an error');
}

/** The log in memory, read back at most 1,000 bytes at a time, as a file may answer. */
function shortReads(bytes: Buffer): LogFile {
  const refuse = () => Promise.reject(new Error('read-only'));
  return {
    size: async () => bytes.length,
    read: async (buffer, offset, length, position) => bytes.copy(buffer, offset, position, Math.min(position + Math.min(length, 1000), bytes.length)),
    write: refuse,
    datasync: refuse,
    truncate: refuse,
    close: async () => undefined,
  };
}

function header(magic: number, length: number, checksum: number): Buffer {
  const bytes = Buffer.alloc(HEADER_BYTES);
  bytes.writeUInt32BE(magic, 0);
  bytes.writeUInt32BE(length, 4);
  bytes.writeUInt32BE(checksum, 8);
  return bytes;
}

/** A record of any payload, with a checksum that matches it. */
function framed(payload: string, magic = RECORD_MAGIC): Buffer {
  const bytes = Buffer.from(payload, 'utf8');
  return Buffer.concat([header(magic, bytes.length, crc32(bytes)), bytes]);
}
