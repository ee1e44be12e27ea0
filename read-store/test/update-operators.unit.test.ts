/**
 * The embedded store never changes a stored document: an update builds the next version
 * and shares untouched subtrees with the old one. A deeply frozen document proves no
 * operator writes into the previous version.
 */
import { expect } from 'chai';
import { update as mingoUpdate } from 'mingo/updater';
import type { Update } from '../src/port.ts';
import { applyToNewDocument, InvalidUpdateError, mayWriteUnder, nextVersion, parseUpdate } from '../src/embedded/update-operators.ts';
import { describeValue, seededRandom, type Random } from './support/generated-values.ts';

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

/** A stored document with a field of each kind the operators treat differently. */
function generatedDocument(random: Random): Record<string, unknown> {
  const document: Record<string, unknown> = { _id: `d${random.below(1000)}` };
  if (random.chance(0.8)) document.n = random.pick([0, 1, 2, -3, 2.5, 7]);
  if (random.chance(0.6)) document.s = random.pick(['a', 'b', 'pune', '']);
  // distinct elements, and always an array where $push modifiers apply: mingo's $addToSet adds nothing to an array holding a duplicate, and its $push ignores $sort and $slice on a missing field (MongoDB does neither)
  document.list = [1, 2, 3, 5, 8].filter(() => random.chance(0.5));
  document.objs = [0, 1, 2, 3].filter(() => random.chance(0.5)).map((v) => ({ k: random.pick(['x', 'y', 'z']), v }));
  if (random.chance(0.7))
    document.o = { x: random.pick([1, 2, 4]), l: [0, 1, 2].filter(() => random.chance(0.5)), ...(random.chance(0.5) ? { w: 'text' } : {}) };
  if (random.chance(0.3)) document.nul = null;
  return document;
}

type Operation = [operator: string, path: string, operand: unknown];

/** One valid operation on a field of its own (the first segment of `path` is unique per update, so paths never conflict). */
const OPERATION_KINDS: readonly ((random: Random) => Operation)[] = [
  (random) => ['$set', random.pick(['n', 's', 'fresh', 'o.x', 'o.fresh', 'deep.er.field']), random.pick([0, 1, 2, 'a', 'pune', null, [1, 2], { k: 'x' }])],
  (random) => ['$unset', random.pick(['n', 's', 'missing', 'o.x', 'o.w', 'deep.er', 'list']), ''],
  (random) => ['$inc', random.pick(['n', 'fresh', 'o.x', 'o.fresh']), random.pick([0, 1, -2, 0.5])],
  (random) => ['$mul', random.pick(['n', 'fresh', 'o.x']), random.pick([0, 1, 2, 3])],
  (random) => ['$min', random.pick(['n', 's', 'fresh', 'o.x']), random.pick([0, 1, 2, 7, 'a', 'z'])],
  (random) => ['$max', random.pick(['n', 's', 'fresh', 'o.x']), random.pick([0, 1, 2, 7, 'a', 'z'])],
  (random) => ['$push', random.pick(['list', 'fresh', 'o.l']), random.pick<unknown>([4, 1, { $each: [] }, { $each: [9, 0] }])],
  (random) => ['$push', 'list', pushModifiers(random)],
  // mingo breaks ties on the first sort key wrongly, so the generated objects never tie on it
  (random) => ['$push', 'objs', { $each: [{ k: 'w', v: 9 }], $sort: random.pick([{ v: 1 }, { v: -1, k: 1 }]), $slice: random.pick([2, -2, 5]) }],
  (random) => ['$addToSet', random.pick(['list', 'fresh', 'o.l']), random.pick<unknown>([1, 4, { $each: [1, 2] }, { $each: [6, 7] }, { $each: [] }])],
  (random) => ['$pull', random.pick(['list', 'o.l', 'missing']), random.pick<unknown>([1, 5, { $gt: 2 }, { $in: [1, 3] }])],
  (random) => ['$pull', 'objs', random.pick<unknown>([{ k: 'x' }, { v: { $gte: 2 } }, { k: 'y', v: 1 }])],
  (random) => ['$pullAll', random.pick(['list', 'o.l', 'missing']), random.pick([[1, 2], [8], []])],
  (random) => ['$pop', random.pick(['list', 'o.l', 'objs', 'missing', 'o.missing']), random.pick([1, -1])],
  (random) => ['$rename', random.pick(['n', 's', 'missing', 'o.x']), random.pick(['renamed', 'other.place'])],
];

function pushModifiers(random: Random): Record<string, unknown> {
  const modifiers: Record<string, unknown> = { $each: [random.below(10), random.below(10)] };
  if (random.chance(0.4)) modifiers.$position = random.pick([0, 1, 3]);
  if (random.chance(0.5)) modifiers.$sort = random.pick([1, -1]);
  if (random.chance(0.5)) modifiers.$slice = random.pick([0, 1, 3, -1, -2]);
  return modifiers;
}

