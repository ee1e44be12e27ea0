/**
 * The on-disk record format of the embedded log, one record per event:
 *
 *   magic (u32 BE) | payload length (u32 BE) | CRC32 of payload (u32 BE) | payload
 *
 * The payload is the UTF-8 RFC 8785 (JCS) text of the RecordedEvent's fields, nothing else:
 * the very bytes the notary's leaf hash commits to, so verify-log hashes a record's stored
 * bytes without parsing it. An append of several events is written as consecutive
 * records, and the magic says where it ends: every record but the append's last starts
 * with CONTINUED_MAGIC, the last (or only) one with RECORD_MAGIC. Recovery can thus tell a
 * complete append from one torn off by a crash and drop the torn one whole (appends are
 * atomic).
 *
 * Logs written before the payload was canonical hold `JSON.stringify` of the fields in the
 * order id, streamId, type, revision, position, data, metadata, recordedAt (the former
 * format). Both are read alike, and a reader tells them apart by the payload's first member
 * rather than by a new magic: RFC 8785 sorts the members, and "data" sorts before the seven
 * other names, so every canonical payload starts with `{"data":`, every former one with
 * `{"id":`. The payload is covered by the CRC (the magic is not), older readers open new
 * logs unchanged, and a third format, if ever, would need a magic of its own.
 */
import { crc32 } from 'node:zlib';
import { LogCorruptedError } from '../errors.ts';
import type { RecordedEvent } from '../port.ts';
import { canonicalRecord } from '../canonical-record.ts';
import { deepFreeze } from './deep-freeze.ts';
import { isPlainJson } from './plain-json.ts';

/** "STY1": starts the last (or only) record of an append; also the format version. */
export const RECORD_MAGIC = 0x53545931;
/** "STY+": starts a record whose append continues in the next record. */
export const CONTINUED_MAGIC = 0x5354592b;
export const HEADER_BYTES = 12;
/** Larger lengths are treated as damage, and larger events are refused at append. */
export const MAX_PAYLOAD_BYTES = 64 * 1024 * 1024;

/**
 * Frames an event as it is stored: the RFC 8785 text of the event as JSON gives it (dates
 * become strings, undefined members vanish, members come in canonical order, etc.), so what
 * readers decode from the log is the same before and after a restart. Throws if the data is
 * not JSON-able, or has no RFC 8785 form (a lone surrogate in a string).
 */
export function encodeRecord(event: RecordedEvent, continues: boolean): Buffer {
  const json = canonicalText(event);
  // Stryker disable next-line StringLiteral: Buffer's encoding defaults to UTF-8, so an empty name gives the same bytes
  const length = Buffer.byteLength(json, 'utf8');
  if (length > MAX_PAYLOAD_BYTES) {
    throw new RangeError(`event ${event.id} in ${event.streamId} is ${length} bytes; the limit is ${MAX_PAYLOAD_BYTES}`);
  }
  const bytes = Buffer.allocUnsafe(HEADER_BYTES + length);
  // Stryker disable next-line StringLiteral: as above
  bytes.write(json, HEADER_BYTES, 'utf8');
  bytes.writeUInt32BE(continues ? CONTINUED_MAGIC : RECORD_MAGIC, 0);
  bytes.writeUInt32BE(length, 4);
  bytes.writeUInt32BE(crc32(bytes.subarray(HEADER_BYTES)), 8);
  return bytes;
}

/**
 * The RFC 8785 text of the event. Data and metadata that are plain JSON (what commands
 * build, and what a log copy reads back) are written as they are: a round trip through
 * JSON text would give back the same value. Anything else takes the general path.
 */
export function canonicalText(event: RecordedEvent): string {
  // Stryker disable next-line ConditionalExpression,BooleanLiteral: the general path gives the same text by design (embedded-log.unit.test.ts checks it byte for byte); only its speed differs
  if (!isPlainJson(event.data) || !isPlainJson(event.metadata)) return canonicalTextViaJson(event);
  try {
    return canonicalRecord(event);
  } catch (error) {
    throw noCanonicalForm(event, error);
  }
}

