/**
 * Compiles a MongoDB filter into a predicate over stored documents.
 *
 * Kept because it is many times faster than mingo on this product's filters (against a
 * mingo-only path; docs/decisions/0003-embedded-read-store-fast-paths.md): the projections'
 * `_id` + `_position: {$lt}` guard, compiled and tested once per event, 1.5 µs against
 * 20–35 µs for a new mingo `Query` (`npm run bench -- "read store"`: 95,000–188,000
 * idempotent upserts/s against 22,000–47,000); a hotel
 * search scan of 10,000 documents 0.8–1.2 ms against 7–20 ms, a room search scan of
 * 20,000 1.1–1.2 ms against 13–25 ms (`npm run bench -- search`, uncached room search:
 * 38 ms against 400–560 ms).
 *
 * Only the simple filters read models use are compiled (equalities, ranges, `$in`,
 * `$exists`, `$regex` on scalar fields, maybe in `$and`/`$or`, and `$elemMatch` of those
 * over an array of documents); otherwise, whenever a document holds
 * an array on a filtered path (MongoDB's element matching), or the filter uses anything
 * else, mingo decides.
 */
import { Query } from 'mingo';
import type { Filter } from '../port.ts';
import { isOperatorObject, isPlainObject, type PlainObject } from './field-path.ts';

export type DocumentPredicate = (document: PlainObject) => boolean;

const NO = 0;
const YES = 1;
/** The fast path cannot decide this document; mingo must. */
const UNSURE = 2;
type Verdict = typeof NO | typeof YES | typeof UNSURE;
type FastTest = (document: PlainObject) => Verdict;
type ValueTest = (value: unknown) => boolean;

const matchAll: DocumentPredicate = () => true;

// The shortcuts below only choose who answers (no test, the fast path or mingo); mingo's answer
// is the same, so their mutants change the speed (npm run bench), never the answer.
export function compileFilter(filter: Filter | undefined): DocumentPredicate {
  // Stryker disable next-line ConditionalExpression: mingo matches every document with no filter too
  if (!filter) return matchAll;
  // Stryker disable next-line BooleanLiteral: mingo matches every document with an empty filter too
  let empty = true;
  for (const _ in filter) {
    empty = false;
    break;
  }
  // Stryker disable next-line ConditionalExpression: mingo matches every document with an empty filter too
  if (empty) return matchAll;
  const fast = compileFast(filter);
  let query: Query | undefined;
  // Stryker disable next-line ConditionalExpression: mingo alone gives the same answers, slower
  if (!fast) {
    query = new Query(filter);
    return (document) => query!.test(document);
  }
  return (document) => {
    const verdict = fast(document);
    // Stryker disable next-line ConditionalExpression: mingo gives the same answer as any verdict (the generated tests hold the fast path to it)
    if (verdict !== UNSURE) return verdict === YES;
    query ??= new Query(filter);
    return query.test(document);
  };
}

/**
 * The fast path alone, so tests can hold it to mingo's answers and to the filters it says it
 * decides: per document its verdict, or `undefined` where mingo must decide; `undefined` for a
 * filter it does not compile.
 */
export function compileFastPredicate(filter: Filter): ((document: PlainObject) => boolean | undefined) | undefined {
  const fast = compileFast(filter);
  if (!fast) return undefined;
  return (document) => {
    const verdict = fast(document);
    return verdict === UNSURE ? undefined : verdict === YES;
  };
}

function compileFast(filter: Filter): FastTest | undefined {
  const tests: FastTest[] = [];
  /** Regular expressions cost the most to test: they run last, on the documents every other condition let through (the verdict is the same in any order). */
  const patternTests: FastTest[] = [];
  for (const key in filter) {
    const condition = filter[key];
    let test: FastTest | undefined;
    if (key === '$and' || key === '$or') test = compileLogical(key, condition);
    else if (key.startsWith('$')) return undefined;
    else test = compileField(key, condition);
    if (!test) return undefined;
    (isPattern(condition) ? patternTests : tests).push(test);
  }
  tests.push(...patternTests);
  // Stryker disable next-line ConditionalExpression: allOf of one test gives that test's verdict
  return tests.length === 1 ? tests[0] : allOf(tests);
}

// Stryker disable next-line all: the order of the tests changes the time, never the verdict
const isPattern = (condition: unknown): boolean => condition instanceof RegExp || (isOperatorObject(condition) && '$regex' in condition);

