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
import { completeSubtreeHash, leafHash } from './merkle.ts';

const HASH_BYTES = 32;
/**
 * The leaves of a run also come as the roots of the complete subtrees of 2^LEAF_BLOCK_LEVEL
 * leaves lying within it (aligned in the whole log's tree): the thread building the tree
 * adds one of those instead of its 256 leaves, so the tree's hashing is done here too.
 */
export const LEAF_BLOCK_LEVEL = 8;
export const BLOCK_LEAVES = 2 ** LEAF_BLOCK_LEVEL;

/** How far into a run starting at leaf `firstLeaf` of the log its first complete block starts. */
export const firstBlockIn = (firstLeaf: number): number => (BLOCK_LEAVES - (firstLeaf % BLOCK_LEAVES)) % BLOCK_LEAVES;

export interface RunLeaves {
  /** 32 bytes a record, in order. */
  readonly leaves: ArrayBuffer;
  /** 32 bytes a complete block within the run, in order, the first from firstBlockIn(firstLeaf) on. */
  readonly blocks: ArrayBuffer;
}

/**
 * `formerAllowed`: how many of the run's first records may be in the former format (those
 * before the log's first canonical record); `firstLeaf`: the leaf index of the run's first
 * record. Overwrites the last header byte of each record.
 */
export function leavesOfRecords(records: Buffer, fileOffset: number, formerAllowed: number, firstLeaf: number): RunLeaves {
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
  const first = firstBlockIn(firstLeaf);
  const count = Math.max(0, Math.floor((hashes.length - first) / BLOCK_LEAVES));
  const blocks = new Uint8Array(count * HASH_BYTES);
  for (let b = 0; b < count; b++) blocks.set(completeSubtreeHash(hashes, first + b * BLOCK_LEAVES, BLOCK_LEAVES), b * HASH_BYTES);
  return { leaves: leaves.buffer, blocks: blocks.buffer };
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
