/**
 * Sort, skip, limit and projection of matched documents. The common cases, sorting on
 * fields holding scalars and projecting top-level fields, run natively because that is
 * several times faster than mingo's pipeline stages on this product's reads (against a
 * mingo-only path; docs/decisions/0003-embedded-read-store-fast-paths.md):
 * the newest 100 of 10,000 hotels 2.4–7.6 ms against 11–26 ms; all 10,000 by price,
 * projected, 47–107 ms against 157–384 ms; the room search's `{hotelID: 1}` over 20,000
 * rooms 0.9–5 ms against 53–113 ms (`npm run bench -- search`, uncached room search:
 * 38 ms against 84–122 ms). Anything else goes to mingo, so the semantics stay MongoDB's.
 * Only the returned page is copied, and of it only the projected fields.
 */
import { Aggregator } from 'mingo';
import type { Document, FindOptions, Projection, Sort } from '../port.ts';
import { copyValue } from './copy-value.ts';
import { isPlainObject } from './field-path.ts';

/** Orders and pages stored documents; returns caller-owned copies (projected if asked). */
export function shapeFindResults(matches: Document[], options: FindOptions | undefined): Document[] {
  const skip = options?.skip ?? 0;
  const limit = options?.limit ?? 0;
  const wanted = limit > 0 ? skip + limit : Infinity;
  const sorted = options?.sort && hasKeys(options.sort) ? sortDocuments(matches, options.sort, wanted) : matches;
  const page = skip > 0 || limit > 0 ? sorted.slice(skip, limit > 0 ? skip + limit : undefined) : sorted;
  const projection = options?.projection && hasKeys(options.projection) ? options.projection : undefined;
  if (projection === undefined) return page.map(copyValue);
  if (Object.keys(projection).some((field) => field.includes('.') || field.startsWith('$'))) {
    return new Aggregator([{ $project: projection }]).run(page.map(copyValue)) as Document[];
  }
  return page.map(topLevelProjector(projection));
}

/**
 * The documents in sort order; with `wanted`, only the first `wanted` of them (a page and the
 * ones it skips) when that is a small part of all, chosen without sorting the rest.
 */
export function sortDocuments(documents: Document[], sort: Sort, wanted = Infinity): Document[] {
  if (documents.length < 2) return documents;
  const fields = Object.keys(sort);
  const directions = fields.map((field) => sort[field]!);
  // one array of values per sort field (not one per document: fewer objects for the collector)
  const columns = fields.map((field) => documents.map((document) => readPath(document, field)));
  if (columns.some((column) => column.some((value) => !isScalar(value)))) {
    return new Aggregator([{ $sort: sort }]).run(documents) as Document[];
  }
  const keys = columns as Scalar[][];
  const order = (a: number, b: number): number => {
    for (let i = 0; i < keys.length; i++) {
      const column = keys[i]!;
      const compared = compareScalars(column[a], column[b]);
      if (compared !== 0) return compared * directions[i]!;
    }
    return a - b; // stable, as MongoDB's sort is for equal keys in practice
  };
  const indexes = wanted * SELECT_BELOW < documents.length ? firstInOrder(documents.length, order, wanted) : documents.map((_, i) => i).sort(order);
  return indexes.map((i) => documents[i]!);
}

/** A page is picked from the matches without sorting them all when it is less than this part of them. */
const SELECT_BELOW = 4;

/**
 * The first `wanted` of the indexes 0..count-1 under `order` (a total order), in that order:
 * read straight off when the indexes already run in (or against) that order, as documents
 * sorted by when they were added do; else quickselect (Hoare partitions around a median of
 * three) moves the `wanted` first to the front in a few comparisons per index, whatever order
 * they come in, and only those are sorted. The same answer as sorting all and slicing.
 */
