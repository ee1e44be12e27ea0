/** An insert or upsert hit a taken _id or a unique index (MongoDB's E11000). */
export class DuplicateKeyError extends Error {
  override readonly name = 'DuplicateKeyError';
  constructor(
    readonly collection: string,
    readonly key: Record<string, unknown>,
    /** For bulkWrite: index of the operation that failed. */
    readonly operationIndex?: number,
  ) {
    super(`duplicate key in ${collection}: ${JSON.stringify(key)}`);
  }
}

/**
 * The store could not do the call for now (a replica set electing a new primary, a node
 * shutting down, the network): the same call may succeed later. How much of a bulk write
 * was applied is unknown, so only writes that are safe to repeat should be retried. The
 * adapter that knows its driver decides which errors these are.
 */
export class ReadStoreUnavailableError extends Error {
  override readonly name = 'ReadStoreUnavailableError';
}
