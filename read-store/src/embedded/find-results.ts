/**
 * Sort, skip, limit and projection of matched documents. The common cases — sorting on
 * fields holding scalars, projecting top-level fields — run natively (mingo's pipeline
 * stages cost ~35 ms for a 10,000-document sort); anything else goes to mingo, so the
 * semantics stay MongoDB's. Only the returned page is copied, and of it only the projected fields.
 */
import { Aggregator } from 'mingo';
import type { Document, FindOptions, Projection, Sort } from '../port.ts';
import { copyValue } from './copy-value.ts';
import { isPlainObject } from './field-path.ts';

/** Orders and pages stored documents; returns caller-owned copies (projected if asked). */
export function shapeFindResults(matches: Document[], options: FindOptions | undefined): Document[] {
  const skip = options?.skip ?? 0;
  const limit = options?.limit ?? 0;
  const sorted = options?.sort && hasKeys(options.sort) ? sortDocuments(matches, options.sort, limit > 0 ? skip + limit : 0) : matches;
  const page = skip > 0 || limit > 0 ? sorted.slice(skip, limit > 0 ? skip + limit : undefined) : sorted;
  const projection = options?.projection && hasKeys(options.projection) ? options.projection : undefined;
  if (projection === undefined) return page.map(copyValue);
  if (Object.keys(projection).some((field) => field.includes('.') || field.startsWith('$'))) {
    return new Aggregator([{ $project: projection }]).run(page.map(copyValue)) as Document[];
  }
  return page.map(topLevelProjector(projection));
}

/** Sorts (or, when only the first `wanted` are needed, selects and sorts those). */
function sortDocuments(documents: Document[], sort: Sort, wanted: number): Document[] {
  if (documents.length < 2) return documents;
  const fields = Object.keys(sort);
  const directions = fields.map((field) => sort[field]!);
  const values = documents.map((document) => fields.map((field) => readPath(document, field)));
  if (values.some((row) => row.some((value) => !isScalar(value)))) {
    return new Aggregator([{ $sort: sort }]).run(documents) as Document[];
  }
  const keys = values as Scalar[][];
  const order = (a: number, b: number): number => {
    const rowA = keys[a]!;
    const rowB = keys[b]!;
    for (let i = 0; i < fields.length; i++) {
      const compared = compareScalars(rowA[i], rowB[i]);
      if (compared !== 0) return compared * directions[i]!;
    }
    return a - b; // stable, as MongoDB's sort is for equal keys in practice
  };
  // Documents sit in insertion order, which usually follows creation time: for a
  // descending first key, visiting them newest first lets the heap fill with winners at once.
  const newestFirst = directions[0] === -1;
  const indexes = wanted > 0 && wanted * 4 < documents.length
    ? topIndexes(documents.length, wanted, order, newestFirst)
    : documents.map((_, i) => i).sort(order);
  return indexes.map((i) => documents[i]!);
}

/**
 * The first `wanted` indexes in order: a max-heap of the best so far (its root is the
 * worst of them), so each further document costs one comparison, or log k when it gets in.
 */
function topIndexes(count: number, wanted: number, order: (a: number, b: number) => number, backwards: boolean): number[] {
  const heap: number[] = [];
  const siftUp = (at: number) => {
    while (at > 0) {
      const parent = (at - 1) >> 1;
      if (order(heap[at]!, heap[parent]!) <= 0) return;
      [heap[at], heap[parent]] = [heap[parent]!, heap[at]!];
      at = parent;
    }
  };
  const siftDown = (at: number) => {
    for (;;) {
      const left = at * 2 + 1;
      const right = left + 1;
      let largest = at;
      if (left < heap.length && order(heap[left]!, heap[largest]!) > 0) largest = left;
      if (right < heap.length && order(heap[right]!, heap[largest]!) > 0) largest = right;
      if (largest === at) return;
      [heap[at], heap[largest]] = [heap[largest]!, heap[at]!];
      at = largest;
    }
  };
  for (let step = 0; step < count; step++) {
    const i = backwards ? count - 1 - step : step;
    if (heap.length < wanted) {
      heap.push(i);
      siftUp(heap.length - 1);
    } else if (order(i, heap[0]!) < 0) {
      heap[0] = i;
      siftDown(0);
    }
  }
  return heap.sort(order);
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
  if (included.length === 0) {
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
