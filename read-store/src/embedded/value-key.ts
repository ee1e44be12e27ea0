/**
 * A string that is equal for two values exactly when MongoDB considers them equal as
 * index keys: numbers by value (1 and 1.0 alike), strings, booleans, Dates by instant,
 * embedded documents field by field in order, arrays element by element.
 * Missing and null give the same key, as in a MongoDB index.
 */
export function valueKey(value: unknown): string {
  switch (typeof value) {
    case 'string':
      return 's' + value;
    case 'number':
      return 'd' + (value === 0 ? '0' : String(value));
    case 'boolean':
      return value ? 'T' : 'F';
    case 'undefined':
      return 'n';
    case 'bigint':
      return 'd' + value.toString();
    default:
      break;
  }
  if (value === null) return 'n';
  if (value instanceof Date) return 't' + value.getTime();
  if (value instanceof RegExp) return 'r' + String(value);
  if (Array.isArray(value)) return 'a' + JSON.stringify(value.map(valueKey));
  if (typeof value === 'object') {
    return 'o' + JSON.stringify(Object.entries(value as Record<string, unknown>).map(([k, v]) => [k, valueKey(v)]));
  }
  return 'x' + String(value);
}

/**
 * The key of a document's _id in the collection's Map: the value itself for strings,
 * numbers and booleans (fast), an escaped value key for anything else.
 */
export function idKey(id: unknown): unknown {
  const type = typeof id;
  if (type === 'string' || type === 'number' || type === 'boolean') return id;
  return '\u0000' + valueKey(id);
}
