/**
 * Tells whether a value is plain JSON: what `JSON.parse(JSON.stringify(value))` gives back
 * unchanged in shape. Such a value needs no round trip through JSON text before its RFC 8785
 * form is written (record-codec.ts), since JSON.stringify would change nothing in it that
 * the canonical writer does not already treat alike.
 *
 * Plain JSON here: null, booleans, strings, finite numbers, arrays of plain JSON, and objects
 * whose prototype is Object.prototype, with no `toJSON`, and whose members are all plain
 * JSON. Anything else (a Date, a class instance, a member that is undefined or a function,
 * NaN, a boxed primitive, nesting deeper than MAX_DEPTH, a cycle) answers false, and the
 * caller takes the general path, which JSON.stringify handles as it always did.
 */

/** Deeper values take the general path: it also stops a cycle from recursing without end. */
const MAX_DEPTH = 64;

export function isPlainJson(value: unknown): boolean {
  return plain(value, 0);
}

function plain(value: unknown, depth: number): boolean {
  switch (typeof value) {
    case 'string':
    case 'boolean':
      return true;
    case 'number':
      return Number.isFinite(value);
    case 'object':
      if (value === null) return true;
      if (depth >= MAX_DEPTH) return false;
      if (Array.isArray(value)) return plainArray(value, depth + 1);
      return Object.getPrototypeOf(value) === Object.prototype && plainObject(value as Record<string, unknown>, depth + 1);
    default:
      return false;
  }
}

function plainArray(items: readonly unknown[], depth: number): boolean {
  if (Object.getPrototypeOf(items) !== Array.prototype || (items as { toJSON?: unknown }).toJSON !== undefined) return false;
  for (let i = 0; i < items.length; i++) if (!plain(items[i], depth)) return false;
  return true;
}

function plainObject(members: Record<string, unknown>, depth: number): boolean {
  if (members.toJSON !== undefined) return false;
  for (const name in members) {
    // for-in also walks inherited enumerable members; Object.prototype has none unless polluted
    if (!Object.hasOwn(members, name) || !plain(members[name], depth)) return false;
  }
  return true;
}
