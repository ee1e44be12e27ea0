/**
 * The embedded store decides simple filters itself and leaves the rest to mingo. Both
 * must agree on every document.
 */
import { expect } from 'chai';
import { Query } from 'mingo';
import { compileFilter } from '../src/embedded/document-predicate.ts';

const DOCUMENTS: Record<string, unknown>[] = [
  { _id: 'a', n: 1, s: 'Pune', b: true, nul: null, d: new Date('2024-01-01T00:00:00Z'), o: { x: 1, y: 'q' }, arr: [1, 2] },
  { _id: 'b', n: 2.5, s: 'goa', b: false, d: new Date('2023-01-01T00:00:00Z'), o: { x: 2 }, arr: [] },
  { _id: 'c', n: '3', s: 'Sea (view)', o: null, arr: ['x', { k: 1 }] },
  { _id: 'd', s: 'pune palace', o: { x: [1, 3] }, nested: { deep: { v: 5 } } },
  { _id: 'e', n: -1, s: '', b: 'true', o: 'text', nested: { deep: { v: 'five' } } },
  { _id: 'f', constructor: 'own', n: 0 },
];

const FILTERS: Record<string, unknown>[] = [
  {},
  { n: 1 },
  { n: 2.5 },
  { n: '3' },
  { n: null },
  { nul: null },
  { b: true },
  { s: 'Pune' },
  { missing: null },
  { n: { $eq: 1 } },
  { n: { $ne: 1 } },
  { n: { $ne: null } },
  { n: { $gt: 0 } },
  { n: { $gte: 1 } },
  { n: { $lt: 2.5 } },
  { n: { $lte: 0 } },
  { n: { $gt: 0, $lt: 2 } },
  { n: { $gt: '2' } },
  { s: { $gte: 'a' } },
  { s: { $lt: 'Z' } },
  { d: { $gt: new Date('2023-06-01T00:00:00Z') } },
  { d: new Date('2023-01-01T00:00:00Z') },
  { d: { $lte: new Date(0) } },
  { n: { $in: [1, 2.5] } },
  { n: { $in: [null] } },
  { n: { $nin: [1, '3'] } },
  { n: { $nin: [null, 0] } },
  { n: { $exists: true } },
  { n: { $exists: false } },
  { 'o.x': 1 },
  { 'o.x': { $exists: true } },
  { 'o.x': 3 },
  { 'nested.deep.v': 5 },
  { 'nested.deep.v': { $gt: 1 } },
  { 'o.y': { $exists: false } },
  { arr: 1 },
  { arr: { $ne: 1 } },
  { arr: { $exists: true } },
  { arr: { $size: 0 } },
  { 'arr.k': 1 },
  { s: { $regex: 'pune', $options: 'i' } },
  { s: { $regex: 'Pune' } },
  { s: /\(view\)/ },
  { s: { $regex: '^$' } },
  { $and: [{ n: { $gte: 0 } }, { s: { $regex: 'a' } }] },
  { $or: [{ n: 1 }, { s: 'goa' }] },
  { $or: [{ arr: 'x' }, { n: -1 }] },
  { $nor: [{ n: 1 }] },
  { o: { x: 2 } },
  { constructor: 'own' },
  { _id: 'a', n: 1 },
  { _id: { $in: ['a', 'f'] } },
  { n: { $type: 'number' } },
  { $expr: { $gt: ['$n', 0] } },
  { n: { $not: { $gt: 1 } } },
];

describe('embedded filter matching agrees with mingo', function () {
  for (const filter of FILTERS) {
    it(
      JSON.stringify(filter, (_key, value) => (value instanceof RegExp ? String(value) : value)),
      function () {
        const query = new Query(filter);
        const compiled = compileFilter(filter);
        for (const document of DOCUMENTS) {
          const expected = query.test(document);
          expect(compiled(document), `document ${document._id}`).to.equal(expected);
        }
      },
    );
  }
});
