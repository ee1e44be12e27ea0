/**
 * The idempotency guard and the ordered apply as given/when/then, through the embedded read
 * store: given events' writes applied once, when they are applied again from an earlier
 * position (a restart after a crash between the writes and the checkpoint), then nothing
 * changes, whatever the kind of write, and no later event's write is undone; a duplicate key
 * resumes the collection's writes after it; any other failure stops the apply.
 */
import { expect } from 'chai';
import { DuplicateKeyError, createEmbeddedReadStore, type ReadStore, type WriteOperation } from '@stays/read-store';
import { applyInOrder, guardedWrites, type GuardedWrite } from '../src/apply.ts';
import type { ProjectedWrite, ProjectionDefinition } from '../src/projection.ts';

const ledger: ProjectionDefinition = { name: 'ledger', version: 1, collections: ['entries', 'totals'], project: () => [] };

/** Each event's writes by position, applied in log order from `from` on, one batch as the runner applies it. */
async function applyFrom(readStore: ReadStore, events: ReadonlyMap<number, readonly ProjectedWrite[]>, from: number, log: (line: string) => void = () => {}) {
  const batch: GuardedWrite[] = [];
  for (const [position, writes] of events) if (position >= from) guardedWrites(ledger, position, writes, batch);
  await applyInOrder(readStore, batch, log);
}

const entries = (operation: WriteOperation): ProjectedWrite => ({ collection: 'entries', operation });
const totals = (operation: WriteOperation): ProjectedWrite => ({ collection: 'totals', operation });

/** One event of each kind of write, and later events writing the same documents again. */
const history = new Map<number, readonly ProjectedWrite[]>([
  [
    1,
    [
      entries({ insertOne: { document: { _id: 'e1', amount: 5 } } }),
      totals({ updateOne: { filter: { _id: 't' }, update: { $inc: { sum: 5 } }, upsert: true } }),
    ],
  ],
  [
    2,
    [
      entries({ updateOne: { filter: { _id: 'e1' }, update: { $set: { amount: 7 } } } }),
      totals({ updateOne: { filter: { _id: 't' }, update: { $inc: { sum: 2 } } } }),
    ],
  ],
  [3, [entries({ replaceOne: { filter: { _id: 'e2' }, replacement: { note: 'first' }, upsert: true } })]],
  [4, [entries({ updateMany: { filter: {}, update: { $set: { seen: true } } } })]],
  [5, [entries({ replaceOne: { filter: { _id: 'e1' }, replacement: { amount: 9 } } })]],
  [6, [entries({ deleteOne: { filter: { _id: 'e3' } } })]],
]);

/** What the history leaves, each document stamped with the last event that wrote it. */
const afterHistory = {
  entries: [
    { _id: 'e1', amount: 9, _position: 5 },
    { _id: 'e2', note: 'first', seen: true, _position: 4 },
  ],
  totals: [{ _id: 't', sum: 7, _position: 2 }],
};

const contents = async (readStore: ReadStore) => ({
  entries: await readStore.collection('entries').find({}, { sort: { _id: 1 } }),
  totals: await readStore.collection('totals').find({}, { sort: { _id: 1 } }),
});

describe('guarded writes: a replayed event changes nothing', () => {
  it('applies each kind of write once, however often its event is applied again', async () => {
    const readStore = createEmbeddedReadStore();
    await applyFrom(readStore, history, 1);
    expect(await contents(readStore)).to.deep.equal(afterHistory);
    for (const from of [1, 2, 3, 4, 5, 6]) {
      await applyFrom(readStore, history, from);
      expect(await contents(readStore), `applied again from position ${from}`).to.deep.equal(afterHistory);
    }
    await readStore.close();
  });

  it('applies the writes after a duplicate key in the same collection, and tells of a unique key other than the id', async () => {
    const readStore = createEmbeddedReadStore();
    await readStore.collection('entries').createIndex({ ref: 1 }, { unique: true });
    const lines: string[] = [];
    const events = new Map<number, readonly ProjectedWrite[]>([
      [1, [entries({ insertOne: { document: { _id: 'a', ref: 'r1' } } })]],
      [2, [entries({ insertOne: { document: { _id: 'b', ref: 'r1' } } }), entries({ insertOne: { document: { _id: 'c', ref: 'r2' } } })]],
      [3, [entries({ updateOne: { filter: { _id: 'a' }, update: { $set: { amount: 1 } } } })]],
    ]);
    await applyFrom(readStore, events, 1, (line) => lines.push(line));
    expect(await readStore.collection('entries').find({}, { sort: { _id: 1 } })).to.deep.equal([
      { _id: 'a', ref: 'r1', amount: 1, _position: 3 },
      { _id: 'c', ref: 'r2', _position: 2 },
    ]);
    expect(lines).to.deep.equal(['projection write skipped, unique key taken in entries: {"ref":"r1"}']);
    // the same events again: every insert meets its own id, which is no news
    await applyFrom(readStore, events, 1, (line) => lines.push(line));
    expect(lines.slice(1)).to.deep.equal(['projection write skipped, unique key taken in entries: {"ref":"r1"}']);
    await readStore.close();
  });

  it('stops at any other failure of a write, a duplicate key that names no write among them', async () => {
    for (const failure of [new Error('read store unavailable'), new DuplicateKeyError('entries', { _id: 'x' })]) {
      const failing = {
        collection: () => ({
          bulkWrite: async () => {
            throw failure;
          },
        }),
      } as unknown as ReadStore;
      const applied = applyInOrder(failing, guardedWrites(ledger, 1, history.get(1)!), () => {});
      expect(
        await applied.then(
          () => 'applied',
          (error: unknown) => error,
        ),
      ).to.equal(failure);
    }
  });

  it('refuses a write to a collection the projection does not own', () => {
    expect(() => guardedWrites(ledger, 1, [{ collection: 'sessions', operation: { deleteMany: { filter: {} } } }])).to.throw(
      'projection ledger wrote to sessions, which it does not own',
    );
  });
});
