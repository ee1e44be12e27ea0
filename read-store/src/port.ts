/**
 * The read store port: a small subset of MongoDB's collection API, with MongoDB's
 * query, update and sort language. Projections and queries are written once against
 * it and run unchanged on MongoDB and on the embedded in-memory store.
 */

/** A document key: MongoDB keys may be any BSON value; the product uses strings, and whole numbers where order matters (the audit log's leaf indexes). */
export type DocumentId = string | number;
export type Document = { _id: DocumentId } & Record<string, unknown>;
/**
 * A replacement may leave out its _id: the replaced document keeps its own, and an upsert
 * that inserts gets a new string one. (Naming another _id than the matched document's is
 * refused: MongoDB's _id is immutable.)
 */
export type Replacement<T extends Document = Document> = Omit<T, '_id'> & { _id?: T['_id'] };
/** A MongoDB query filter, e.g. `{ city: 'Pune', startingPrice: { $lte: 5000 } }`. */
export type Filter = Record<string, unknown>;
/** A MongoDB update document with operators, e.g. `{ $set: { a: 1 }, $inc: { n: 1 } }`. */
export type Update = Record<string, unknown>;
/** Field → 1 (ascending) or -1 (descending); key order is sort priority. */
export type Sort = Record<string, 1 | -1>;
/** Field → 1 (include) or 0 (exclude), as MongoDB projections. */
export type Projection = Record<string, 0 | 1>;

export interface FindOptions {
  readonly sort?: Sort;
  readonly skip?: number;
  readonly limit?: number;
  readonly projection?: Projection;
}

export interface UpdateOptions {
  readonly upsert?: boolean;
}

export interface UpdateResult {
  readonly matchedCount: number;
  readonly modifiedCount: number;
  /** _id of the inserted document when the update upserted. */
  readonly upsertedId: DocumentId | null;
}

export type WriteOperation =
  | { readonly insertOne: { readonly document: Document } }
  | { readonly updateOne: { readonly filter: Filter; readonly update: Update; readonly upsert?: boolean } }
  | { readonly updateMany: { readonly filter: Filter; readonly update: Update } }
  | { readonly replaceOne: { readonly filter: Filter; readonly replacement: Replacement; readonly upsert?: boolean } }
  | { readonly deleteOne: { readonly filter: Filter } }
  | { readonly deleteMany: { readonly filter: Filter } };

export interface IndexOptions {
  readonly unique?: boolean;
  readonly name?: string;
  /**
   * Leave out documents that have none of the key fields (MongoDB's sparse index), so a
   * unique index can cover an optional field: otherwise every document without the field
   * holds the key null and only one of them can exist.
   */
  readonly sparse?: boolean;
}

export interface ReadCollection<T extends Document = Document> {
  readonly name: string;
  find(filter?: Filter, options?: FindOptions): Promise<T[]>;
  findOne(filter?: Filter, options?: Omit<FindOptions, 'limit'>): Promise<T | null>;
  countDocuments(filter?: Filter): Promise<number>;
  /**
   * What `find` answers and how many documents match the filter in all (skip and limit
   * aside): a page and its total. A store that reads its documents itself reads them once
   * for both; MongoDB runs the two queries side by side.
   */
  findAndCount(filter?: Filter, options?: FindOptions): Promise<{ documents: T[]; total: number }>;
  /**
   * How many documents the collection holds, from the collection's own count rather than
   * by reading them (MongoDB's `estimatedDocumentCount`: its metadata, which an unclean
   * shutdown can leave off until the next validation): cheap enough to poll on collections of millions.
   */
  estimatedDocumentCount(): Promise<number>;
  /** MongoDB aggregation pipeline ($match, $sort, $skip, $limit, $project, $group, $facet, $count, $unwind, $lookup ...). */
  aggregate<R = Record<string, unknown>>(pipeline: readonly Record<string, unknown>[]): Promise<R[]>;
  /** Rejects with DuplicateKeyError when _id or a unique index is taken. */
  insertOne(document: T): Promise<void>;
  /** With upsert, an unmatched filter inserts; a taken _id then rejects with DuplicateKeyError. */
  updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult>;
  updateMany(filter: Filter, update: Update): Promise<UpdateResult>;
  replaceOne(filter: Filter, replacement: Replacement<T>, options?: UpdateOptions): Promise<UpdateResult>;
  deleteOne(filter: Filter): Promise<number>;
  deleteMany(filter?: Filter): Promise<number>;
  /**
   * Applies operations in order, stopping at the first failure (ordered bulk write).
   * A DuplicateKeyError names the index of the failed operation.
   */
  bulkWrite(operations: readonly WriteOperation[]): Promise<void>;
  createIndex(keys: Record<string, 1 | -1>, options?: IndexOptions): Promise<void>;
  /** Removes every document and index; the collection can be used again afterwards. */
  drop(): Promise<void>;
}

export interface ReadStore {
  collection<T extends Document = Document>(name: string): ReadCollection<T>;
  close(): Promise<void>;
}
