/**
 * The log index persisted beside the log (`events.index`), so opening reads it and
 * verifies only the log's tail after it instead of the whole log.
 *
 * Layout (numbers in the header big-endian, arrays little-endian):
 *
 *   "STYX" | version (u32) | event count (f64) | log bytes covered (f64) | stream count (u32)
 *   | names length (u32) | SHA-256 of the last indexed record (32 bytes)
 *   | offsets (f64 × events) | events per stream (u32 × streams) | positions, stream by stream
 *   (u32 × events) | stream names (UTF-8 JSON array) | CRC-32 of everything before (u32, big-endian)
 *
 * Version 1, still read, ended with the SHA-256 of everything before (32 bytes) instead: a
 * checksum against torn writes and damage needs no cryptographic hash (the log's records
 * carry a CRC-32 too), and SHA-256 took 35 ms of every restart over 1,000,000 events against
 * 3 ms (docs/decisions/0053).
 *
 * The trailing checksum catches a torn or damaged file; the covered length and the hash of the
 * last indexed record tie it to the log it indexes, so a log that was replaced, cut or
 * restored from a backup is noticed and the index ignored. A prefix the index covers always
 * ends with a complete append. The file is written whole to a temporary file, fsynced,
 * renamed over the old one, and the folder fsynced: a crash leaves the old index or the new.
 */
import { createHash } from 'node:crypto';
import { endianness } from 'node:os';
import { open, readFile, rename } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { LogFile } from './log-file.ts';
import { LogIndex } from './log-index.ts';
import { HEADER_BYTES, RECORD_MAGIC } from './record-codec.ts';
import { syncDirectory } from './sync-directory.ts';
import { writeWhole } from '../write-whole.ts';

export const INDEX_FILE_NAME = 'events.index';
const TEMP_SUFFIX = '.tmp';
const MAGIC = 0x53545958; // "STYX"
const VERSION = 2;
const HEAD_BYTES = 64;
/** Bytes of the trailing checksum, by version. */
const TRAILER_BYTES: Readonly<Record<number, number>> = { 1: 32, 2: 4 };

/** The arrays are stored in the machine's order, which is little-endian on every platform Node supports but a few. */
const littleEndian = endianness() === 'LE';

/** Writes the index of the log's durable prefix beside it, atomically. Resolves the log length it covers. */
export async function writeIndexFile(dir: string, index: LogIndex, log: LogFile): Promise<number> {
  if (!littleEndian) throw new Error('the persisted log index is written on little-endian machines only');
  // Taken synchronously: the index only grows, and this is the state at one instant.
  const count = index.count;
  const covered = index.length;
  const body = encodeBody(index);
  const lastRecord = await readBytes(log, index.offsetOf(count - 1), covered);

  const head = Buffer.alloc(HEAD_BYTES);
  head.writeUInt32BE(MAGIC, 0);
  head.writeUInt32BE(VERSION, 4);
  head.writeDoubleBE(count, 8);
  head.writeDoubleBE(covered, 16);
  head.writeUInt32BE(body.streamCount, 24);
  head.writeUInt32BE(body.names.length, 28);
  sha256(lastRecord).copy(head, 32);
  const parts = [head, body.offsets, body.counts, body.positions, body.names];
  let checksum = 0;
  for (const part of parts) checksum = crc32(part, checksum);
  const trailer = Buffer.alloc(TRAILER_BYTES[VERSION]!);
  trailer.writeUInt32BE(checksum);
  parts.push(trailer);

  const path = join(dir, INDEX_FILE_NAME);
  const temp = path + TEMP_SUFFIX;
  const handle = await open(temp, 'w', 0o644);
  try {
    // part by part, each whole: one writev may take fewer bytes than it was handed on a nearly full disk
    for (const part of parts) await writeWhole(handle, part);
    await handle.sync();
  } finally {
    await handle.close();
  }
  await rename(temp, path);
  await syncDirectory(dir);
  return covered;
}

function encodeBody(index: LogIndex) {
  const count = index.count;
  const offsets = new Float64Array(count);
  for (let p = 0; p < count; p++) offsets[p] = index.offsetOf(p);
  const counts = new Uint32Array(index.streamCount);
  const positions = new Uint32Array(count);
  const names: string[] = [];
  let at = 0;
  for (const [streamId, stream] of index.streamEntries()) {
    if (typeof stream === 'number') positions[at++] = stream;
    else for (const position of stream) positions[at++] = position;
    counts[names.length] = typeof stream === 'number' ? 1 : stream.length;
    names.push(streamId);
  }
  return {
    streamCount: names.length,
    offsets: bytesOf(offsets),
    counts: bytesOf(counts),
    positions: bytesOf(positions),
    names: Buffer.from(JSON.stringify(names), 'utf8'),
  };
}

/**
 * The index file's index, or why it cannot be used for this log. An intact index that the
 * log does not match (shorter than it covers, or a different last record) still says how
 * many events were acknowledged: `acknowledgedEvents`, which the log must still hold.
 */
export type LoadedIndex = { readonly index: LogIndex } | { readonly ignored: string; readonly acknowledgedEvents?: number };

