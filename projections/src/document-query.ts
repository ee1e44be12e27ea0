/**
 * Reading a read model's documents as they are stored, for analysts (`npm run projection --
 * query | export`, through the operator's calls) and auditors (the read models panel):
 * a MongoDB filter and sort, checked here, over one collection of one version. The model
 * and its collections are found in the registry (registry.ts), not in the definitions, so
 * any process that reads the read store answers, for every model the projections' process
 * has registered, a new one included.
 *
 * Only reading operators pass the check: comparisons, logic, `$exists`, `$type`, `$regex`,
 * `$mod` and the array operators. `$where`, `$function`, `$expr` and anything else that
 * runs code or that the two read stores might read differently are refused by name.
 */
import type { DocumentId, Filter, ReadStore, Sort } from '@stays/read-store';
import { physicalCollection } from './read-model.ts';
import { readRegistry, servingVersion, type VersionEntry, type VersionState } from './registry.ts';

/** A query refused: malformed (400) or naming a model, version or collection that does not exist (404). */
export class DocumentQueryError extends Error {
  constructor(
    message: string,
    readonly status: 400 | 404,
  ) {
    super(message);
    this.name = 'DocumentQueryError';
  }
}

/** Documents a query answers at most; an export pages through all of them, this many at a time. */
export const MAX_DOCUMENTS_LIMIT = 1000;
export const DEFAULT_DOCUMENTS_LIMIT = 20;
/** A `$regex` pattern is at most this long, so a pattern cannot make a scan take minutes. */
const MAX_PATTERN_LENGTH = 200;
const MAX_DEPTH = 8;
const MAX_SORT_KEYS = 4;

const FIELD_OPERATORS = new Set([
  '$eq',
  '$ne',
  '$gt',
  '$gte',
  '$lt',
  '$lte',
  '$in',
  '$nin',
  '$exists',
  '$type',
  '$regex',
  '$options',
  '$mod',
  '$all',
  '$size',
  '$elemMatch',
  '$not',
]);
const LOGICAL_OPERATORS = new Set(['$and', '$or', '$nor']);
const REGEX_OPTIONS = /^[imsx]*$/;
/**
 * A repeated group that itself holds a repetition (`(a+)+`, `(\w*)*`, `((ab)*c)+`) or a back
 * reference: the patterns that can take exponential time, on the embedded store in the
 * product's own thread. Refusing them costs an analyst little (`a+` says what `(a+)+` says).
 */
function repeatsARepetition(pattern: string): boolean {
  if (/\\[1-9]|\\k</.test(pattern)) return true;
  /** Per open group: whether a quantifier appeared inside it. */
  const open: boolean[] = [];
  let inClass = false;
  for (let at = 0; at < pattern.length; at++) {
    const char = pattern[at]!;
    if (char === '\\') {
      at++;
      continue;
    }
    if (inClass) {
      inClass = char !== ']';
      continue;
    }
    if (char === '[') inClass = true;
    else if (char === '(') open.push(false);
    else if (char === ')') {
      const repeatsInside = open.pop() ?? false;
      const next = pattern[at + 1];
      const repeated = next === '+' || next === '*' || next === '{';
      if (repeatsInside && repeated) return true;
      if ((repeatsInside || repeated) && open.length > 0) open[open.length - 1] = true;
    } else if ((char === '+' || char === '*' || char === '{') && open.length > 0) open[open.length - 1] = true;
  }
  return false;
}

const isObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);
const refuse = (message: string): never => {
  throw new DocumentQueryError(message, 400);
};

function checkField(path: string): void {
  if (path === '' || path.split('.').some((part) => part === '' || part.startsWith('$')))
    refuse(`the filter names a field "${path}": a field is a dotted path of names that do not start with $`);
}