/**
 * The general path, and the simple one the plain path must match: JSON.stringify first
 * (toJSON, dates, undefined members dropped), so the canonical writer sees plain JSON only.
 */
export function canonicalTextViaJson(event: RecordedEvent): string {
  let plain: RecordedEvent;
  try {
    plain = parseRecord(JSON.stringify(formerPayloadOf(event)));
  } catch {
    // e.g. data whose toJSON() returns something other than an object: refuse the append.
    throw new TypeError(`event ${event.type} in ${event.streamId} does not serialise to a JSON event`);
  }
  try {
    return canonicalRecord(plain);
  } catch (error) {
    throw noCanonicalForm(event, error);
  }
}

function noCanonicalForm(event: RecordedEvent, error: unknown): TypeError {
  return new TypeError(`event ${event.type} in ${event.streamId} has no RFC 8785 form, so it cannot be stored: ${(error as Error).message}`);
}

/** True when a payload is in the canonical format (see the top of this file); false for the former one. */
export function isCanonicalPayload(payload: Buffer): boolean {
  return payload.length >= CANONICAL_START.length && payload.compare(CANONICAL_START, 0, CANONICAL_START.length, 0, CANONICAL_START.length) === 0;
}
const CANONICAL_START = Buffer.from('{"data":');

/**
 * The payload the former format holds for a record: what verify-log accepts a
 * former-format record as, byte for byte (parsing and writing it again gives the same
 * text, JSON.stringify writing members in the order they were parsed in).
 */
export function formerPayloadText(record: RecordedEvent): string {
  return JSON.stringify(formerPayloadOf(record));
}

function formerPayloadOf(event: RecordedEvent): RecordedEvent {
  return {
    id: event.id,
    streamId: event.streamId,
    type: event.type,
    revision: event.revision,
    position: event.position,
    data: event.data,
    metadata: event.metadata,
    recordedAt: event.recordedAt,
  };
}

/** True for either record magic. */
export function isRecordMagic(magic: number): boolean {
  return magic === RECORD_MAGIC || magic === CONTINUED_MAGIC;
}

/**
 * Parses a payload whose checksum already matched. A payload that passes its CRC but is
 * not a well-formed event was written that way, which is damage, not a torn write.
 */
export function decodePayload(json: string): RecordedEvent {
  // The parsed object is used as is (the payload holds exactly the event's fields), and
  // frozen: events are shared by every reader of the in-memory log, and history is final.
  return deepFreeze(parseRecord(json));
}

function parseRecord(json: string): RecordedEvent {
  let event: RecordedEvent;
  try {
    event = JSON.parse(json) as RecordedEvent;
  } catch (error) {
    throw new LogCorruptedError(`record payload is not valid JSON: ${(error as Error).message}`);
  }
  if (
    // Stryker disable next-line ConditionalExpression: a non-object has no safe-integer position either, so the next lines refuse it all the same
    typeof event !== 'object' ||
    event === null ||
    !Number.isSafeInteger(event.position) ||
    !Number.isSafeInteger(event.revision) ||
    typeof event.streamId !== 'string' ||
    typeof event.id !== 'string' ||
    typeof event.type !== 'string' ||
    typeof event.recordedAt !== 'string' ||
    typeof event.data !== 'object' ||
    event.data === null ||
    typeof event.metadata !== 'object' ||
    event.metadata === null
  ) {
    throw new LogCorruptedError(`record payload is not a recorded event: ${json.slice(0, 200)}`);
  }
  return event;
}

/** Reads the three header fields of a record starting at `offset` in `buffer`. */
export function readHeader(buffer: Buffer, offset: number): { magic: number; length: number; checksum: number } {
  return {
    magic: buffer.readUInt32BE(offset),
    length: buffer.readUInt32BE(offset + 4),
    checksum: buffer.readUInt32BE(offset + 8),
  };
}
