/**
 * What a filter pins down before any document is read: the _id values it allows, or an
 * equality on a top-level field an index can serve. Lets lookups skip collection scans.
 */
import type { Filter } from '../port.ts';
import { isOperatorObject } from './field-path.ts';

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

/** Top-level `field: scalar` (or `{$eq: scalar}`) conditions, for index lookups. */
export function scalarEqualities(filter: Filter | undefined): Array<readonly [field: string, value: unknown]> {
  const found: Array<readonly [string, unknown]> = [];
  if (!filter) return found;
  for (const field in filter) {
    if (field.startsWith('$') || field === '_id') continue;
    const condition = filter[field];
    if (isIndexableScalar(condition)) found.push([field, condition]);
    else if (isOperatorObject(condition) && isIndexableScalar(condition.$eq)) found.push([field, condition.$eq]);
  }
  return found;
}
