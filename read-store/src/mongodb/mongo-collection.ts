import type { Collection, Document as MongoDocument, Filter as MongoFilter, UpdateFilter } from 'mongodb';
import type {
  Document, Filter, FindOptions, IndexOptions, ReadCollection, Update, UpdateOptions, UpdateResult, WriteOperation,
} from '../port.ts';
import { toPortError } from './duplicate-key.ts';
import { toPlainDocument, toPlainValue } from './plain-values.ts';
import { toWriteModel, withInsertId, withReplacementId, withUpsertId } from './write-models.ts';

/** A read-store collection on a MongoDB collection: the driver's calls, plain values, port errors. */
export class MongoCollection<T extends Document = Document> implements ReadCollection<T> {
  constructor(
    readonly name: string,
    private readonly collection: Collection<MongoDocument>,
  ) {}

  async find(filter: Filter = {}, options: FindOptions = {}): Promise<T[]> {
    const documents = await this.collection.find(filter as MongoFilter<MongoDocument>, findOptions(options)).toArray();
    return documents.map((document) => toPlainDocument<T>(document));
  }

  async findOne(filter: Filter = {}, options: Omit<FindOptions, 'limit'> = {}): Promise<T | null> {
    const document = await this.collection.findOne(filter as MongoFilter<MongoDocument>, findOptions(options));
    return document === null ? null : toPlainDocument<T>(document);
  }

  async countDocuments(filter: Filter = {}): Promise<number> {
    return this.collection.countDocuments(filter as MongoFilter<MongoDocument>);
  }

  async aggregate<R = Record<string, unknown>>(pipeline: readonly Record<string, unknown>[]): Promise<R[]> {
    const results = await this.collection.aggregate([...pipeline]).toArray();
    return results.map((result) => toPlainDocument<R>(result));
  }

  async insertOne(document: T): Promise<void> {
    await this.write(() => this.collection.insertOne(withInsertId(document) as MongoDocument));
  }

  async updateOne(filter: Filter, update: Update, options: UpdateOptions = {}): Promise<UpdateResult> {
    const upsert = options.upsert === true;
    const result = await this.write(() => this.collection.updateOne(
      filter as MongoFilter<MongoDocument>, withUpsertId(filter, update, upsert) as UpdateFilter<MongoDocument>, { upsert },
    ));
    return toUpdateResult(result);
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    const result = await this.write(() => this.collection.updateMany(
      filter as MongoFilter<MongoDocument>, update as UpdateFilter<MongoDocument>,
    ));
    return toUpdateResult(result);
  }

  async replaceOne(filter: Filter, replacement: T, options: UpdateOptions = {}): Promise<UpdateResult> {
    const upsert = options.upsert === true;
    const result = await this.write(() => this.collection.replaceOne(
      filter as MongoFilter<MongoDocument>, withReplacementId(filter, replacement, upsert), { upsert },
    ));
    return toUpdateResult(result);
  }

  async deleteOne(filter: Filter): Promise<number> {
    const result = await this.collection.deleteOne(filter as MongoFilter<MongoDocument>);
    return result.deletedCount;
  }

  async deleteMany(filter: Filter = {}): Promise<number> {
    const result = await this.collection.deleteMany(filter as MongoFilter<MongoDocument>);
    return result.deletedCount;
  }

  async bulkWrite(operations: readonly WriteOperation[]): Promise<void> {
    if (operations.length === 0) return;
    await this.write(() => this.collection.bulkWrite(operations.map(toWriteModel), { ordered: true }));
  }

  async createIndex(keys: Record<string, 1 | -1>, options: IndexOptions = {}): Promise<void> {
    await this.write(() => this.collection.createIndex(keys, {
      ...(options.unique !== undefined && { unique: options.unique }),
      ...(options.name !== undefined && { name: options.name }),
      ...(options.sparse !== undefined && { sparse: options.sparse }),
    }));
  }

  async drop(): Promise<void> {
    await this.collection.drop();
  }

  private async write<R>(call: () => Promise<R>): Promise<R> {
    try {
      return await call();
    } catch (error) {
      throw toPortError(error, this.name);
    }
  }
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
    upsertedId: upsertedId === null ? null : String(upsertedId),
  };
}
