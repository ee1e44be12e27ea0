/**
 * MongoDB update operators applied in place to a private copy of a document.
 *
 * Kept because mingo's updater (`mingo/updater`) is two orders of magnitude slower on
 * the projections' writes and silently ignores invalid updates (e.g. `$inc` on a string)
 * that MongoDB rejects. Against a mingo-only path (docs/decisions/0003): a hotel's `$set`
 * 1–2 µs against 126–244 µs; `npm run bench -- "read store"` 188,000 idempotent upserts/s
 * against 3,900–4,900; `npm run bench -- replay` 58,000–150,000 events/s against 4,000–6,200. Updates that use
 * positional paths (`items.$.qty`, `items.$[].qty`) are delegated to mingo's updater.
 */
import { update as mingoUpdate, Query } from 'mingo';
import { compare, isEqual } from 'mingo/util';
import type { Filter, Update } from '../port.ts';
import { copyValue } from './copy-value.ts';
import {
  clearSlot,
  hasSlotValue,
  isOperatorObject,
  isPlainObject,
  locateSlot,
  readSlot,
  writeSlot,
  type OwnedContainers,
  type PathSlot,
  type PlainObject,
} from './field-path.ts';

/** How an update is being applied. */
interface ApplyContext {
  /** The document is being inserted by an upsert (`$setOnInsert` applies, `_id` may be set). */
  readonly inserting: boolean;
  /** Containers of the new version that may be changed in place (see locateSlot). */
  readonly owned: OwnedContainers;
}

/** Applies one operator to one path; returns whether the document changed. */
type OperatorFunction = (document: PlainObject, path: string, operand: unknown, context: ApplyContext) => boolean;

interface PathOperation {
  readonly apply: OperatorFunction;
  readonly path: string;
  readonly operand: unknown;
}

/** An update document checked and flattened once, then applied to one or many documents. */
export interface ParsedUpdate {
  readonly operations: readonly PathOperation[];
  /** Set when a path uses a positional operator; the update is then applied by mingo. */
  readonly positionalUpdate?: Update;
}

export class InvalidUpdateError extends Error {
  override readonly name = 'InvalidUpdateError';
}

export function parseUpdate(update: Update): ParsedUpdate {
  if (!isPlainObject(update)) throw new InvalidUpdateError('update must be a document of update operators');
  const operations: PathOperation[] = [];
  // Stryker disable next-line all: only decides whether the conflict check runs; it finds no conflict when skipped (see below)
  let renames = false;
  let positional = false;
  let operators = 0;
  // Stryker disable next-line all: only decides whether the conflict check runs; it finds no conflict when skipped (see below)
  let dotted = false;
  for (const operator in update) {
    operators++;
    const apply = OPERATORS[operator];
    if (!apply) {
      throw new InvalidUpdateError(
        operator.startsWith('$') ? `Unknown modifier: ${operator}` : 'update document requires atomic operators (use replaceOne to replace a document)',
      );
    }
    const fields = update[operator];
    if (!isPlainObject(fields)) throw new InvalidUpdateError(`Modifiers operate on fields: ${operator} needs a document`);
    for (const path in fields) {
      if (path.includes('$')) {
        if (path.startsWith('$')) throw new InvalidUpdateError(`invalid field path '${path}' in ${operator}`);
        positional = true;
      }
      // Stryker disable next-line ConditionalExpression,StringLiteral: only decides whether the conflict check runs; it finds no conflict when skipped (see below)
      if (path.includes('.')) {
        if (!/^[^.]+(\.[^.]+)*$/.test(path)) throw new InvalidUpdateError(`invalid field path '${path}' in ${operator}`);
        dotted = true;
      } else if (path === '') {
        throw new InvalidUpdateError(`invalid field path '' in ${operator}`);
      }
      operations.push({ apply, path, operand: fields[path] });
      // Stryker disable next-line all: only decides whether the conflict check runs; it finds no conflict when skipped (see below)
      if (operator === '$rename') renames = true;
    }
  }
  if (operations.length === 0) throw new InvalidUpdateError('update document must not be empty');
  // the fields of one operator are distinct, and without dots none lies inside another: only then is there nothing to check
  // Stryker disable next-line ConditionalExpression,EqualityOperator: running the check always finds nothing more
  if (operators > 1 || dotted || renames) assertNoPathConflict(pathsOf(operations));
  if (!positional) return { operations };
  const { $setOnInsert: _onlyOnInsert, ...rest } = update;
  return { operations, positionalUpdate: copyValue(rest) };
}

/**
 * The next version of a stored document under an update, or `undefined` if the update
 * changes nothing. `current` is left untouched: the new version shares every subtree
 * the update does not write (path copying), so only the written paths are copied.
 */
