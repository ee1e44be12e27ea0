/**
 * A worker thread of log-file-leaves.ts: given a run of whole records of the embedded log,
 * answers their leaf hashes (record-leaves.ts), 32 bytes each, in order.
 */
import { parentPort } from 'node:worker_threads';
import { leavesOfRecords } from './record-leaves.ts';

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

parentPort!.on('message', ({ batch, records, fileOffset, formerAllowed }: LeafHashRequest) => {
  let answer: LeafHashAnswer;
  try {
    answer = { batch, leaves: leavesOfRecords(Buffer.from(records), fileOffset, formerAllowed) };
  } catch (error) {
    answer = { batch, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(answer, 'leaves' in answer ? [answer.leaves] : []);
});
