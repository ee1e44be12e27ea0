/**
 * Reads durable events back from the log file by position, with the offsets the index
 * keeps: records near each other on disk are fetched with one positioned read (a range of
 * `$all` in a few large reads, a stream's neighbouring records together), and each record
 * is checked (magic, length, CRC, position) before it is decoded. The page cache is the
 * cache: a record read recently costs a copy, not a disk seek.
 *
 * Every call decodes afresh, so no two callers share an event object; events are still
 * frozen, as history is final.
 */
import { crc32 } from 'node:zlib';
import { LogCorruptedError } from '../errors.ts';
import type { RecordedEvent } from '../port.ts';
import type { LogFile } from './log-file.ts';
import type { LogIndex } from './log-index.ts';
import { HEADER_BYTES, decodePayload, isCanonicalPayload, isRecordMagic } from './record-codec.ts';

/** Largest single read: large enough that a replay costs few syscalls, small enough to stay a transient buffer. */
const RUN_BYTES = 4 * 1024 * 1024;
/** Records at most this far apart are read together: reading the bytes between costs less than another syscall. */
const GAP_BYTES = 16 * 1024;

interface Run {
  readonly start: number;
  end: number;
  /** Indexes into the request, in file order. */
  readonly members: number[];
}

/**
 * The events at `positions` (each below the index's count), in the order given.
 * `positions` must be durable: their offsets are read synchronously, the bytes later.
 */
export async function readRecords(file: LogFile, index: LogIndex, positions: readonly number[]): Promise<RecordedEvent[]> {
  const starts = positions.map((position) => index.offsetOf(position));
  const ends = positions.map((position) => index.endOf(position));
  const runs = groupIntoRuns(starts, ends);
  const events: RecordedEvent[] = new Array(positions.length);
  // One read ahead: the next run is on its way while this one is decoded.
  let next = runs.length > 0 ? readRun(file, runs[0]!) : undefined;
  for (let r = 0; r < runs.length; r++) {
    const bytes = await next!;
    next = r + 1 < runs.length ? readRun(file, runs[r + 1]!) : undefined;
    const run = runs[r]!;
    for (const member of run.members) {
      events[member] = decodeRecord(bytes, starts[member]! - run.start, ends[member]! - starts[member]!, positions[member]!, starts[member]!);
    }
  }
  return events;
}

/**
 * The stored bytes of the records at `positions` (durable ones), in the order given: the
 * UTF-8 of each one's RFC 8785 text, or undefined for a record in the former format (whose
 * bytes are not that text). Each record is checked as readRecords checks it. The texts are
 * views of the runs read, which they keep alive while held.
 */
export async function readStoredTexts(file: LogFile, index: LogIndex, positions: readonly number[]): Promise<(Buffer | undefined)[]> {
  const starts = positions.map((position) => index.offsetOf(position));
  const ends = positions.map((position) => index.endOf(position));
  const texts: (Buffer | undefined)[] = new Array(positions.length);
  for (const run of groupIntoRuns(starts, ends)) {
    const bytes = await readRun(file, run);
    for (const member of run.members) {
      const payload = checkedPayload(bytes, starts[member]! - run.start, ends[member]! - starts[member]!, positions[member]!, starts[member]!);
      texts[member] = isCanonicalPayload(payload) ? payload : undefined;
    }
  }
  return texts;
}

function groupIntoRuns(starts: readonly number[], ends: readonly number[]): Run[] {
  let order = starts.map((_, i) => i);
  if (!isAscending(starts)) order = order.sort((a, b) => starts[a]! - starts[b]!);
  const runs: Run[] = [];
  let current: Run | undefined;
  for (const i of order) {
    const start = starts[i]!;
    const end = ends[i]!;
    if (current && start - current.end <= GAP_BYTES && Math.max(current.end, end) - current.start <= RUN_BYTES) {
      current.end = Math.max(current.end, end);
      current.members.push(i);
    } else {
      current = { start, end, members: [i] };
      runs.push(current);
    }
  }
  return runs;
}

function isAscending(values: readonly number[]): boolean {
  for (let i = 1; i < values.length; i++) if (values[i]! < values[i - 1]!) return false;
  return true;
}

async function readRun(file: LogFile, run: Run): Promise<Buffer> {
  const length = run.end - run.start;
  const buffer = Buffer.allocUnsafe(length);
  let total = 0;
  while (total < length) {
    const read = await file.read(buffer, total, length - total, run.start + total);
    if (read === 0) throw new LogCorruptedError(`event log ends at byte ${run.start + total}, before the indexed record that ends at byte ${run.end}`);
    total += read;
  }
  return buffer;
}

function decodeRecord(bytes: Buffer, at: number, recordBytes: number, position: number, fileOffset: number): RecordedEvent {
  const payload = checkedPayload(bytes, at, recordBytes, position, fileOffset);
  const event = decodePayload(payload.toString('utf8'));
  if (event.position !== position) {
    throw new LogCorruptedError(`record at byte ${fileOffset} holds position ${event.position}, expected ${position}`);
  }
  return event;
}

/** The record's payload, once its header (magic, length) and checksum are found right. */
function checkedPayload(bytes: Buffer, at: number, recordBytes: number, position: number, fileOffset: number): Buffer {
  const payload = bytes.subarray(at + HEADER_BYTES, at + recordBytes);
  if (!isRecordMagic(bytes.readUInt32BE(at)) || bytes.readUInt32BE(at + 4) !== recordBytes - HEADER_BYTES || crc32(payload) !== bytes.readUInt32BE(at + 8)) {
    throw new LogCorruptedError(`event log damaged at byte ${fileOffset}: the record of position ${position} fails its header or checksum`);
  }
  return payload;
}
