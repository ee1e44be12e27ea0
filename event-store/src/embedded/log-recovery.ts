/**
 * Reads and verifies a log at open (the whole of it, or what follows the prefix a
 * persisted index covers), handing each complete append to the caller, and repairs a
 * torn tail.
 *
 * A torn tail is what a crash or power loss leaves at the end of the file while a write
 * was in flight: an incomplete record, a record whose checksum fails, zeros or garbage,
 * or the first records of a multi-event append without its last one. None of it was
 * ever acknowledged (acknowledgement waits for fdatasync), so it is cut off.
 *
 * Damage followed by a valid record is something else (a bad sector, a stray write, a
 * bug): cutting there would silently drop acknowledged events, so recovery refuses
 * with LogCorruptedError and leaves the file untouched for a human to look at.
 *
 * So is a tail that looks torn but whose cut would take events that were acknowledged: a
 * crash never loses bytes fdatasync made durable, so when the log holds fewer intact
 * events than a witness saw acknowledged (the index file, the notary's leaf archive), the
 * tail was damaged while it lay on disk. Recovery refuses with LogDamagedError, cuts
 * nothing, and says what to do (docs/operations.md).
 */
import { crc32 } from 'node:zlib';
import { LogCorruptedError, LogDamagedError } from '../errors.ts';
import type { RecordedEvent } from '../port.ts';
import type { LogFile } from './log-file.ts';
import type { LogIndex } from './log-index.ts';
import { CONTINUED_MAGIC, HEADER_BYTES, MAX_PAYLOAD_BYTES, RECORD_MAGIC, decodePayload, isRecordMagic, readHeader } from './record-codec.ts';

export interface RecoveryResult {
  /** Length of the verified log; the next write goes here. */
  readonly validLength: number;
  /** Number of events recovered (the next position). */
  readonly eventCount: number;
  /** Bytes cut from a torn tail (0 when the log ended cleanly). */
  readonly cutBytes: number;
}

export interface RecoveryLogger {
  warn(message: string): void;
  /** Notes that are not problems (e.g. an index file that was ignored, so the whole log is read). */
  info?(message: string): void;
}

/** A verified record: the event and the bytes its record takes in the file. */
export interface RecoveredRecord {
  readonly event: RecordedEvent;
  readonly recordBytes: number;
}

/** Where verification starts: after a prefix already known to be complete appends (a persisted index's), or at the start. */
export interface VerifiedPrefix {
  readonly length: number;
  readonly eventCount: number;
}

/** A witness to how many events the log had acknowledged: the log must hold at least that many. */
export interface AcknowledgedEvents {
  readonly events: number;
  /** Who says so, for the message: "the index file", "the notary's leaf archive". */
  readonly by: string;
}

export interface RecoveryOptions {
  readonly from?: VerifiedPrefix;
  /** Witnesses of acknowledged events; the largest count counts. */
  readonly acknowledged?: readonly AcknowledgedEvents[];
  /** Report only: cut nothing (verify-log, repair-log's check). */
  readonly dryRun?: boolean;
  /** The log's folder, named in the damage message. */
  readonly dir?: string;
}

const CHUNK_BYTES = 8 * 1024 * 1024;

export async function recoverLog(
  file: LogFile,
  onAppend: (records: RecoveredRecord[]) => void,
  logger: RecoveryLogger,
  options: RecoveryOptions = {},
): Promise<RecoveryResult> {
  const from = options.from ?? { length: 0, eventCount: 0 };
  const fileSize = await file.size();
  const reader = new ChunkedReader(file, fileSize);
  let offset = from.length;
  let eventCount = from.eventCount;
  let completeLength = from.length; // end of the last complete append
  let openAppend: RecoveredRecord[] = [];
  let tornBy: string | undefined;

  // Stryker disable next-line EqualityOperator: a turn at offset === fileSize finds an incomplete header and no record after it, and cuts nothing
  while (offset < fileSize) {
    const result = await readRecordAt(reader, offset);
    if ('damage' in result) {
      tornBy = result.damage;
      // Stryker disable next-line ArithmeticOperator: from offset - 1 the scan meets the same record at offset, which just failed the checks isValidRecordAt applies
      const validAt = await findValidRecord(file, offset + 1, fileSize);
      if (validAt !== undefined) {
        throw new LogCorruptedError(
          `event log damaged at byte ${offset} (${result.damage}) but a valid record follows at byte ${validAt}: ` +
            'this is not a torn tail; refusing to open rather than drop events',
        );
      }
      break; // torn tail: everything from here on is unacknowledged
    }
    const { event, continues } = result;
    checkSequence(event, eventCount + openAppend.length, openAppend.at(-1)?.event, offset);
    openAppend.push({ event, recordBytes: result.end - offset });
    offset = result.end;
    if (!continues) {
      onAppend(openAppend);
      eventCount += openAppend.length;
      openAppend = [];
      completeLength = offset;
    }
  }

  const cutBytes = fileSize - completeLength;
  // A log that ends cleanly but holds fewer events (cut at a record boundary, replaced) is not cut here: the notary and verify-log name where it differs.
  // Stryker disable next-line ArrayDeclaration: a witness without a count never counts (undefined > 0 is false)
  const witness = (options.acknowledged ?? []).reduce<AcknowledgedEvents | undefined>((most, w) => (w.events > (most?.events ?? 0) ? w : most), undefined);
  if (witness && cutBytes > 0 && eventCount < witness.events) {
    throw new LogDamagedError(damageMessage(witness, eventCount, completeLength, tornBy ?? 'an incomplete append', options.dir), eventCount, witness.events);
  }
  if (cutBytes > 0 && !options.dryRun) {
    await file.truncate(completeLength);
    await file.datasync();
    logger.warn(
      `event log: cut a torn tail of ${cutBytes} bytes at byte ${completeLength} ` +
        `(an unacknowledged write interrupted by a crash); ${eventCount} events kept`,
    );
  }
  return { validLength: completeLength, eventCount, cutBytes };
}

