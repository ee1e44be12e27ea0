import { ObjectId, type AnyBulkWriteOperation, type Document as MongoDocument } from 'mongodb';
import { filterSetsId } from '../filter-equalities.ts';
import type { Document, Filter, Replacement, Update, WriteOperation } from '../port.ts';

/** A string _id (ObjectId hex), as the embedded store generates: the port's _id is a string. */
export function newId(): string {
  return new ObjectId().toHexString();
}

/**
 * An upsert whose filter does not fix the _id would get a server-generated ObjectId;
 * give it a string one instead (through `$setOnInsert`) so both adapters store strings.
 */
export function withUpsertId(filter: Filter, update: Update, upsert: boolean): Update {
  if (!upsert || filterSetsId(filter)) return update;
  const setsId = (operator: string) => {
    const fields = update[operator];
    return typeof fields === 'object' && fields !== null && Object.keys(fields).some((path) => path === '_id' || path.startsWith('_id.'));
  };
  if (setsId('$set') || setsId('$setOnInsert')) return update;
  const onInsert = (update.$setOnInsert ?? {}) as Record<string, unknown>;
  return { ...update, $setOnInsert: { ...onInsert, _id: newId() } };
}

/**
 * Whether an upsert by replacement could insert a document with no _id from anywhere: the
 * server would give it an ObjectId. Adding a new _id to the replacement is no answer (on a
 * match it would change the matched document's _id, which MongoDB refuses: code 66), so
 * the collection replaces first and inserts only when nothing matched (see
 * MongoCollection.replaceKeepingId).
 */
export function replacementNeedsId(filter: Filter, replacement: Replacement, upsert: boolean): boolean {
  return upsert && replacement._id === undefined && !filterSetsId(filter);
}

/** A document to insert, with a string _id if it has none (the driver would add an ObjectId). */
export function withInsertId<T extends Document>(document: T): T {
  return document._id === undefined ? { ...document, _id: newId() } : document;
}

export function toWriteModel(operation: WriteOperation): AnyBulkWriteOperation<MongoDocument> {
  if ('insertOne' in operation) return { insertOne: { document: withInsertId(operation.insertOne.document) as MongoDocument } };
  if ('updateOne' in operation) {
    const { filter, update, upsert = false } = operation.updateOne;
    return { updateOne: { filter, update: withUpsertId(filter, update, upsert), upsert } };
  }
  if ('updateMany' in operation) return { updateMany: { filter: operation.updateMany.filter, update: operation.updateMany.update } };
  if ('replaceOne' in operation) {
    const { filter, replacement, upsert = false } = operation.replaceOne;
    return { replaceOne: { filter, replacement: replacement as MongoDocument, upsert } };
  }
  if ('deleteOne' in operation) return { deleteOne: { filter: operation.deleteOne.filter } };
  if ('deleteMany' in operation) return { deleteMany: { filter: operation.deleteMany.filter } };
  throw new Error(`unknown bulk write operation: ${Object.keys(operation).join(', ')}`);
}
