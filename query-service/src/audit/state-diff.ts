/**
 * What one event changed in a folded state: the leaf fields (dotted paths, as the as-of
 * view names them: 'booking.hotelName', 'invoice.url', 'paid') whose value differs between
 * the state before the event and after it, or that only one of the two has. Arrays and
 * other non-object values are compared whole, by their JSON.
 */
const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A state's leaf fields by dotted path; a nested object is spelled out, undefined left out. */
export function leafFields(state: Readonly<Record<string, unknown>> | null, prefix = ''): Map<string, string> {
  const fields = new Map<string, string>();
  for (const [name, value] of Object.entries(state ?? {})) {
    if (value === undefined) continue;
    if (isPlainObject(value)) for (const [path, leaf] of leafFields(value, `${prefix}${name}.`)) fields.set(path, leaf);
    else fields.set(`${prefix}${name}`, JSON.stringify(value));
  }
  return fields;
}

/** The paths `after` differs from `before` in, in `after`'s field order, then those only `before` had. */
export function changedFields(before: Readonly<Record<string, unknown>> | null, after: Readonly<Record<string, unknown>> | null): string[] {
  const was = leafFields(before);
  const is = leafFields(after);
  const changed = [...is].filter(([path, value]) => was.get(path) !== value).map(([path]) => path);
  return [...changed, ...[...was.keys()].filter((path) => !is.has(path))];
}
