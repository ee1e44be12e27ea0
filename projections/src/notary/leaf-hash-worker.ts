/**
 * A worker thread of log-file-leaves.ts: given a run of whole records of the embedded log
 * (header and JSON payload each), answers their leaf hashes, 32 bytes each, in order.
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
import { parentPort } from 'node:worker_threads';
import { crc32 } from 'node:zlib';
import { HEADER_BYTES, formerPayloadText, isCanonicalPayload, readHeader, type RecordedEvent } from '@stays/event-store';
import { leafHash } from './merkle.ts';

export interface LeafHashRequest {
  readonly batch: number;
  readonly records: ArrayBuffer;
  /** Byte offset of the first record in the log file (for messages). */
  readonly fileOffset: number;
  /** How many of the run's first records may be in the former format (those before the log's first canonical record). */
  readonly formerAllowed: number;
}

export type LeafHashAnswer =
  | { readonly batch: number; readonly leaves: ArrayBuffer }
  | { readonly batch: number; readonly error: string };

const HASH_BYTES = 32;

function leavesOf(records: Buffer, fileOffset: number, formerAllowed: number): ArrayBuffer {
  const hashes: Buffer[] = [];
  for (let offset = 0; offset < records.length;) {
    const { length, checksum } = readHeader(records, offset);
    const payload = records.subarray(offset + HEADER_BYTES, offset + HEADER_BYTES + length);
    if (crc32(payload) !== checksum) throw new Error(`the record at byte ${fileOffset + offset} of the log fails its checksum`);
    const former = hashes.length < formerAllowed && !isCanonicalPayload(payload) ? formerLeaf(payload) : null;
    if (former !== null) hashes.push(former);
    else {
      // 0x00 ‖ payload in one piece, for the one-shot hash: the header's last byte (the
      // checksum's, already checked) is this worker's own copy, so it becomes the prefix
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

parentPort!.on('message', ({ batch, records, fileOffset, formerAllowed }: LeafHashRequest) => {
  let answer: LeafHashAnswer;
  try {
    answer = { batch, leaves: leavesOf(Buffer.from(records), fileOffset, formerAllowed) };
  } catch (error) {
    answer = { batch, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(answer, 'leaves' in answer ? [answer.leaves] : []);
});