function generatedUpdate(random: Random): Record<string, Record<string, unknown>> {
  const update: Record<string, Record<string, unknown>> = {};
  const usedFields = new Set<string>();
  const count = 1 + random.below(3);
  for (let i = 0; i < count; i++) {
    const [operator, path, operand] = random.pick(OPERATION_KINDS)(random);
    const fields = [path, ...(operator === '$rename' ? [operand as string] : [])].map((field) => field.split('.')[0]!);
    if (fields.some((field) => usedFields.has(field))) continue;
    for (const field of fields) usedFields.add(field);
    (update[operator] ??= {})[path] = operand;
  }
  return update;
}

describe('embedded update operators agree with mingo', function () {
  const random = seededRandom(34);
  for (let round = 0; round < 40; round++) {
    const cases = Array.from({ length: 25 }, () => ({ document: generatedDocument(random), update: generatedUpdate(random) }));
    it(`generated updates, round ${round + 1}`, function () {
      for (const { document, update } of cases) {
        const expected = structuredClone(document);
        const changedFields = mingoUpdate(expected, update as Parameters<typeof mingoUpdate>[1]);
        const next = nextVersion(deepFreeze(structuredClone(document)), parseUpdate(update), {});
        const context = `${describeValue(update)} on ${describeValue(document)}`;
        // mingo reports a write that leaves the content as it was (a $push sliced back to the old array) as a change; the store skips it
        if (changedFields.length === 0) expect(next, `unchanged: ${context}`).to.equal(undefined);
        expect(next ?? document, context).to.deep.equal(expected);
      }
    });
  }
});

describe('embedded update operators refuse what MongoDB refuses', function () {
  const refusedUpdates: [update: unknown, message: string][] = [
    [null, 'update must be a document of update operators'],
    [[{ $set: { a: 1 } }], 'update must be a document of update operators'],
    [{ $foo: { a: 1 } }, 'Unknown modifier: $foo'],
    [{ a: 1 }, 'update document requires atomic operators (use replaceOne to replace a document)'],
    [{ $set: 1 }, 'Modifiers operate on fields: $set needs a document'],
    [{ $set: { $a: 1 } }, "invalid field path '$a' in $set"],
    [{ $inc: { 'a..b': 1 } }, "invalid field path 'a..b' in $inc"],
    [{ $set: { '.a': 1 } }, "invalid field path '.a' in $set"],
    [{ $set: { 'a.': 1 } }, "invalid field path 'a.' in $set"],
    [{ $unset: { '': '' } }, "invalid field path '' in $unset"],
    [{}, 'update document must not be empty'],
    [{ $set: {} }, 'update document must not be empty'],
    [{ $set: { a: 1 }, $inc: { a: 1 } }, "Updating the path 'a' would create a conflict at 'a'"],
    [{ $set: { 'a.b': 1, a: 2 } }, "Updating the path 'a.b' would create a conflict at 'a'"],
    [{ $set: { a: 1 }, $unset: { 'a.b': '' } }, "Updating the path 'a' would create a conflict at 'a.b'"],
    [{ $rename: { a: 'b' }, $set: { b: 1 } }, "Updating the path 'b' would create a conflict at 'b'"],
    [{ $rename: { a: 'b', b: 'c' } }, "Updating the path 'b' would create a conflict at 'b'"],
  ];
  for (const [update, message] of refusedUpdates) {
    it(`${describeValue(update)}: ${message}`, function () {
      expect(() => parseUpdate(update as Update)).to.throw(InvalidUpdateError, message);
    });
  }

  it('accepts paths that only share a prefix, and distinct fields of one object', function () {
    for (const update of [
      { $set: { ab: 1, 'a.c': 2 } },
      { $set: { 'a.b': 1, 'a.c': 2 } },
      { $set: { a: 1 }, $inc: { b: 1 } },
      { $rename: { a: 'ab', b: 'c' } },
    ]) {
      expect(parseUpdate(update).operations, describeValue(update)).to.have.length(Object.values(update).flatMap((fields) => Object.keys(fields)).length);
    }
  });

  const refusedOnStored: [update: Record<string, unknown>, message: string][] = [
    [{ $inc: { n: 'x' } }, 'Cannot apply $inc with a non-numeric argument'],
    [{ $mul: { n: null } }, 'Cannot apply $mul with a non-numeric argument'],
    [{ $inc: { s: 1 } }, "Cannot apply $inc to a value of non-numeric type at 's'"],
    [{ $mul: { s: 2 } }, "Cannot apply $mul to a value of non-numeric type at 's'"],
    [{ $push: { list: { $each: 4 } } }, 'The argument to $each in $push must be an array'],
    [{ $push: { list: { $each: [4], $position: 1.5 } } }, '$position in $push must be an integer'],
    [{ $push: { list: { $each: [4], $slice: '2' } } }, '$slice in $push must be an integer'],
    [{ $push: { s: 1 } }, "Cannot apply $push to a non-array value at 's'"],
    [{ $addToSet: { list: { $each: 4 } } }, 'The argument to $each in $addToSet must be an array'],
    [{ $addToSet: { s: 1 } }, "Cannot apply $addToSet to a non-array value at 's'"],
    [{ $pull: { s: 1 } }, "Cannot apply $pull to a non-array value at 's'"],
    [{ $pullAll: { list: 1 } }, '$pullAll requires an array argument'],
    [{ $pullAll: { s: [1] } }, "Cannot apply $pullAll to a non-array value at 's'"],
    [{ $pop: { list: 2 } }, '$pop expects 1 or -1'],
    [{ $pop: { s: 1 } }, "Cannot apply $pop to a non-array value at 's'"],
    [{ $rename: { n: 1 } }, '$rename target must be a string'],
    [{ $rename: { n: '' } }, '$rename target must be a string'],
    [{ $set: { _id: 'other' } }, "Performing an update on the path '_id' would modify the immutable field '_id'"],
    [{ $set: { '_id.part': 1 } }, "Performing an update on the path '_id.part' would modify the immutable field '_id'"],
    [{ $inc: { _id: 1 } }, "Performing an update on the path '_id' would modify the immutable field '_id'"],
    [{ $unset: { _id: '' } }, "Performing an update on the path '_id' would modify the immutable field '_id'"],
    [{ $rename: { '_id.part': 'key' } }, "Performing an update on the path '_id.part' would modify the immutable field '_id'"],
    [{ $rename: { _id: 'key' } }, "Performing an update on the path '_id' would modify the immutable field '_id'"],
    [{ $rename: { n: '_id' } }, "Performing an update on the path '_id' would modify the immutable field '_id'"],
  ];
  for (const [update, message] of refusedOnStored) {
    it(`${describeValue(update)} on a stored document: ${message}`, function () {
      const stored = deepFreeze({ _id: 'x', n: 1, s: 'text', list: [1, 2] });
      expect(() => nextVersion(stored, parseUpdate(update), {})).to.throw(InvalidUpdateError, message);
    });
  }
});

