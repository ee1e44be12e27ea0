import { MongoClient, type Document as MongoDocument } from 'mongodb';
import type { Document, ReadCollection, ReadStore } from '../port.ts';
import { MongoCollection } from './mongo-collection.ts';

/**
 * Connects the read store to MongoDB. `dbName` defaults to the database named in the URL.
 * Fields set to `undefined` are left out (`ignoreUndefined`), as the embedded store does.
 */
export async function connectMongoReadStore(url: string, dbName?: string): Promise<ReadStore> {
  const client = new MongoClient(url, { ignoreUndefined: true });
  try {
    await client.connect();
  } catch (error) {
    await client.close().catch(() => undefined);
    throw error;
  }
  const database = client.db(dbName);
  const collections = new Map<string, MongoCollection>();
  return {
    collection<T extends Document = Document>(name: string): ReadCollection<T> {
      let found = collections.get(name);
      if (!found) {
        found = new MongoCollection(name, database.collection<MongoDocument>(name));
        collections.set(name, found);
      }
      return found as unknown as ReadCollection<T>;
    },
    async close(): Promise<void> {
      await client.close();
    },
  };
}
