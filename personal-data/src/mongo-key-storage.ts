/**
 * Wrapped data keys in MongoDB (production): collection `personal_data_keys`, one document
 * `{_id: subject, wrapped}` per subject and the check value under `_id: '.check'` (no
 * subject starts with a dot). Creation is an insert, so of two concurrent creators the
 * first wins (duplicate key) and both use its key; writes and deletes wait for the
 * majority, so an erasure is not lost in a fail-over. A failure a retry may fix is thrown as
 * KeyStoreUnavailableError, which subscriptions retry and requests answer with 503.
 */
import { Binary, MongoServerError, type Db } from 'mongodb';
import { isTransientMongoError } from '@stays/read-store/mongodb-errors';
import { KeyStoreUnavailableError, assertSubject, type WrappedKeyStorage } from './key-store.ts';

export const KEY_COLLECTION = 'personal_data_keys';
const CHECK_ID = '.check';
const DUPLICATE_KEY = 11000;

interface KeyDocument {
  _id: string;
  wrapped: Binary;
}

/**
 * `work`, with a failure a retry may fix thrown as KeyStoreUnavailableError: what the driver
 * says may pass once its own retry is spent (no primary to select, a dropped connection, an
 * error labelled retryable, a server code such as InterruptedDueToReplStateChange), as the
 * read store reads it.
 */
async function reaching<T>(work: () => Promise<T>): Promise<T> {
  try {
    return await work();
  } catch (error) {
    throw isTransientMongoError(error) ? new KeyStoreUnavailableError(error) : error;
  }
}

export function createMongoKeyStorage(db: Db): WrappedKeyStorage {
  const keys = db.collection<KeyDocument>(KEY_COLLECTION, { writeConcern: { w: 'majority', journal: true }, readConcern: { level: 'majority' } });
  const get = (id: string): Promise<Buffer | undefined> =>
    reaching(async () => {
      const found = await keys.findOne({ _id: id });
      return found === null ? undefined : Buffer.from(found.wrapped.buffer);
    });
  const insertIfAbsent = async (id: string, wrapped: Buffer): Promise<Buffer> => {
    try {
      await reaching(() => keys.insertOne({ _id: id, wrapped: new Binary(wrapped) }));
      return wrapped;
    } catch (error) {
      if (!(error instanceof MongoServerError && error.code === DUPLICATE_KEY)) throw error;
      const stored = await get(id);
      if (stored === undefined) throw new Error(`the data key of ${id} was deleted while it was being created`);
      return stored;
    }
  };
  return {
    get: (subject) => {
      assertSubject(subject);
      return get(subject);
    },
    async getMany(subjects) {
      subjects.forEach(assertSubject);
      const found = new Map<string, Buffer>();
      await reaching(async () => {
        for await (const document of keys.find({ _id: { $in: [...new Set(subjects)] } })) found.set(document._id, Buffer.from(document.wrapped.buffer));
      });
      return subjects.map((subject) => found.get(subject));
    },
    putIfAbsent: (subject, wrapped) => {
      assertSubject(subject);
      return insertIfAbsent(subject, wrapped);
    },
    async delete(subject) {
      assertSubject(subject);
      await reaching(() => keys.deleteOne({ _id: subject }));
    },
    checkValue: () => get(CHECK_ID),
    putCheckValueIfAbsent: (value) => insertIfAbsent(CHECK_ID, value),
    close: async () => undefined,
  };
}