function compileLogical(operator: '$and' | '$or', clauses: unknown): FastTest | undefined {
  if (!Array.isArray(clauses) || clauses.length === 0) return undefined;
  const tests: FastTest[] = [];
  for (const clause of clauses) {
    if (!isPlainObject(clause)) return undefined;
    const test = compileFast(clause);
    if (!test) return undefined;
    tests.push(test);
  }
  return operator === '$and' ? allOf(tests) : anyOf(tests);
}

function allOf(tests: readonly FastTest[]): FastTest {
  return (document) => {
    let verdict: Verdict = YES;
    for (const test of tests) {
      const result = test(document);
      if (result === NO) return NO;
      if (result === UNSURE) verdict = UNSURE;
    }
    return verdict;
  };
}

function anyOf(tests: readonly FastTest[]): FastTest {
  return (document) => {
    let verdict: Verdict = NO;
    for (const test of tests) {
      const result = test(document);
      if (result === YES) return YES;
      if (result === UNSURE) verdict = UNSURE;
    }
    return verdict;
  };
}

/** Marks a value reached through an array: MongoDB's element matching applies. */
const THROUGH_ARRAY = Symbol('through array');

function compileField(path: string, condition: unknown): FastTest | undefined {
  if (isOperatorObject(condition) && '$elemMatch' in condition) return compileElementMatch(path, condition);
  const valueTest = compileCondition(condition);
  if (!valueTest) return undefined;
  const segments = segmentsOf(path);
  if (!segments) return undefined;
  // Stryker disable next-line ConditionalExpression,EqualityOperator: resolvePath gives a one-segment path the same value, a little slower
  if (segments.length === 1) {
    return (document) => {
      const value = document[path];
      if (Array.isArray(value)) return UNSURE;
      return valueTest(value) ? YES : NO;
    };
  }
  return (document) => {
    const value = resolvePath(document, segments);
    if (value === THROUGH_ARRAY) return UNSURE;
    return valueTest(value) ? YES : NO;
  };
}

/**
 * `{path: {$elemMatch: {field conditions}}}`: an array at the path holding a document that
 * meets every condition (a hotel's room offers, each a small document). Only the query form
 * whose conditions the fast path compiles (`$and` and `$or` of them included) is decided here; an element that is not a plain
 * document, a path through an array, or a condition meeting an array inside an element is
 * left to mingo.
 */
function compileElementMatch(path: string, condition: PlainObject): FastTest | undefined {
  const conditions = condition.$elemMatch;
  if (Object.keys(condition).length !== 1 || !isPlainObject(conditions) || Object.keys(conditions).length === 0) return undefined;
  // an operator form (`{$gt: 1}`, elements that are values) is not compiled: compileFast refuses operators other than $and and $or
  const elementTest = compileFast(conditions);
  const segments = segmentsOf(path);
  if (!elementTest || !segments) return undefined;
  return (document) => {
    const value = valueAt(document, segments);
    if (value === THROUGH_ARRAY) return UNSURE;
    if (!Array.isArray(value)) return NO;
    let verdict: Verdict = NO;
    for (const element of value) {
      const result = isPlainObject(element) ? elementTest(element) : UNSURE;
      if (result === YES) return YES;
      if (result === UNSURE) verdict = UNSURE;
    }
    return verdict;
  };
}

/** Paths already split, or null for those the fast path leaves to mingo; paths come from code, so there are few. */
const knownPaths = new Map<string, readonly string[] | null>();
const MAX_KNOWN_PATHS = 10_000;

/** A path's segments, or null when one is empty, an array index or an Object.prototype name (mingo decides those). */
function segmentsOf(path: string): readonly string[] | null {
  let segments = knownPaths.get(path);
  if (segments !== undefined) return segments;
  segments = path.split('.');
  for (const segment of segments) {
    if (segment === '' || /^\d+$/.test(segment) || segment in Object.prototype) segments = null;
    if (segments === null) break;
  }
  // Stryker disable next-line ConditionalExpression,EqualityOperator: when the cache is emptied changes the time, never the segments
  if (knownPaths.size >= MAX_KNOWN_PATHS) knownPaths.clear();
  knownPaths.set(path, segments);
  return segments;
}

/** The value at the path as it is, an array included; THROUGH_ARRAY when an array lies before its end. */
function valueAt(document: PlainObject, segments: readonly string[]): unknown {
  let current: unknown = document;
  for (const segment of segments) {
    if (Array.isArray(current)) return THROUGH_ARRAY;
    if (!isPlainObject(current)) return undefined;
    current = current[segment];
  }
  return current;
}

function resolvePath(document: PlainObject, segments: readonly string[]): unknown {
  const value = valueAt(document, segments);
  return Array.isArray(value) ? THROUGH_ARRAY : value;
}