export function firstInOrder(count: number, order: (a: number, b: number) => number, wanted: number): number[] {
  const last = Math.min(wanted, count) - 1;
  // matches come in the order they were stored: in (or against) sort order when sorted by when they were added
  let ascending = true;
  let descending = true;
  for (let index = 1; index < count && (ascending || descending); index++) {
    const compared = order(index - 1, index);
    if (compared > 0) ascending = false;
    else descending = false;
  }
  if (ascending) return Array.from({ length: last + 1 }, (_, index) => index);
  if (descending) return Array.from({ length: last + 1 }, (_, index) => count - 1 - index);
  const indexes = Array.from({ length: count }, (_, index) => index);
  let left = 0;
  let right = count - 1;
  while (left < right) {
    const middle = (left + right) >> 1;
    const [a, b, c] = [indexes[left]!, indexes[middle]!, indexes[right]!];
    const pivot = order(a, b) < 0 ? (order(b, c) < 0 ? b : order(a, c) < 0 ? c : a) : order(a, c) < 0 ? a : order(b, c) < 0 ? c : b;
    let i = left;
    let j = right;
    while (i <= j) {
      while (order(indexes[i]!, pivot) < 0) i++;
      while (order(indexes[j]!, pivot) > 0) j--;
      if (i <= j) {
        [indexes[i], indexes[j]] = [indexes[j]!, indexes[i]!];
        i++;
        j--;
      }
    }
    // [left, j] holds what comes before the pivot, [i, right] what comes after, anything between is the pivot
    if (last <= j) right = j;
    else if (last >= i) left = i;
    else break;
  }
  return indexes.slice(0, last + 1).sort(order);
}

type Scalar = string | number | boolean | null | undefined | Date;
const isScalar = (value: unknown): value is Scalar =>
  value === null || value === undefined || typeof value === 'string' || typeof value === 'number' || typeof value === 'boolean' || value instanceof Date;

/** MongoDB's comparison order across types: null/missing < numbers < strings < booleans < dates. */
function typeRank(value: Scalar): number {
  if (value === null || value === undefined) return 1;
  if (typeof value === 'number') return 2;
  if (typeof value === 'string') return 3;
  if (typeof value === 'boolean') return 8;
  return 9;
}

function compareScalars(a: Scalar, b: Scalar): number {
  const rankA = typeRank(a);
  const rankB = typeRank(b);
  if (rankA !== rankB) return rankA < rankB ? -1 : 1;
  if (rankA === 1) return 0;
  const left = a instanceof Date ? a.getTime() : (a as string | number | boolean);
  const right = b instanceof Date ? b.getTime() : (b as string | number | boolean);
  return left < right ? -1 : left > right ? 1 : 0;
}

function readPath(document: Document, path: string): unknown {
  if (!path.includes('.')) return document[path];
  let current: unknown = document;
  for (const segment of path.split('.')) {
    if (Array.isArray(current)) return current; // arrays on the path: let mingo decide
    if (!isPlainObject(current)) return undefined;
    current = current[segment];
  }
  return current;
}

/** Copies only the fields a top-level inclusion or exclusion projection keeps. */
function topLevelProjector(projection: Projection): (document: Document) => Document {
  const fields = Object.keys(projection);
  const included = fields.filter((field) => field !== '_id' && projection[field] === 1);
  // `{_id: 1}` alone includes only the _id; an exclusion projection includes nothing
  if (included.length === 0 && projection._id !== 1) {
    return (document) => {
      const shaped: Record<string, unknown> = {};
      for (const field in document) if (projection[field] !== 0 && document[field] !== undefined) shaped[field] = copyValue(document[field]);
      return shaped as Document;
    };
  }
  const keepId = projection._id !== 0;
  return (document) => {
    const shaped: Record<string, unknown> = keepId ? { _id: copyValue(document._id) } : {};
    for (const field of included) if (document[field] !== undefined) shaped[field] = copyValue(document[field]);
    return shaped as Document;
  };
}

function hasKeys(object: object): boolean {
  for (const _ in object) return true;
  return false;
}