/** What the operator is told, the same at start-up, in verify-log and in repair-log. */
export function damageMessage(witness: AcknowledgedEvents, intact: number, intactLength: number, damage: string, dir?: string): string {
  const lost = witness.events - intact;
  return (
    `event log damaged: ${witness.by} shows ${witness.events} events acknowledged, but only the first ${intact} are intact ` +
    `(byte ${intactLength} on: ${damage}). A crash never cuts acknowledged events, so this is damage to the stored file, ` +
    `not an interrupted write; nothing was cut. Either restore ${dir ?? 'the log folder'} from a backup, or cut the ` +
    `${lost} damaged event${lost === 1 ? '' : 's'} with \`npm run repair-log -- --truncate-to ${intact}\` ` +
    '(they are lost; the cut bytes are kept beside the log). ' +
    (witness.by === 'the index file' ? 'If only events.log was just restored from a backup, remove the newer events.index beside it instead. ' : '') +
    'See docs/operations.md, "A damaged record".'
  );
}

/** Positions are gap-free and an append's records are one stream's consecutive revisions. */
function checkSequence(event: RecordedEvent, expectedPosition: number, previous: RecordedEvent | undefined, offset: number): void {
  if (event.position !== expectedPosition) {
    throw new LogCorruptedError(`record at byte ${offset} has position ${event.position}, expected ${expectedPosition}`);
  }
  if (previous && (previous.streamId !== event.streamId || previous.revision + 1 !== event.revision)) {
    throw new LogCorruptedError(`record at byte ${offset} does not continue the append of ${previous.streamId}@${previous.revision}`);
  }
}

type ReadResult = { event: RecordedEvent; continues: boolean; end: number } | { damage: string };

async function readRecordAt(reader: ChunkedReader, offset: number): Promise<ReadResult> {
  if (!(await reader.ensure(offset, HEADER_BYTES))) return { damage: 'incomplete header' };
  const { magic, length, checksum } = readHeader(reader.buffer, reader.indexOf(offset));
  if (!isRecordMagic(magic)) return { damage: 'bad magic' };
  if (length > MAX_PAYLOAD_BYTES) return { damage: `implausible length ${length}` };
  if (!(await reader.ensure(offset, HEADER_BYTES + length))) return { damage: 'incomplete payload' };
  const start = reader.indexOf(offset) + HEADER_BYTES;
  const payload = reader.buffer.subarray(start, start + length);
  if (crc32(payload) !== checksum) return { damage: 'checksum mismatch' };
  // A payload that passes its checksum but does not decode throws LogCorruptedError.
  return {
    event: decodePayload(payload.toString('utf8')),
    continues: magic === CONTINUED_MAGIC,
    end: offset + HEADER_BYTES + length,
  };
}

/** Checks that the log file ends at `end` with the intact last record the index knows of; throws if not. */
export async function verifyLastRecord(file: LogFile, index: LogIndex, end: number): Promise<void> {
  const size = await file.size();
  if (size !== end) throw new LogCorruptedError(`event log is ${size} bytes long, expected ${end}`);
  if (index.count === 0) return;
  const offset = index.offsetOf(index.count - 1);
  if (!(await isValidRecordAt(file, offset, end)) || offset + HEADER_BYTES + (await lengthAt(file, offset)) !== end) {
    throw new LogCorruptedError(`event log: the last acknowledged record (byte ${offset}) does not read back intact`);
  }
}

async function lengthAt(file: LogFile, offset: number): Promise<number> {
  const header = Buffer.alloc(HEADER_BYTES);
  await readFully(file, header, 0, HEADER_BYTES, offset);
  return readHeader(header, 0).length;
}

