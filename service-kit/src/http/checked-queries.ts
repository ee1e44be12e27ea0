/**
 * A route's query strings that passed its schema, kept with what the schema made of them.
 * Public reads, searches above all, are asked with the same few thousand query strings over
 * and over, and checking one with its zod schema (koa's parse of the string included) took
 * about a fifth of the CPU of a search answered from the response cache (`npm run bench --
 * search`, its floor figure, measured with this memory and without). Request schemas are pure
 * (no clock, no I/O: a rule that depends on today lives in the handler), so the same text
 * always checks the same way, and a repeated one can skip the check.
 *
 * What is kept is frozen, since every request that sends the same text is handed the same
 * object. A query string that fails is not kept: it is checked again and refused again. The
 * memory is bounded in bytes per route (least recently used first out), so distinct query
 * strings sent to flood it only cost its upkeep.
 */
import { LRUCache } from 'lru-cache';
import type { z } from 'zod';
import { validate } from './validate.ts';

/** Bytes of query strings a route keeps (the search mix's 10,000 distinct strings fit). */
const ROUTE_BYTES = 4 * 1024 * 1024;
/** What a kept outcome costs beside its key's characters: the frozen object and the cache's entry. */
const ENTRY_OVERHEAD = 512;

/**
 * Whether query strings are remembered. Only the search benchmark turns it off, to measure
 * the plain path (every query string checked) beside this one.
 */
export const queryMemory = { enabled: true };

export type QueryChecker = (querystring: string, parsed: () => Record<string, unknown>) => unknown;

/** A route's checker: `parsed` gives the query string's parameters, asked only when the text is new. */
export function checkedQueries(schema: z.ZodType): QueryChecker {
  const kept = new LRUCache<string, object>({ maxSize: ROUTE_BYTES, sizeCalculation: (_checked, querystring) => querystring.length + ENTRY_OVERHEAD });
  return (querystring, parsed) => {
    if (!queryMemory.enabled) return validate(schema, parsed());
    const known = kept.get(querystring);
    if (known !== undefined) return known;
    const checked: unknown = validate(schema, parsed());
    if (typeof checked === 'object' && checked !== null) kept.set(querystring, deepFreeze(checked));
    return checked;
  };
}

function deepFreeze<T extends object>(value: T): T {
  for (const member of Object.values(value)) if (typeof member === 'object' && member !== null) deepFreeze(member as object);
  return Object.freeze(value);
}