export function nextVersion(current: PlainObject, update: ParsedUpdate, filter: Filter): PlainObject | undefined {
  if (update.positionalUpdate) {
    const next = copyValue(current);
    const modified = mingoUpdate(next, update.positionalUpdate as Parameters<typeof mingoUpdate>[1], undefined, filter);
    return modified.length > 0 ? next : undefined;
  }
  const next = { ...current };
  const context: ApplyContext = { inserting: false, owned: new Set<object>([next]) };
  let changed = false;
  for (const operation of update.operations) {
    if (operation.apply(next, operation.path, operation.operand, context)) changed = true;
  }
  return changed ? next : undefined;
}

/** Applies an update, `$setOnInsert` included, in place to a document an upsert is creating. */
export function applyToNewDocument(document: PlainObject, update: ParsedUpdate): void {
  if (update.positionalUpdate) {
    throw new InvalidUpdateError('The positional operator did not find the match needed from the query');
  }
  const context: ApplyContext = { inserting: true, owned: null };
  for (const operation of update.operations) operation.apply(document, operation.path, operation.operand, context);
}

/**
 * Whether the update, applied to a stored document (not an upsert's insert: `$setOnInsert`
 * writes nothing then), may write a path under one of `fields` (top-level field names): a
 * path it sets, unsets or renames, or a `$rename`'s new name, whose first field is one of
 * them. A positional update always may.
 */
export function mayWriteUnder(update: ParsedUpdate, fields: ReadonlySet<string>): boolean {
  if (update.positionalUpdate) return true;
  for (const operation of update.operations) {
    if (operation.apply === setOnInsert) continue;
    if (fields.has(firstField(operation.path))) return true;
    if (operation.apply === rename && fields.has(firstField(String(operation.operand)))) return true;
  }
  return false;
}

/** The first field of a dotted path (`address` of `address.city`). */
function firstField(path: string): string {
  const dot = path.indexOf('.');
  return dot === -1 ? path : path.slice(0, dot);
}

/** The paths an update writes: each operation's, and the new name of each `$rename`. */
function pathsOf(operations: readonly PathOperation[]): string[] {
  const paths: string[] = [];
  for (const operation of operations) {
    paths.push(operation.path);
    if (operation.apply === rename) paths.push(String(operation.operand));
  }
  return paths;
}

function assertNoPathConflict(paths: readonly string[]): void {
  // Stryker disable next-line all: one path has no pair to check; the loops below do nothing for it
  if (paths.length < 2) return;
  // Stryker disable next-line EqualityOperator: at i = length the inner loop has no pair left
  for (let i = 0; i < paths.length; i++) {
    for (let j = i + 1; j < paths.length; j++) {
      const a = paths[i]!;
      const b = paths[j]!;
      if (a === b || isWithin(a, b) || isWithin(b, a)) {
        throw new InvalidUpdateError(`Updating the path '${a}' would create a conflict at '${b}'`);
      }
    }
  }
}

/** `path` is a field inside `parent` (`a.b` inside `a`), checked without building `parent + '.'`: every update runs this for each pair of its paths. */
function isWithin(path: string, parent: string): boolean {
  // Stryker disable next-line ConditionalExpression,EqualityOperator: at equal lengths charCodeAt is NaN, never a dot
  return path.length > parent.length && path.charCodeAt(parent.length) === DOT && path.startsWith(parent);
}

const DOT = 46;

// --- operators -------------------------------------------------------------------------

const OPERATORS: Readonly<Record<string, OperatorFunction>> = {
  $set: setValue,
  $setOnInsert: setOnInsert,
  $unset: unsetValue,
  $inc: (document, path, operand, context) => arithmetic(document, path, operand, context, '$inc', add, operand),
  $mul: (document, path, operand, context) => arithmetic(document, path, operand, context, '$mul', multiply, 0),
  $min: (document, path, operand, context) => compareAndSet(document, path, operand, context, -1),
  $max: (document, path, operand, context) => compareAndSet(document, path, operand, context, 1),
  $push: push,
  $addToSet: addToSet,
  $pull: pull,
  $pullAll: pullAll,
  $pop: pop,
  $rename: rename,
  $currentDate: (document, path, _operand, context) => setValue(document, path, new Date(), context),
};

function setOnInsert(document: PlainObject, path: string, operand: unknown, context: ApplyContext): boolean {
  return context.inserting && setValue(document, path, operand, context);
}

function add(a: number, b: number): number {
  return a + b;
}

function multiply(a: number, b: number): number {
  return a * b;
}

