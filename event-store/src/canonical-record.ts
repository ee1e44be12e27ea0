/**
 * RFC 8785 (JCS): the one writer of canonical JSON in the codebase. The embedded log stores
 * each record as this text (record-codec.ts), the notary's leaf hash commits to it, and
 * verify-log hashes the stored bytes as they are. Written for what a record holds: its eight
 * fields in their canonical order, and data and metadata that are plain JSON (records are
 * decoded from JSON). It gives the same text as the general `canonicalize` package, which
 * spends most of its time on what such values never contain (toJSON, boxed primitives,
 * cycles); any value outside plain JSON is handed to that package, so the text never
 * differs, and what has no RFC 8785 form (NaN, Infinity, a lone surrogate) is refused.
 */
import canonicalize from 'canonicalize';
import type { RecordedEvent } from './port.ts';

/** The JCS text of the record's fields (sorted by UTF-16 code units: data, id, metadata, position, recordedAt, revision, streamId, type). */
export function canonicalRecord(record: RecordedEvent): string {
  return (
    `{"data":${canonicalJson(record.data)},"id":${text(record.id)},"metadata":${canonicalJson(record.metadata)},"position":${number(record.position)}` +
    `,"recordedAt":${text(record.recordedAt)},"revision":${number(record.revision)},"streamId":${text(record.streamId)},"type":${text(record.type)}}`
  );
}

/** JCS of a JSON value: strings and numbers as ECMAScript's JSON.stringify writes them, members sorted, no whitespace. */
export function canonicalJson(item: unknown): string {
  switch (typeof item) {
    case 'string':
      return text(item);
    case 'number':
      return number(item);
    case 'boolean':
      return item ? 'true' : 'false';
    case 'object':
      if (item === null) return 'null';
      if (Array.isArray(item)) return array(item);
      if (Object.getPrototypeOf(item) === Object.prototype) return object(item as Record<string, unknown>);
      return general(item);
    default:
      return general(item);
  }
}

function object(members: Record<string, unknown>): string {
  // the default sort compares UTF-16 code units, the order RFC 8785 §3.2.3 asks for
  const names = Object.keys(members).sort();
  let json = '{';
  for (const name of names) {
    const member = members[name];
    if (dropped(member)) continue;
    json += `${json.length === 1 ? '' : ','}${text(name)}:${canonicalJson(member)}`;
  }
  return `${json}}`;
}

function array(items: readonly unknown[]): string {
  let json = '[';
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    json += `${i === 0 ? '' : ','}${dropped(item) ? 'null' : canonicalJson(item)}`;
  }
  return `${json}]`;
}

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
const dropped = (item: unknown): boolean => item === undefined || typeof item === 'function' || typeof item === 'symbol';

/** String.prototype.isWellFormed (ES2024, in node 20): not in this project's TypeScript lib yet. */
type WellFormedCheck = string & { isWellFormed(): boolean };

/**
 * A string JSON.stringify writes as it is between quotes: no quote, backslash, control character
 * or surrogate (a well-formed pair takes the longer way too). Most of a record's strings are such
 * (ids, types, times, ciphertext): a 590-character record's text 9.5–12.1 → 6.1–8.7 µs, the
 * notary's catch-up over 1,000,000 records 23.5–24.9 → 20.7–23.2 s (alternating rounds, slow
 * machine of 2026-11-29).
 */
const WRITTEN_AS_IS = /^[^"\\\u0000-\u001f\ud800-\udfff]*$/;

function text(item: unknown): string {
  if (typeof item === 'string' && WRITTEN_AS_IS.test(item)) return `"${item}"`;
  // a lone surrogate has no UTF-8 form: refused, as `canonicalize` refuses it
  if (typeof item !== 'string' || !(item as WellFormedCheck).isWellFormed()) return general(item);
  return JSON.stringify(item);
}

function number(item: unknown): string {
  if (typeof item !== 'number' || !Number.isFinite(item)) return general(item);
  return JSON.stringify(item);
}

function general(item: unknown): string {
  // a boxed primitive is written as JSON.stringify writes it, its value (canonicalize 4, the
  // version that runs on Node 20, would write a boxed string's characters as members)
  if (item instanceof String || item instanceof Number || item instanceof Boolean) return canonicalJson(item.valueOf());
  const json = canonicalize(item);
  if (json === undefined) throw new TypeError(`${typeof item} has no RFC 8785 form`);
  return json;
}
