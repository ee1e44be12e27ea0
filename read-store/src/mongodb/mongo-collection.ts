import type { Collection, Document as MongoDocument, Filter as MongoFilter, UpdateFilter } from 'mongodb';
import type { Document, Filter, FindOptions, IndexOptions, ReadCollection, Replacement, Update, UpdateOptions, UpdateResult, WriteOperation } from '../port.ts';
import { DuplicateKeyError } from '../errors.ts';
import { toPortError } from './port-errors.ts';
import { toPlainDocument, toPlainValue } from './plain-values.ts';
import { newId, replacementNeedsId, toWriteModel, withInsertId, withUpsertId } from './write-models.ts';

/** MongoDB's ImmutableField: a write would change a document's _id. */
const IMMUTABLE_FIELD = 66;

/** A read-store collection on a MongoDB collection: the driver's calls, plain values, port errors (every call). */
export class MongoCollection<T extends Document = Document> implements ReadCollection<T> {
  constructor(
    readonly name: string,
    private readonly collection: Collection<MongoDocument>,
  ) {}

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const documents = await this.call(() => this.collection.find(filter as MongoFilter<MongoDocument>, findOptions(options)).toArray());
    return documents.map((document) => toPlainDocument<T>(document));
  }

  async findOne(filter: Filter = {}, options: Omit<FindOptions, 'limit'> = {}): Promise<T | null> {
    const document = await this.call(() => this.collection.findOne(filter as MongoFilter<MongoDocument>, findOptions(options)));
    return document === null ? null : toPlainDocument<T>(document);
  }

  async findAndCount(filter: Filter = {}, options: FindOptions = {}): Promise<{ documents: T[]; total: number }> {
    const [documents, total] = await Promise.all([this.find(filter, options), this.countDocuments(filter)]);
    return { documents, total };
  }

  async countDocuments(filter: Filter = {}): Promise<number> {
    return this.call(() => this.collection.countDocuments(filter as MongoFilter<MongoDocument>));
  }

  async estimatedDocumentCount(): Promise<number> {
    return this.call(() => this.collection.estimatedDocumentCount());
  }

  async aggregate<R = Record<string, unknown>>(pipeline: readonly Record<string, unknown>[]): Promise<R[]> {
    const results = await this.call(() => this.collection.aggregate([...pipeline]).toArray());
    return results.map((result) => toPlainDocument<R>(result));
  }

  async insertOne(document: T): Promise<void> {
    await this.call(() => this.collection.insertOne(withInsertId(document) as MongoDocument));
  }

  async updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    const upsert = options.upsert === true;
    const result = await this.call(() =>
      this.collection.updateOne(filter as MongoFilter<MongoDocument>, withUpsertId(filter, update, upsert) as UpdateFilter<MongoDocument>, { upsert }),
    );
    return toUpdateResult(result);
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    const result = await this.call(() => this.collection.updateMany(filter as MongoFilter<MongoDocument>, update as UpdateFilter<MongoDocument>));
    return toUpdateResult(result);
  }

  async replaceOne(filter: Filter, replacement: Replacement<T>, options: UpdateOptions = {}): Promise<UpdateResult> {
    const upsert = options.upsert === true;
    if (replacementNeedsId(filter, replacement, upsert)) return this.call(() => this.replaceKeepingId(filter, replacement));
    const result = await this.call(() => this.collection.replaceOne(filter as MongoFilter<MongoDocument>, replacement as MongoDocument, { upsert }));
    return toUpdateResult(result);
  }

  /**
   * An upsert by a replacement without _id, as the embedded store does it: a matched
   * document keeps its _id; otherwise one is inserted with a new string _id. If a matching
   * document appears between the two steps, the insert would change its _id (refused,
   * code 66), so the replace is tried again.
   */
  private async replaceKeepingId(filter: Filter, replacement: Replacement): Promise<UpdateResult> {
    for (;;) {
      const replaced = await this.collection.replaceOne(filter as MongoFilter<MongoDocument>, replacement as MongoDocument, { upsert: false });
      if (replaced.matchedCount > 0) return toUpdateResult(replaced);
      try {
        const inserted = await this.collection.replaceOne(filter as MongoFilter<MongoDocument>, { ...replacement, _id: newId() }, { upsert: true });
        return toUpdateResult(inserted);
      } catch (error) {
        if (Number((error as { code?: unknown }).code) !== IMMUTABLE_FIELD) throw error;
      }
    }
  }

  async deleteOne(filter: Filter): Promise<number> {
    const result = await this.call(() => this.collection.deleteOne(filter as MongoFilter<MongoDocument>));
    return result.deletedCount;
  }

  async deleteMany(filter: Filter = {}): Promise<number> {
    const result = await this.call(() => this.collection.deleteMany(filter as MongoFilter<MongoDocument>));
    return result.deletedCount;
  }

  /**
   * One ordered bulk write, except around replacements that need replaceKeepingId: those
   * run on their own between the bulk writes of the operations before and after them, and
   * a failure's operation index stays the index in `operations`.
   */
  async bulkWrite(operations: readonly WriteOperation[]): Promise<void> {
    let start = 0;
    while (start < operations.length) {
      const operation = operations[start]!;
      if (
        'replaceOne' in operation &&
        replacementNeedsId(operation.replaceOne.filter, operation.replaceOne.replacement, operation.replaceOne.upsert === true)
      ) {
        const { filter, replacement } = operation.replaceOne;
        await this.atIndex(start, () => this.replaceKeepingId(filter, replacement));
        start++;
        continue;
      }
      let end = start + 1;
      while (end < operations.length && !isSeparateReplace(operations[end]!)) end++;
      const run = operations.slice(start, end);
      await this.atIndex(start, () => this.collection.bulkWrite(run.map(toWriteModel), { ordered: true }));
      start = end;
    }
  }

  /** Runs part of a bulk write that starts at `offset`, reporting failures at their index in the whole. */
  private async atIndex(offset: number, call: () => Promise<unknown>): Promise<void> {
    try {
      await call();
    } catch (error) {
      const portError = toPortError(error, this.name);
      if (portError instanceof DuplicateKeyError) throw new DuplicateKeyError(this.name, portError.key, offset + (portError.operationIndex ?? 0));
      throw portError;
    }
  }

  async createIndex(keys: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<void> {
    await this.call(() =>
      this.collection.createIndex(keys, {
        ...(options.unique !== undefined && { unique: options.unique }),
        ...(options.name !== undefined && { name: options.name }),
        ...(options.sparse !== undefined && { sparse: options.sparse }),
      }),
    );
  }

  async drop(): Promise<void> {
    await this.collection.drop();
  }

  private async call<R>(call: () => Promise<R>): Promise<R> {
    try {
      return await call();
    } catch (error) {
      throw toPortError(error, this.name);
    }
  }
}

function isSeparateReplace(operation: WriteOperation): boolean {
  return 'replaceOne' in operation && replacementNeedsId(operation.replaceOne.filter, operation.replaceOne.replacement, operation.replaceOne.upsert === true);
}

function findOptions(options: FindOptions) {
  return {
    ...(options.sort && { sort: options.sort }),
    ...(options.skip !== undefined && { skip: options.skip }),
    ...(options.limit !== undefined && { limit: options.limit }),
    ...(options.projection && { projection: options.projection }),
  };
}

function toUpdateResult(result: { matchedCount: number; modifiedCount: number; upsertedId: unknown }): UpdateResult {
  const upsertedId = result.upsertedId === null || result.upsertedId === undefined ? null : toPlainValue(result.upsertedId);
  return {
    matchedCount: result.matchedCount,
    modifiedCount: result.modifiedCount,
    upsertedId: upsertedId === null ? null : typeof upsertedId === 'number' ? upsertedId : String(upsertedId),
  };
}
