import type { Filter } from './port.ts';

function isOperatorDocument(value: unknown): value is Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return false;
  if (value instanceof Date || value instanceof RegExp) return false;
  for (const first in value) return first.startsWith('$');
  return false;
}

/**
 * The equality conditions of a filter, as MongoDB copies them into the document an upsert
 * inserts: `{ a: 1 }`, `{ a: { $eq: 1 } }`, and the same inside `$and`. Ranges, regexes
 * and `$or` branches are not equalities and are not copied.
 */
export function equalityFields(filter: Filter): Array<readonly [path: string, value: unknown]> {
  const fields: Array<readonly [string, unknown]> = [];
  collect(filter, fields);
  return fields;
}

function collect(filter: Filter, fields: Array<readonly [string, unknown]>): void {
  // for-in rather than Object.entries: every upsert a projection makes seeds its document here
  for (const path in filter) {
    const condition = filter[path];
    if (path === '$and' && Array.isArray(condition)) {
      for (const clause of condition) collect(clause as Filter, fields);
    } else if (path.startsWith('$') || condition instanceof RegExp || condition === undefined) {
      continue;
    } else if (!isOperatorDocument(condition)) {
      fields.push([path, condition]);
    } else if ('$eq' in condition) {
      fields.push([path, condition.$eq]);
    }
  }
}

/** Whether an upsert with this filter takes its _id from the filter. */
export function filterSetsId(filter: Filter): boolean {
  return equalityFields(filter).some(([path]) => path === '_id' || path.startsWith('_id.'));
}