function setValue(document: PlainObject, path: string, operand: unknown, context: ApplyContext): boolean {
  if (operand === undefined) return false;
  // Stryker disable next-line ConditionalExpression,LogicalOperator,StringLiteral: the general path below gives a top-level field the same result
  if (path !== '_id' && !path.includes('.')) {
    // a top-level field, as most `$set`s of a replay are: the document is its own slot
    const current = readSlot(document, path);
    if (current !== undefined && isEqual(current, operand)) return false;
    writeSlot(document, path, copyValue(operand), path);
    return true;
  }
  const slot = writableSlot(document, path, context, operand);
  const current = readSlot(slot.container, slot.key);
  if (current !== undefined && isEqual(current, operand)) return false;
  writeSlot(slot.container, slot.key, copyValue(operand), path);
  return true;
}

function unsetValue(document: PlainObject, path: string, _operand: unknown, context: ApplyContext): boolean {
  const slot = locateSlot(document, path, false, context.owned);
  if (!slot || !hasSlotValue(slot)) return false;
  assertMutable(path);
  clearSlot(slot);
  return true;
}

function arithmetic(
  document: PlainObject,
  path: string,
  operand: unknown,
  context: ApplyContext,
  operator: string,
  combine: (current: number, operand: number) => number,
  valueWhenMissing: unknown,
): boolean {
  if (typeof operand !== 'number') throw new InvalidUpdateError(`Cannot apply ${operator} with a non-numeric argument`);
  const slot = writableSlot(document, path, context);
  const current = readSlot(slot.container, slot.key);
  if (current === undefined) {
    writeSlot(slot.container, slot.key, valueWhenMissing, path);
    return true;
  }
  if (typeof current !== 'number') {
    throw new InvalidUpdateError(`Cannot apply ${operator} to a value of non-numeric type at '${path}'`);
  }
  const next = combine(current, operand);
  if (next === current) return false;
  writeSlot(slot.container, slot.key, next, path);
  return true;
}

/** $min (direction -1) and $max (direction 1), in BSON comparison order. */
function compareAndSet(document: PlainObject, path: string, operand: unknown, context: ApplyContext, direction: 1 | -1): boolean {
  const slot = writableSlot(document, path, context);
  const current = readSlot(slot.container, slot.key);
  // Stryker disable next-line ArithmeticOperator: direction is 1 or -1, so dividing by it is multiplying by it
  if (current !== undefined && compare(operand, current) * direction <= 0) return false;
  writeSlot(slot.container, slot.key, copyValue(operand), path);
  return true;
}

interface PushModifiers {
  readonly $each: unknown[];
  readonly $position?: number;
  readonly $slice?: number;
  readonly $sort?: 1 | -1 | Record<string, 1 | -1>;
}

function push(document: PlainObject, path: string, operand: unknown, context: ApplyContext): boolean {
  const modifiers = pushModifiers(operand);
  const slot = writableSlot(document, path, context);
  const current = arrayAt(slot, path, '$push');
  const next = current ? current.slice() : [];
  const values = copyValue(modifiers.$each);
  if (modifiers.$position === undefined) next.push(...values);
  else next.splice(modifiers.$position, 0, ...values);
  if (modifiers.$sort !== undefined) next.sort(elementComparator(modifiers.$sort));
  if (modifiers.$slice !== undefined) {
    const kept = modifiers.$slice >= 0 ? next.slice(0, modifiers.$slice) : next.slice(modifiers.$slice);
    next.length = 0;
    next.push(...kept);
  }
  if (current && isEqual(current, next)) return false;
  writeSlot(slot.container, slot.key, next, path);
  return true;
}

function pushModifiers(operand: unknown): PushModifiers {
  if (!isPlainObject(operand) || !('$each' in operand)) return { $each: [operand] };
  const modifiers = operand as unknown as PushModifiers;
  if (!Array.isArray(modifiers.$each)) throw new InvalidUpdateError('The argument to $each in $push must be an array');
  for (const key of ['$position', '$slice'] as const) {
    const value = modifiers[key];
    if (value !== undefined && !Number.isInteger(value)) throw new InvalidUpdateError(`${key} in $push must be an integer`);
  }
  return modifiers;
}

function elementComparator(spec: 1 | -1 | Record<string, 1 | -1>): (a: unknown, b: unknown) => number {
  // Stryker disable next-line ArithmeticOperator: spec is 1 or -1, so dividing by it is multiplying by it
  if (spec === 1 || spec === -1) return (a, b) => spec * compare(a, b);
  const keys = Object.entries(spec);
  return (a, b) => {
    for (const [key, direction] of keys) {
      const order = compare(fieldOf(a, key), fieldOf(b, key));
      // Stryker disable next-line ArithmeticOperator: direction is 1 or -1, so dividing by it is multiplying by it
      if (order !== 0) return order * direction;
    }
    return 0;
  };
}