function checkCondition(condition: unknown, depth: number): void {
  if (depth > MAX_DEPTH) refuse(`the filter nests deeper than ${MAX_DEPTH} levels`);
  if (!isObject(condition)) return; // a value to equal
  const keys = Object.keys(condition);
  if (!keys.some((key) => key.startsWith('$'))) return; // a whole document to equal
  for (const key of keys) {
    if (!key.startsWith('$')) refuse(`the filter mixes operators and fields in one condition ("${key}")`);
    if (!FIELD_OPERATORS.has(key))
      refuse(`the filter uses ${key}, which is not allowed here (allowed: ${[...FIELD_OPERATORS, ...LOGICAL_OPERATORS].join(' ')})`);
    const operand = condition[key];
    if ((key === '$in' || key === '$nin' || key === '$all') && !Array.isArray(operand)) refuse(`${key} takes a list`);
    if (key === '$regex') {
      if (typeof operand !== 'string') refuse('$regex takes a pattern as text');
      if ((operand as string).length > MAX_PATTERN_LENGTH) refuse(`a $regex pattern is at most ${MAX_PATTERN_LENGTH} characters`);
      if (repeatsARepetition(operand as string)) refuse('a $regex pattern may not repeat a repeated group, nor refer back to one (they can run for minutes)');
      try {
        new RegExp(operand as string);
      } catch {
        refuse(`the $regex pattern ${JSON.stringify(operand)} is not a regular expression`);
      }
    }
    if (key === '$options' && (typeof operand !== 'string' || !REGEX_OPTIONS.test(operand))) refuse('$options takes some of the letters i, m, s, x');
    if (key === '$options' && !('$regex' in condition)) refuse('$options goes with $regex');
    if (key === '$mod' && !(Array.isArray(operand) && operand.length === 2 && operand.every((n) => typeof n === 'number')))
      refuse('$mod takes [divisor, remainder]');
    if (key === '$size' && !(typeof operand === 'number' && Number.isInteger(operand) && operand >= 0)) refuse('$size takes a whole number');
    if (key === '$exists' && typeof operand !== 'boolean') refuse('$exists takes true or false');
    if (key === '$elemMatch') {
      if (!isObject(operand)) refuse('$elemMatch takes a condition');
      checkElementMatch(operand as Record<string, unknown>, depth + 1);
    }
    if (key === '$not') {
      if (!isObject(operand)) refuse('$not takes a condition, such as {"$gt": 3}');
      checkCondition(operand, depth + 1);
    }
    if (Array.isArray(operand)) for (const item of operand) checkCondition(item, depth + 1);
  }
}

/** `$elemMatch` holds either a filter over the elements' fields or conditions on the elements themselves. */
function checkElementMatch(condition: Record<string, unknown>, depth: number): void {
  if (Object.keys(condition).some((key) => FIELD_OPERATORS.has(key))) checkCondition(condition, depth);
  else checkFilterAt(condition, depth);
}

function checkFilterAt(filter: unknown, depth: number): void {
  if (depth > MAX_DEPTH) refuse(`the filter nests deeper than ${MAX_DEPTH} levels`);
  if (!isObject(filter)) refuse('a filter is a JSON object, such as {"city": "Pune"}');
  for (const [key, value] of Object.entries(filter as Record<string, unknown>)) {
    if (key.startsWith('$')) {
      if (!LOGICAL_OPERATORS.has(key))
        refuse(`the filter uses ${key}, which is not allowed here (allowed: ${[...FIELD_OPERATORS, ...LOGICAL_OPERATORS].join(' ')})`);
      if (!Array.isArray(value) || value.length === 0) refuse(`${key} takes a non-empty list of filters`);
      for (const part of value as unknown[]) checkFilterAt(part, depth + 1);
      continue;
    }
    checkField(key);
    checkCondition(value, depth + 1);
  }
}

/** The filter, if it only reads (see the module's comment); a DocumentQueryError naming what is wrong otherwise. */
export function checkFilter(filter: unknown): Filter {
  if (filter === undefined || filter === null) return {};
  checkFilterAt(filter, 0);
  return filter as Filter;
}

/** A sort: up to four fields, each 1 (ascending) or -1 (descending). */
export function checkSort(sort: unknown): Sort | undefined {
  if (sort === undefined || sort === null) return undefined;
  if (!isObject(sort)) return refuse('a sort is a JSON object of fields, each 1 or -1, such as {"nights": -1}');
  const entries = Object.entries(sort);
  if (entries.length > MAX_SORT_KEYS) refuse(`a sort names at most ${MAX_SORT_KEYS} fields`);
  for (const [field, direction] of entries) {
    checkField(field);
    if (direction !== 1 && direction !== -1) refuse(`sort ${field} by 1 (ascending) or -1 (descending), not ${JSON.stringify(direction)}`);
  }
  return sort as Sort;
}

