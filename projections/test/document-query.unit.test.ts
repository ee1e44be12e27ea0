/**
 * Reading a read model's documents: only reading filters pass (each refusal names what is
 * wrong), sorts and limits are bounded, and a page is read from the version and collection
 * the registry records, by `_id` cursor or by skip, on the embedded read store.
 */
import { expect } from 'chai';
import { createEmbeddedReadStore, type ReadStore } from '@stays/read-store';
import {
  DocumentQueryError,
  MAX_DOCUMENTS_LIMIT,
  checkFilter,
  checkLimit,
  checkSort,
  readModelDocuments,
  writeVersions,
  type VersionEntry,
} from '../src/index.ts';

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).to.be.instanceOf(DocumentQueryError);
    expect((error as DocumentQueryError).status).to.equal(400);
    return (error as Error).message;
  }
  throw new Error('not refused');
}

describe('checking a documents query', () => {
  it('lets reading filters through as they are', () => {
    const filters = [
      {},
      { city: 'Pune' },
      { 'address.city': { $in: ['Pune', 'Goa'] }, hotels: { $gte: 2, $lt: 10 } },
      { $or: [{ city: { $regex: '^p', $options: 'i' } }, { tags: { $all: ['wifi'] } }] },
      { rooms: { $elemMatch: { beds: { $gt: 1 } } }, nights: { $not: { $mod: [7, 0] } }, name: { $exists: true, $type: 'string' } },
      { tags: { $size: 2 }, $nor: [{ closed: true }] },
      { address: { city: 'Pune', pin: 411001 } },
    ];
    for (const filter of filters) expect(checkFilter(filter)).to.equal(filter);
    expect(checkFilter(undefined)).to.deep.equal({});
  });

  it('refuses operators that run code or write, naming them', () => {
    expect(refusal(() => checkFilter({ $where: 'this.hotels > 1' }))).to.match(
      /^the filter uses \$where, which is not allowed here \(allowed: \$eq .*\$nor\)$/,
    );
    expect(refusal(() => checkFilter({ $expr: { $function: {} } }))).to.match(/^the filter uses \$expr,/);
    expect(refusal(() => checkFilter({ hotels: { $function: { body: 'x' } } }))).to.match(/^the filter uses \$function,/);
    expect(refusal(() => checkFilter({ $or: [{ a: { $accumulator: {} } }] }))).to.match(/^the filter uses \$accumulator,/);
    expect(refusal(() => checkFilter({ rooms: { $elemMatch: { $where: '1' } } }))).to.match(/^the filter uses \$where,/);
    expect(refusal(() => checkFilter({ a: { $not: { $where: '1' } } }))).to.match(/^the filter uses \$where,/);
    expect(refusal(() => checkFilter({ a: { $in: [{ $where: '1' }] } }))).to.match(/\$where/);
  });

  it('refuses malformed filters with what is wrong', () => {
    expect(refusal(() => checkFilter([]))).to.equal('a filter is a JSON object, such as {"city": "Pune"}');
    expect(refusal(() => checkFilter('city'))).to.equal('a filter is a JSON object, such as {"city": "Pune"}');
    expect(refusal(() => checkFilter({ $or: [] }))).to.equal('$or takes a non-empty list of filters');
    expect(refusal(() => checkFilter({ a: { $in: 'x' } }))).to.equal('$in takes a list');
    expect(refusal(() => checkFilter({ a: { $gt: 1, b: 2 } }))).to.equal('the filter mixes operators and fields in one condition ("b")');
    expect(refusal(() => checkFilter({ 'a.$b': 1 }))).to.match(/a field is a dotted path/);
    expect(refusal(() => checkFilter({ a: { $regex: '(' } }))).to.equal('the $regex pattern "(" is not a regular expression');
    expect(refusal(() => checkFilter({ a: { $regex: 'a'.repeat(201) } }))).to.equal('a $regex pattern is at most 200 characters');
    expect(refusal(() => checkFilter({ a: { $regex: 'a', $options: 'g' } }))).to.equal('$options takes some of the letters i, m, s, x');
    for (const pattern of ['^(a+)+$', '(\\w*)*x', '(x{2,})+', '((ab)*c)+', '(a)\\1'])
      expect(
        refusal(() => checkFilter({ a: { $regex: pattern } })),
        pattern,
      ).to.match(/^a \$regex pattern may not repeat a repeated group/);
    for (const pattern of ['^p(un|an)e+$', '(ab)+', 'a+b*', '\\(a+\\)+'])
      expect(checkFilter({ a: { $regex: pattern } }), pattern).to.deep.equal({ a: { $regex: pattern } });
    expect(refusal(() => checkFilter({ a: { $exists: 1 } }))).to.equal('$exists takes true or false');
    let deep: Record<string, unknown> = { a: 1 };
    for (let level = 0; level < 10; level++) deep = { $and: [deep] };
    expect(refusal(() => checkFilter(deep))).to.equal('the filter nests deeper than 8 levels');
  });

  it('bounds sorts and limits', () => {
    expect(checkSort({ hotels: -1, _id: 1 })).to.deep.equal({ hotels: -1, _id: 1 });
    expect(checkSort(undefined)).to.equal(undefined);
    expect(refusal(() => checkSort({ hotels: 'desc' }))).to.equal('sort hotels by 1 (ascending) or -1 (descending), not "desc"');
    expect(refusal(() => checkSort({ a: 1, b: 1, c: 1, d: 1, e: 1 }))).to.equal('a sort names at most 4 fields');
    expect(refusal(() => checkSort([1]))).to.match(/^a sort is a JSON object/);
    expect(checkLimit(undefined)).to.equal(20);
    expect(checkLimit(MAX_DOCUMENTS_LIMIT)).to.equal(1000);
    expect(refusal(() => checkLimit(1001))).to.equal('the limit is a whole number from 1 to 1000, not 1001');
    expect(refusal(() => checkLimit(0))).to.match(/^the limit is a whole number/);
  });
});

