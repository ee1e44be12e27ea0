/**
 * The idempotency guard: each write only applies to documents whose stamped position is
 * below the event's, and stamps the event's position. Replaying an event that was
 * already applied (after a crash between the writes and the checkpoint) then changes
 * nothing: updates match no document, and upserts or inserts hit the existing _id,
 * which the runner reads as "already applied".
 */
import type { Filter, Update, WriteOperation } from '@stays/read-store';

/**
 * The field of every projected document holding the position of the last event applied
 * to it. Internal to the read side: queries leave it out of what they answer.
 */
export const POSITION_FIELD = '_position';

/** Every projected document is created by a guarded write, so every one carries the stamp. */
function guardFilter(filter: Filter, position: number): Filter {
  // plain assignment rather than spreads with computed keys: this runs for every write of a replay
  const guarded: Filter = Object.assign({}, filter);
  guarded[POSITION_FIELD] = { $lt: position };
  return guarded;
}

function stampUpdate(update: Update, position: number): Update {
  const set: Record<string, unknown> = Object.assign({}, update.$set as Record<string, unknown> | undefined);
  set[POSITION_FIELD] = position;
  const stamped: Update = Object.assign({}, update);
  stamped.$set = set;
  return stamped;
}

function stampDocument<T extends object>(document: T, position: number): T {
  const stamped = Object.assign({}, document) as Record<string, unknown>;
  stamped[POSITION_FIELD] = position;
  return stamped as T;
}

export function guard(operation: WriteOperation, position: number): WriteOperation {
  if ('insertOne' in operation) {
    return { insertOne: { document: stampDocument(operation.insertOne.document, position) } };
  }
  if ('updateOne' in operation) {
    const { filter, update, upsert } = operation.updateOne;
    return {
      updateOne:
        // Stryker disable next-line ConditionalExpression: an upsert left out and one undefined are the same write
        upsert === undefined
          ? { filter: guardFilter(filter, position), update: stampUpdate(update, position) }
          : { filter: guardFilter(filter, position), update: stampUpdate(update, position), upsert },
    };
  }
  if ('updateMany' in operation) {
    const { filter, update } = operation.updateMany;
    return { updateMany: { filter: guardFilter(filter, position), update: stampUpdate(update, position) } };
  }
  if ('replaceOne' in operation) {
    const { filter, replacement, upsert } = operation.replaceOne;
    return {
      replaceOne: {
        filter: guardFilter(filter, position),
        replacement: stampDocument(replacement, position),
        // Stryker disable next-line ConditionalExpression: an upsert left out and one undefined are the same write
        ...(upsert !== undefined && { upsert }),
      },
    };
  }
  return operation;
}
