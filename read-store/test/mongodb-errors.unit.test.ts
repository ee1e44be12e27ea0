/**
 * How the MongoDB adapter reads the driver's errors, on errors built the way the driver
 * builds them (no server here): duplicate keys from bulk writes, and which failures are
 * worth a retry.
 */
import { expect } from 'chai';
import { MongoBulkWriteError, MongoServerError, MongoServerSelectionError } from 'mongodb';
import { DuplicateKeyError, ReadStoreUnavailableError } from '../src/errors.ts';
import { toPortError } from '../src/mongodb/port-errors.ts';
import { isTransientMongoError } from '../src/mongodb/transient-errors.ts';
import { KINDS, WriteErrorLike, driverError } from './support/transient-faults.ts';

const result = {} as never;

function bulkWriteError(writeError: { index: number; code: number; errmsg: string; op: unknown }): MongoBulkWriteError {
  return new MongoBulkWriteError({ message: writeError.errmsg, code: writeError.code, writeErrors: [new WriteErrorLike(writeError)] } as never, result);
}

describe("MongoDB errors as the read store port's", function () {
  describe('duplicate keys in bulk writes (the driver keeps no keyValue)', function () {
    it('names the key from the message and takes its value from the inserted document', function () {
      const error = toPortError(
        bulkWriteError({
          index: 2,
          code: 11000,
          op: { _id: 'c9', email: 'Zoë@example.com' },
          errmsg: 'E11000 duplicate key error collection: stays.customers_v1 index: email_1 dup key: { email: "Zoë@example.com" }',
        }),
        'customers_v1',
      );
      expect(error).to.be.instanceOf(DuplicateKeyError);
      expect(error).to.include({ collection: 'customers_v1', operationIndex: 2 });
      expect((error as DuplicateKeyError).key).to.deep.equal({ email: 'Zoë@example.com' });
    });

    it('reads compound keys, and values of an upsert from its filter or $set', function () {
      const error = toPortError(
        bulkWriteError({
          index: 0,
          code: 11000,
          op: { q: { _id: 'r1', _position: { $lt: 9 } }, u: { $set: { hotelId: 'h1', at: new Date('2026-01-01T00:00:00Z') } }, upsert: true },
          errmsg: 'E11000 duplicate key error collection: stays.rooms_v1 index: hotelId_1_at_1 dup key: { hotelId: "h1", at: new Date(1767225600000) }',
        }),
        'rooms_v1',
      ) as DuplicateKeyError;
      expect(error.key).to.deep.equal({ hotelId: 'h1', at: new Date('2026-01-01T00:00:00Z') });

      const byId = toPortError(
        bulkWriteError({
          index: 1,
          code: 11000,
          op: { q: { _id: 'r1', _position: { $lt: 9 } }, u: { $set: { n: 1 } }, upsert: true },
          errmsg: 'E11000 duplicate key error collection: stays.rooms_v1 index: _id_ dup key: { _id: "r1" }',
        }),
        'rooms_v1',
      ) as DuplicateKeyError;
      expect(byId.key).to.deep.equal({ _id: 'r1' });
      expect(byId.operationIndex).to.equal(1);
    });

    it('keeps a value the operation does not carry as the message shows it', function () {
      const error = toPortError(
        bulkWriteError({
          index: 0,
          code: 11000,
          op: { q: { kind: 'x' }, u: { $inc: { n: 1 } }, upsert: true },
          errmsg: "E11000 duplicate key error collection: stays.t index: _id_ dup key: { _id: ObjectId('65f1c0ffee0ddba11c0ffee1') }",
        }),
        't',
      ) as DuplicateKeyError;
      expect(error.key).to.deep.equal({ _id: "ObjectId('65f1c0ffee0ddba11c0ffee1')" });
    });

    it('still reads keyValue when a single write reports it', function () {
      const error = toPortError(
        new MongoServerError({ ok: 0, code: 11000, errmsg: 'E11000 duplicate key error', keyValue: { email: 'a@b.c' } }),
        'c',
      ) as DuplicateKeyError;
      expect(error.key).to.deep.equal({ email: 'a@b.c' });
      expect(error.operationIndex).to.equal(undefined);
    });
  });

  describe('transient failures', function () {
    for (const kind of KINDS) {
      it(`a bulk write that failed with ${kind} is ReadStoreUnavailableError, with the driver's error as cause`, function () {
        const original = driverError(kind, 0, [{ updateMany: { filter: {}, update: { $set: { a: 1 } } } }]);
        const error = toPortError(original, 'hotels_v1');
        expect(error).to.be.instanceOf(ReadStoreUnavailableError);
        expect((error as Error).cause).to.equal(original);
        expect((error as Error).message).to.contain('hotels_v1');
      });
    }

    it('no primary found within the server selection timeout is transient, inside a bulk write too', function () {
      const selection = new MongoServerSelectionError('Server selection timed out after 30000 ms', { type: 'ReplicaSetNoPrimary' } as never);
      expect(isTransientMongoError(selection)).to.equal(true);
      expect(isTransientMongoError(new MongoBulkWriteError(selection, result))).to.equal(true);
    });

    it('refusals are not: a failed validation, a bad update, an immutable _id', function () {
      const validation = bulkWriteError({ index: 0, code: 121, errmsg: 'Document failed validation', op: {} });
      const badUpdate = new MongoServerError({ ok: 0, code: 9, codeName: 'FailedToParse', errmsg: 'Unknown modifier: $sett' });
      const immutable = new MongoServerError({
        ok: 0,
        code: 66,
        codeName: 'ImmutableField',
        errmsg: "Performing an update on the path '_id' would modify the immutable field '_id'",
      });
      for (const error of [validation, badUpdate, immutable]) {
        expect(isTransientMongoError(error)).to.equal(false);
        expect(toPortError(error, 'c')).to.equal(error);
      }
    });
  });
});
