import { randomUUID } from 'node:crypto';
import { InvalidMediaIdError, InvalidMediaInputError } from './errors.ts';
import type { PutMediaInput } from './port.ts';

const MEDIA_ID = /^[A-Za-z0-9][A-Za-z0-9._-]{0,127}$/;
const EXTENSION = /^[A-Za-z0-9]{1,16}$/;
// type/subtype with optional parameters; printable ASCII only (spaces and tabs before a parameter), so no header or JSON surprises.
const CONTENT_TYPE = /^[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*\/[A-Za-z0-9][A-Za-z0-9!#$&^_.+-]*([ \t]*;[\x20-\x7e]*)?$/;

/** True for ids that can only name a plain file directly inside the store: no separators, no `..`, no leading dot. */
export function isValidMediaId(id: unknown): id is string {
  return typeof id === 'string' && MEDIA_ID.test(id) && !id.includes('..');
}

export function assertMediaId(id: unknown): asserts id is string {
  if (!isValidMediaId(id)) throw new InvalidMediaIdError(id);
}

/** Validates a put and returns its id: the name when given, else a random UUID with the extension. */
export function mediaIdForPut(input: PutMediaInput): string {
  if (!Buffer.isBuffer(input.bytes)) throw new InvalidMediaInputError('bytes', 'bytes must be a Buffer');
  // Stryker disable next-line ConditionalExpression: a value that is no text fails the pattern as well; the check lets the compiler read its length
  if (typeof input.contentType !== 'string' || input.contentType.length > 200 || !CONTENT_TYPE.test(input.contentType)) {
    throw new InvalidMediaInputError('contentType', `invalid content type: ${JSON.stringify(String(input.contentType)).slice(0, 80)}`);
  }
  if (input.name !== undefined) {
    assertMediaId(input.name);
    return input.name;
  }
  if (typeof input.extension !== 'string' || !EXTENSION.test(input.extension)) {
    throw new InvalidMediaInputError('extension', `invalid extension: ${JSON.stringify(String(input.extension)).slice(0, 40)}`);
  }
  return `${randomUUID()}.${input.extension}`;
}

export function mediaUrl(publicBaseUrl: string, id: string): string {
  return `${publicBaseUrl.replace(/\/+$/, '')}/${encodeURIComponent(id)}`;
}

const BY_EXTENSION: ReadonlyMap<string, string> = new Map([
  ['webp', 'image/webp'],
  ['png', 'image/png'],
  ['jpg', 'image/jpeg'],
  ['jpeg', 'image/jpeg'],
  ['gif', 'image/gif'],
  ['avif', 'image/avif'],
  ['tif', 'image/tiff'],
  ['tiff', 'image/tiff'],
  ['pdf', 'application/pdf'],
  ['txt', 'text/plain; charset=utf-8'],
  ['json', 'application/json'],
]);

/** Fallback when no content type was recorded. Never maps to an active type (no svg, no html). */
export function contentTypeForId(id: string): string {
  const dot = id.lastIndexOf('.');
  // Stryker disable next-line EqualityOperator,StringLiteral: an id never starts with a dot, and what is no extension maps to nothing either way
  const ext = dot < 0 ? '' : id.slice(dot + 1).toLowerCase();
  return BY_EXTENSION.get(ext) ?? 'application/octet-stream';
}
