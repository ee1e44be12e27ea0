import type { Document } from '../port.ts';
import { isPlainObject } from './field-path.ts';
import { valueKey } from './value-key.ts';

/**
 * A secondary index: maps each key of a document (one per array element for array
 * fields, `null` for missing fields, as MongoDB) to the _id keys holding it. A unique
 * index refuses a key held by another document. An index also lets equality and `$in`
 * filters on its first field skip the collection scan (a compound index through its first
 * field, as MongoDB uses an index prefix).
 */
export class CollectionIndex {
  readonly paths: readonly string[];
  /** The top-level fields the keys are read from: an update that writes under none of them leaves a document's keys as they were. */
  readonly firstFields: ReadonlySet<string>;
  /** Each path split at its dots, once (keysOf runs for every document written). */
  private readonly segments: readonly (readonly string[])[];
  /**
   * Entry key → the _id keys holding it: the _id itself while only one document has held the
   * key, a set from the second on (kept until the key has no holder, so a key whose holders
   * come and go, as an account's sessions, does not make a new set each time). Most keys have
   * one holder (indexes ending in _id, near-unique fields), and a set of one costs about 130
   * bytes more than the _id alone. A compound index that is not unique is looked up by its
   * first field only and has no conflicts to find: its entry keys are the first field's value
   * keys, so it is kept as an index on that field would be.
   */
  private readonly entries = new Map<EntryKey, unknown>();
  /** A unique compound index (whose entry keys are whole tuples): first field's value key → _id key → how many of the document's keys start with it. */
  private readonly byFirstField = new Map<string, Map<unknown, number>>();
  /** Whether lookups go through byFirstField: a unique compound index. */
  private readonly tupleKeys: boolean;
  /**
   * Whether a document has held more than one key (an array on a key path) since the index was
   * made or cleared: until one has, the holders of distinct keys are distinct documents, and
   * idsWithAny lists them without a set to weed out repeats.
   */
  private multikey = false;

  constructor(
    readonly name: string,
    readonly keys: Readonly<Record<string, 1 | -1>>,
    readonly unique: boolean,
    /** Leaves out documents that have none of the key fields. */
    readonly sparse: boolean,
  ) {
    this.paths = Object.keys(keys);
    this.segments = this.paths.map((path) => path.split('.'));
    this.firstFields = new Set(this.segments.map((segments) => segments[0]!));
    this.tupleKeys = this.paths.length > 1 && unique;
  }

  /** Whether the index can find documents for an equality or `$in` filter on `path`: a top-level field, or with `inElements` a field of an array's documents (multikey). */
  serves(path: string, inElements = false): boolean {
    return this.paths[0] === path && (inElements || !path.includes('.'));
  }

  /** _id keys of documents holding `value` (a string, number or boolean) in the first field, each once. */
  idsWith(value: unknown): Iterable<unknown> {
    return this.holdersOf(this.lookupKey(value));
  }

  /** How many documents hold one of `values` in the first field, at most: the size of idsWithAny's answer, without building it. */
  countWithAny(values: readonly unknown[]): number {
    let count = 0;
    for (const value of values) {
      const key = this.lookupKey(value);
      count += this.tupleKeys ? (this.byFirstField.get(key as string)?.size ?? 0) : holderCount(this.entries.get(key));
    }
    return count;
  }

  /** The key a first-field value is looked up by: a unique compound index's byFirstField key, else its entry key. */
  private lookupKey(value: unknown): EntryKey {
    return this.paths.length === 1 ? entryKey(value) : valueKey(value);
  }

  /** The _id keys holding a lookup key (see lookupKey). */
  private holdersOf(key: EntryKey): Iterable<unknown> {
    return this.tupleKeys ? (this.byFirstField.get(key as string)?.keys() ?? NONE) : holderList(this.entries.get(key));
  }

  /**
   * _id keys of documents holding any of `values` (strings, numbers or booleans) in the first
   * field, each once: the index's own, to be read through before any write changes the index.
   */
  idsWithAny(values: readonly unknown[]): Iterable<unknown> {
    if (values.length === 1) return this.idsWith(values[0]);
    if (!this.multikey) {
      // the 13,333 rooms of two room types out of 20,000: 0.24–0.46 ms against 1.6–1.7 ms through a set (slow machine of 2026-11-29)
      const ids: unknown[] = [];
      for (const key of new Set(values.map((value) => this.lookupKey(value)))) for (const id of this.holdersOf(key)) ids.push(id);
      return ids;
    }
    const ids = new Set<unknown>();
    for (const value of values) for (const id of this.idsWith(value)) ids.add(id);
    return ids;
  }

  /** The index keys of a document, without duplicates. */
  keysOf(document: Document): EntryKey[] {
    if (this.sparse && this.paths.every((path) => valueAt(document, path) === undefined)) return [];
    if (this.paths.length === 1) {
      const keys = indexedValues(document, this.segments[0]!, entryKey);
      return keys.length > 1 ? [...new Set(keys)] : keys;
    }
    if (!this.unique) {
      // looked up by its first field only: the first field's value keys are all it needs, with no tuple to build or parse
      const keys = indexedValues(document, this.segments[0]!, valueKey);
      return keys.length > 1 ? [...new Set(keys)] : keys;
    }
    let tuples: string[][] = [[]];
    for (const segments of this.segments) {
      const values = indexedValues(document, segments, valueKey);
      const next: string[][] = [];
      for (const tuple of tuples) for (const value of values) next.push([...tuple, value]);
      tuples = next;
    }
    const keys = tuples.map((tuple) => (tuple.length === 1 ? tuple[0]! : JSON.stringify(tuple)));
    return keys.length > 1 ? [...new Set(keys)] : keys;
  }

