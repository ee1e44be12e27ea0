/**
 * What a filter pins down before any document is read: the _id values it allows, or the
 * values a top-level field, or a field inside a top-level `$elemMatch`, must hold (an equality
 * or `$in`) that an index can look up. Lets lookups skip collection scans.
 */
import type { Filter } from '../port.ts';
import { isOperatorObject, isPlainObject } from './field-path.ts';

function isIndexableScalar(value: unknown): boolean {
  const type = typeof value;
  return type === 'string' || type === 'boolean' || (type === 'number' && !Number.isNaN(value));
}

/** The _id values a filter restricts documents to (`{_id: x}`, `{_id: {$eq: x}}`, `{_id: {$in: [...]}}`). */
export function idsOfFilter(filter: Filter | undefined): readonly unknown[] | undefined {
  if (!filter) return undefined;
  const condition = filter._id;
  if (condition === undefined) return undefined;
  if (isIndexableScalar(condition)) return [condition];
  if (!isOperatorObject(condition)) return undefined;
  if ('$eq' in condition && isIndexableScalar(condition.$eq)) return [condition.$eq];
  if ('$in' in condition && Array.isArray(condition.$in) && condition.$in.every(isIndexableScalar)) {
    return condition.$in;
  }
  return undefined;
}

/**
 * The filter without its condition on `field` when that condition is only what a lookup by
 * `_id` or through an index answered (`field: x`, `{$eq: x}` or `{$in: [...]}`, nothing else on
 * the field): every document the lookup names holds one of those values, so testing the
 * condition again (for a `$in` of thousands, a Set built per read) would only repeat it.
 */
export function withoutLookedUp(filter: Filter, field: string): Filter {
  const condition = filter[field];
  if (!isIndexableScalar(condition)) {
    if (!isOperatorObject(condition)) return filter;
    const operators = Object.keys(condition);
    if (operators.length !== 1 || (operators[0] !== '$eq' && operators[0] !== '$in')) return filter;
  }
  const { [field]: _lookedUp, ...rest } = filter;
  return rest;
}

/** A condition an index can answer: the path it looks up and the values a matching document holds one of there. */
export interface IndexLookup {
  readonly path: string;
  readonly values: readonly unknown[];
  /** The path runs into the documents of an array (`offers.type` for `offers: {$elemMatch: {type: …}}`): a multikey index answers it. */
  readonly inElements: boolean;
}

/**
 * Conditions an index can answer: `field: scalar`, `{$eq: scalar}` or `{$in: [scalars]}` on a
 * top-level field, and the same inside a top-level field's `$elemMatch` (looked up at
 * `field.inner`), each with the values a matching document holds one of. What an index finds
 * for them is a superset of the matches (other operators beside `$in` still apply), never fewer.
 */
export function indexLookups(filter: Filter | undefined): IndexLookup[] {
  const found: IndexLookup[] = [];
  if (!filter) return found;
  for (const field in filter) {
    if (field.startsWith('$') || field === '_id') continue;
    const condition = filter[field];
    const elementConditions = isOperatorObject(condition) && isPlainObject(condition.$elemMatch) ? condition.$elemMatch : undefined;
    if (elementConditions === undefined) {
      const values = lookedUpValues(condition);
      if (values !== undefined) found.push({ path: field, values, inElements: false });
      continue;
    }
    for (const inner in elementConditions) {
      if (inner.startsWith('$') || inner.includes('.')) continue;
      const values = lookedUpValues(elementConditions[inner]);
      if (values !== undefined) found.push({ path: `${field}.${inner}`, values, inElements: true });
    }
  }
  return found;
}

/** The values a field holds one of under `condition`, when an index can look them up. */
function lookedUpValues(condition: unknown): readonly unknown[] | undefined {
  if (isIndexableScalar(condition)) return [condition];
  if (!isOperatorObject(condition)) return undefined;
  if (isIndexableScalar(condition.$eq)) return [condition.$eq];
  if (Array.isArray(condition.$in) && condition.$in.every(isIndexableScalar)) return condition.$in;
  return undefined;
}
