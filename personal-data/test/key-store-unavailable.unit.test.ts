/**
 * A key store that cannot be reached for a while, as MongoDB cannot during an election or
 * after a dropped connection: the MongoDB adapter, over a simulated collection that fails
 * with the driver's own error classes and the server's codes and labels (read as the read
 * store's MongoDB adapter reads them), says so with
 * KeyStoreUnavailableError (503 to a request) and lets other failures through; a
 * subscription through the layer waits it out and hands on every batch, in order, with its
 * plain values, instead of stopping.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { MongoNetworkError, MongoServerError, MongoServerSelectionError, type Db } from 'mongodb';
import { openEmbeddedEventStore, type RecordedEvent } from '@stays/event-store';
import { ServiceUnavailableError } from '@stays/service-kit';
import { KeyStoreUnavailableError, createFileKeyStorage, createMongoKeyStorage, openKeyStore, withPersonalData, type WrappedKeyStorage } from '../src/index.ts';
import { guestName, writeRegistrations } from './support/registrations.ts';

/** A collection whose every call fails with `error`, as the driver's would. */
function failingDb(error: Error): Db {
  const fail = async () => {
    throw error;
  };
  const collection = {
    findOne: fail,
    insertOne: fail,
    deleteOne: fail,
    find: () => ({
      [Symbol.asyncIterator]: () => ({ next: fail }),
    }),
  };
  return { collection: () => collection } as unknown as Db;
}

const transient: [string, Error][] = [
  ['no primary to select (an election)', new MongoServerSelectionError('Server selection timed out after 30000 ms', { type: 'ReplicaSetNoPrimary' } as never)],
  ['a dropped connection', new MongoNetworkError('connection 4 to 10.0.0.7:27017 closed')],
  [
    'a primary that stepped down',
    new MongoServerError({ ok: 0, code: 10107, codeName: 'NotWritablePrimary', errmsg: 'not primary', errorLabels: ['RetryableWriteError'] }),
  ],
  // what a read meets when an election interrupts it: the server's code alone, no label
  [
    'a read interrupted by an election (a server code, no label)',
    new MongoServerError({
      ok: 0,
      code: 11602,
      codeName: 'InterruptedDueToReplStateChange',
      errmsg: 'operation was interrupted because a replica set state change occurred',
    }),
  ],
  [
    'a server shutting down (a server code, no label)',
    new MongoServerError({ ok: 0, code: 91, codeName: 'ShutdownInProgress', errmsg: 'The server is in quiesce mode and will shut down' }),
  ],
];

describe('a key store that cannot be reached for now', function () {
  this.timeout(60_000);

  describe('the MongoDB adapter over a collection failing as MongoDB fails', function () {
    for (const [what, error] of transient) {
      it(`says KeyStoreUnavailableError (a 503) for ${what}, on every call`, async () => {
        const storage = createMongoKeyStorage(failingDb(error));
        const calls: [string, () => Promise<unknown>][] = [
          ['get', () => storage.get('customer-g1')],
          ['getMany', () => storage.getMany(['customer-g1', 'customer-g2'])],
          ['putIfAbsent', () => storage.putIfAbsent('customer-g1', Buffer.alloc(60, 1))],
          ['delete', () => storage.delete('customer-g1')],
          ['checkValue', () => storage.checkValue()],
        ];
        for (const [name, call] of calls) {
          const thrown = await call().then(
            () => null,
            (failure: unknown) => failure,
          );
          expect(thrown, name).to.be.instanceOf(KeyStoreUnavailableError);
          expect(thrown, name).to.be.instanceOf(ServiceUnavailableError);
          expect((thrown as KeyStoreUnavailableError).statusCode, name).to.equal(503);
          expect((thrown as KeyStoreUnavailableError).cause, name).to.equal(error);
        }
      });
    }

    it('lets a failure a retry would not fix through as it is', async () => {
      const badValue = new MongoServerError({ ok: 0, code: 2, codeName: 'BadValue', errmsg: '$in needs an array' });
      const thrown = await createMongoKeyStorage(failingDb(badValue))
        .getMany(['customer-g1'])
        .then(
          () => null,
          (failure: unknown) => failure,
        );
      expect(thrown).to.equal(badValue);
    });

    it('still takes a duplicate key on creation for the key another process created first', async () => {
      const stored = Buffer.alloc(60, 9);
      const duplicate = new MongoServerError({ ok: 0, code: 11000, codeName: 'DuplicateKey', errmsg: 'E11000 duplicate key error' });
      const db = {
        collection: () => ({
          insertOne: async () => {
            throw duplicate;
          },
          findOne: async () => ({ _id: 'customer-g1', wrapped: { buffer: stored } }),
        }),
      } as unknown as Db;
      expect(await createMongoKeyStorage(db).putIfAbsent('customer-g1', Buffer.alloc(60, 1))).to.deep.equal(stored);
    });
  });

  describe('a subscription through the layer while the key store is unreachable', function () {
    let dir: string;
    beforeEach(async () => {
      dir = await mkdtemp(path.join(tmpdir(), 'stays-pd-unreachable-'));
    });
    afterEach(async () => {
      await rm(dir, { recursive: true, force: true });
    });

    it('waits it out and hands on every batch in order with its plain values, never an error', async function () {
      // a batch whose keys could not be read is read anew at the retry: kept, its failure would be handed out for the minute a key read serves
      this.timeout(20_000);
      // a complete block of the log (256 events) and more: its records reach every reader as the same objects
      const guests = 300;
      const masterKey = await writeRegistrations(dir, guests);
      const files = await createFileKeyStorage(path.join(dir, 'keys'));
      // the first reads fail as the MongoDB adapter says an election: the batches wait, then go on
      let failuresLeft = 6;
      const unreachableAtFirst = <T>(read: () => Promise<T>): Promise<T> =>
        failuresLeft-- > 0 ? Promise.reject(new KeyStoreUnavailableError(new Error('simulated election'))) : read();
      const storage: WrappedKeyStorage = {
        ...files,
        get: (subject) => unreachableAtFirst(() => files.get(subject)),
        getMany: (subjects) => unreachableAtFirst(() => files.getMany(subjects)),
      };
      const keys = await openKeyStore(storage, masterKey);
      const store = withPersonalData(await openEmbeddedEventStore(path.join(dir, 'events')), keys);
      try {
        const batches = await new Promise<RecordedEvent[][]>((resolve, reject) => {
          const seen: RecordedEvent[][] = [];
          const subscription = store.subscribeToAll(
            { maxBatchSize: 20 },
            {
              onBatch: async (events) => void seen.push([...events]),
              onCaughtUp: () => void subscription.close().then(() => resolve(seen)),
              onError: reject,
            },
          );
        });
        expect(failuresLeft).to.be.below(0);
        expect(batches.flat().map((event) => event.data.name)).to.deep.equal(Array.from({ length: guests }, (_, i) => guestName(i)));
      } finally {
        await store.close();
        await keys.close();
      }
    });
  });
});