describe('reading a version of a read model', () => {
  let store: ReadStore;
  const entry = (version: number, state: VersionEntry['state'], collections: string[]): VersionEntry => ({
    version,
    schema: 1,
    state,
    goLiveWhenCaughtUp: false,
    collections: collections.map((collection) => `visits_v${version}_${collection}`),
    createdAt: '2026-01-01T00:00:00.000Z',
  });

  beforeEach(async () => {
    store = createEmbeddedReadStore();
    await writeVersions(store, 'visits', [entry(1, 'live', ['days', 'guests']), entry(2, 'building', ['days'])]);
    for (let day = 1; day <= 25; day++) {
      await store.collection('visits_v1_days').insertOne({ _id: `d${String(day).padStart(2, '0')}`, visits: day % 5 });
    }
    await store.collection('visits_v2_days').insertOne({ _id: 'only', visits: 9 });
  });

  it('reads the live version by default, another by number, and pages by skip or by _id', async () => {
    const first = await readModelDocuments(store, 'visits', {
      collection: 'days',
      filter: { visits: { $gte: 3 } },
      sort: { visits: -1 },
      limit: 4,
      count: true,
    });
    expect(first).to.include({ model: 'visits', version: 1, state: 'live', collection: 'days', total: 10 });
    expect(first.collections).to.deep.equal(['days', 'guests']);
    // equal sort keys are ordered by _id, so pages do not overlap
    expect(first.documents.map((document) => document._id)).to.deep.equal(['d04', 'd09', 'd14', 'd19']);
    const second = await readModelDocuments(store, 'visits', { collection: 'days', filter: { visits: { $gte: 3 } }, sort: { visits: -1 }, limit: 4, skip: 4 });
    expect(second.documents.map((document) => document._id)).to.deep.equal(['d24', 'd03', 'd08', 'd13']);
    const afterCursor = await readModelDocuments(store, 'visits', { collection: 'days', after: 'd22', limit: 10 });
    expect(afterCursor.documents.map((document) => document._id)).to.deep.equal(['d23', 'd24', 'd25']);
    const building = await readModelDocuments(store, 'visits', { version: 2 });
    expect(building).to.include({ version: 2, state: 'building', collection: 'days' });
    expect(building.documents).to.deep.equal([{ _id: 'only', visits: 9 }]);
  });

  it('refuses an unknown model, version or collection, saying what there is', async () => {
    const refused = (query: Parameters<typeof readModelDocuments>[2], model = 'visits') =>
      readModelDocuments(store, model, query).then(
        () => null,
        (error: DocumentQueryError) => [error.status, error.message],
      );
    expect(await refused({}, 'nope')).to.deep.equal([404, 'no read model is named nope (read models: visits)']);
    expect(await refused({ version: 7 })).to.deep.equal([404, 'visits has no version 7 (versions: 1 live, 2 building)']);
    expect(await refused({})).to.deep.equal([400, 'visits has collections days, guests: name one']);
    expect(await refused({ collection: 'rooms' })).to.deep.equal([404, 'visits@1 has no collection rooms (collections: days, guests)']);
    expect(await refused({ collection: 'days', filter: { $where: '1' } })).to.deep.include(400);
    expect(await refused({ collection: 'days', after: 'd1', sort: { visits: 1 } })).to.deep.equal([400, 'after pages in _id order: leave out sort and skip']);
  });
});