describe('embedded update operators: what MongoDB does that the generated cases leave out', function () {
  const stored = () =>
    deepFreeze({
      _id: 'x',
      n: 1,
      list: [3, 1],
      objs: [
        { k: 'b', v: 1, d: { w: 2 } },
        { k: 'a', v: 1, d: { w: 1 } },
      ],
    });
  const cases: [name: string, update: Record<string, unknown>, expected: Record<string, unknown> | undefined][] = [
    ['re-setting `_id` to its value changes nothing', { $set: { _id: 'x' } }, undefined],
    ['setting a field to undefined changes nothing', { $set: { n: undefined } }, undefined],
    ['$setOnInsert writes nothing to a stored document', { $setOnInsert: { n: 2, fresh: 1 } }, undefined],
    ['$unset of a missing nested field creates no object', { $unset: { 'deep.er': '' }, $set: { n: 2 } }, { n: 2 }],
    ['$pop on a missing field changes nothing', { $pop: { 'deep.list': 1 } }, undefined],
    ['$rename of a missing field changes nothing', { $rename: { missing: 'other' } }, undefined],
    ['$rename into a new nested object', { $rename: { n: 'moved.here' } }, { n: undefined, moved: { here: 1 } }],
    [
      '$push sorts by the next key on a tie',
      { $push: { objs: { $each: [], $sort: { v: 1, k: 1 } } } },
      {
        objs: [
          { k: 'a', v: 1, d: { w: 1 } },
          { k: 'b', v: 1, d: { w: 2 } },
        ],
      },
    ],
    ['$push sorts by a nested key', { $push: { objs: { $each: [], $sort: { 'd.w': -1 } } } }, undefined],
    [
      '$push sorts by a nested key, ascending',
      { $push: { objs: { $each: [], $sort: { 'd.w': 1 } } } },
      {
        objs: [
          { k: 'a', v: 1, d: { w: 1 } },
          { k: 'b', v: 1, d: { w: 2 } },
        ],
      },
    ],
    ['$push sorts and slices a new array', { $push: { fresh: { $each: [5, 2, 9], $sort: -1, $slice: 2 } } }, { fresh: [9, 5] }],
    ['$push keeps the last elements with a negative $slice', { $push: { list: { $each: [7], $slice: -2 } } }, { list: [1, 7] }],
    ['$addToSet adds a repeated element once to a new array', { $addToSet: { fresh: { $each: [6, 6, 7] } } }, { fresh: [6, 7] }],
    ['$addToSet creates an empty array for an empty $each', { $addToSet: { fresh: { $each: [] } } }, { fresh: [] }],
    ['$pull with a value that is not there changes nothing', { $pull: { list: 9 } }, undefined],
    ['$pull on a missing nested field changes nothing', { $pull: { 'deep.list': 9 } }, undefined],
    ['$pullAll on a missing nested field changes nothing', { $pullAll: { 'deep.list': [9] } }, undefined],
    ['$max keeps a greater value', { $max: { n: 0 } }, undefined],
    ['$min keeps an equal value', { $min: { n: 1 } }, undefined],
    ['$max replaces a smaller value', { $max: { n: 2 } }, { n: 2 }],
  ];
  for (const [name, update, expected] of cases) {
    it(name, function () {
      const current = stored();
      const next = nextVersion(current, parseUpdate(update), {});
      if (expected === undefined) expect(next).to.equal(undefined);
      else expect(JSON.parse(JSON.stringify(next))).to.deep.equal(JSON.parse(JSON.stringify({ ...current, ...expected })));
    });
  }

  it('$currentDate writes the time of the update', function () {
    const before = Date.now();
    const next = nextVersion(stored(), parseUpdate({ $currentDate: { at: true } }), {});
    expect(next?.at).to.be.instanceOf(Date);
    expect((next!.at as Date).getTime()).to.be.within(before, Date.now());
  });

  it('an upsert applies $setOnInsert and may set a missing `_id`, but not change a present one', function () {
    const created: Record<string, unknown> = {};
    applyToNewDocument(created, parseUpdate({ $set: { _id: 'new', 'a.b': 1 }, $setOnInsert: { c: 2 } }));
    expect(created).to.deep.equal({ _id: 'new', a: { b: 1 }, c: 2 });
    const seeded: Record<string, unknown> = { _id: 'seed' };
    applyToNewDocument(seeded, parseUpdate({ $set: { _id: 'seed', n: 1 } }));
    expect(seeded).to.deep.equal({ _id: 'seed', n: 1 });
    expect(() => applyToNewDocument({ _id: 'seed' }, parseUpdate({ $set: { _id: 'other' } }))).to.throw(
      InvalidUpdateError,
      "Performing an update on the path '_id' would modify the immutable field '_id'",
    );
    expect(() => applyToNewDocument({ _id: 'seed' }, parseUpdate({ $set: { 'rooms.$.beds': 1 } }))).to.throw(
      InvalidUpdateError,
      'The positional operator did not find the match needed from the query',
    );
  });

  it('applies a positional update to the element the filter matched, and reports no change when none is made', function () {
    const current = deepFreeze({
      _id: 'x',
      rooms: [
        { type: 'a', beds: 1 },
        { type: 'b', beds: 2 },
      ],
    });
    const next = nextVersion(current, parseUpdate({ $set: { 'rooms.$.beds': 3 } }), { 'rooms.type': 'b' });
    expect(next).to.deep.equal({
      _id: 'x',
      rooms: [
        { type: 'a', beds: 1 },
        { type: 'b', beds: 3 },
      ],
    });
    expect(nextVersion(current, parseUpdate({ $set: { 'rooms.$.beds': 2 } }), { 'rooms.type': 'b' })).to.equal(undefined);
  });
});

describe('which updates may write under indexed fields', function () {
  const cases: [update: Record<string, unknown>, fields: string[], may: boolean][] = [
    [{ $set: { a: 1 } }, ['a'], true],
    [{ $set: { b: 1 } }, ['a'], false],
    [{ $set: { 'a.b': 1 } }, ['a'], true],
    [{ $set: { 'b.a': 1 } }, ['a'], false],
    [{ $set: { 'a.b': 1 } }, ['a.b'], false],
    [{ $unset: { a: '' } }, ['a'], true],
    [{ $setOnInsert: { a: 1 } }, ['a'], false],
    [{ $setOnInsert: { a: 1 }, $set: { b: 1 } }, ['b'], true],
    [{ $rename: { b: 'a.c' } }, ['a'], true],
    [{ $rename: { b: 'c' } }, ['a'], false],
    [{ $set: { b: 'a' } }, ['a'], false],
    [{ $set: { 'rooms.$.beds': 1 } }, ['a'], true],
  ];
  for (const [update, fields, may] of cases) {
    it(`${describeValue(update)} under ${fields.join(', ')}: ${may}`, function () {
      expect(mayWriteUnder(parseUpdate(update), new Set(fields))).to.equal(may);
    });
  }
});
