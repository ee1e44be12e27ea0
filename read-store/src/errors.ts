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