function compileCondition(condition: unknown): ValueTest | undefined {
  if (condition instanceof RegExp) return regexTest(condition, undefined);
  if (!isOperatorObject(condition)) return equalityTest(condition);
  const tests: ValueTest[] = [];
  for (const operator in condition) {
    const operand = condition[operator];
    let test: ValueTest | undefined;
    switch (operator) {
      case '$eq':
        test = equalityTest(operand);
        break;
      case '$ne':
        test = negate(equalityTest(operand));
        break;
      case '$gt':
        test = rangeTest(operand, isAbove);
        break;
      case '$gte':
        test = rangeTest(operand, isAtOrAbove);
        break;
      case '$lt':
        test = rangeTest(operand, isBelow);
        break;
      case '$lte':
        test = rangeTest(operand, isAtOrBelow);
        break;
      case '$in':
        test = membershipTest(operand);
        break;
      case '$nin':
        test = negate(membershipTest(operand));
        break;
      case '$exists':
        test = operand ? (value) => value !== undefined : (value) => value === undefined;
        break;
      case '$regex':
        test = regexTest(operand, condition.$options);
        break;
      case '$options':
        test = '$regex' in condition ? () => true : undefined;
        break;
      // Stryker disable next-line all: without the return, `test` stays undefined and the next line leaves the filter to mingo
      default:
        return undefined;
    }
    if (!test) return undefined;
    tests.push(test);
  }
  // Stryker disable next-line ConditionalExpression: every() of one test gives that test's answer
  if (tests.length === 1) return tests[0];
  return (value) => tests.every((test) => test(value));
}

const isAbove = (order: number) => order > 0;
const isAtOrAbove = (order: number) => order >= 0;
const isBelow = (order: number) => order < 0;
const isAtOrBelow = (order: number) => order <= 0;

function negate(test: ValueTest | undefined): ValueTest | undefined {
  return test && ((value) => !test(value));
}

/** Equality with a scalar: null also matches a missing field, as in MongoDB. */
function equalityTest(operand: unknown): ValueTest | undefined {
  if (operand === null) return (value) => value === null || value === undefined;
  switch (typeof operand) {
    case 'string':
    // Stryker disable next-line all: a boolean that falls through to the number case is compared the same way
    case 'boolean':
      return (value) => value === operand;
    case 'number':
      return Number.isNaN(operand) ? undefined : (value) => value === operand;
    // Stryker disable next-line all: the break only skips to the Date check, which refuses any other operand
    default:
      break;
  }
  if (operand instanceof Date) {
    const time = operand.getTime();
    return (value) => value instanceof Date && value.getTime() === time;
  }
  return undefined;
}

/** Ranges compare within one type only (numbers, strings or Dates), as MongoDB. */
function rangeTest(operand: unknown, accept: (order: number) => boolean): ValueTest | undefined {
  if (typeof operand === 'number') {
    if (Number.isNaN(operand)) return undefined;
    return (value) => typeof value === 'number' && accept(value < operand ? -1 : value > operand ? 1 : 0);
  }
  if (typeof operand === 'string') {
    return (value) => typeof value === 'string' && accept(value < operand ? -1 : value > operand ? 1 : 0);
  }
  if (operand instanceof Date) {
    const time = operand.getTime();
    return (value) => value instanceof Date && accept(Math.sign(value.getTime() - time));
  }
  return undefined;
}

function membershipTest(operand: unknown): ValueTest | undefined {
  if (!Array.isArray(operand)) return undefined;
  // Strings and booleans (and non-NaN numbers) compare by identity: one Set lookup.
  // Stryker disable next-line all: the per-member equality tests below give the same answers, slower
  if (operand.every((element) => typeof element === 'string' || typeof element === 'boolean' || (typeof element === 'number' && !Number.isNaN(element)))) {
    const members = new Set<unknown>(operand);
    return (value) => members.has(value);
  }
  const tests: ValueTest[] = [];
  for (const element of operand) {
    const test = equalityTest(element);
    if (!test) return undefined;
    tests.push(test);
  }
  return (value) => tests.some((test) => test(value));
}

function regexTest(pattern: unknown, options: unknown): ValueTest | undefined {
  let source: string;
  let flags = '';
  if (pattern instanceof RegExp) {
    source = pattern.source;
    flags = pattern.flags;
  } else if (typeof pattern === 'string') {
    source = pattern;
  } else {
    return undefined;
  }
  if (options !== undefined) {
    if (typeof options !== 'string' || !/^[ims]*$/.test(options)) return undefined;
    flags = options;
  }
  const regex = new RegExp(source, flags.replace(/[gy]/g, ''));
  return (value) => typeof value === 'string' && regex.test(value);
}