/** Reads the index file beside the log and checks it against the log; never throws for a bad or missing file. */
export async function loadIndexFile(dir: string, log: LogFile): Promise<LoadedIndex> {
  let bytes: Buffer;
  try {
    bytes = await readFile(join(dir, INDEX_FILE_NAME));
  } catch (error) {
    return { ignored: (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'there is none' : `it cannot be read: ${(error as Error).message}` };
  }
  try {
    return await decodeIndex(bytes, log);
  } catch (error) {
    return { ignored: `it does not decode: ${(error as Error).message}` };
  }
}

async function decodeIndex(bytes: Buffer, log: LogFile): Promise<LoadedIndex> {
  if (!littleEndian) return { ignored: 'this machine is big-endian' };
  if (bytes.length < HEAD_BYTES || bytes.readUInt32BE(0) !== MAGIC) return { ignored: 'it is not an index file' };
  const version = bytes.readUInt32BE(4);
  const trailerBytes = TRAILER_BYTES[version];
  if (trailerBytes === undefined) return { ignored: `it has version ${version}` };
  const count = bytes.readDoubleBE(8);
  const covered = bytes.readDoubleBE(16);
  const streamCount = bytes.readUInt32BE(24);
  const namesBytes = bytes.readUInt32BE(28);
  if (!Number.isSafeInteger(count) || count < 1 || !Number.isSafeInteger(covered)) return { ignored: 'its header is damaged' };
  const offsetsAt = HEAD_BYTES;
  const countsAt = offsetsAt + count * 8;
  const positionsAt = countsAt + streamCount * 4;
  const namesAt = positionsAt + count * 4;
  const trailerAt = namesAt + namesBytes;
  if (trailerAt + trailerBytes !== bytes.length)
    return { ignored: `it is ${bytes.length} bytes, its header says ${trailerAt + trailerBytes} (torn or damaged)` };
  const body = bytes.subarray(0, trailerAt);
  const intact = version === 1 ? sha256(body).equals(bytes.subarray(trailerAt)) : crc32(body) === bytes.readUInt32BE(trailerAt);
  if (!intact) return { ignored: 'its checksum fails (torn or damaged)' };

  const logSize = await log.size();
  if (covered > logSize) return { ignored: `it covers ${covered} bytes of log, the log has ${logSize} (a shorter or another log)`, acknowledgedEvents: count };
  // the index keeps its own copy of the offsets: a view here is read while the file's bytes are in hand
  const offsets = arrayAt(bytes, offsetsAt, count, Float64Array);
  const layout = checkOffsets(offsets, covered);
  if (layout) return { ignored: layout };
  const lastRecord = await readBytes(log, offsets[count - 1]!, covered);
  if (lastRecord.readUInt32BE(0) !== RECORD_MAGIC || !sha256(lastRecord).equals(bytes.subarray(32, 64))) {
    return {
      ignored: `the log's record at byte ${offsets[count - 1]} is not the one it indexed (another log, or a damaged record)`,
      acknowledgedEvents: count,
    };
  }

  const counts = arrayAt(bytes, countsAt, streamCount, Uint32Array);
  // copied, not a view: the streams keep views into it, which must not hold the whole file's bytes
  const positions = new Uint32Array(count);
  bytes.copy(bytesOf(positions), 0, positionsAt, namesAt);
  const names: unknown = JSON.parse(bytes.toString('utf8', namesAt, trailerAt));
  if (!Array.isArray(names) || names.length !== streamCount || !names.every((name) => typeof name === 'string'))
    return { ignored: 'its stream names are damaged' };

  const index = new LogIndex();
  index.addOffsets(offsets, covered);
  const seen = new Uint8Array(count);
  let at = 0;
  for (let s = 0; s < streamCount; s++) {
    const length = counts[s]!;
    if (length === 0 || at + length > count) return { ignored: 'its streams are damaged' };
    for (let i = at; i < at + length; i++) {
      const position = positions[i]!;
      if (position >= count || seen[position] || (i > at && position <= positions[i - 1]!)) return { ignored: 'its streams are damaged' };
      seen[position] = 1;
    }
    index.addStream(names[s] as string, positions.subarray(at, at + length));
    at += length;
  }
  if (at !== count) return { ignored: 'its streams are damaged' };
  return { index };
}

/** `length` numbers of `type` at `byteOffset` of `bytes`: a view where the offset is aligned for the type, else a copy. */
function arrayAt<T extends Float64Array | Uint32Array>(
  bytes: Buffer,
  byteOffset: number,
  length: number,
  type: { new (buffer: ArrayBufferLike, byteOffset: number, length: number): T; new (length: number): T; readonly BYTES_PER_ELEMENT: number },
): T {
  const start = bytes.byteOffset + byteOffset;
  if (start % type.BYTES_PER_ELEMENT === 0) return new type(bytes.buffer, start, length);
  const copy = new type(length);
  bytes.copy(bytesOf(copy), 0, byteOffset, byteOffset + length * type.BYTES_PER_ELEMENT);
  return copy;
}

/** Offsets start at 0, leave room for at least a header per record, and end inside the covered bytes. */
function checkOffsets(offsets: Float64Array, covered: number): string | undefined {
  if (offsets[0] !== 0) return 'its offsets are damaged';
  for (let p = 1; p < offsets.length; p++) {
    if (!(offsets[p]! - offsets[p - 1]! >= HEADER_BYTES)) return 'its offsets are damaged';
  }
  if (!(covered - offsets[offsets.length - 1]! >= HEADER_BYTES)) return 'its offsets are damaged';
  return undefined;
}

async function readBytes(log: LogFile, start: number, end: number): Promise<Buffer> {
  const buffer = Buffer.alloc(end - start);
  let total = 0;
  while (total < buffer.length) {
    const read = await log.read(buffer, total, buffer.length - total, start + total);
    if (read === 0) break;
    total += read;
  }
  return buffer;
}

function bytesOf(array: Float64Array | Uint32Array): Buffer {
  return Buffer.from(array.buffer, array.byteOffset, array.byteLength);
}

function sha256(bytes: Buffer): Buffer {
  return createHash('sha256').update(bytes).digest();
}
