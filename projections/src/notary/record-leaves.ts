/**
 * The leaf hashes of a run of whole records of the embedded log (header and JSON payload
 * each), 32 bytes each, in order: what log-file-leaves.ts computes on its worker threads
 * (leaf-hash-worker.ts) or, with no threads, itself.
 *
 * A canonical record's payload is the RFC 8785 text the leaf commits to (record-codec.ts),
 * so its leaf is SHA-256(0x00 ‖ the stored bytes), nothing parsed. A record in the former
 * format, where the run allows one, is parsed and its RFC 8785 text written, and only if
 * its bytes are exactly what the former codec wrote for that record. Every other payload
 * is hashed as it stands: a text that is not the record's RFC 8785 text cannot give the
 * notarised leaf, so a record rewritten into other JSON, even JSON that parses to the same
 * record, is reported as a changed event, never read back into the original.
 */
import { hash } from 'node:crypto';
import { crc32 } from 'node:zlib';
import type { RecordedEvent } from '@stays/event-store';
import { HEADER_BYTES, formerPayloadText, isCanonicalPayload, readHeader } from '@stays/event-store/record-format';
import { leafHash } from './merkle.ts';

const HASH_BYTES = 32;

/**
 * `formerAllowed`: how many of the run's first records may be in the former format (those
 * before the log's first canonical record). Overwrites the last header byte of each record.
 */
export function leavesOfRecords(records: Buffer, fileOffset: number, formerAllowed: number): ArrayBuffer {
  const hashes: Buffer[] = [];
  for (let offset = 0; offset < records.length;) {
    const { length, checksum } = readHeader(records, offset);
    const payload = records.subarray(offset + HEADER_BYTES, offset + HEADER_BYTES + length);
    if (crc32(payload) !== checksum) throw new Error(`the record at byte ${fileOffset + offset} of the log fails its checksum`);
    const former = hashes.length < formerAllowed && !isCanonicalPayload(payload) ? formerLeaf(payload) : null;
    if (former !== null) hashes.push(former);
    else {
      // 0x00 ‖ payload in one piece, for the one-shot hash: the header's last byte (the
      // checksum's, already checked) becomes the prefix
      records[offset + HEADER_BYTES - 1] = 0;
      hashes.push(hash('sha256', records.subarray(offset + HEADER_BYTES - 1, offset + HEADER_BYTES + length), 'buffer'));
    }
    offset += HEADER_BYTES + length;
  }
  const leaves = new Uint8Array(hashes.length * HASH_BYTES);
  hashes.forEach((leaf, i) => leaves.set(leaf, i * HASH_BYTES));
  return leaves.buffer;
}

/** The leaf of a former-format record, or null when the bytes are not what the former codec wrote. */
function formerLeaf(payload: Buffer): Buffer | null {
  const text = payload.toString('utf8');
  let record: RecordedEvent;
  try {
    record = JSON.parse(text) as RecordedEvent;
  } catch {
    return null;
  }
  if (typeof record !== 'object' || record === null || formerPayloadText(record) !== text) return null;
  try {
    return leafHash(record);
  } catch {
    return null; // no RFC 8785 form, hence no leaf the notary could have signed
  }
}