function fieldOf(value: unknown, path: string): unknown {
  let current = value;
  for (const segment of path.split('.')) {
    if (!isPlainObject(current)) return undefined;
    current = current[segment];
  }
  return current;
}

function addToSet(document: PlainObject, path: string, operand: unknown, context: ApplyContext): boolean {
  const values = isPlainObject(operand) && '$each' in operand ? operand.$each : [operand];
  if (!Array.isArray(values)) throw new InvalidUpdateError('The argument to $each in $addToSet must be an array');
  const slot = writableSlot(document, path, context);
  const current = arrayAt(slot, path, '$addToSet');
  const next = current ? current.slice() : [];
  let added = false;
  for (const value of values) {
    if (next.some((element) => isEqual(element, value))) continue;
    next.push(copyValue(value));
    added = true;
  }
  if (!added && current) return false;
  writeSlot(slot.container, slot.key, next, path);
  return true;
}

function pull(document: PlainObject, path: string, operand: unknown, context: ApplyContext): boolean {
  return removeElements(document, path, context, '$pull', elementMatcher(operand));
}

function pullAll(document: PlainObject, path: string, operand: unknown, context: ApplyContext): boolean {
  if (!Array.isArray(operand)) throw new InvalidUpdateError('$pullAll requires an array argument');
  return removeElements(document, path, context, '$pullAll', (element) => operand.some((value) => isEqual(element, value)));
}

function removeElements(document: PlainObject, path: string, context: ApplyContext, operator: string, matches: (element: unknown) => boolean): boolean {
  const slot = locateSlot(document, path, false, context.owned);
  if (!slot) return false;
  const current = arrayAt(slot, path, operator);
  if (!current) return false;
  const kept = current.filter((element) => !matches(element));
  if (kept.length === current.length) return false;
  writeSlot(slot.container, slot.key, kept, path);
  return true;
}

/** $pull's condition: a value to compare, a query on element fields, or operators on the element. */
function elementMatcher(operand: unknown): (element: unknown) => boolean {
  if (operand instanceof RegExp || isOperatorObject(operand)) {
    const query = new Query({ element: operand });
    return (element) => query.test({ element });
  }
  if (isPlainObject(operand)) {
    const query = new Query(operand);
    return (element) => isPlainObject(element) && query.test(element);
  }
  return (element) => isEqual(element, operand);
}

function pop(document: PlainObject, path: string, operand: unknown, context: ApplyContext): boolean {
  if (operand !== 1 && operand !== -1) throw new InvalidUpdateError('$pop expects 1 or -1');
  const slot = locateSlot(document, path, false, context.owned);
  if (!slot) return false;
  const current = arrayAt(slot, path, '$pop');
  if (!current || current.length === 0) return false;
  writeSlot(slot.container, slot.key, operand === 1 ? current.slice(0, -1) : current.slice(1), path);
  return true;
}

function rename(document: PlainObject, path: string, operand: unknown, context: ApplyContext): boolean {
  if (typeof operand !== 'string' || operand === '') throw new InvalidUpdateError('$rename target must be a string');
  assertMutable(path);
  assertMutable(operand);
  const from = locateSlot(document, path, false, context.owned);
  if (!from || !hasSlotValue(from)) return false;
  const value = readSlot(from.container, from.key);
  clearSlot(from);
  const to = locateSlot(document, operand, true, context.owned)!;
  writeSlot(to.container, to.key, value, operand);
  return true;
}

// --- helpers -----------------------------------------------------------------------------

/**
 * The slot a write goes to. `_id` is immutable: it may only be set while inserting (when
 * absent) or to the value it already has.
 */
function writableSlot(document: PlainObject, path: string, context: ApplyContext, newValue?: unknown): PathSlot {
  if (path === '_id' || path.startsWith('_id.')) {
    const current = document._id;
    const allowed =
      newValue !== undefined && ((context.inserting && current === undefined) || (path === '_id' && current !== undefined && isEqual(current, newValue)));
    if (!allowed) throw immutableId(path);
  }
  return locateSlot(document, path, true, context.owned)!;
}

function assertMutable(path: string): void {
  if (path === '_id' || path.startsWith('_id.')) throw immutableId(path);
}

function immutableId(path: string): InvalidUpdateError {
  return new InvalidUpdateError(`Performing an update on the path '${path}' would modify the immutable field '_id'`);
}

function arrayAt(slot: PathSlot, path: string, operator: string): unknown[] | undefined {
  const current = readSlot(slot.container, slot.key);
  if (current === undefined) return undefined;
  if (!Array.isArray(current)) throw new InvalidUpdateError(`Cannot apply ${operator} to a non-array value at '${path}'`);
  return current;
}
