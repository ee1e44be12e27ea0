import { randomBytes } from 'node:crypto';
import { isEqual } from 'mingo/util';
import { DuplicateKeyError } from '../errors.ts';
import { equalityFields } from '../filter-equalities.ts';
import type { Document, Filter, FindOptions, IndexOptions, ReadCollection, Replacement, Update, UpdateOptions, UpdateResult, WriteOperation } from '../port.ts';
import { CollectionIndex } from './collection-index.ts';
import { copyValue } from './copy-value.ts';
import { compileFilter } from './document-predicate.ts';
import { isOperatorObject, setPath, writeSlot, type PlainObject } from './field-path.ts';
import { idsOfFilter, indexLookups, withoutLookedUp, type IndexLookup } from './filter-targets.ts';
import { shapeFindResults } from './find-results.ts';
import { runAggregation } from './run-aggregation.ts';
import { applyToNewDocument, InvalidUpdateError, mayWriteUnder, nextVersion, parseUpdate, type ParsedUpdate } from './update-operators.ts';
import { idKey } from './value-key.ts';

const NOT_MATCHED: UpdateResult = Object.freeze({ matchedCount: 0, modifiedCount: 0, upsertedId: null });
const MATCHED_UNCHANGED: UpdateResult = Object.freeze({ matchedCount: 1, modifiedCount: 0, upsertedId: null });
const MATCHED_CHANGED: UpdateResult = Object.freeze({ matchedCount: 1, modifiedCount: 1, upsertedId: null });

/** An index as createIndex made it: what a snapshot keeps to make it again. */
export interface IndexDefinition {
  readonly name: string;
  readonly keys: Readonly<Record<string, 1 | -1>>;
  readonly unique: boolean;
  readonly sparse: boolean;
}

/** A collection's stored documents (the store's own, never mutated: see EmbeddedCollection) and its indexes, at one moment. */
export interface CollectionState {
  readonly name: string;
  readonly indexes: readonly IndexDefinition[];
  readonly documents: readonly Document[];
}

/**
 * An in-memory collection. Stored documents are private and never mutated in place:
 * inserts store a deep copy, updates store a new version that copies only the paths it
 * writes (sharing the rest with the old version), and reads hand out deep copies. So no
 * caller can alias the store, and a failed write leaves the old version in place.
 */
export class EmbeddedCollection<T extends Document = Document> implements ReadCollection<T> {
  /** _id key (see idKey) → stored document, in insertion order. */
  private readonly documents = new Map<unknown, Document>();
  private indexes: CollectionIndex[] = [];

  constructor(
    readonly name: string,
    private readonly resolveCollection: (name: string) => object[],
    /** Called after every write that may have changed the collection (snapshots are written only when something did). */
    private readonly onChange: () => void = () => undefined,
  ) {}

  // --- reads -------------------------------------------------------------------------------

  async find(filter?: Filter, options?: FindOptions): Promise<T[]> {
    const unsorted = !options?.sort || Object.keys(options.sort).length === 0;
    const wanted = unsorted && options?.limit ? (options.skip ?? 0) + options.limit : Infinity;
    return shapeFindResults(this.select(filter, wanted), options) as T[];
  }

  async findOne(filter?: Filter, options?: Omit<FindOptions, 'limit'>): Promise<T | null> {
    const [first] = await this.find(filter, { ...options, limit: 1 });
    return first ?? null;
  }

  async findAndCount(filter?: Filter, options?: FindOptions): Promise<{ documents: T[]; total: number }> {
    const matches = this.select(filter, Infinity);
    return { documents: shapeFindResults(matches, options) as T[], total: matches.length };
  }

  async countDocuments(filter?: Filter): Promise<number> {
    return this.select(filter, Infinity).length;
  }

  async estimatedDocumentCount(): Promise<number> {
    return this.documents.size;
  }

