/**
 * The read store contract: one suite every adapter must pass (embedded always, MongoDB
 * when MONGO_URL is set). Each test works in its own freshly named collection, so the
 * suite can run against a shared server; collections are dropped after each test.
 */
import { expect } from 'chai';
import { DuplicateKeyError } from '../src/errors.ts';
import type { Document, Filter, ReadCollection, ReadStore, Sort } from '../src/port.ts';

export type OpenReadStore = () => Promise<{ store: ReadStore; cleanup: () => Promise<void> }>;

interface Hotel extends Document {
  _id: string;
  name: string;
  city: string;
  price: number;
  rating?: number;
  tags: string[];
  address: { pin: string; state: string };
  rooms: Array<{ type: string; beds: number }>;
  active: boolean;
  openedAt: Date;
  note?: null;
}

const HOTELS: readonly Hotel[] = [
  {
    _id: 'h1',
    name: 'Sea View Inn',
    city: 'Goa',
    price: 3000,
    rating: 4.5,
    tags: ['beach', 'wifi'],
    address: { pin: '403001', state: 'Goa' },
    rooms: [
      { type: 'deluxe', beds: 2 },
      { type: 'suite', beds: 3 },
    ],
    active: true,
    openedAt: new Date('2020-01-01T00:00:00Z'),
  },
  {
    _id: 'h2',
    name: 'Hill Top (Resort)',
    city: 'Manali',
    price: 5500,
    rating: 4.8,
    tags: ['mountain'],
    address: { pin: '175131', state: 'HP' },
    rooms: [{ type: 'suite', beds: 2 }],
    active: true,
    openedAt: new Date('2018-06-01T00:00:00Z'),
  },
  {
    _id: 'h3',
    name: 'City Lodge',
    city: 'Pune',
    price: 1800,
    rating: 3.9,
    tags: [],
    address: { pin: '411001', state: 'MH' },
    rooms: [],
    active: false,
    openedAt: new Date('2022-03-15T00:00:00Z'),
    note: null,
  },
  {
    _id: 'h4',
    name: 'Pune Palace',
    city: 'Pune',
    price: 4200,
    rating: 4.5,
    tags: ['wifi', 'pool'],
    address: { pin: '411002', state: 'MH' },
    rooms: [{ type: 'deluxe', beds: 1 }],
    active: true,
    openedAt: new Date('2019-11-20T00:00:00Z'),
  },
  {
    _id: 'h5',
    name: 'sea breeze',
    city: 'Goa',
    price: 2500,
    tags: ['beach'],
    address: { pin: '403002', state: 'Goa' },
    rooms: [{ type: 'standard', beds: 1 }],
    active: true,
    openedAt: new Date('2021-07-07T00:00:00Z'),
  },
];

