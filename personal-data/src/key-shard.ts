/**
 * The file format of one shard of the embedded key store (file-key-storage.ts):
 *
 *   "SKEY" | format version (1 byte) | entries | CRC32 of everything before it (4 bytes, big-endian)
 *   entry: subject length (1 byte) | subject (ASCII) | wrapped length (1 byte) | wrapped bytes
 *
 * The checksum makes a damaged shard an error naming its file, never a shard whose people
 * read as erased.
 */
import { crc32 } from 'node:zlib';
import { KeyStoreLockedError, assertSubject } from './key-store.ts';

const MAGIC = Buffer.from('SKEY', 'latin1');
const FORMAT_VERSION = 1;
const HEADER_BYTES = MAGIC.length + 1;
const CRC_BYTES = 4;
/** Lengths are one byte each: subjects are at most 128 characters, wrapped keys 60 bytes today. */
export const MAX_WRAPPED_BYTES = 255;

export function encodeShard(entries: ReadonlyMap<string, Buffer>): Buffer {
  let size = HEADER_BYTES + CRC_BYTES;
  for (const [subject, wrapped] of entries) {
    if (wrapped.length > MAX_WRAPPED_BYTES)
      throw new RangeError(`the wrapped key of ${subject} is ${wrapped.length} bytes, more than a shard holds (${MAX_WRAPPED_BYTES})`);
    size += 2 + subject.length + wrapped.length;
  }
  const bytes = Buffer.allocUnsafe(size);
  MAGIC.copy(bytes, 0);
  bytes[MAGIC.length] = FORMAT_VERSION;
  let at = HEADER_BYTES;
  for (const [subject, wrapped] of entries) {
    bytes[at++] = subject.length;
    at += bytes.write(subject, at, 'latin1');
    bytes[at++] = wrapped.length;
    at += wrapped.copy(bytes, at);
  }
  bytes.writeUInt32BE(crc32(bytes.subarray(0, at)), at);
  return bytes;
}

/**
 * The entries of a shard file's bytes. The wrapped keys are views into `bytes` (one
 * allocation per shard, not one per key). Throws KeyStoreLockedError naming `file` when
 * the bytes are not an intact shard.
 */
export function decodeShard(bytes: Buffer, file: string): Map<string, Buffer> {
  const damaged = (why: string) => new KeyStoreLockedError(`the key shard ${file} is damaged (${why}): restore the key store from a backup`);
  if (bytes.length < HEADER_BYTES + CRC_BYTES || !bytes.subarray(0, MAGIC.length).equals(MAGIC)) throw damaged('not a key shard');
  if (bytes[MAGIC.length] !== FORMAT_VERSION) throw damaged(`unknown format version ${bytes[MAGIC.length]}`);
  const end = bytes.length - CRC_BYTES;
  if (crc32(bytes.subarray(0, end)) !== bytes.readUInt32BE(end)) throw damaged('its checksum does not match');
  const entries = new Map<string, Buffer>();
  for (let at = HEADER_BYTES; at < end;) {
    const subjectEnd = at + 1 + bytes[at]!;
    const wrappedEnd = subjectEnd + 1 + (bytes[subjectEnd] ?? 0);
    if (wrappedEnd > end) throw damaged('an entry runs past its end');
    const subject = bytes.toString('latin1', at + 1, subjectEnd);
    try {
      assertSubject(subject);
    } catch {
      throw damaged(`an entry names ${JSON.stringify(subject)}`);
    }
    if (entries.has(subject)) throw damaged(`${subject} appears twice`);
    entries.set(subject, bytes.subarray(subjectEnd + 1, wrappedEnd));
    at = wrappedEnd;
  }
  return entries;
}