  async aggregate<R = Record<string, unknown>>(pipeline: readonly Record<string, unknown>[]): Promise<R[]> {
    const [first] = pipeline;
    const leadingMatch = first && Object.keys(first).length === 1 && '$match' in first ? (first.$match as Filter) : undefined;
    const input = this.select(leadingMatch, Infinity);
    const rest = leadingMatch ? pipeline.slice(1) : pipeline;
    return runAggregation(input, rest, this.resolveCollection) as R[];
  }

  /** Copies of all stored documents (for `$lookup` from another collection). */
  snapshot(): Document[] {
    return [...this.documents.values()].map(copyValue);
  }

  /**
   * The stored documents and index definitions as they are now, without copying the
   * documents: stored versions are never mutated, so the references stay what they are
   * now whatever is written afterwards.
   */
  state(): CollectionState {
    const indexes = this.indexes.map(({ name, keys, unique, sparse }) => ({ name, keys, unique, sparse }));
    return { name: this.name, indexes, documents: [...this.documents.values()] };
  }

  /**
   * Replaces the whole collection by `state` (a snapshot being loaded): documents are taken
   * as they are, owned by the collection from now on; indexes are built again, so a
   * document that breaks a unique index rejects with DuplicateKeyError.
   */
  async load(state: Omit<CollectionState, 'name'>): Promise<void> {
    this.documents.clear();
    this.indexes = [];
    for (const document of state.documents) {
      const id = idKeyOf(document);
      if (this.documents.has(id)) throw new DuplicateKeyError(this.name, { _id: document._id });
      this.documents.set(id, document);
    }
    for (const index of state.indexes) await this.createIndex({ ...index.keys }, { name: index.name, unique: index.unique, sparse: index.sparse });
    this.onChange();
  }

  // --- writes ------------------------------------------------------------------------------

  async insertOne(document: T): Promise<void> {
    this.insert(document);
  }

  async updateOne(filter: Filter, update: Update, options?: UpdateOptions): Promise<UpdateResult> {
    return this.update(filter, update, options?.upsert === true);
  }

  async updateMany(filter: Filter, update: Update): Promise<UpdateResult> {
    return this.updateAll(filter, update);
  }

  async replaceOne(filter: Filter, replacement: Replacement<T>, options?: UpdateOptions): Promise<UpdateResult> {
    return this.replace(filter, replacement, options?.upsert === true);
  }

  async deleteOne(filter: Filter): Promise<number> {
    return this.delete(filter, 1);
  }

  async deleteMany(filter?: Filter): Promise<number> {
    return this.delete(filter, Infinity);
  }

  async bulkWrite(operations: readonly WriteOperation[]): Promise<void> {
    for (let index = 0; index < operations.length; index++) {
      try {
        this.write(operations[index]!);
      } catch (error) {
        if (error instanceof DuplicateKeyError) throw new DuplicateKeyError(this.name, error.key, index);
        throw error;
      }
    }
  }

  async createIndex(keys: Record<string, 1 | -1>, options?: IndexOptions): Promise<void> {
    const paths = Object.keys(keys);
    if (paths.length === 0) throw new Error('createIndex needs at least one key');
    if (paths.length === 1 && paths[0] === '_id') return;
    const unique = options?.unique === true;
    const sparse = options?.sparse === true;
    const name =
      options?.name ??
      Object.entries(keys)
        .map(([path, direction]) => `${path}_${direction}`)
        .join('_');
    const keyOrder = JSON.stringify(Object.entries(keys));
    const sameKeys = this.indexes.find((index) => JSON.stringify(Object.entries(index.keys)) === keyOrder);
    if (sameKeys && sameKeys.unique === unique && sameKeys.sparse === sparse) return;
    if (sameKeys || this.indexes.some((index) => index.name === name)) {
      throw new Error(`an index named '${name}' or on the same keys already exists with other options`);
    }
    const index = new CollectionIndex(name, { ...keys }, unique, sparse);
    for (const [id, document] of this.documents) {
      const entryKeys = index.keysOf(document);
      const conflict = index.conflictWith(document, entryKeys, id);
      if (conflict) throw new DuplicateKeyError(this.name, conflict);
      index.add(entryKeys, id);
    }
    this.indexes.push(index);
    this.onChange();
  }

