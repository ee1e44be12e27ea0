/**
 * How projected writes reach the read store: each guarded by the event's position, then
 * applied in log order within each collection. The runner applies every batch this way;
 * projection tests apply their given events the same way.
 */
import { DuplicateKeyError, type ReadStore, type WriteOperation } from '@stays/read-store';
import { guard } from './guard.ts';
import type { ProjectedWrite, ProjectionDefinition } from './projection.ts';

export interface GuardedWrite {
  readonly collection: string;
  readonly operation: WriteOperation;
}

/**
 * The writes an event at `position` causes, guarded, pushed onto `into` (a batch's list: no
 * list per event); a write to a collection the projection does not own is refused.
 */
export function guardedWrites(
  definition: ProjectionDefinition,
  position: number,
  writes: readonly ProjectedWrite[],
  into: GuardedWrite[] = [],
): GuardedWrite[] {
  for (const write of writes) {
    if (!definition.collections.includes(write.collection)) {
      throw new Error(`projection ${definition.name} wrote to ${write.collection}, which it does not own`);
    }
    into.push({ collection: write.collection, operation: guard(write.operation, position) });
  }
  return into;
}

/**
 * Applies writes in log order within each collection: one ordered bulk write per
 * collection the writes touch (a batch of a thousand events is a handful of round trips
 * to MongoDB, not one per run of events). Collections are independent, so only the order
 * within one matters. Ordered rather than MongoDB's `ordered: false`: two events of a batch
 * may write the same document, and the guard would skip the earlier one's write if the
 * later one landed first. A duplicate key means the document already carries this
 * event's (or a later) position: already applied, so the collection's writes resume after it.
 */
export async function applyInOrder(readStore: ReadStore, writes: readonly GuardedWrite[], log: (line: string) => void): Promise<void> {
  const byCollection = new Map<string, WriteOperation[]>();
  for (const write of writes) {
    const operations = byCollection.get(write.collection);
    if (operations === undefined) byCollection.set(write.collection, [write.operation]);
    else operations.push(write.operation);
  }
  for (const [collection, operations] of byCollection) {
    let offset = 0;
    while (offset < operations.length) {
      try {
        await readStore.collection(collection).bulkWrite(operations.slice(offset));
        offset = operations.length;
      } catch (error) {
        if (!(error instanceof DuplicateKeyError) || error.operationIndex === undefined) throw error;
        // Stryker disable next-line MethodExpression: a unique key is the id or other fields, never both, so some and every agree
        if (Object.keys(error.key).some((field) => field !== '_id')) {
          log(`projection write skipped, unique key taken in ${collection}: ${JSON.stringify(error.key)}`);
        }
        offset += error.operationIndex + 1;
      }
    }
  }
}