  /** For a unique index: the key fields of `document` if another document holds one of its keys. */
  conflictWith(document: Document, keys: readonly EntryKey[], ownId: unknown): Record<string, unknown> | undefined {
    if (!this.unique) return undefined;
    for (const key of keys) {
      for (const holder of holderList(this.entries.get(key))) if (!sameId(holder, ownId)) return this.keyFieldsOf(document);
    }
    return undefined;
  }

  add(keys: readonly EntryKey[], id: unknown): void {
    if (keys.length > 1) this.multikey = true;
    for (const key of keys) {
      const holders = this.entries.get(key);
      if (holders === undefined) this.entries.set(key, id);
      else if (holders instanceof Set) holders.add(id);
      else if (!sameId(holders, id)) this.entries.set(key, new Set([holders, id]));
      if (this.tupleKeys) {
        const first = firstOfTuple(key as string);
        let byFirst = this.byFirstField.get(first);
        if (!byFirst) this.byFirstField.set(first, (byFirst = new Map()));
        byFirst.set(id, (byFirst.get(id) ?? 0) + 1);
      }
    }
  }

  remove(keys: readonly EntryKey[], id: unknown): void {
    for (const key of keys) {
      const holders = this.entries.get(key);
      if (holders instanceof Set) {
        holders.delete(id);
        if (holders.size === 0) this.entries.delete(key);
      } else if (holders !== undefined && sameId(holders, id)) this.entries.delete(key);
      if (this.tupleKeys) {
        const first = firstOfTuple(key as string);
        const byFirst = this.byFirstField.get(first);
        const count = byFirst?.get(id) ?? 0;
        if (count > 1) byFirst!.set(id, count - 1);
        else byFirst?.delete(id);
        if (byFirst?.size === 0) this.byFirstField.delete(first);
      }
    }
  }

  clear(): void {
    this.multikey = false;
    this.entries.clear();
    this.byFirstField.clear();
  }

  private keyFieldsOf(document: Document): Record<string, unknown> {
    const fields: Record<string, unknown> = {};
    for (const path of this.paths) fields[path] = valueAt(document, path) ?? null;
    return fields;
  }
}

const NONE: readonly unknown[] = Object.freeze([]);

/** The _id keys an entry holds (see `entries`): ids are strings, numbers or booleans (idKey), never a set or undefined. */
function holderList(holders: unknown): Iterable<unknown> {
  return holders === undefined ? NONE : holders instanceof Set ? holders : [holders];
}

function holderCount(holders: unknown): number {
  return holders === undefined ? 0 : holders instanceof Set ? holders.size : 1;
}

/** Equal as a Map's keys are (SameValueZero): NaN is one _id. */
function sameId(a: unknown, b: unknown): boolean {
  return a === b || (a !== a && b !== b);
}

/** The first field's value key of a compound key (a JSON array of value keys). */
function firstOfTuple(key: string): string {
  return (JSON.parse(key) as string[])[0]!;
}

/** Keys of the values a path reaches, expanding arrays (multikey); a missing field is null. */
function indexedValues<K>(document: Document, segments: readonly string[], keyOf: (value: unknown) => K): K[] {
  if (segments.length === 1) {
    // a top-level scalar field, as most indexes are: no walk
    const value = document[segments[0]!];
    if (typeof value !== 'object' || value === null) return [keyOf(value ?? null)];
  }
  const found: unknown[] = [];
  collectValues(document, segments, 0, found);
  if (found.length === 0) return [keyOf(null)];
  return found.map(keyOf);
}

/**
 * A single-field index's key of a value, equal for two values exactly when their value
 * keys are (see valueKey): strings, numbers and booleans as themselves (a Map compares
 * them as MongoDB's index does, 1 and 1.0 alike), so indexing a string builds no new
 * string; missing and null as null; anything else its value key behind a NUL, as are
 * the strings that start with one.
 */
type EntryKey = string | number | boolean | null;

function entryKey(value: unknown): EntryKey {
  switch (typeof value) {
    case 'string':
      return value.charCodeAt(0) === 0 ? '\u0000' + valueKey(value) : value;
    case 'number':
    case 'boolean':
      return value;
    case 'bigint': {
      const number = Number(value);
      return Number.isFinite(number) && BigInt(number) === value ? number : '\u0000' + valueKey(value);
    }
    case 'undefined':
      return null;
    default:
      return value === null ? null : '\u0000' + valueKey(value);
  }
}

function collectValues(value: unknown, segments: readonly string[], depth: number, found: unknown[]): void {
  if (depth === segments.length) {
    if (Array.isArray(value)) {
      if (value.length === 0) found.push(EMPTY_ARRAY_KEY);
      else found.push(...value);
    } else {
      found.push(value);
    }
    return;
  }
  if (Array.isArray(value)) {
    const segment = segments[depth]!;
    if (/^\d+$/.test(segment) && Number(segment) < value.length) {
      collectValues(value[Number(segment)], segments, depth + 1, found);
    }
    for (const element of value) if (isPlainObject(element)) collectValues(element, segments, depth, found);
    return;
  }
  if (!isPlainObject(value)) return;
  collectValues(value[segments[depth]!], segments, depth + 1, found);
}

/** MongoDB indexes an empty array as `undefined`, which is not equal to null. */
const EMPTY_ARRAY_KEY = Object.freeze([]) as unknown;

function valueAt(document: Document, path: string): unknown {
  let current: unknown = document;
  for (const segment of path.split('.')) {
    if (!isPlainObject(current) && !Array.isArray(current)) return undefined;
    current = (current as Record<string, unknown>)[segment];
  }
  return current;
}