  async drop(): Promise<void> {
    this.documents.clear();
    this.indexes = [];
    this.onChange();
  }

  // --- internals -----------------------------------------------------------------------------

  private write(operation: WriteOperation): void {
    if ('insertOne' in operation) this.insert(operation.insertOne.document as T);
    else if ('updateOne' in operation) {
      const { filter, update, upsert } = operation.updateOne;
      this.update(filter, update, upsert === true);
    } else if ('updateMany' in operation) this.updateAll(operation.updateMany.filter, operation.updateMany.update);
    else if ('replaceOne' in operation) {
      const { filter, replacement, upsert } = operation.replaceOne;
      this.replace(filter, replacement, upsert === true);
    } else if ('deleteOne' in operation) this.delete(operation.deleteOne.filter, 1);
    else if ('deleteMany' in operation) this.delete(operation.deleteMany.filter, Infinity);
    else throw new Error(`unknown bulk write operation: ${Object.keys(operation).join(', ')}`);
  }

  /**
   * Stored documents matching `filter` (at most `wanted`), found by _id, then through an
   * index on an equality or `$in`, and only then by scanning the collection.
   */
  private select(filter: Filter | undefined, wanted: number): Document[] {
    const found: Document[] = [];
    const ids = idsOfFilter(filter);
    if (ids) {
      const matches = lazyPredicate(withoutLookedUp(filter!, '_id'));
      for (const id of ids.length > 1 ? new Set(ids) : ids) {
        const document = this.documents.get(idKey(id));
        if (document && matches(document)) found.push(document);
        if (found.length >= wanted) break;
      }
      return found;
    }
    const indexed = this.idsFromIndexes(filter);
    if (indexed) {
      const matches = lazyPredicate(indexed.field === undefined ? filter! : withoutLookedUp(filter!, indexed.field));
      // the index's own set, read through before any write changes it (callers write after select returns)
      for (const id of indexed.ids) {
        const document = this.documents.get(id)!;
        if (matches(document)) found.push(document);
        if (found.length >= wanted) break;
      }
      return found;
    }
    const matches = compileFilter(filter);
    for (const document of this.documents.values()) {
      if (matches(document)) found.push(document);
      if (found.length >= wanted) break;
    }
    return found;
  }

  /** The first stored document matching `filter`: the update path, straight to the document for `{_id: x, ...}`. */
  private selectFirst(filter: Filter): Document | undefined {
    const id = filter._id;
    if (typeof id === 'string' || typeof id === 'number') {
      const document = this.documents.get(id);
      return document && compileFilter(filter)(document) ? document : undefined;
    }
    return this.select(filter, 1)[0];
  }

  /** The _id keys an index names for the filter, and the top-level field it looked up (none for a field inside `$elemMatch`). */
  private idsFromIndexes(filter: Filter | undefined): { ids: Iterable<unknown>; field: string | undefined } | undefined {
    if (this.indexes.length === 0) return undefined;
    // the index that names the fewest documents; a union for `$in` is built only for the one chosen
    let best: { index: CollectionIndex; lookup: IndexLookup; count: number } | undefined;
    for (const lookup of indexLookups(filter)) {
      const index = this.indexes.find((candidate) => candidate.serves(lookup.path, lookup.inElements));
      if (!index) continue;
      const count = index.countWithAny(lookup.values);
      if (!best || count < best.count) best = { index, lookup, count };
    }
    // a lookup inside `$elemMatch` answers no top-level condition: the whole filter still applies
    return best && { ids: best.index.idsWithAny(best.lookup.values), field: best.lookup.inElements ? undefined : best.lookup.path };
  }

  private insert(document: T): void {
    if (!document || typeof document !== 'object' || Array.isArray(document)) {
      throw new InvalidUpdateError('insertOne needs a document');
    }
    this.store(withIdFirst(copyValue(document) as PlainObject));
  }

