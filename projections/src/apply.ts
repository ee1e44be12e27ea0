/**
 * How projected writes reach the read store: each guarded by the event's position, then
 * applied in log order. The runner applies every batch this way; projection tests apply
 * their given events the same way.
 */
import { DuplicateKeyError, type ReadStore, type WriteOperation } from '@stays/read-store';
import { guard } from './guard.ts';
import type { ProjectedWrite, ProjectionDefinition } from './projection.ts';

export interface GuardedWrite {
  readonly collection: string;
  readonly operation: WriteOperation;
}

/** The writes an event at `position` causes, guarded; a write to a collection the projection does not own is refused. */
export function guardedWrites(definition: ProjectionDefinition, position: number, writes: readonly ProjectedWrite[]): GuardedWrite[] {
  return writes.map((write) => {
    if (!definition.collections.includes(write.collection)) {
      throw new Error(`projection ${definition.name} wrote to ${write.collection}, which it does not own`);
    }
    return { collection: write.collection, operation: guard(write.operation, position) };
  });
}

/**
 * Applies writes in log order, one ordered bulk write per run of writes to the same
 * collection. A duplicate key means the document already carries this event's (or a
 * later) position: already applied, so the run resumes after it.
 */
export async function applyInOrder(readStore: ReadStore, writes: readonly GuardedWrite[], log: (line: string) => void): Promise<void> {
  let start = 0;
  while (start < writes.length) {
    const collection = writes[start]!.collection;
    let end = start;
    while (end < writes.length && writes[end]!.collection === collection) end++;
    const run = writes.slice(start, end).map((write) => write.operation);
    let offset = 0;
    while (offset < run.length) {
      try {
        await readStore.collection(collection).bulkWrite(run.slice(offset));
        offset = run.length;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError) || error.operationIndex === undefined) throw error;
        if (Object.keys(error.key).some((field) => field !== '_id')) {
          log(`projection write skipped, unique key taken in ${collection}: ${JSON.stringify(error.key)}`);
        }
        offset += error.operationIndex + 1;
      }
    }
    start = end;
  }
}
