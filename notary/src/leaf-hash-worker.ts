/**
 * A worker thread of log-file-leaves.ts (started through leaf-hash-worker-bootstrap.mjs): given a run of whole records of the embedded log,
 * answers their leaf hashes and the roots of the complete blocks of leaves among them
 * (record-leaves.ts), 32 bytes each, in order.
 */
import { parentPort } from 'node:worker_threads';
import { leavesOfRecords, type RunLeaves } from './record-leaves.ts';

export interface LeafHashRequest {
  readonly batch: number;
  readonly records: ArrayBuffer;
  /** Byte offset of the first record in the log file (for messages). */
  readonly fileOffset: number;
  /** How many of the run's first records may be in the former format (those before the log's first canonical record). */
  readonly formerAllowed: number;
  /** The leaf index of the run's first record. */
  readonly firstLeaf: number;
}

export type LeafHashAnswer = ({ readonly batch: number } & RunLeaves) | { readonly batch: number; readonly error: string };

parentPort!.on('message', ({ batch, records, fileOffset, formerAllowed, firstLeaf }: LeafHashRequest) => {
  let answer: LeafHashAnswer;
  try {
    answer = { batch, ...leavesOfRecords(Buffer.from(records), fileOffset, formerAllowed, firstLeaf) };
  } catch (error) {
    answer = { batch, error: error instanceof Error ? error.message : String(error) };
  }
  parentPort!.postMessage(answer, 'leaves' in answer ? [answer.leaves, answer.blocks] : []);
});