/** Scans forward from `from` for any record whose header and checksum are valid. */
async function findValidRecord(file: LogFile, from: number, fileSize: number): Promise<number | undefined> {
  // Both magics share their first three bytes ("STY"); candidates are then checked whole.
  const prefix = Buffer.alloc(4);
  prefix.writeUInt32BE(RECORD_MAGIC);
  const stem = prefix.subarray(0, 3);
  const chunk = Buffer.allocUnsafe(CHUNK_BYTES);
  // (Mutation testing leaves chunkStart - HEADER_BYTES here: a start past the last header reads nothing isValidRecordAt accepts.)
  for (let chunkStart = from; chunkStart + HEADER_BYTES <= fileSize; chunkStart += CHUNK_BYTES - 3) {
    // Stryker disable next-line ArithmeticOperator: asking for more than the file holds reads up to its end all the same
    const read = await readFully(file, chunk, 0, Math.min(CHUNK_BYTES, fileSize - chunkStart), chunkStart);
    const view = chunk.subarray(0, read);
    for (let at = view.indexOf(stem); at !== -1; at = view.indexOf(stem, at + 1)) {
      if (await isValidRecordAt(file, chunkStart + at, fileSize)) return chunkStart + at;
    }
    // Stryker disable next-line ConditionalExpression,EqualityOperator,ArithmeticOperator: the loop's own condition ends the scan a turn later, finding nothing new in the overlap; the break saves a read
    if (chunkStart + read >= fileSize) break;
  }
  return undefined;
}

/**
 * Mutation testing leaves the two end-of-file checks here, and the length limit: without them
 * the header or payload is read short into uninitialised memory, whose checksum fails except
 * by chance, and a payload over the limit needs a log over 64 MiB to tell.
 */
async function isValidRecordAt(file: LogFile, offset: number, fileSize: number): Promise<boolean> {
  if (offset + HEADER_BYTES > fileSize) return false;
  const header = Buffer.allocUnsafe(HEADER_BYTES);
  await readFully(file, header, 0, HEADER_BYTES, offset);
  const { magic, length, checksum } = readHeader(header, 0);
  if (!isRecordMagic(magic) || length > MAX_PAYLOAD_BYTES || offset + HEADER_BYTES + length > fileSize) return false;
  const payload = Buffer.allocUnsafe(length);
  await readFully(file, payload, 0, length, offset + HEADER_BYTES);
  return crc32(payload) === checksum;
}

/**
 * Reads `length` bytes at file `position` into `buffer` at `into`, unless the file ends first.
 * (Every caller asks for bytes within the file's size, so mutation testing cannot tell the
 * `read === 0` stop or an over-long request apart: they matter only for a file cut while read.)
 */
async function readFully(file: LogFile, buffer: Buffer, into: number, length: number, position: number): Promise<number> {
  let total = 0;
  // Stryker disable next-line EqualityOperator: one more turn asks for 0 bytes, reads 0 and breaks
  while (total < length) {
    const read = await file.read(buffer, into + total, length - total, position + total);
    if (read === 0) break;
    total += read;
  }
  return total;
}

/** Sequential reads through the file in large chunks, so replay costs few syscalls. */
class ChunkedReader {
  buffer: Buffer = Buffer.alloc(0);
  private bufferStart = 0;

  constructor(
    private readonly file: LogFile,
    private readonly fileSize: number,
  ) {}

  indexOf(fileOffset: number): number {
    return fileOffset - this.bufferStart;
  }

  /** Makes bytes [offset, offset + length) available in `buffer`; false if the file is shorter. */
  // Stryker disable ConditionalExpression,EqualityOperator,ArithmeticOperator,MethodExpression: these only change how much is
  // read again or kept (the reuse of a buffered tail, the chunk size); the bytes a caller then reads are the same, through
  // short reads as well (embedded-log-recovery.unit.test.ts). The last line is true whenever the size check above passed.
  async ensure(offset: number, length: number): Promise<boolean> {
    const end = offset + length;
    if (offset >= this.bufferStart && end <= this.bufferStart + this.buffer.length) return true;
    if (end > this.fileSize) return false;
    const size = Math.min(Math.max(CHUNK_BYTES, length), this.fileSize - offset);
    const next = Buffer.allocUnsafe(size);
    // Keep what is already buffered from `offset` on, then read the rest.
    const kept = offset >= this.bufferStart && offset < this.bufferStart + this.buffer.length ? this.buffer.copy(next, 0, offset - this.bufferStart) : 0;
    const read = await readFully(this.file, next, kept, size - kept, offset + kept);
    this.buffer = next.subarray(0, kept + read);
    this.bufferStart = offset;
    return end <= offset + this.buffer.length;
  }
  // Stryker restore ConditionalExpression,EqualityOperator,ArithmeticOperator,MethodExpression
}
