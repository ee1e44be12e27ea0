/**
 * The embedded store never changes a stored document: an update builds the next version
 * and shares untouched subtrees with the old one. A deeply frozen document proves no
 * operator writes into the previous version.
 */
import { expect } from 'chai';
import { nextVersion, parseUpdate } from '../src/embedded/update-operators.ts';

function deepFreeze<T>(value: T): T {
  if (typeof value === 'object' && value !== null) {
    for (const field of Object.values(value)) deepFreeze(field);
    Object.freeze(value);
  }
  return value;
}

const CURRENT = () =>
  deepFreeze({
    _id: 'x',
    name: 'A',
    count: 1,
    tags: ['a', 'b'],
    rooms: [
      { type: 'suite', beds: 2 },
      { type: 'deluxe', beds: 1 },
    ],
    nested: { inner: { value: 1, list: [1, 2, 3] }, other: { kept: true } },
    when: new Date('2024-01-01T00:00:00Z'),
  });

const UPDATES: Record<string, unknown>[] = [
  { $set: { name: 'B', 'nested.inner.value': 2, 'nested.fresh.field': 1, 'rooms.1.beds': 3, 'tags.0': 'z' } },
  { $unset: { 'nested.inner.value': '', 'rooms.0.type': '', name: '' } },
  { $inc: { count: 2, 'nested.inner.value': 1, 'rooms.0.beds': 1 } },
  { $mul: { 'rooms.1.beds': 4 } },
  { $min: { 'nested.inner.value': 0 }, $max: { when: new Date('2025-01-01T00:00:00Z') } },
  { $push: { tags: 'c', 'nested.inner.list': { $each: [0], $sort: 1, $slice: 3 } } },
  { $addToSet: { tags: { $each: ['a', 'd'] }, 'nested.inner.list': 4 } },
  { $pull: { tags: 'a', rooms: { type: 'suite' }, 'nested.inner.list': { $gt: 1 } } },
  { $pullAll: { 'nested.inner.list': [1, 2] } },
  { $pop: { tags: 1, 'nested.inner.list': -1 } },
  { $rename: { 'nested.inner.value': 'nested.moved', name: 'title' } },
  { $set: { 'rooms.$.beds': 5 } },
];

describe('embedded update operators leave the previous version untouched', function () {
  for (const update of UPDATES) {
    it(JSON.stringify(update), function () {
      const current = CURRENT();
      const snapshot = structuredClone(current);
      const next = nextVersion(current, parseUpdate(update), { _id: 'x', 'rooms.type': 'deluxe' });
      expect(next, 'the update changes the document').to.not.equal(undefined);
      expect(next).to.not.deep.equal(snapshot);
      expect(current).to.deep.equal(snapshot);
      const text = JSON.stringify(update);
      if (!text.includes('nested') && !text.includes('$.')) {
        expect(next!.nested, 'untouched subtrees are shared, not copied').to.equal(current.nested);
      }
    });
  }

  it('returns undefined when nothing changes', function () {
    const current = CURRENT();
    expect(nextVersion(current, parseUpdate({ $set: { name: 'A', 'nested.inner.value': 1 } }), {})).to.equal(undefined);
    expect(nextVersion(current, parseUpdate({ $addToSet: { tags: 'a' }, $pull: { 'nested.inner.list': 9 } }), {})).to.equal(undefined);
  });
});
