/**
 * A read store whose bulk writes fail now and then the way MongoDB's do when the primary
 * steps down, shuts down or the network drops: the driver's error classes with the
 * server's codes and labels, and part of the operations already applied (earlier batches,
 * or a prefix of the interrupted one, or all of them when only the reply was lost). The
 * errors are translated by the MongoDB adapter's own toPortError, so callers see exactly
 * what they would see on MongoDB; the documents live in the store it wraps.
 */
import { createHash } from 'node:crypto';
import { MongoBulkWriteError, MongoNetworkError, MongoServerError } from 'mongodb';
import type { ReadCollection, ReadStore, WriteOperation } from '../../src/port.ts';
import { toPortError } from '../../src/mongodb/port-errors.ts';

export interface TransientFaultOptions {
  /** Whether the n-th bulk write (1-based, over the whole store) fails. */
  readonly failsAt: (call: number) => boolean;
  /** Collections whose bulk writes may fail. Default: all. */
  readonly collections?: (name: string) => boolean;
  /**
   * Whether a failed bulk write may have applied part of its operations first. Default
   * true; false models a server that takes no write at all for now (no primary).
   */
  readonly partial?: boolean;
}

/**
 * `failsAt` for faults that come and go at random: each call fails with `probability`,
 * drawn from the call's number (and `seed`), so a run can be replayed. Prefer it to a
 * pattern periodic in the call count: a retry of a batch that was partly applied takes one
 * bulk write per operation already applied (each reports its duplicate key), and once a
 * batch alone needs as many calls as the period it meets the same fault at every retry,
 * forever.
 */
export function randomFaults(probability: number, seed = 1): (call: number) => boolean {
  return (call) => createHash('sha256').update(`${seed}:${call}`).digest().readUInt32BE(0) / 2 ** 32 < probability;
}

export interface FaultyReadStore extends ReadStore {
  /** Failures injected so far, by kind. */
  readonly injected: Record<FaultKind, number>;
}

export type FaultKind = 'not-writable-primary' | 'interrupted-mid-batch' | 'network' | 'shutdown' | 'stepped-down';
export const KINDS: readonly FaultKind[] = ['not-writable-primary', 'interrupted-mid-batch', 'network', 'shutdown', 'stepped-down'];
/** Kinds where the server reports the operation it stopped at (so not all were applied). */
const MID_BATCH = new Set<FaultKind>(['interrupted-mid-batch', 'stepped-down']);

export function withTransientBulkWriteFaults(inner: ReadStore, options: TransientFaultOptions): FaultyReadStore {
  let calls = 0;
  const injected = Object.fromEntries(KINDS.map((kind) => [kind, 0])) as Record<FaultKind, number>;
  const wrapped = new Map<string, ReadCollection>();
  return {
    injected,
    collection(name) {
      let collection = wrapped.get(name);
      if (!collection) {
        const target = inner.collection(name);
        collection = Object.assign(Object.create(target) as ReadCollection, {
          bulkWrite: async (operations: readonly WriteOperation[]) => {
            const call = ++calls;
            if (operations.length === 0 || !(options.collections?.(name) ?? true) || !options.failsAt(call)) return target.bulkWrite(operations);
            // Every kind in turn; how much the server applied varies from none to all.
            const kind = KINDS[Object.values(injected).reduce((sum, n) => sum + n, 0) % KINDS.length]!;
            injected[kind]++;
            const applied = options.partial === false ? 0 : MID_BATCH.has(kind) ? call % operations.length : call % (operations.length + 1);
            if (applied > 0) await target.bulkWrite(operations.slice(0, applied));
            throw toPortError(driverError(kind, applied, operations), name);
          },
        });
        wrapped.set(name, collection);
      }
      return collection as never;
    },
    close: () => inner.close(),
  };
}

/** The driver's WriteError shape (the class is not exported): the raw error and getters. */
export class WriteErrorLike {
  constructor(readonly err: { index: number; code: number; errmsg: string; op: unknown }) {}
  get code() {
    return this.err.code;
  }
  get index() {
    return this.err.index;
  }
  get errmsg() {
    return this.err.errmsg;
  }
  getOperation() {
    return this.err.op;
  }
}

/** What the driver throws for the failure (bulk/common.js wraps everything in MongoBulkWriteError). */
export function driverError(kind: FaultKind, applied: number, operations: readonly WriteOperation[]): Error {
  const result = {
    insertedCount: 0,
    matchedCount: applied,
    modifiedCount: applied,
    deletedCount: 0,
    upsertedCount: 0,
    insertedIds: {},
    upsertedIds: {},
  } as never;
  switch (kind) {
    case 'not-writable-primary': {
      // The command failed as a whole; servers >= 4.4 label it themselves.
      const server = new MongoServerError({ ok: 0, code: 10107, codeName: 'NotWritablePrimary', errmsg: 'not primary', errorLabels: ['RetryableWriteError'] });
      return new MongoBulkWriteError(server, result);
    }
    case 'network': {
      const network = new MongoNetworkError('connection 7 to 172.18.0.3:27017 closed');
      network.addErrorLabel('RetryableWriteError');
      network.addErrorLabel('ResetPool');
      return new MongoBulkWriteError(network, result);
    }
    case 'shutdown': {
      const server = new MongoServerError({ ok: 0, code: 91, codeName: 'ShutdownInProgress', errmsg: 'The server is in quiesce mode and will shut down' });
      return new MongoBulkWriteError(server, result);
    }
    case 'interrupted-mid-batch':
    case 'stepped-down': {
      // The server applied a prefix of the batch and reports the operation it stopped at.
      const index = applied;
      const [code, errmsg] =
        kind === 'stepped-down'
          ? [189, 'Primary stepped down while waiting for replication']
          : [11602, 'operation was interrupted because of a replication state change'];
      const writeError = new WriteErrorLike({ index, code, errmsg, op: operations[index] });
      return new MongoBulkWriteError({ message: errmsg, code, writeErrors: [writeError] } as never, result);
    }
  }
}
