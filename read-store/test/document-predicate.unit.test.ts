/**
 * The embedded store decides simple filters itself and leaves the rest to mingo. Both
 * must agree on every document.
 */
import { expect } from 'chai';
import { Query } from 'mingo';
import { compileFastPredicate, compileFilter } from '../src/embedded/document-predicate.ts';
import { describeValue, seededRandom, type Random } from './support/generated-values.ts';

const DOCUMENTS: Record<string, unknown>[] = [
  { _id: 'a', n: 1, s: 'Pune', b: true, nul: null, d: new Date('2024-01-01T00:00:00Z'), o: { x: 1, y: 'q' }, arr: [1, 2] },
  { _id: 'b', n: 2.5, s: 'goa', b: false, d: new Date('2023-01-01T00:00:00Z'), o: { x: 2 }, arr: [] },
  { _id: 'c', n: '3', s: 'Sea (view)', o: null, arr: ['x', { k: 1 }] },
  { _id: 'd', s: 'pune palace', o: { x: [1, 3] }, nested: { deep: { v: 5 } } },
  { _id: 'e', n: -1, s: '', b: 'true', o: 'text', nested: { deep: { v: 'five' } } },
  { _id: 'f', constructor: 'own', n: 0 },
  {
    _id: 'g',
    offers: [
      { k: 1, t: 'Flat' },
      { k: 2, t: 'Room', p: 3000 },
    ],
    o: { offers: [{ k: 1 }] },
  },
  { _id: 'h', offers: [{ k: 2, t: 'Flat' }, 7, null], arr: [[{ k: 1 }]] },
  { _id: 'i', offers: { k: 1 } },
  { _id: 'j', o: [{ offers: [{ k: 1 }] }] },
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
  { offers: { $elemMatch: { k: 1 } } },
  { offers: { $elemMatch: { k: 2, t: 'Flat' } } },
  { offers: { $elemMatch: { t: { $in: ['Room', 'Suite'] }, p: { $lte: 3000 } } } },
  { offers: { $elemMatch: { p: null } } },
  { offers: { $elemMatch: { k: { $gt: 5 } } } },
  { offers: { $elemMatch: { $or: [{ t: 'Room' }, { k: 1 }] } } },
  { offers: { $elemMatch: { $and: [{ k: 2 }, { t: 'Flat' }] } } },
  { 'o.offers': { $elemMatch: { k: 1 } } },
  { arr: { $elemMatch: { k: 1 } } },
  { arr: { $elemMatch: { $gt: 1 } } },
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

/** Fields of every type the fast path treats differently, arrays included (MongoDB's element matching: mingo decides those). */
function generatedDocument(random: Random): Record<string, unknown> {
  const document: Record<string, unknown> = { _id: `d${random.below(1000)}` };
  for (const field of ['n', 's', 'b', 'd']) {
    if (random.chance(0.85)) document[field] = generatedValue(random, field);
  }
  if (random.chance(0.8)) {
    document.o = random.chance(0.75) ? { x: generatedValue(random, 'n'), y: generatedValue(random, 's') } : random.pick<unknown>([null, 'text', [{ x: 1 }], 3]);
  }
  if (random.chance(0.5))
    document.nested = { deep: random.chance(0.8) ? { v: generatedValue(random, 'n') } : random.pick<unknown>([null, [{ v: 1 }], 'flat']) };
  if (random.chance(0.7)) document.offers = generatedOffers(random);
  return document;
}

/** Mostly an array of small documents (as a hotel's room offers are), sometimes with other elements, or not an array. */
function generatedOffers(random: Random): unknown {
  if (random.chance(0.1)) return random.pick<unknown>([null, { n: 1 }, 'text']);
  return Array.from({ length: random.below(4) }, () => {
    if (random.chance(0.1)) return random.pick<unknown>([1, null, [{ n: 1 }]]);
    const offer: Record<string, unknown> = {};
    for (const field of ['n', 's', 'b']) if (random.chance(0.8)) offer[field] = generatedValue(random, field);
    return offer;
  });
}

/** Mostly a value of the field's own type, sometimes another type, null, or an array. */
function generatedValue(random: Random, field: string, ownType = false): unknown {
  const kind = ownType || random.chance(0.7) ? field : random.pick(['n', 's', 'b', 'd', 'null', 'array']);
  switch (kind) {
    case 'n':
      return random.pick([-1, 0, 1, 2, 2.5, 10]);
    case 's':
      return random.pick(['', 'a', 'Pune', 'pune palace', 'Goa', 'z', '10']);
    case 'b':
      return random.chance(0.5);
    case 'd':
      return new Date(Date.UTC(2024, random.below(3), 1));
    case 'null':
      return null;
    default:
      return [random.pick([1, 'a', null])];
  }
}

const FILTERED_PATHS = ['n', 's', 'b', 'd', 'missing', 'o.x', 'o.y', 'nested.deep.v'];

/** A condition from the grammar the fast path says it compiles: scalar equality, ranges, $in, $nin, $exists, $regex. */
function generatedCondition(random: Random): unknown {
  const scalar = (): unknown => generatedValue(random, random.pick(['n', 's', 'b', 'd', 'null']), true);
  const ordered = (): unknown => generatedValue(random, random.pick(['n', 's', 'd']), true);
  const members = (): unknown[] => Array.from({ length: random.below(4) }, scalar);
  switch (random.below(9)) {
    case 0:
      return scalar();
    case 1:
      return { [random.pick(['$eq', '$ne'])]: random.pick([1, 'a', 'Pune', null, true, new Date(Date.UTC(2024, 1, 1))]) };
    case 2:
      return { [random.pick(['$gt', '$gte', '$lt', '$lte'])]: ordered() };
    case 3: {
      const bound = ordered();
      return { [random.pick(['$gt', '$gte'])]: bound, [random.pick(['$lt', '$lte'])]: random.pick([bound, ordered()]) };
    }
    case 4:
      return { $in: members() };
    case 5:
      return { $nin: members() };
    case 6:
      return { $exists: random.chance(0.5) };
    case 7:
      return random.pick([/^pune/i, /a/, /^$/, /Z$/im]);
    default:
      return random.chance(0.5)
        ? { $regex: random.pick(['pune', '^P', 'a$']) }
        : { $regex: random.pick(['pune', '^p']), $options: random.pick(['i', '', 'm']) };
  }
}

function generatedFilter(random: Random, depth = 0): Record<string, unknown> {
  const filter: Record<string, unknown> = {};
  const count = 1 + random.below(3);
  for (let i = 0; i < count; i++) {
    if (depth === 0 && random.chance(0.15)) {
      const conditions: Record<string, unknown> = {};
      for (let c = 0; c <= random.below(3); c++) conditions[random.pick(['n', 's', 'b'])] = generatedCondition(random);
      filter.offers = { $elemMatch: conditions };
    } else if (depth < 2 && random.chance(0.2)) {
      filter[random.pick(['$and', '$or'])] = Array.from({ length: 1 + random.below(3) }, () => generatedFilter(random, depth + 1));
    } else {
      filter[random.pick(FILTERED_PATHS)] = generatedCondition(random);
    }
  }
  return filter;
}

/**
 * Whether a path of the filter (its `$and`/`$or` clauses included) holds or runs through an
 * array in the document; for `$elemMatch`, whether the array holds an element that is not a
 * plain document or one its conditions meet an array in.
 */
function reachesArray(filter: Record<string, unknown>, document: Record<string, unknown>): boolean {
  return Object.entries(filter).some(([key, condition]) => {
    if (key === '$and' || key === '$or') return (condition as Record<string, unknown>[]).some((clause) => reachesArray(clause, document));
    const elementMatch = (condition as { $elemMatch?: Record<string, unknown> } | null)?.$elemMatch;
    if (elementMatch !== undefined) {
      const value = document[key];
      return (
        Array.isArray(value) &&
        value.some(
          (element) =>
            typeof element !== 'object' || element === null || Array.isArray(element) || reachesArray(elementMatch, element as Record<string, unknown>),
        )
      );
    }
    let current: unknown = document;
    for (const segment of key.split('.')) {
      if (Array.isArray(current)) return true;
      current = typeof current === 'object' && current !== null ? (current as Record<string, unknown>)[segment] : undefined;
    }
    return Array.isArray(current);
  });
}

describe('the compiled fast path agrees with mingo on generated filters, and decides them itself', function () {
  const random = seededRandom(34);
  for (let round = 0; round < 30; round++) {
    const filters = Array.from({ length: 20 }, () => generatedFilter(random));
    const documents = Array.from({ length: 15 }, () => generatedDocument(random));
    it(`generated filters, round ${round + 1}`, function () {
      for (const filter of filters) {
        const query = new Query(filter);
        const fast = compileFastPredicate(filter);
        expect(fast, `the fast path compiles ${describeValue(filter)}`).to.be.a('function');
        const compiled = compileFilter(filter);
        for (const document of documents) {
          const context = `${describeValue(filter)} on ${describeValue(document)}`;
          const expected = query.test(document);
          expect(compiled(document), context).to.equal(expected);
          const verdict = fast!(document);
          if (reachesArray(filter, document)) expect(verdict, context).to.be.oneOf([undefined, expected]);
          else expect(verdict, context).to.equal(expected);
        }
      }
    });
  }

  it('leaves to mingo the filters outside its grammar', function () {
    const leftToMingo: Record<string, unknown>[] = [
      { $nor: [{ n: 1 }] },
      { $expr: { $gt: ['$n', 0] } },
      { n: { $type: 'number' } },
      { n: { $not: { $gt: 1 } } },
      { arr: { $size: 0 } },
      { o: { x: 2 } },
      { arr: [1] },
      { n: NaN },
      { n: { $gt: NaN } },
      { n: { $in: [NaN] } },
      { n: { $in: [{ x: 1 }] } },
      { n: { $in: 1 } },
      { n: { $gt: true } },
      { s: { $regex: 'a', $options: 'g' } },
      { s: { $regex: 'a', $options: 1 } },
      { s: { $regex: 1 } },
      { s: { $options: 'i' } },
      { $and: [] },
      { $or: 'x' },
      { $or: [1] },
      { $and: [{ n: { $type: 'number' } }] },
      { 'arr.0': 1 },
      { 'o..x': 1 },
      { constructor: 'own' },
      { 'o.toString': 1 },
      { n: 1, $where: 'true' },
      { n: 1, s: { $type: 'string' } },
      { s: { $regex: 'a', $options: ['i'] } },
      { offers: { $elemMatch: {} } },
      { offers: { $elemMatch: { $gt: 1 } } },
      { offers: { $elemMatch: { n: 1, $where: 'true' } } },
      { offers: { $elemMatch: { n: { $type: 'number' } } } },
      { offers: { $elemMatch: { n: 1 }, $size: 1 } },
      { offers: { $elemMatch: 1 } },
    ];
    for (const filter of leftToMingo) expect(compileFastPredicate(filter), describeValue(filter)).to.equal(undefined);
  });

  it('decides documents whose filtered fields hold arrays through mingo', function () {
    const documents = [{ n: [1, 2] }, { o: [{ x: 1 }] }, { o: { x: [1] } }, { nested: { deep: [{ v: 5 }] } }];
    for (const filter of [{ n: 1 }, { 'o.x': 1 }, { 'nested.deep.v': 5 }, { $or: [{ n: 1 }, { 'o.x': 1 }] }]) {
      const fast = compileFastPredicate(filter)!;
      const compiled = compileFilter(filter);
      for (const document of documents) {
        const expected = new Query(filter).test(document);
        expect(compiled(document), `${describeValue(filter)} on ${describeValue(document)}`).to.equal(expected);
        if (reachesArray(filter, document)) expect(fast(document), `${describeValue(filter)} on ${describeValue(document)}`).to.equal(undefined);
      }
    }
  });

  it('decides paths it has not seen before, and leaves array indexes, empty segments and prototype names to mingo', function () {
    // a field name of its own per run: split paths are cached for the life of the process
    const fresh = `f${process.hrtime.bigint()}`;
    const documents = [{ [fresh]: 1 }, { [fresh]: { x: 1, '07': 2 } }, { [fresh]: [5] }, {}];
    for (const filter of [{ [fresh]: 1 }, { [`${fresh}.x`]: 1 }, { [`${fresh}.x`]: { $exists: false } }]) {
      const fast = compileFastPredicate(filter);
      expect(fast, describeValue(filter)).to.be.a('function');
      for (const document of documents.slice(0, 2)) expect(fast!(document), describeValue(filter)).to.equal(new Query(filter).test(document));
    }
    for (const path of [`${fresh}.0`, `${fresh}.07`, `${fresh}..x`, `.${fresh}`, `${fresh}.`, `${fresh}.hasOwnProperty`]) {
      expect(compileFastPredicate({ [path]: 2 }), path).to.equal(undefined);
      for (const document of documents) expect(compileFilter({ [path]: 2 })(document), path).to.equal(new Query({ [path]: 2 }).test(document));
    }
  });

  it('gives the same answer every time with a global or sticky regular expression', function () {
    for (const pattern of [/pune/gi, /Pune/y]) {
      const compiled = compileFilter({ s: pattern });
      const document = { s: 'Pune' };
      expect([compiled(document), compiled(document)], String(pattern)).to.deep.equal([true, true]);
    }
  });

  it('matches every document with no filter or an empty one', function () {
    for (const filter of [undefined, {}]) expect(compileFilter(filter)({ n: 1 })).to.equal(true);
  });
});
