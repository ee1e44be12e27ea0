import type { Document } from '../port.ts';
import { isPlainObject } from './field-path.ts';
import { valueKey } from './value-key.ts';

/**
 * A secondary index: maps each key of a document (one per array element for array
 * fields, `null` for missing fields, as MongoDB) to the _id keys holding it. A unique
 * index refuses a key held by another document. Single-field indexes also let equality
 * filters skip the collection scan.
 */
export class CollectionIndex {
  readonly paths: readonly string[];
  private readonly entries = new Map<string, Set<unknown>>();

  constructor(
    readonly name: string,
    readonly keys: Readonly<Record<string, 1 | -1>>,
    readonly unique: boolean,
    /** Leaves out documents that have none of the key fields. */
    readonly sparse: boolean,
  ) {
    this.paths = Object.keys(keys);
  }

  /** Whether the index can find documents for an equality filter on `path`. */
  serves(path: string): boolean {
    return this.paths.length === 1 && this.paths[0] === path && !path.includes('.');
  }

  /** _id keys of documents holding `value` (a string, number or boolean). */
  idsWith(value: unknown): ReadonlySet<unknown> {
    return this.entries.get(valueKey(value)) ?? EMPTY;
  }

  /** The index keys of a document, without duplicates. */
  keysOf(document: Document): string[] {
    if (this.sparse && this.paths.every((path) => valueAt(document, path) === undefined)) return [];
    if (this.paths.length === 1) {
      const keys = indexedValues(document, this.paths[0]!);
      return keys.length > 1 ? [...new Set(keys)] : keys;
    }
    let tuples: string[][] = [[]];
    for (const path of this.paths) {
      const values = indexedValues(document, path);
      const next: string[][] = [];
      for (const tuple of tuples) for (const value of values) next.push([...tuple, value]);
      tuples = next;
    }
    const keys = tuples.map((tuple) => (tuple.length === 1 ? tuple[0]! : JSON.stringify(tuple)));
    return keys.length > 1 ? [...new Set(keys)] : keys;
  }

  /** For a unique index: the key fields of `document` if another document holds one of its keys. */
  conflictWith(document: Document, keys: readonly string[], ownId: unknown): Record<string, unknown> | undefined {
    if (!this.unique) return undefined;
    for (const key of keys) {
      const holders = this.entries.get(key);
      if (!holders) continue;
      for (const holder of holders) if (holder !== ownId) return this.keyFieldsOf(document);
    }
    return undefined;
  }

  add(keys: readonly string[], id: unknown): void {
    for (const key of keys) {
      let holders = this.entries.get(key);
      if (!holders) this.entries.set(key, (holders = new Set()));
      holders.add(id);
    }
  }

  remove(keys: readonly string[], id: unknown): void {
    for (const key of keys) {
      const holders = this.entries.get(key);
      if (!holders) continue;
      holders.delete(id);
      if (holders.size === 0) this.entries.delete(key);
    }
  }

  clear(): void {
    this.entries.clear();
  }

  private keyFieldsOf(document: Document): Record<string, unknown> {
    const fields: Record<string, unknown> = {};
    for (const path of this.paths) fields[path] = valueAt(document, path) ?? null;
    return fields;
  }
}

const EMPTY: ReadonlySet<unknown> = new Set();

/** Value keys a path reaches, expanding arrays (multikey); a missing field is null. */
function indexedValues(document: Document, path: string): string[] {
  const found: unknown[] = [];
  collectValues(document, path.split('.'), 0, found);
  if (found.length === 0) return [valueKey(null)];
  return found.map(valueKey);
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
