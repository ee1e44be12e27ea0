/**
 * A worker thread of log-file-leaves.ts: given a run of whole records of the embedded log
 * (header and JSON payload each), answers their leaf hashes, 32 bytes each, in order.
 */
import { parentPort } from 'node:worker_threads';
import { crc32 } from 'node:zlib';
import { HEADER_BYTES, readHeader, type RecordedEvent } from '@stays/event-store';
import { leafHashOfText } from './merkle.ts';
import { canonicalRecord } from './canonical-record.ts';

export interface LeafHashRequest {
  readonly batch: number;
  readonly records: ArrayBuffer;
  /** Byte offset of the first record in the log file (for messages). */
  readonly fileOffset: number;
}

export type LeafHashAnswer =
  | { readonly batch: number; readonly leaves: ArrayBuffer }
  | { readonly batch: number; readonly error: string };

function leavesOf(records: Buffer, fileOffset: number): ArrayBuffer {
  const hashes: Buffer[] = [];
  for (let offset = 0; offset < records.length;) {
    const { length, checksum } = readHeader(records, offset);
    const payload = records.subarray(offset + HEADER_BYTES, offset + HEADER_BYTES + length);
    if (crc32(payload) !== checksum) throw new Error(`the record at byte ${fileOffset + offset} of the log fails its checksum`);
    hashes.push(leafHashOfText(canonicalRecord(JSON.parse(payload.toString('utf8')) as RecordedEvent)));
    offset += HEADER_BYTES + length;
  }
  const leaves = new Uint8Array(hashes.length * 32);
  hashes.forEach((hash, i) => leaves.set(hash, i * 32));
  return leaves.buffer;
}

parentPort!.on('message', ({ batch, records, fileOffset }: LeafHashRequest) => {
  let answer: LeafHashAnswer;
  try {
    answer = { batch, leaves: leavesOf(Buffer.from(records), fileOffset) };
  } catch (error) {
    answer = { batch, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(answer, 'leaves' in answer ? [answer.leaves] : []);
});