  private update(filter: Filter, update: Update, upsert: boolean): UpdateResult {
    const parsed = parseUpdate(update);
    const filterId = filter._id;
    if (typeof filterId === 'string' || typeof filterId === 'number') {
      // one lookup of the _id decides all three cases: a replay upserts a new _id for most events, in collections of millions
      const stored = this.documents.get(filterId);
      if (stored !== undefined) {
        if (compileFilter(filter)(stored)) return this.modify(stored, parsed, filter) ? MATCHED_CHANGED : MATCHED_UNCHANGED;
        if (!upsert) return NOT_MATCHED;
        throw new DuplicateKeyError(this.name, { _id: filterId });
      }
      if (!upsert) return NOT_MATCHED;
      return this.upsert(filter, parsed, filterId);
    }
    const current = this.select(filter, 1)[0];
    if (current) return this.modify(current, parsed, filter) ? MATCHED_CHANGED : MATCHED_UNCHANGED;
    if (!upsert) return NOT_MATCHED;
    return this.upsert(filter, parsed, undefined);
  }

  /** Inserts the document an update creates from its filter; `absentId`: an _id the caller has just found free. */
  private upsert(filter: Filter, update: ParsedUpdate, absentId: string | number | undefined): UpdateResult {
    const seeded = seedFromFilter(filter);
    applyToNewDocument(seeded, update);
    const document = withIdFirst(seeded);
    const inserted = this.store(document, document._id === absentId);
    return { matchedCount: 0, modifiedCount: 0, upsertedId: inserted._id };
  }

  private updateAll(filter: Filter, update: Update): UpdateResult {
    const parsed = parseUpdate(update);
    const targets = this.select(filter, Infinity);
    let modifiedCount = 0;
    for (const current of targets) if (this.modify(current, parsed, filter)) modifiedCount++;
    return { matchedCount: targets.length, modifiedCount, upsertedId: null };
  }

  /** Stores the next version of `current` under an update, if it changes. */
  private modify(current: Document, update: ParsedUpdate, filter: Filter): boolean {
    const next = nextVersion(current, update, filter);
    if (!next) return false;
    if (this.indexes.length > 0 && !this.indexes.some((index) => mayWriteUnder(update, index.firstFields))) {
      // the update writes no field an index covers: every index key of the document stays what it was
      this.documents.set(idKeyOf(current), next as Document);
      this.onChange();
    } else this.restore(current, next as Document);
    return true;
  }

  private replace(filter: Filter, replacement: Replacement, upsert: boolean): UpdateResult {
    assertReplacement(replacement);
    const current = this.selectFirst(filter);
    const next = copyValue(replacement) as PlainObject;
    if (current) {
      if (next._id !== undefined && !isEqual(next._id, current._id)) {
        throw new InvalidUpdateError(`the (immutable) field '_id' was found to have been altered to _id: ${JSON.stringify(next._id)}`);
      }
      next._id = current._id;
      const stored = withIdFirst(next);
      if (isEqual(stored, current)) return MATCHED_UNCHANGED;
      this.restore(current, stored);
      return MATCHED_CHANGED;
    }
    if (!upsert) return NOT_MATCHED;
    if (next._id === undefined) {
      const seededId = seedFromFilter(filter)._id;
      if (seededId !== undefined) next._id = seededId;
    }
    const inserted = this.store(withIdFirst(next));
    return { matchedCount: 0, modifiedCount: 0, upsertedId: inserted._id };
  }

  private delete(filter: Filter | undefined, wanted: number): number {
    const targets = this.select(filter, wanted);
    for (const document of targets) {
      const id = idKeyOf(document);
      for (const index of this.indexes) index.remove(index.keysOf(document), id);
      this.documents.delete(id);
    }
    if (targets.length > 0) this.onChange();
    return targets.length;
  }