function hotel(id: string): Hotel {
  return structuredClone(HOTELS.find((candidate) => candidate._id === id)!);
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** _ids in ascending order, for results whose order the query does not fix. */
function idSet(documents: readonly Document[]): string[] {
  return documents.map((document) => String(document._id)).sort();
}

function idList(documents: readonly Document[]): string[] {
  return documents.map((document) => String(document._id));
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  return expect.fail('expected the call to reject');
}

async function duplicateKey(promise: Promise<unknown>): Promise<DuplicateKeyError> {
  const error = await rejection(promise);
  expect(error).to.be.instanceOf(DuplicateKeyError);
  return error as DuplicateKeyError;
}

export function describeReadStoreContract(name: string, open: OpenReadStore): void {
  describe(name, function () {
    let store: ReadStore;
    let cleanup: () => Promise<void>;
    const run = `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;
    let counter = 0;
    let used: string[] = [];

    before(async function () {
      ({ store, cleanup } = await open());
    });

    after(async function () {
      await cleanup?.();
    });

    afterEach(async function () {
      const names = used;
      used = [];
      for (const collectionName of names) await store.collection(collectionName).drop();
    });

    function fresh<T extends Document = Document>(): ReadCollection<T> {
      const collectionName = `contract_${run}_${++counter}`;
      used.push(collectionName);
      return store.collection<T>(collectionName);
    }

    async function hotels(): Promise<ReadCollection<Hotel>> {
      const collection = fresh<Hotel>();
      for (const document of HOTELS) await collection.insertOne(structuredClone(document));
      return collection;
    }

    describe('insertOne, find and values', function () {
      it('keeps whole-number _ids as numbers: found by value and range, sorted numerically', async function () {
        const leaves = fresh<{ _id: number; hash: string }>();
        await leaves.bulkWrite([2, 10, 1].map((index) => ({ insertOne: { document: { _id: index, hash: `h${index}` } } })));
        await leaves.updateOne({ _id: 11 }, { $set: { hash: 'h11' } }, { upsert: true });
        expect(await leaves.findOne({ _id: 10 })).to.deep.equal({ _id: 10, hash: 'h10' });
        expect(await leaves.findOne({ _id: '10' })).to.equal(null);
        expect((await leaves.find({ _id: { $gte: 2 } }, { sort: { _id: 1 } })).map((leaf) => leaf._id)).to.deep.equal([2, 10, 11]);
        expect((await leaves.find({}, { sort: { _id: -1 }, limit: 2 })).map((leaf) => leaf._id)).to.deep.equal([11, 10]);
      });

      it('stores strings, numbers, booleans, null, arrays, nested objects and Dates unchanged', async function () {
        const collection = fresh();
        const document = {
          _id: 'v1',
          text: 'naïve café',
          integer: 42,
          fraction: -3.25,
          yes: true,
          no: false,
          nothing: null,
          list: [1, 'two', { three: 3 }, [4]],
          nested: { deeper: { deepest: 'x' } },
          when: new Date('2024-02-29T10:20:30.456Z'),
        };
        await collection.insertOne(document);
        const found = await collection.findOne({ _id: 'v1' });
        expect(found).to.deep.equal(document);
        expect(found!.when).to.be.instanceOf(Date);
      });

      it('returns null from findOne when nothing matches, and [] from find', async function () {
        const collection = await hotels();
        expect(await collection.findOne({ _id: 'missing' })).to.equal(null);
        expect(await collection.find({ city: 'Nowhere' })).to.deep.equal([]);
      });

      it('rejects a second document with the same _id with DuplicateKeyError naming the key', async function () {
        const collection = await hotels();
        const error = await duplicateKey(collection.insertOne({ ...hotel('h1'), name: 'Other' }));
        expect(error.collection).to.equal(collection.name);
        expect(error.key).to.deep.equal({ _id: 'h1' });
        expect((await collection.findOne({ _id: 'h1' }))!.name).to.equal('Sea View Inn');
      });

      it('finds everything with an empty or missing filter and counts documents', async function () {
        const collection = await hotels();
        expect(idSet(await collection.find())).to.deep.equal(['h1', 'h2', 'h3', 'h4', 'h5']);
        expect(idSet(await collection.find({}))).to.have.length(5);
        expect(await collection.countDocuments()).to.equal(5);
        expect(await collection.countDocuments({ city: 'Goa' })).to.equal(2);
        expect(await collection.countDocuments({ city: 'Nowhere' })).to.equal(0);
      });

      it('estimates the count from the collection itself: inserts, upserts and deletes move it, a drop empties it', async function () {
        const collection = fresh();
        expect(await collection.estimatedDocumentCount()).to.equal(0);
        for (const document of HOTELS) await collection.insertOne(structuredClone(document));
        await collection.updateOne({ _id: 'h9' }, { $set: { city: 'Pune' } }, { upsert: true });
        await collection.updateOne({ _id: 'h1' }, { $set: { city: 'Pune' } }, { upsert: true });
        expect(await collection.estimatedDocumentCount()).to.equal(6);
        await collection.deleteMany({ city: 'Pune' });
        expect(await collection.estimatedDocumentCount()).to.equal(2);
        await collection.drop();
        expect(await collection.estimatedDocumentCount()).to.equal(0);
      });
    });

    describe('filters', function () {
      let collection: ReadCollection<Hotel>;
      beforeEach(async function () {
        collection = await hotels();
      });
      const expectIds = async (filter: Record<string, unknown>, ids: string[]) => {
        expect(idSet(await collection.find(filter)), JSON.stringify(filter)).to.deep.equal(ids);
      };

      it('matches by _id, by a set of _ids, and by _id with other conditions', async function () {
        await expectIds({ _id: 'h2' }, ['h2']);
        await expectIds({ _id: { $eq: 'h2' } }, ['h2']);
        await expectIds({ _id: { $in: ['h1', 'h3', 'nope'] } }, ['h1', 'h3']);
        await expectIds({ _id: 'h1', city: 'Goa' }, ['h1']);
        await expectIds({ _id: 'h1', city: 'Pune' }, []);
        await expectIds({ _id: { $ne: 'h1' }, city: 'Goa' }, ['h5']);
      });

      it('matches equality on strings, booleans, nested objects and dotted paths', async function () {
        await expectIds({ city: 'Pune' }, ['h3', 'h4']);
        await expectIds({ active: false }, ['h3']);
        await expectIds({ 'address.state': 'Goa' }, ['h1', 'h5']);
        await expectIds({ address: { pin: '175131', state: 'HP' } }, ['h2']);
      });

      it('supports $eq and $ne ($ne also matches documents without the field)', async function () {
        await expectIds({ rating: { $eq: 4.5 } }, ['h1', 'h4']);
        await expectIds({ rating: { $ne: 4.5 } }, ['h2', 'h3', 'h5']);
      });

      it('supports $gt, $gte, $lt, $lte on numbers, strings and Dates, never matching other types', async function () {
        await expectIds({ price: { $gt: 3000 } }, ['h2', 'h4']);
        await expectIds({ price: { $gte: 3000 } }, ['h1', 'h2', 'h4']);
        await expectIds({ price: { $lt: 2500 } }, ['h3']);
        await expectIds({ price: { $lte: 2500 } }, ['h3', 'h5']);
        await expectIds({ price: { $gte: 2000, $lt: 4500 } }, ['h1', 'h4', 'h5']);
        await expectIds({ rating: { $lt: 5 } }, ['h1', 'h2', 'h3', 'h4']);
        await expectIds({ city: { $gt: 'Manali' } }, ['h3', 'h4']);
        await expectIds({ openedAt: { $gte: new Date('2020-01-01T00:00:00Z') } }, ['h1', 'h3', 'h5']);
        await expectIds({ openedAt: { $lt: new Date('2019-01-01T00:00:00Z') } }, ['h2']);
        await expectIds({ price: { $gt: '1000' } }, []);
      });

      it('supports $in and $nin, with null standing for a missing field', async function () {
        await expectIds({ city: { $in: ['Pune', 'Manali'] } }, ['h2', 'h3', 'h4']);
        await expectIds({ city: { $nin: ['Pune', 'Manali'] } }, ['h1', 'h5']);
        await expectIds({ rating: { $in: [null, 3.9] } }, ['h3', 'h5']);
        await expectIds({ rating: { $nin: [4.5, 4.8] } }, ['h3', 'h5']);
      });

      it('matches null against null and missing fields', async function () {
        await expectIds({ rating: null }, ['h5']);
        await expectIds({ note: null }, ['h1', 'h2', 'h3', 'h4', 'h5']);
        await expectIds({ note: { $ne: null } }, []);
      });

      it('supports $exists', async function () {
        await expectIds({ rating: { $exists: true } }, ['h1', 'h2', 'h3', 'h4']);
        await expectIds({ rating: { $exists: false } }, ['h5']);
        await expectIds({ note: { $exists: true } }, ['h3']);
        await expectIds({ 'address.pin': { $exists: true } }, ['h1', 'h2', 'h3', 'h4', 'h5']);
      });

      it('supports $and and $or, nested', async function () {
        await expectIds({ $and: [{ city: 'Goa' }, { price: { $gt: 2600 } }] }, ['h1']);
        await expectIds({ $or: [{ city: 'Manali' }, { price: { $lt: 2000 } }] }, ['h2', 'h3']);
        await expectIds({ active: true, $or: [{ rating: { $gte: 4.8 } }, { rating: { $exists: false } }] }, ['h2', 'h5']);
        await expectIds({ $or: [{ tags: 'pool' }, { $and: [{ city: 'Goa' }, { rating: { $exists: false } }] }] }, ['h4', 'h5']);
        await expectIds({ $nor: [{ city: 'Goa' }, { city: 'Pune' }] }, ['h2']);
      });

      it('supports $regex with options, escaped user text and RegExp values', async function () {
        await expectIds({ name: { $regex: 'sea', $options: 'i' } }, ['h1', 'h5']);
        await expectIds({ name: { $regex: 'sea' } }, ['h5']);
        await expectIds({ name: { $regex: escapeRegExp('top (resort)'), $options: 'i' } }, ['h2']);
        await expectIds({ name: { $regex: escapeRegExp('.*'), $options: 'i' } }, []);
        await expectIds({ name: /^pune/i }, ['h4']);
        await expectIds({ tags: { $regex: '^WI', $options: 'i' } }, ['h1', 'h4']);
        await expectIds({ $or: [{ name: { $regex: 'lodge', $options: 'i' } }, { city: { $regex: '^man', $options: 'i' } }] }, ['h2', 'h3']);
      });

      it('matches array elements: equality, $in, $ne, $all, $size, $elemMatch and dotted paths into arrays', async function () {
        await expectIds({ tags: 'wifi' }, ['h1', 'h4']);
        await expectIds({ tags: { $in: ['pool', 'mountain'] } }, ['h2', 'h4']);
        await expectIds({ tags: { $ne: 'wifi' } }, ['h2', 'h3', 'h5']);
        await expectIds({ tags: { $all: ['beach', 'wifi'] } }, ['h1']);
        await expectIds({ tags: { $size: 0 } }, ['h3']);
        await expectIds({ tags: ['beach'] }, ['h5']);
        await expectIds({ 'rooms.type': 'suite' }, ['h1', 'h2']);
        await expectIds({ 'rooms.beds': { $gt: 2 } }, ['h1']);
        await expectIds({ rooms: { $elemMatch: { type: 'suite', beds: 2 } } }, ['h2']);
        // one element meeting every condition, as a room search asks of a hotel's room offers: h1's deluxe has 2 beds, its suite 3
        await expectIds({ rooms: { $elemMatch: { type: { $in: ['suite', 'standard'] }, beds: { $lte: 2 } } } }, ['h2', 'h5']);
        await expectIds({ rooms: { $elemMatch: { type: { $in: ['deluxe', 'suite'] }, beds: { $gte: 3 } } }, name: { $exists: true } }, ['h1']);
        await expectIds({ 'rooms.0.type': 'deluxe' }, ['h1', 'h4']);
      });
    });

    describe('find options', function () {
      let collection: ReadCollection<Hotel>;
      beforeEach(async function () {
        collection = await hotels();
      });

      it('sorts on several keys in priority order', async function () {
        expect(idList(await collection.find({}, { sort: { city: 1, price: -1 } }))).to.deep.equal(['h1', 'h5', 'h2', 'h4', 'h3']);
        expect(idList(await collection.find({}, { sort: { price: 1 } }))).to.deep.equal(['h3', 'h5', 'h1', 'h4', 'h2']);
        expect(idList(await collection.find({}, { sort: { openedAt: -1 } }))).to.deep.equal(['h3', 'h5', 'h1', 'h4', 'h2']);
      });

      it('sorts missing fields before all numbers', async function () {
        expect(idList(await collection.find({}, { sort: { rating: -1, _id: 1 } }))).to.deep.equal(['h2', 'h1', 'h4', 'h3', 'h5']);
        expect(idList(await collection.find({}, { sort: { rating: 1, _id: -1 } }))).to.deep.equal(['h5', 'h3', 'h4', 'h1', 'h2']);
      });

      it('applies skip and limit after sorting', async function () {
        const sort = { city: 1, price: -1 } as const;
        expect(idList(await collection.find({}, { sort, skip: 1, limit: 2 }))).to.deep.equal(['h5', 'h2']);
        expect(idList(await collection.find({}, { sort, skip: 4 }))).to.deep.equal(['h3']);
        expect(idList(await collection.find({}, { sort, limit: 1 }))).to.deep.equal(['h1']);
        expect(await collection.find({}, { sort, skip: 10 })).to.deep.equal([]);
        expect(await collection.find({ active: true }, { limit: 3 })).to.have.length(3);
        expect(await collection.find({ active: true }, { skip: 3 })).to.have.length(1);
      });

      it('picks a page from many matches in the order a full sort gives, ties included', async function () {
        const many = fresh<{ _id: string; group: number; rank: number; added: number }>();
        // 600 documents in 7 groups and 50 ranks: many ties on the first key, a few on both
        const documents = Array.from({ length: 600 }, (_, n) => ({
          _id: `d${String((n * 389) % 600).padStart(3, '0')}`,
          group: (n * 13) % 7,
          rank: (n * 31) % 50,
          added: n,
        }));
        await many.bulkWrite(documents.map((document) => ({ insertOne: { document } })));
        const sorts: Sort[] = [
          { group: 1, rank: -1, _id: 1 },
          { rank: 1, _id: -1 },
          { group: -1, _id: 1 },
          { added: -1 }, // documents stored in one order, asked in the other (newest first)
          { added: 1 },
        ];
        for (const sort of sorts) {
          const all = idList(await many.find({}, { sort }));
          for (const [skip, limit] of [
            [0, 1],
            [0, 20],
            [40, 20],
            [95, 5],
            [590, 20],
          ] as const) {
            expect(idList(await many.find({}, { sort, skip, limit })), JSON.stringify({ sort, skip, limit })).to.deep.equal(all.slice(skip, skip + limit));
          }
        }
      });

      it('answers a page and how many match in all', async function () {
        const sort = { city: 1, price: -1 } as const;
        expect(await collection.findAndCount({ active: true }, { sort, skip: 1, limit: 2, projection: { name: 1 } })).to.deep.equal({
          documents: await collection.find({ active: true }, { sort, skip: 1, limit: 2, projection: { name: 1 } }),
          total: 4,
        });
        expect(await collection.findAndCount({ city: 'Nowhere' }, { limit: 5 })).to.deep.equal({ documents: [], total: 0 });
        const { documents, total } = await collection.findAndCount();
        expect(idSet(documents)).to.deep.equal(['h1', 'h2', 'h3', 'h4', 'h5']);
        expect(total).to.equal(5);
      });

      it('sorts and limits a case-insensitive regex search', async function () {
        const found = await collection.find({ $or: [{ name: { $regex: escapeRegExp('e'), $options: 'i' } }] }, { sort: { price: -1 }, limit: 3 });
        expect(idList(found)).to.deep.equal(['h2', 'h4', 'h1']);
      });

      it('projects included fields (with _id unless excluded) and nested paths', async function () {
        expect(await collection.findOne({ _id: 'h2' }, { projection: { name: 1, city: 1 } })).to.deep.equal({
          _id: 'h2',
          name: 'Hill Top (Resort)',
          city: 'Manali',
        });
        expect(await collection.findOne({ _id: 'h2' }, { projection: { name: 1, _id: 0 } })).to.deep.equal({ name: 'Hill Top (Resort)' });
        expect(await collection.find({ city: 'Manali' }, { projection: { 'address.pin': 1 } })).to.deep.equal([{ _id: 'h2', address: { pin: '175131' } }]);
        expect(await collection.find({ city: 'Manali' }, { projection: { _id: 1 } })).to.deep.equal([{ _id: 'h2' }]);
      });

      it('projects excluded fields without changing the stored document', async function () {
        const projected = await collection.findOne({ _id: 'h2' }, { projection: { rooms: 0, tags: 0, 'address.pin': 0 } });
        expect(projected).to.deep.equal({
          _id: 'h2',
          name: 'Hill Top (Resort)',
          city: 'Manali',
          price: 5500,
          rating: 4.8,
          address: { state: 'HP' },
          active: true,
          openedAt: new Date('2018-06-01T00:00:00Z'),
        });
        expect(await collection.findOne({ _id: 'h2' })).to.deep.equal(hotel('h2'));
      });

      it('findOne honours sort and skip', async function () {
        expect((await collection.findOne({ city: 'Goa' }, { sort: { price: 1 } }))!._id).to.equal('h5');
        expect((await collection.findOne({}, { sort: { price: 1 }, skip: 1 }))!._id).to.equal('h5');
      });
    });

    describe('update operators', function () {
      let collection: ReadCollection;
      beforeEach(async function () {
        collection = fresh();
        await collection.insertOne({
          _id: 'd1',
          name: 'A',
          count: 5,
          tags: ['x', 'y'],
          scores: [1, 3, 5, 7],
          rooms: [
            { type: 'deluxe', beds: 2 },
            { type: 'suite', beds: 3 },
          ],
          nested: { a: 1 },
          low: 10,
          high: 10,
          when: new Date('2024-01-10T00:00:00Z'),
        });
      });
      const current = async () => (await collection.findOne({ _id: 'd1' }))!;

      it('$set sets top-level and dotted fields, creating intermediate objects', async function () {
        const result = await collection.updateOne({ _id: 'd1' }, { $set: { name: 'B', 'nested.b': 2, 'deep.er.est': true } });
        expect(result).to.deep.equal({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
        const document = await current();
        expect(document.name).to.equal('B');
        expect(document.nested).to.deep.equal({ a: 1, b: 2 });
        expect(document.deep).to.deep.equal({ er: { est: true } });
      });

      it('$set to the same value matches without modifying', async function () {
        expect(await collection.updateOne({ _id: 'd1' }, { $set: { name: 'A' } })).to.deep.equal({ matchedCount: 1, modifiedCount: 0, upsertedId: null });
      });

      it('$set addresses array elements by index', async function () {
        await collection.updateOne({ _id: 'd1' }, { $set: { 'tags.1': 'z', 'rooms.0.beds': 4 } });
        const document = await current();
        expect(document.tags).to.deep.equal(['x', 'z']);
        expect(document.rooms).to.deep.equal([
          { type: 'deluxe', beds: 4 },
          { type: 'suite', beds: 3 },
        ]);
      });

      it('updates the first matching array element with the positional $ operator', async function () {
        await collection.updateOne({ _id: 'd1', 'rooms.type': 'suite' }, { $set: { 'rooms.$.beds': 6 } });
        expect((await current()).rooms).to.deep.equal([
          { type: 'deluxe', beds: 2 },
          { type: 'suite', beds: 6 },
        ]);
      });

      it('$unset removes fields, dotted too', async function () {
        await collection.updateOne({ _id: 'd1' }, { $unset: { name: '', 'nested.a': '', absent: '' } });
        const document = await current();
        expect(document).not.to.have.property('name');
        expect(document.nested).to.deep.equal({});
      });

      it('$inc adds to numbers, creates missing fields, and rejects non-numbers', async function () {
        await collection.updateOne({ _id: 'd1' }, { $inc: { count: -2, fresh: 3, 'nested.a': 0.5 } });
        const document = await current();
        expect(document.count).to.equal(3);
        expect(document.fresh).to.equal(3);
        expect(document.nested).to.deep.equal({ a: 1.5 });
        await rejection(collection.updateOne({ _id: 'd1' }, { $inc: { name: 1 } }));
        expect((await current()).name).to.equal('A');
      });

      it('$mul multiplies, setting 0 on missing fields', async function () {
        await collection.updateOne({ _id: 'd1' }, { $mul: { count: 3, absent: 2 } });
        const document = await current();
        expect(document.count).to.equal(15);
        expect(document.absent).to.equal(0);
      });

      it('$push appends a value, $each appends many, and creates missing arrays', async function () {
        await collection.updateOne({ _id: 'd1' }, { $push: { tags: 'z' } });
        await collection.updateOne({ _id: 'd1' }, { $push: { tags: { $each: ['p', 'q'] }, fresh: { $each: [1] } } });
        await collection.updateOne({ _id: 'd1' }, { $push: { rooms: { type: 'studio', beds: 1 }, other: ['nested'] } });
        const document = await current();
        expect(document.tags).to.deep.equal(['x', 'y', 'z', 'p', 'q']);
        expect(document.fresh).to.deep.equal([1]);
        expect(document.rooms).to.have.length(3);
        expect(document.other).to.deep.equal([['nested']]);
      });

      it('$push supports $position, $sort and $slice', async function () {
        await collection.updateOne({ _id: 'd1' }, { $push: { tags: { $each: ['a'], $position: 0 } } });
        expect((await current()).tags).to.deep.equal(['a', 'x', 'y']);
        await collection.updateOne({ _id: 'd1' }, { $push: { scores: { $each: [4, 9], $sort: -1, $slice: 3 } } });
        expect((await current()).scores).to.deep.equal([9, 7, 5]);
      });

      it('$push and $addToSet reject a non-array field', async function () {
        await rejection(collection.updateOne({ _id: 'd1' }, { $push: { name: 'x' } }));
        await rejection(collection.updateOne({ _id: 'd1' }, { $addToSet: { name: 'x' } }));
        expect((await current()).name).to.equal('A');
      });

      it('$pull removes equal values, values matching a condition, and documents matching a query', async function () {
        await collection.updateOne({ _id: 'd1' }, { $pull: { tags: 'x', scores: { $gte: 5 }, rooms: { type: 'suite' } } });
        const document = await current();
        expect(document.tags).to.deep.equal(['y']);
        expect(document.scores).to.deep.equal([1, 3]);
        expect(document.rooms).to.deep.equal([{ type: 'deluxe', beds: 2 }]);
        expect(await collection.updateOne({ _id: 'd1' }, { $pull: { tags: 'nothing' } })).to.deep.equal({
          matchedCount: 1,
          modifiedCount: 0,
          upsertedId: null,
        });
      });

      it('$pullAll removes every listed value and $pop removes the first or last element', async function () {
        await collection.updateOne({ _id: 'd1' }, { $pullAll: { scores: [1, 7] }, $pop: { tags: -1 } });
        const document = await current();
        expect(document.scores).to.deep.equal([3, 5]);
        expect(document.tags).to.deep.equal(['y']);
      });

      it('$addToSet adds only missing values, with $each too', async function () {
        expect((await collection.updateOne({ _id: 'd1' }, { $addToSet: { tags: 'x' } })).modifiedCount).to.equal(0);
        await collection.updateOne({ _id: 'd1' }, { $addToSet: { tags: { $each: ['y', 'z', 'z'] }, fresh: 'f' } });
        await collection.updateOne({ _id: 'd1' }, { $addToSet: { rooms: { type: 'suite', beds: 3 } } });
        const document = await current();
        expect(document.tags).to.deep.equal(['x', 'y', 'z']);
        expect(document.fresh).to.deep.equal(['f']);
        expect(document.rooms).to.have.length(2);
      });

      it('$min and $max keep the smaller or larger value, for numbers and Dates', async function () {
        await collection.updateOne({ _id: 'd1' }, { $min: { low: 3, absentMin: 1 }, $max: { high: 7, absentMax: 2 } });
        let document = await current();
        expect([document.low, document.high, document.absentMin, document.absentMax]).to.deep.equal([3, 10, 1, 2]);
        await collection.updateOne({ _id: 'd1' }, { $min: { low: 8 }, $max: { high: 12 } });
        document = await current();
        expect([document.low, document.high]).to.deep.equal([3, 12]);
        await collection.updateOne({ _id: 'd1' }, { $max: { when: new Date('2024-03-01T00:00:00Z') } });
        await collection.updateOne({ _id: 'd1' }, { $min: { when: new Date('2024-02-01T00:00:00Z') } });
        expect((await current()).when).to.deep.equal(new Date('2024-02-01T00:00:00Z'));
      });

      it('$rename moves a field', async function () {
        await collection.updateOne({ _id: 'd1' }, { $rename: { name: 'title', 'nested.a': 'nested.b' } });
        const document = await current();
        expect(document.title).to.equal('A');
        expect(document).not.to.have.property('name');
        expect(document.nested).to.deep.equal({ b: 1 });
      });

      it('applies several operators in one update', async function () {
        await collection.updateOne({ _id: 'd1' }, { $set: { name: 'C' }, $inc: { count: 1 }, $push: { tags: 'z' }, $unset: { low: '' } });
        const document = await current();
        expect([document.name, document.count, document.tags, document.low]).to.deep.equal(['C', 6, ['x', 'y', 'z'], undefined]);
      });

      it('rejects updates without operators, conflicting paths, and changes to _id', async function () {
        await rejection(collection.updateOne({ _id: 'd1' }, { name: 'plain' }));
        await rejection(collection.updateOne({ _id: 'd1' }, { $set: { nested: {} }, $inc: { 'nested.a': 1 } }));
        await rejection(collection.updateOne({ _id: 'd1' }, { $set: { _id: 'd2' } }));
        await rejection(collection.updateOne({ _id: 'd1' }, { $bogus: { name: 1 } }));
        expect(await collection.findOne({ _id: 'd1' })).to.include({ name: 'A', count: 5 });
        expect(await collection.countDocuments()).to.equal(1);
      });

      it('leaves the document unchanged when an update fails part-way (atomic per document)', async function () {
        const before = await current();
        await rejection(collection.updateOne({ _id: 'd1' }, { $set: { 'nested.a': 9, 'rooms.0.beds': 9 }, $push: { tags: 'z' }, $inc: { name: 1 } }));
        await collection.createIndex({ name: 1 }, { unique: true });
        await collection.insertOne({ _id: 'd2', name: 'B' });
        await duplicateKey(collection.updateOne({ _id: 'd1' }, { $set: { name: 'B', 'nested.a': 7 }, $pull: { scores: 1 } }));
        expect(await current()).to.deep.equal(before);
      });

      it('updateOne on no match changes nothing; updateMany updates every match', async function () {
        expect(await collection.updateOne({ _id: 'nope' }, { $set: { name: 'X' } })).to.deep.equal({ matchedCount: 0, modifiedCount: 0, upsertedId: null });
        await collection.insertOne({ _id: 'd2', name: 'A', count: 1 });
        await collection.insertOne({ _id: 'd3', name: 'B', count: 1 });
        const result = await collection.updateMany({ $or: [{ name: 'A' }, { _id: 'd3' }] }, { $set: { count: 1 } });
        expect(result).to.deep.equal({ matchedCount: 3, modifiedCount: 1, upsertedId: null });
        expect(idSet(await collection.find({ count: 1 }))).to.deep.equal(['d1', 'd2', 'd3']);
      });

      it('replaceOne replaces the whole document and keeps its _id', async function () {
        const result = await collection.replaceOne({ name: 'A' }, { _id: 'd1', name: 'Replaced', extra: [1] });
        expect(result).to.deep.equal({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
        expect(await current()).to.deep.equal({ _id: 'd1', name: 'Replaced', extra: [1] });
        await rejection(collection.replaceOne({ _id: 'd1' }, { _id: 'other', name: 'X' }));
        expect(await current()).to.deep.equal({ _id: 'd1', name: 'Replaced', extra: [1] });
        expect(await collection.replaceOne({ _id: 'nope' }, { _id: 'nope', name: 'X' })).to.deep.equal({ matchedCount: 0, modifiedCount: 0, upsertedId: null });
        expect(await collection.findOne({ _id: 'nope' })).to.equal(null);
      });

      it('replaceOne with upsert inserts when nothing matches', async function () {
        const result = await collection.replaceOne({ _id: 'd9' }, { _id: 'd9', name: 'New' }, { upsert: true });
        expect(result).to.deep.equal({ matchedCount: 0, modifiedCount: 0, upsertedId: 'd9' });
        expect(await collection.findOne({ _id: 'd9' })).to.deep.equal({ _id: 'd9', name: 'New' });
      });
    });

    describe('replaceOne upsert without an _id', function () {
      // MongoDB refuses to change a document's _id (code 66): both stores keep the matched
      // document's _id and give an inserted one a new string _id.
      it("keeps the matched document's _id, or inserts with a new string _id", async function () {
        const collection = fresh();
        await collection.insertOne({ _id: 'r1', email: 'a@example.com', name: 'A' });

        const replaced = await collection.replaceOne({ email: 'a@example.com' }, { email: 'a@example.com', name: 'B' }, { upsert: true });
        expect(replaced).to.deep.equal({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
        expect(await collection.find({})).to.deep.equal([{ _id: 'r1', email: 'a@example.com', name: 'B' }]);

        const inserted = await collection.replaceOne({ email: 'b@example.com' }, { email: 'b@example.com', name: 'C' }, { upsert: true });
        expect(inserted.matchedCount).to.equal(0);
        expect(inserted.upsertedId).to.be.a('string').and.not.equal('r1');
        expect(await collection.findOne({ _id: inserted.upsertedId! })).to.deep.equal({ _id: inserted.upsertedId, email: 'b@example.com', name: 'C' });
      });

      it('does the same inside a bulk write, in order, and reports a failure at its index', async function () {
        const collection = fresh();
        await collection.createIndex({ email: 1 }, { unique: true });
        await collection.bulkWrite([
          { insertOne: { document: { _id: 'r1', email: 'a@example.com', n: 1 } } },
          { replaceOne: { filter: { email: 'a@example.com' }, replacement: { email: 'a@example.com', n: 2 }, upsert: true } },
          { updateOne: { filter: { _id: 'r1' }, update: { $inc: { n: 10 } } } },
          { replaceOne: { filter: { email: 'c@example.com' }, replacement: { email: 'c@example.com', n: 3 }, upsert: true } },
        ]);
        const documents = await collection.find({}, { sort: { email: 1 } });
        expect(documents.map(({ email, n }) => ({ email, n }))).to.deep.equal([
          { email: 'a@example.com', n: 12 },
          { email: 'c@example.com', n: 3 },
        ]);
        expect(documents[0]!._id).to.equal('r1');
        expect(documents[1]!._id).to.be.a('string');

        const error = await duplicateKey(
          collection.bulkWrite([
            { updateOne: { filter: { _id: 'r1' }, update: { $set: { n: 0 } } } },
            { replaceOne: { filter: { email: 'd@example.com' }, replacement: { email: 'a@example.com' }, upsert: true } },
            { updateOne: { filter: { _id: 'r1' }, update: { $set: { n: 99 } } } },
          ]),
        );
        expect(error.operationIndex).to.equal(1);
        expect((await collection.findOne({ _id: 'r1' }))!.n).to.equal(0);
      });

      it("refuses a replacement that names another _id than the matched document's, changing nothing", async function () {
        const collection = fresh();
        await collection.insertOne({ _id: 'r1', email: 'a@example.com' });
        await rejection(collection.replaceOne({ email: 'a@example.com' }, { _id: 'other', email: 'a@example.com', name: 'X' }, { upsert: true }));
        expect(await collection.find({})).to.deep.equal([{ _id: 'r1', email: 'a@example.com' }]);
      });
    });

    describe('upserts', function () {
      it('inserts a document built from the filter equalities and the update, with $setOnInsert', async function () {
        const collection = fresh();
        const result = await collection.updateOne(
          { _id: 'n1', city: 'Goa', 'address.state': 'Goa', price: { $gt: 5 }, name: { $regex: 'x' } },
          { $set: { name: 'New' }, $inc: { visits: 1 }, $setOnInsert: { createdBy: 'projection' } },
          { upsert: true },
        );
        expect(result).to.deep.equal({ matchedCount: 0, modifiedCount: 0, upsertedId: 'n1' });
        expect(await collection.findOne({ _id: 'n1' })).to.deep.equal({
          _id: 'n1',
          city: 'Goa',
          address: { state: 'Goa' },
          name: 'New',
          visits: 1,
          createdBy: 'projection',
        });
      });

      it('updates the match and ignores $setOnInsert when the filter matches', async function () {
        const collection = fresh();
        await collection.insertOne({ _id: 'n1', name: 'Old', visits: 1 });
        const result = await collection.updateOne(
          { _id: 'n1' },
          { $set: { name: 'New' }, $inc: { visits: 1 }, $setOnInsert: { createdBy: 'x' } },
          { upsert: true },
        );
        expect(result).to.deep.equal({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
        expect(await collection.findOne({ _id: 'n1' })).to.deep.equal({ _id: 'n1', name: 'New', visits: 2 });
      });

      it('seeds the equalities written as $eq or inside $and, whatever order the filter names _id in', async function () {
        const collection = fresh();
        await collection.updateOne({ city: { $eq: 'Goa' }, _id: 'n2' }, { $set: { name: 'A' } }, { upsert: true });
        await collection.updateOne({ $and: [{ _id: 'n3' }, { city: 'Pune' }], stars: { $gte: 3 } }, { $set: { name: 'B' } }, { upsert: true });
        await collection.updateOne({ stars: 4, _id: 'n4', rating: { $lt: 5 } }, { $set: { name: 'C' } }, { upsert: true });
        expect(await collection.find({}, { sort: { _id: 1 } })).to.deep.equal([
          { _id: 'n2', city: 'Goa', name: 'A' },
          { _id: 'n3', city: 'Pune', name: 'B' },
          { _id: 'n4', stars: 4, name: 'C' },
        ]);
        expect(Object.keys((await collection.findOne({ _id: 'n4' }))!)).to.deep.equal(['_id', 'stars', 'name']);
      });

      it('gives an upserted document a string _id when the filter has none', async function () {
        const collection = fresh();
        const result = await collection.updateOne({ email: 'a@example.com' }, { $set: { name: 'A' } }, { upsert: true });
        expect(result.upsertedId).to.be.a('string').and.not.equal('');
        const document = await collection.findOne({ email: 'a@example.com' });
        expect(document).to.deep.equal({ _id: result.upsertedId, email: 'a@example.com', name: 'A' });
        expect((await collection.findOne({ _id: result.upsertedId! }))!.name).to.equal('A');
      });

      it('rejects with DuplicateKeyError when the filter excludes an existing _id, leaving it unchanged', async function () {
        const collection = fresh();
        await collection.insertOne({ _id: 'n1', status: 'closed', name: 'Kept' });
        const error = await duplicateKey(collection.updateOne({ _id: 'n1', status: 'open' }, { $set: { name: 'Lost' } }, { upsert: true }));
        expect(error.key).to.deep.equal({ _id: 'n1' });
        expect(await collection.findOne({ _id: 'n1' })).to.deep.equal({ _id: 'n1', status: 'closed', name: 'Kept' });
        expect(await collection.countDocuments()).to.equal(1);
      });

      it('makes the idempotent projection pattern apply each event position once', async function () {
        const collection = fresh();
        const project = (position: number, name: string) =>
          collection.updateOne(
            { _id: 'hotel-1', _position: { $lt: position } },
            { $set: { name, _position: position }, $inc: { applied: 1 } },
            { upsert: true },
          );
        expect((await project(10, 'First')).upsertedId).to.equal('hotel-1');
        expect(await project(20, 'Second')).to.deep.equal({ matchedCount: 1, modifiedCount: 1, upsertedId: null });
        const applied = { _id: 'hotel-1', name: 'Second', _position: 20, applied: 2 };
        await duplicateKey(project(20, 'Second'));
        expect(await collection.findOne({ _id: 'hotel-1' })).to.deep.equal(applied);
        await duplicateKey(project(15, 'Stale'));
        expect(await collection.findOne({ _id: 'hotel-1' })).to.deep.equal(applied);
        await project(21, 'Third');
        expect(await collection.findOne({ _id: 'hotel-1' })).to.deep.equal({ ...applied, name: 'Third', _position: 21, applied: 3 });
      });
    });

    describe('indexes kept up by updates', function () {
      it('finds a document through its index after updates of other fields, of the indexed field, of a field beside it and a rename onto it', async function () {
        const collection = fresh();
        await collection.createIndex({ stars: 1 });
        await collection.createIndex({ 'address.city': 1 });
        await collection.insertOne({ _id: 'h1', stars: 3, address: { city: 'Goa', pin: '1' }, grade: 5 });
        const ids = async (filter: Record<string, unknown>) => idSet(await collection.find(filter));
        await collection.updateOne({ _id: 'h1' }, { $set: { name: 'Sea View' } });
        expect(await ids({ stars: 3 })).to.deep.equal(['h1']);
        await collection.updateOne({ _id: 'h1' }, { $set: { name: 'Sea View Inn' }, $setOnInsert: { stars: 1 } }, { upsert: true });
        expect(await ids({ stars: 3 })).to.deep.equal(['h1']);
        expect(await ids({ stars: 1 })).to.deep.equal([]);
        await collection.updateOne({ _id: 'h1' }, { $set: { stars: 4 } });
        expect(await ids({ stars: 3 })).to.deep.equal([]);
        expect(await ids({ stars: 4 })).to.deep.equal(['h1']);
        await collection.updateOne({ _id: 'h1' }, { $set: { 'address.pin': '2' } });
        expect(await ids({ 'address.city': 'Goa' })).to.deep.equal(['h1']);
        await collection.updateOne({ _id: 'h1' }, { $set: { address: { city: 'Pune' } } });
        expect(await ids({ 'address.city': 'Goa' })).to.deep.equal([]);
        expect(await ids({ 'address.city': 'Pune' })).to.deep.equal(['h1']);
        await collection.updateOne({ _id: 'h1' }, { $unset: { stars: '' } });
        await collection.updateOne({ _id: 'h1' }, { $rename: { grade: 'stars' } });
        expect(await ids({ stars: 4 })).to.deep.equal([]);
        expect(await ids({ stars: 5 })).to.deep.equal(['h1']);
      });

      it("answers $elemMatch through a multikey index on a field of an array's documents as elements are pushed and set, every other condition still applied", async function () {
        const collection = fresh();
        await collection.createIndex({ 'offers.type': 1 });
        await collection.createIndex({ 'offers.beds': 1 });
        const ids = async (filter: Record<string, unknown>) => idSet(await collection.find(filter));
        await collection.insertOne({ _id: 'h1', city: 'Goa', offers: [] });
        await collection.insertOne({ _id: 'h2', city: 'Pune', offers: [{ room: 'r1', type: 'suite', beds: 2 }] });
        await collection.updateOne({ _id: 'h1' }, { $push: { offers: { room: 'r2', type: 'deluxe', beds: 2 } } });
        await collection.updateOne({ _id: 'h1' }, { $push: { offers: { room: 'r3', type: 'suite', beds: 3 } } });
        expect(await ids({ offers: { $elemMatch: { type: 'suite' } } })).to.deep.equal(['h1', 'h2']);
        // the index names both suites' hotels; only h1's suite has 3 beds
        expect(await ids({ offers: { $elemMatch: { type: { $in: ['suite', 'twin'] }, beds: 3 } } })).to.deep.equal(['h1']);
        expect(await ids({ offers: { $elemMatch: { type: 'suite' } }, city: 'Pune' })).to.deep.equal(['h2']);
        // a condition on the same path outside $elemMatch is its own: any element may meet it
        expect(await ids({ 'offers.type': 'deluxe', offers: { $elemMatch: { type: 'suite' } } })).to.deep.equal(['h1']);
        await collection.updateOne({ _id: 'h2', 'offers.room': 'r1' }, { $set: { 'offers.$': { room: 'r1', type: 'twin', beds: 3 } } });
        expect(await ids({ offers: { $elemMatch: { type: 'suite' } } })).to.deep.equal(['h1']);
        expect(await ids({ offers: { $elemMatch: { type: { $in: ['suite', 'twin'] }, beds: 3 } } })).to.deep.equal(['h1', 'h2']);
        expect(await ids({ offers: { $elemMatch: { beds: 2 } } })).to.deep.equal(['h1']);
      });

      it('finds every holder of a key through its index as holders come and go, one, several, then one again and none', async function () {
        const collection = fresh();
        await collection.createIndex({ city: 1 });
        await collection.createIndex({ email: 1 }, { unique: true });
        const ids = async (filter: Record<string, unknown>) => idSet(await collection.find(filter));
        await collection.insertOne({ _id: 'a', city: 'Goa', email: 'a@example.com' });
        expect(await ids({ city: 'Goa' })).to.deep.equal(['a']);
        await collection.insertOne({ _id: 'b', city: 'Goa', email: 'b@example.com' });
        await collection.insertOne({ _id: 'c', city: 'Goa', email: 'c@example.com' });
        expect(await ids({ city: 'Goa' })).to.deep.equal(['a', 'b', 'c']);
        expect(await collection.countDocuments({ city: { $in: ['Goa', 'Pune'] } })).to.equal(3);
        await collection.deleteOne({ _id: 'b' });
        await collection.updateOne({ _id: 'a' }, { $set: { city: 'Pune' } });
        expect(await ids({ city: 'Goa' })).to.deep.equal(['c']);
        expect(await ids({ city: { $in: ['Goa', 'Pune'] } })).to.deep.equal(['a', 'c']);
        await collection.updateOne({ _id: 'c' }, { $set: { city: 'Pune' } });
        expect(await ids({ city: 'Goa' })).to.deep.equal([]);
        expect(await ids({ city: 'Pune' })).to.deep.equal(['a', 'c']);
        await collection.deleteMany({ city: 'Pune' });
        expect(await ids({ city: 'Pune' })).to.deep.equal([]);
        // the unique keys of the removed documents are free again, a held one is still refused
        await collection.insertOne({ _id: 'd', city: 'Goa', email: 'a@example.com' });
        await collection.updateOne({ _id: 'd' }, { $set: { email: 'b@example.com' } });
        await collection.insertOne({ _id: 'e', city: 'Goa', email: 'a@example.com' });
        await duplicateKey(collection.insertOne({ _id: 'f', email: 'b@example.com' }));
        expect(await ids({ city: 'Goa' })).to.deep.equal(['d', 'e']);
      });

      it('keeps a unique index refusing a taken key after updates of other fields', async function () {
        const collection = fresh();
        await collection.createIndex({ email: 1 }, { unique: true });
        await collection.insertOne({ _id: 'u1', email: 'a@example.com' });
        await collection.insertOne({ _id: 'u2', email: 'b@example.com' });
        await collection.updateOne({ _id: 'u1' }, { $set: { name: 'A' } });
        await duplicateKey(collection.updateOne({ _id: 'u2' }, { $set: { email: 'a@example.com' } }));
        expect(await collection.findOne({ email: 'a@example.com' })).to.deep.equal({ _id: 'u1', email: 'a@example.com', name: 'A' });
      });
    });

    describe('unique indexes', function () {
      it('enforces a single-field unique index on insert and frees keys on delete', async function () {
        const collection = fresh();
        await collection.createIndex({ email: 1 }, { unique: true });
        await collection.insertOne({ _id: 'u1', email: 'a@example.com' });
        const error = await duplicateKey(collection.insertOne({ _id: 'u2', email: 'a@example.com' }));
        expect(error.key).to.deep.equal({ email: 'a@example.com' });
        expect(await collection.countDocuments()).to.equal(1);
        await collection.insertOne({ _id: 'u3', email: 'b@example.com' });
        await collection.deleteOne({ _id: 'u1' });
        await collection.insertOne({ _id: 'u2', email: 'a@example.com' });
        expect(idSet(await collection.find())).to.deep.equal(['u2', 'u3']);
      });

      it('enforces a unique index on update, replace and upsert, leaving documents unchanged', async function () {
        const collection = fresh();
        await collection.createIndex({ email: 1 }, { unique: true, name: 'email_unique' });
        await collection.insertOne({ _id: 'u1', email: 'a@example.com' });
        await collection.insertOne({ _id: 'u2', email: 'b@example.com' });
        await duplicateKey(collection.updateOne({ _id: 'u2' }, { $set: { email: 'a@example.com' } }));
        await duplicateKey(collection.replaceOne({ _id: 'u2' }, { _id: 'u2', email: 'a@example.com' }));
        await duplicateKey(collection.updateOne({ _id: 'u3' }, { $set: { email: 'a@example.com' } }, { upsert: true }));
        expect(await collection.find({}, { sort: { _id: 1 } })).to.deep.equal([
          { _id: 'u1', email: 'a@example.com' },
          { _id: 'u2', email: 'b@example.com' },
        ]);
        await collection.updateOne({ _id: 'u1' }, { $set: { email: 'a@example.com', name: 'same key' } });
        await collection.updateOne({ _id: 'u2' }, { $set: { email: 'c@example.com' } });
        await collection.insertOne({ _id: 'u3', email: 'b@example.com' });
        expect(await collection.countDocuments()).to.equal(3);
      });

      it('treats a missing field as null in a unique index', async function () {
        const collection = fresh();
        await collection.createIndex({ email: 1 }, { unique: true });
        await collection.insertOne({ _id: 'u1' });
        await duplicateKey(collection.insertOne({ _id: 'u2' }));
        await duplicateKey(collection.insertOne({ _id: 'u3', email: null }));
      });

      it('lets a sparse unique index cover an optional field', async function () {
        const collection = fresh();
        await collection.createIndex({ googleId: 1 }, { unique: true, sparse: true });
        await collection.insertOne({ _id: 'u1' });
        await collection.insertOne({ _id: 'u2' });
        await collection.insertOne({ _id: 'u3', googleId: 'g-1' });
        await duplicateKey(collection.insertOne({ _id: 'u4', googleId: 'g-1' }));
        await duplicateKey(collection.updateOne({ _id: 'u1' }, { $set: { googleId: 'g-1' } }));
        await collection.updateOne({ _id: 'u3' }, { $unset: { googleId: '' } });
        await collection.updateOne({ _id: 'u1' }, { $set: { googleId: 'g-1' } });
        expect(idSet(await collection.find({ googleId: 'g-1' }))).to.deep.equal(['u1']);
      });

      it('enforces a compound unique index on the combination of fields', async function () {
        const collection = fresh();
        await collection.createIndex({ hotelId: 1, roomNumber: 1 }, { unique: true });
        await collection.insertOne({ _id: 'r1', hotelId: 'h1', roomNumber: 101 });
        await collection.insertOne({ _id: 'r2', hotelId: 'h1', roomNumber: 102 });
        await collection.insertOne({ _id: 'r3', hotelId: 'h2', roomNumber: 101 });
        const error = await duplicateKey(collection.insertOne({ _id: 'r4', hotelId: 'h1', roomNumber: 101 }));
        expect(error.key).to.deep.equal({ hotelId: 'h1', roomNumber: 101 });
        await duplicateKey(collection.updateOne({ _id: 'r3' }, { $set: { hotelId: 'h1' } }));
        expect(await collection.countDocuments({ hotelId: 'h1' })).to.equal(2);
      });

      it('refuses to build a unique index over duplicate values', async function () {
        const collection = fresh();
        await collection.insertOne({ _id: 'u1', email: 'a@example.com' });
        await collection.insertOne({ _id: 'u2', email: 'a@example.com' });
        await rejection(collection.createIndex({ email: 1 }, { unique: true }));
        await collection.insertOne({ _id: 'u3', email: 'a@example.com' });
      });

      it('keeps query results right through a non-unique index as documents change', async function () {
        const collection = await hotels();
        await collection.createIndex({ city: 1 });
        await collection.createIndex({ city: 1 });
        expect(idSet(await collection.find({ city: 'Pune' }))).to.deep.equal(['h3', 'h4']);
        await collection.updateOne({ _id: 'h3' }, { $set: { city: 'Goa' } });
        await collection.deleteOne({ _id: 'h4' });
        await collection.insertOne({ ...hotel('h4'), _id: 'h6' });
        expect(idSet(await collection.find({ city: 'Pune' }))).to.deep.equal(['h6']);
        expect(idSet(await collection.find({ city: 'Goa', price: { $lt: 2000 } }))).to.deep.equal(['h3']);
        expect(await collection.countDocuments({ city: 'Goa' })).to.equal(3);
      });

      it('tells values of different types apart through an index, and equal numbers alike', async function () {
        const collection = fresh();
        await collection.createIndex({ code: 1 });
        await collection.createIndex({ tag: 1 }, { unique: true, sparse: true });
        await collection.bulkWrite([
          { insertOne: { document: { _id: 'string', code: '1' } } },
          { insertOne: { document: { _id: 'number', code: 1 } } },
          { insertOne: { document: { _id: 'fraction', code: 1.0 } } },
          { insertOne: { document: { _id: 'boolean', code: true } } },
          { insertOne: { document: { _id: 'true-string', code: 'true' } } },
          { insertOne: { document: { _id: 'null', code: null } } },
          { insertOne: { document: { _id: 'missing' } } },
          { insertOne: { document: { _id: 'date', code: new Date('2026-01-01T00:00:00.000Z'), tag: 'x' } } },
          { insertOne: { document: { _id: 'date-string', code: '2026-01-01T00:00:00.000Z' } } },
          { insertOne: { document: { _id: 'array', code: ['1', 2] } } },
        ]);
        expect(idSet(await collection.find({ code: '1' }))).to.deep.equal(['array', 'string']);
        expect(idSet(await collection.find({ code: 1 }))).to.deep.equal(['fraction', 'number']);
        expect(idSet(await collection.find({ code: 2 }))).to.deep.equal(['array']);
        expect(idSet(await collection.find({ code: true }))).to.deep.equal(['boolean']);
        expect(idSet(await collection.find({ code: 'true' }))).to.deep.equal(['true-string']);
        expect(idSet(await collection.find({ code: null }))).to.deep.equal(['missing', 'null']);
        expect(idSet(await collection.find({ code: new Date('2026-01-01T00:00:00.000Z') }))).to.deep.equal(['date']);
        expect(idSet(await collection.find({ code: '2026-01-01T00:00:00.000Z' }))).to.deep.equal(['date-string']);
        // a unique index refuses an equal value of the same type only
        await collection.insertOne({ _id: 'tag-date', tag: new Date('2026-01-01T00:00:00.000Z') });
        expect((await duplicateKey(collection.insertOne({ _id: 'tag-again', tag: 'x' }))).key).to.deep.equal({ tag: 'x' });
      });
    });

    describe('$in through an index', function () {
      /** Two fresh collections holding `documents`, the first with `indexes`. */
      const indexedBesideScanned = async (indexes: readonly Record<string, 1 | -1>[], documents: readonly Document[]) => {
        const indexed = fresh();
        const scanned = fresh();
        for (const keys of indexes) await indexed.createIndex(keys);
        for (const collection of [indexed, scanned]) await collection.bulkWrite(documents.map((document) => ({ insertOne: { document } })));
        return { indexed, scanned };
      };
      /** Each filter finds and counts through the indexes what the scan does. */
      const expectSameAsScan = async ({ indexed, scanned }: { indexed: ReadCollection; scanned: ReadCollection }, filters: readonly Filter[]) => {
        for (const filter of filters) {
          expect(idSet(await indexed.find(filter)), JSON.stringify(filter)).to.deep.equal(idSet(await scanned.find(filter)));
          expect(await indexed.countDocuments(filter), JSON.stringify(filter)).to.equal(await scanned.countDocuments(filter));
        }
      };

      it('finds what a scan finds: values of any type, array elements, other conditions on the field, as documents change', async function () {
        const documents = [
          { _id: 'string', code: '1', owner: 'o1', at: 1 },
          { _id: 'number', code: 1, owner: 'o2', at: 2 },
          { _id: 'boolean', code: true, owner: ['o1', 'o3'], at: 3 },
          { _id: 'array', code: ['1', 2], owner: 'o3', at: 4 },
          { _id: 'null', code: null, at: 5 },
          { _id: 'missing', owner: 'o2', at: 6 },
          { _id: 'other', code: 'x', owner: 'o4', at: 7 },
        ];
        const both = await indexedBesideScanned([{ code: 1 }, { owner: 1, at: 1 }], documents);
        const { indexed, scanned } = both;
        const filters = [
          { code: { $in: ['1', 2] } },
          { code: { $in: [1, true, 'x'] } },
          { code: { $in: ['1', 'nothing'] }, owner: { $in: ['o1', 'o3'] } },
          { code: { $in: [1, 2, 'x'], $ne: 2 } },
          { owner: { $in: ['o1', 'o2'] }, at: { $gte: 2 } },
          { owner: { $in: [] } },
        ];
        await expectSameAsScan(both, filters);
        expect(idSet(await indexed.find({ code: { $in: ['1', 2] } }))).to.deep.equal(['array', 'string']);
        for (const collection of [indexed, scanned]) {
          await collection.updateOne({ _id: 'other' }, { $set: { code: 2, owner: 'o1' } });
          await collection.deleteOne({ _id: 'array' });
        }
        await expectSameAsScan(both, filters);
      });

      it('names each document once for a $in repeating a value, on an index no array ever reached, single or compound, then once one did', async function () {
        const documents = [
          { _id: 'a', hotel: 'h1', room: 'r1', night: '2026-12-01' },
          { _id: 'b', hotel: 'h1', room: 'r1', night: '2026-12-02' },
          { _id: 'c', hotel: 'h2', room: 'r2', night: '2026-12-01' },
          { _id: 'd', hotel: 3, room: 3, night: '2026-12-01' },
        ];
        const both = await indexedBesideScanned([{ hotel: 1 }, { room: 1, night: 1 }], documents);
        const { indexed, scanned } = both;
        const filters = [
          { hotel: { $in: ['h1', 'h2', 'h1'] } },
          { hotel: { $in: [3, 3.0, 'h2'] } },
          { room: { $in: ['r1', 'r1', 'r2', 3] } },
          { room: { $in: ['r1', 'r2'] }, night: '2026-12-01' },
        ];
        await expectSameAsScan(both, filters);
        expect(idList(await indexed.find({ room: { $in: ['r1', 'r1', 'r2'] } }, { sort: { _id: 1 } }))).to.deep.equal(['a', 'b', 'c']);
        for (const collection of [indexed, scanned]) {
          await collection.insertOne({ _id: 'e', hotel: ['h1', 'h2'], room: ['r1', 'r2'], night: '2026-12-03' });
          await collection.updateOne({ _id: 'a' }, { $set: { room: 'r2', hotel: 'h2' } });
        }
        await expectSameAsScan(both, filters);
        expect(idList(await indexed.find({ room: { $in: ['r1', 'r2'] } }, { sort: { _id: 1 } }))).to.deep.equal(['a', 'b', 'c', 'e']);
      });
    });

    describe('compound indexes', function () {
      it("finds by the first field of a compound index, in the index's order, as documents change", async function () {
        const collection = fresh();
        await collection.createIndex({ owner: 1, at: -1, _id: 1 });
        await collection.insertOne({ _id: 'k1', owner: 'o1', at: '2026-01-01' });
        await collection.insertOne({ _id: 'k2', owner: 'o1', at: '2026-03-01' });
        await collection.insertOne({ _id: 'k3', owner: 'o2', at: '2026-02-01' });
        await collection.insertOne({ _id: 'k4', owner: ['o1', 'o2'], at: '2026-02-01' });
        const newestFirst = { at: -1, _id: 1 } as const;
        expect(idList(await collection.find({ owner: 'o1' }, { sort: newestFirst }))).to.deep.equal(['k2', 'k4', 'k1']);

        await collection.updateOne({ _id: 'k2' }, { $set: { owner: 'o2' } });
        await collection.updateOne({ _id: 'k4' }, { $set: { owner: ['o2'] } });
        await collection.deleteOne({ _id: 'k1' });
        expect(idList(await collection.find({ owner: 'o1' }, { sort: newestFirst }))).to.deep.equal([]);
        expect(idList(await collection.find({ owner: 'o2' }, { sort: newestFirst }))).to.deep.equal(['k2', 'k3', 'k4']);
        expect(await collection.countDocuments({ owner: 'o2', at: '2026-02-01' })).to.equal(2);
      });
    });

    describe('bulkWrite', function () {
      it('applies every kind of operation in order', async function () {
        const collection = fresh();
        await collection.insertOne({ _id: 'b0', n: 0, kind: 'old' });
        await collection.bulkWrite([
          { insertOne: { document: { _id: 'b1', n: 1, kind: 'new' } } },
          { insertOne: { document: { _id: 'b2', n: 2, kind: 'new' } } },
          { updateOne: { filter: { _id: 'b1' }, update: { $inc: { n: 10 } } } },
          { updateOne: { filter: { _id: 'b3' }, update: { $set: { n: 3, kind: 'new' } }, upsert: true } },
          { updateMany: { filter: { kind: 'new' }, update: { $set: { seen: true } } } },
          { replaceOne: { filter: { _id: 'b2' }, replacement: { _id: 'b2', n: 22 } } },
          { replaceOne: { filter: { _id: 'b4' }, replacement: { _id: 'b4', n: 4 }, upsert: true } },
          { deleteOne: { filter: { _id: 'b0' } } },
          { insertOne: { document: { _id: 'b5', kind: 'temp' } } },
          { insertOne: { document: { _id: 'b6', kind: 'temp' } } },
          { deleteMany: { filter: { kind: 'temp' } } },
        ]);
        expect(await collection.find({}, { sort: { _id: 1 } })).to.deep.equal([
          { _id: 'b1', n: 11, kind: 'new', seen: true },
          { _id: 'b2', n: 22 },
          { _id: 'b3', n: 3, kind: 'new', seen: true },
          { _id: 'b4', n: 4 },
        ]);
      });

      it('stops at the first failure and names its index', async function () {
        const collection = fresh();
        await collection.insertOne({ _id: 'b1', n: 1 });
        const error = await duplicateKey(
          collection.bulkWrite([
            { insertOne: { document: { _id: 'b2', n: 2 } } },
            { updateOne: { filter: { _id: 'b2' }, update: { $set: { n: 20 } } } },
            { updateOne: { filter: { _id: 'b1', n: { $gt: 5 } }, update: { $set: { n: 9 } }, upsert: true } },
            { insertOne: { document: { _id: 'b3', n: 3 } } },
          ]),
        );
        expect(error.operationIndex).to.equal(2);
        expect(error.key).to.deep.equal({ _id: 'b1' });
        expect(await collection.find({}, { sort: { _id: 1 } })).to.deep.equal([
          { _id: 'b1', n: 1 },
          { _id: 'b2', n: 20 },
        ]);
      });

      it('reports a unique index violation inside a bulk write with its index', async function () {
        const collection = fresh();
        await collection.createIndex({ email: 1 }, { unique: true });
        const error = await duplicateKey(
          collection.bulkWrite([{ insertOne: { document: { _id: 'b1', email: 'a' } } }, { insertOne: { document: { _id: 'b2', email: 'a' } } }]),
        );
        expect(error.operationIndex).to.equal(1);
        expect(await collection.countDocuments()).to.equal(1);
      });

      it('accepts an empty list of operations', async function () {
        await fresh().bulkWrite([]);
      });
    });

    describe('aggregate', function () {
      let collection: ReadCollection<Hotel>;
      beforeEach(async function () {
        collection = await hotels();
      });

      it('runs $match, $group and $sort', async function () {
        const result = await collection.aggregate([
          { $match: { active: true } },
          { $sort: { _id: 1 } },
          { $group: { _id: '$city', hotels: { $sum: 1 }, minPrice: { $min: '$price' }, names: { $push: '$name' } } },
          { $sort: { _id: 1 } },
        ]);
        expect(result).to.deep.equal([
          { _id: 'Goa', hotels: 2, minPrice: 2500, names: ['Sea View Inn', 'sea breeze'] },
          { _id: 'Manali', hotels: 1, minPrice: 5500, names: ['Hill Top (Resort)'] },
          { _id: 'Pune', hotels: 1, minPrice: 4200, names: ['Pune Palace'] },
        ]);
      });

      it('runs $facet with $count and a paged, projected listing', async function () {
        const [result] = await collection.aggregate([
          { $match: { price: { $lt: 5000 } } },
          {
            $facet: {
              total: [{ $count: 'count' }],
              page: [{ $sort: { price: 1 } }, { $skip: 1 }, { $limit: 2 }, { $project: { _id: 0, name: 1, price: 1 } }],
            },
          },
        ]);
        expect(result).to.deep.equal({
          total: [{ count: 4 }],
          page: [
            { name: 'sea breeze', price: 2500 },
            { name: 'Sea View Inn', price: 3000 },
          ],
        });
      });

      it('runs $count, $skip and $limit', async function () {
        expect(await collection.aggregate([{ $match: { city: 'Goa' } }, { $count: 'n' }])).to.deep.equal([{ n: 2 }]);
        expect(await collection.aggregate([{ $sort: { price: -1 } }, { $skip: 1 }, { $limit: 1 }, { $project: { _id: 1 } }])).to.deep.equal([{ _id: 'h4' }]);
        expect(await collection.aggregate([{ $match: { city: 'Nowhere' } }, { $count: 'n' }])).to.deep.equal([]);
        expect(await collection.aggregate([{ $match: { city: 'Nowhere' } }, { $facet: { total: [{ $count: 'n' }], page: [{ $limit: 5 }] } }])).to.deep.equal([
          { total: [], page: [] },
        ]);
      });

      it('runs $unwind then $group, and $project with expressions', async function () {
        expect(
          await collection.aggregate([{ $unwind: '$rooms' }, { $group: { _id: '$rooms.type', beds: { $sum: '$rooms.beds' } } }, { $sort: { _id: 1 } }]),
        ).to.deep.equal([
          { _id: 'deluxe', beds: 3 },
          { _id: 'standard', beds: 1 },
          { _id: 'suite', beds: 5 },
        ]);
        expect(
          await collection.aggregate([
            { $match: { _id: 'h1' } },
            { $project: { _id: 0, label: { $concat: ['$name', ', ', '$city'] }, roomCount: { $size: '$rooms' } } },
          ]),
        ).to.deep.equal([{ label: 'Sea View Inn, Goa', roomCount: 2 }]);
      });

      it('joins another collection with $lookup', async function () {
        const rooms = fresh();
        await rooms.insertOne({ _id: 'r1', hotelId: 'h2', number: 101 });
        await rooms.insertOne({ _id: 'r2', hotelId: 'h2', number: 102 });
        await rooms.insertOne({ _id: 'r3', hotelId: 'h4', number: 201 });
        const joined = await collection.aggregate([
          { $match: { _id: { $in: ['h2', 'h3'] } } },
          { $lookup: { from: rooms.name, localField: '_id', foreignField: 'hotelId', as: 'roomList' } },
          { $project: { _id: 1, numbers: '$roomList.number' } },
          { $sort: { _id: 1 } },
        ]);
        expect(joined.map((hotel) => ({ ...hotel, numbers: [...(hotel.numbers as number[])].sort() }))).to.deep.equal([
          { _id: 'h2', numbers: [101, 102] },
          { _id: 'h3', numbers: [] },
        ]);
      });

      it('never changes stored documents, even with stages that add or remove fields', async function () {
        await collection.aggregate([{ $addFields: { 'address.extra': 1, flag: true } }]);
        await collection.aggregate([{ $unwind: { path: '$tags', includeArrayIndex: 'i', preserveNullAndEmptyArrays: true } }]);
        await collection.aggregate([{ $project: { 'address.pin': 0 } }]);
        const [grouped] = await collection.aggregate<{ all: Hotel[] }>([{ $match: { _id: 'h1' } }, { $group: { _id: null, all: { $push: '$$ROOT' } } }]);
        grouped!.all[0]!.rooms.push({ type: 'mutated', beds: 0 });
        expect(idSet(await collection.find({ flag: true }))).to.deep.equal([]);
        expect(await collection.find({}, { sort: { _id: 1 } })).to.deep.equal(HOTELS.map((document) => hotel(document._id)));
      });
    });

    describe('isolation from callers', function () {
      it('is unaffected by changes to an inserted document after the insert', async function () {
        const collection = fresh();
        const document = { _id: 'i1', tags: ['a'], nested: { n: 1 }, when: new Date('2024-01-01T00:00:00Z') };
        await collection.insertOne(document);
        document.tags.push('b');
        document.nested.n = 2;
        document.when.setUTCFullYear(1999);
        expect(await collection.findOne({ _id: 'i1' })).to.deep.equal({
          _id: 'i1',
          tags: ['a'],
          nested: { n: 1 },
          when: new Date('2024-01-01T00:00:00Z'),
        });
      });

      it('is unaffected by changes to returned documents', async function () {
        const collection = fresh();
        await collection.insertOne({ _id: 'i1', tags: ['a'], nested: { n: 1 } });
        const [found] = await collection.find({ _id: 'i1' });
        (found!.tags as string[]).push('b');
        (found!.nested as { n: number }).n = 2;
        const one = (await collection.findOne({ _id: 'i1' }, { projection: { nested: 1 } }))!;
        (one.nested as { n: number }).n = 3;
        expect(await collection.findOne({ _id: 'i1' })).to.deep.equal({ _id: 'i1', tags: ['a'], nested: { n: 1 } });
      });

      it('is unaffected by changes to values passed in updates and replacements', async function () {
        const collection = fresh();
        await collection.insertOne({ _id: 'i1' });
        const address = { city: 'Pune' };
        const tags = ['x'];
        const room = { type: 'suite' };
        await collection.updateOne({ _id: 'i1' }, { $set: { address, tags }, $push: { rooms: room } });
        address.city = 'Goa';
        tags.push('y');
        room.type = 'changed';
        expect(await collection.findOne({ _id: 'i1' })).to.deep.equal({
          _id: 'i1',
          address: { city: 'Pune' },
          tags: ['x'],
          rooms: [{ type: 'suite' }],
        });
        const replacement = { _id: 'i1', list: [1] };
        await collection.replaceOne({ _id: 'i1' }, replacement);
        replacement.list.push(2);
        expect(await collection.findOne({ _id: 'i1' })).to.deep.equal({ _id: 'i1', list: [1] });
      });
    });

    describe('deleteOne, deleteMany and drop', function () {
      it('deleteOne removes one match, deleteMany all matches, returning counts', async function () {
        const collection = await hotels();
        expect(await collection.deleteOne({ city: 'Goa' })).to.equal(1);
        expect(await collection.countDocuments({ city: 'Goa' })).to.equal(1);
        expect(await collection.deleteOne({ _id: 'nope' })).to.equal(0);
        expect(await collection.deleteMany({ price: { $gt: 4000 } })).to.equal(2);
        expect(await collection.deleteMany({})).to.equal(2);
        expect(await collection.countDocuments()).to.equal(0);
      });

      it('drop removes documents and indexes, and the collection can be used again', async function () {
        const collection = fresh();
        for (const document of HOTELS) await collection.insertOne(structuredClone(document));
        await collection.createIndex({ city: 1 }, { unique: false });
        await collection.createIndex({ name: 1 }, { unique: true, name: 'name_unique' });
        await collection.drop();
        expect(await collection.countDocuments()).to.equal(0);
        expect(await collection.find({ city: 'Goa' })).to.deep.equal([]);
        await collection.insertOne({ _id: 'again', city: 'Goa', name: 'Same' });
        await collection.insertOne({ _id: 'again-2', city: 'Goa', name: 'Same' });
        expect(idSet(await collection.find({ city: 'Goa' }))).to.deep.equal(['again', 'again-2']);
        await collection.drop();
        await collection.drop();
      });

      it('keeps collections apart', async function () {
        const first = fresh();
        const second = fresh();
        await first.insertOne({ _id: 'same' });
        await second.insertOne({ _id: 'same', other: true });
        await first.drop();
        expect(await second.findOne({ _id: 'same' })).to.deep.equal({ _id: 'same', other: true });
      });
    });
  });
}