export function checkLimit(limit: unknown): number {
  if (limit === undefined || limit === null) return DEFAULT_DOCUMENTS_LIMIT;
  if (typeof limit !== 'number' || !Number.isInteger(limit) || limit < 1 || limit > MAX_DOCUMENTS_LIMIT)
    refuse(`the limit is a whole number from 1 to ${MAX_DOCUMENTS_LIMIT}, not ${JSON.stringify(limit)}`);
  return limit as number;
}

export interface DocumentQuery {
  /** A version of the model (default: the one queries read). */
  readonly version?: number;
  /** One of the model's collections, by logical name (may be left out when it has one). */
  readonly collection?: string;
  readonly filter?: unknown;
  readonly sort?: unknown;
  readonly limit?: unknown;
  readonly skip?: unknown;
  /** Documents after this `_id`, in `_id` order (an export's pages); not with a sort or skip. */
  readonly after?: unknown;
  /** Count every document the filter matches (what a paged screen shows). */
  readonly count?: boolean;
  /** With no collection named, read the first (a screen opens on it and offers the others); otherwise a model of several must be told which. */
  readonly firstCollectionByDefault?: boolean;
}

export interface DocumentsAnswer {
  readonly model: string;
  readonly version: number;
  readonly state: VersionState;
  readonly collection: string;
  readonly collections: readonly string[];
  readonly documents: readonly Record<string, unknown>[];
  /** Every document the filter matches, when asked for. */
  readonly total: number | null;
}

const logicalNames = (model: string, entry: VersionEntry): string[] => {
  const prefix = physicalCollection(model, entry.version, '');
  return entry.collections.map((collection) => (collection.startsWith(prefix) ? collection.slice(prefix.length) : collection));
};

const describeVersions = (versions: readonly VersionEntry[]) => versions.map((entry) => `${entry.version} ${entry.state}`).join(', ');

/** One page of a version's documents as stored, after the query is checked; a DocumentQueryError when it is refused. */
export async function readModelDocuments(store: ReadStore, model: string, query: DocumentQuery): Promise<DocumentsAnswer> {
  const filter = checkFilter(query.filter);
  const sort = checkSort(query.sort);
  const limit = checkLimit(query.limit);
  const skip = query.skip ?? 0;
  if (typeof skip !== 'number' || !Number.isInteger(skip) || skip < 0) refuse(`skip is a whole number from 0, not ${JSON.stringify(skip)}`);
  const after = query.after;
  if (after !== undefined && typeof after !== 'string' && typeof after !== 'number') refuse('after is the _id of the last document read (text or a number)');
  if (after !== undefined && (sort !== undefined || skip !== 0)) refuse('after pages in _id order: leave out sort and skip');

  const registry = await readRegistry(store);
  const versions = registry.get(model);
  if (versions === undefined || versions.length === 0) {
    const known = [...registry.keys()].sort().join(', ');
    throw new DocumentQueryError(`no read model is named ${model} (read models: ${known || 'none yet'})`, 404);
  }
  const version = query.version ?? servingVersion(versions);
  const entry = versions.find((candidate) => candidate.version === version);
  if (entry === undefined) throw new DocumentQueryError(`${model} has no version ${String(version)} (versions: ${describeVersions(versions)})`, 404);
  const collections = logicalNames(model, entry);
  const collection = query.collection ?? (collections.length === 1 || query.firstCollectionByDefault === true ? collections[0] : undefined);
  if (collection === undefined) throw new DocumentQueryError(`${model} has collections ${collections.join(', ')}: name one`, 400);
  if (!collections.includes(collection))
    throw new DocumentQueryError(`${model}@${entry.version} has no collection ${collection} (collections: ${collections.join(', ')})`, 404);

  const physical = store.collection(physicalCollection(model, entry.version, collection));
  const paged: Filter = after === undefined ? filter : { $and: [filter, { _id: { $gt: after as DocumentId } }] };
  const [documents, total] = await Promise.all([
    // _id last, so pages of an equal sort key do not overlap
    physical.find(paged, { sort: after === undefined && sort !== undefined ? { ...sort, _id: sort._id ?? 1 } : { _id: 1 }, skip: skip as number, limit }),
    query.count === true ? physical.countDocuments(filter) : Promise.resolve(null),
  ]);
  return { model, version: entry.version, state: entry.state, collection, collections, documents, total };
}