  /** Stores a new document after checking its _id (unless `idChecked`) and unique keys are free. */
  private store(document: Document, idChecked = false): Document {
    const id = idKeyOf(document);
    if (!idChecked && this.documents.has(id)) throw new DuplicateKeyError(this.name, { _id: document._id });
    if (this.indexes.length === 1) {
      // one index, as most read model collections have: no arrays of keys per index
      const index = this.indexes[0]!;
      const keys = index.keysOf(document);
      const conflict = index.conflictWith(document, keys, id);
      if (conflict) throw new DuplicateKeyError(this.name, conflict);
      index.add(keys, id);
    } else if (this.indexes.length > 1) {
      const entryKeys = this.indexes.map((index) => index.keysOf(document));
      this.indexes.forEach((index, i) => {
        const conflict = index.conflictWith(document, entryKeys[i]!, id);
        if (conflict) throw new DuplicateKeyError(this.name, conflict);
      });
      this.indexes.forEach((index, i) => index.add(entryKeys[i]!, id));
    }
    this.documents.set(id, document);
    this.onChange();
    return document;
  }

  /** Replaces a stored document by its new version (same _id) after checking unique keys. */
  private restore(current: Document, next: Document): void {
    const id = idKeyOf(current);
    if (this.indexes.length > 0) {
      const oldKeys = this.indexes.map((index) => index.keysOf(current));
      const newKeys = this.indexes.map((index) => index.keysOf(next));
      this.indexes.forEach((index, i) => {
        const conflict = index.conflictWith(next, newKeys[i]!, id);
        if (conflict) throw new DuplicateKeyError(this.name, conflict);
      });
      this.indexes.forEach((index, i) => {
        if (sameKeys(oldKeys[i]!, newKeys[i]!)) return;
        index.remove(oldKeys[i]!, id);
        index.add(newKeys[i]!, id);
      });
    }
    this.documents.set(id, next);
    this.onChange();
  }
}

function sameKeys(a: readonly unknown[], b: readonly unknown[]): boolean {
  return a.length === b.length && a.every((key, i) => key === b[i]);
}

/** The filter's predicate, compiled once a document is to be tested: a lookup by _id or through an index often finds none (a rebuild's first write of each document). */
function lazyPredicate(filter: Filter | undefined): (document: Document) => boolean {
  let compiled: ((document: Document) => boolean) | undefined;
  return (document) => (compiled ??= compileFilter(filter))(document);
}

function idKeyOf(document: Document): unknown {
  return idKey(document._id);
}

/** The document an upsert starts from: the filter's equality fields. */
function seedFromFilter(filter: Filter): PlainObject {
  return seedFromFlatFilter(filter) ?? seedFromAnyFilter(filter);
}

/**
 * The seed of a filter of top-level fields, each a scalar or an operator document without
 * `$eq` (a projection's `{_id: x, _position: {$lt: p}}`): no copies, no paths to walk, as
 * nearly every upsert of a replay has. Undefined for any other filter.
 */
function seedFromFlatFilter(filter: Filter): PlainObject | undefined {
  const seeded: PlainObject = {};
  for (const field in filter) {
    const condition = filter[field];
    if (typeof condition !== 'object' || condition === null) {
      if (condition === undefined || field.charCodeAt(0) === DOLLAR || field.includes('.')) return undefined;
      writeSlot(seeded, field, condition);
    } else if (!isOperatorObject(condition) || '$eq' in condition) return undefined;
  }
  return seeded;
}

const DOLLAR = 36;

function seedFromAnyFilter(filter: Filter): PlainObject {
  const seeded: PlainObject = {};
  for (const [path, value] of equalityFields(filter)) setPath(seeded, path, copyValue(value));
  return seeded;
}

/** MongoDB stores _id first, and generates one (an ObjectId; here its hex form) if absent. */
function withIdFirst(document: PlainObject): Document {
  if (document._id === undefined) return { _id: randomBytes(12).toString('hex'), ...document };
  for (const key in document) {
    if (key === '_id') return document as Document;
    break;
  }
  const { _id, ...rest } = document;
  return { _id, ...rest } as Document;
}

function assertReplacement(replacement: object): void {
  if (!replacement || typeof replacement !== 'object' || Array.isArray(replacement)) {
    throw new InvalidUpdateError('replaceOne needs a replacement document');
  }
  for (const key of Object.keys(replacement)) {
    if (key.startsWith('$')) throw new InvalidUpdateError('replacement document must not contain update operators');
  }
}
