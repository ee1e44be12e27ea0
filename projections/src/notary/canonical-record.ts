/**
 * RFC 8785 (JCS) of a stored record, the text every leaf hash commits to, written for what
 * the log holds: the record's eight fields in their canonical order, and data and metadata
 * that are plain JSON (the event stores hand out records decoded from JSON). It gives the
 * same text as the general `canonicalize` package, which spends most of its time on what
 * such values never contain (toJSON, boxed primitives, cycles); any value outside plain
 * JSON is handed to that package, so the result never differs. verify-log hashes every
 * record of the log with it, which is why it is kept (see README Benchmarks).
 */
import canonicalize from 'canonicalize';
import type { RecordedEvent } from '@stays/event-store';

/** The JCS text of the record's fields (sorted by UTF-16 code units: data, id, metadata, position, recordedAt, revision, streamId, type). */
export function canonicalRecord(record: RecordedEvent): string {
  return `{"data":${value(record.data)},"id":${text(record.id)},"metadata":${value(record.metadata)},"position":${number(record.position)}`
    + `,"recordedAt":${text(record.recordedAt)},"revision":${number(record.revision)},"streamId":${text(record.streamId)},"type":${text(record.type)}}`;
}

/** JCS of a JSON value: strings and numbers as ECMAScript's JSON.stringify writes them, members sorted, no whitespace. */
function value(item: unknown): string {
  switch (typeof item) {
    case 'string': return text(item);
    case 'number': return number(item);
    case 'boolean': return item ? 'true' : 'false';
    case 'object':
      if (item === null) return 'null';
      if (Array.isArray(item)) return array(item);
      if (Object.getPrototypeOf(item) === Object.prototype) return object(item as Record<string, unknown>);
      return general(item);
    default: return general(item);
  }
}

function object(members: Record<string, unknown>): string {
  // the default sort compares UTF-16 code units, the order RFC 8785 §3.2.3 asks for
  const names = Object.keys(members).sort();
  let json = '{';
  for (const name of names) {
    const member = members[name];
    if (dropped(member)) continue;
    json += `${json.length === 1 ? '' : ','}${text(name)}:${value(member)}`;
  }
  return `${json}}`;
}

function array(items: readonly unknown[]): string {
  let json = '[';
  for (let i = 0; i < items.length; i++) {
    const item = items[i];
    json += `${i === 0 ? '' : ','}${dropped(item) ? 'null' : value(item)}`;
  }
  return `${json}]`;
}

/** What JSON.stringify leaves out of an object (and writes as null in an array). */
const dropped = (item: unknown): boolean => item === undefined || typeof item === 'function' || typeof item === 'symbol';

/** String.prototype.isWellFormed (ES2024, in node 20): not in this project's TypeScript lib yet. */
type WellFormedCheck = string & { isWellFormed(): boolean };

function text(item: unknown): string {
  // a lone surrogate has no UTF-8 form: refused, as `canonicalize` refuses it
  if (typeof item !== 'string' || !(item as WellFormedCheck).isWellFormed()) return general(item);
  return JSON.stringify(item);
}

function number(item: unknown): string {
  if (typeof item !== 'number' || !Number.isFinite(item)) return general(item);
  return JSON.stringify(item);
}

function general(item: unknown): string {
  const json = canonicalize(item);
  if (json === undefined) throw new TypeError(`${typeof item} has no RFC 8785 form`);
  return json;
}
