/**
 * The driver's errors as the port's: duplicate keys (E11000) become DuplicateKeyError,
 * errors a retry may fix become ReadStoreUnavailableError, everything else passes.
 */
import { MongoBulkWriteError, MongoServerError } from 'mongodb';
import { DuplicateKeyError, ReadStoreUnavailableError } from '../errors.ts';
import { isTransientMongoError, writeErrorsOf } from './transient-errors.ts';

/** MongoDB's duplicate key error codes (11001 from old servers). */
const DUPLICATE_KEY_CODES = new Set([11000, 11001]);

export function toPortError(error: unknown, collection: string): unknown {
  const duplicate = duplicateKeyError(error, collection);
  if (duplicate) return duplicate;
  if (isTransientMongoError(error)) {
    return new ReadStoreUnavailableError(`MongoDB could not write to ${collection} for now: ${(error as Error).message}`, { cause: error });
  }
  return error;
}

/**
 * The first write error of an ordered bulk write names the failed operation's index. The
 * driver keeps only `code`, `index`, `errmsg` and `op` of the server's write error (no
 * `keyValue`), so the key is read from the message (`... dup key: { email: "a@b.c" }`),
 * with each value taken from the operation when it has it (the message's rendering of
 * strings and dates is not JSON).
 */
function duplicateKeyError(error: unknown, collection: string): DuplicateKeyError | null {
  if (error instanceof MongoBulkWriteError) {
    const first = writeErrorsOf(error)[0];
    if (first && DUPLICATE_KEY_CODES.has(Number(first.code))) {
      return new DuplicateKeyError(collection, keyOf(first.errmsg, first.err?.op), first.index);
    }
    if (!first && DUPLICATE_KEY_CODES.has(Number(error.code))) return new DuplicateKeyError(collection, keyValueOf(error));
    return null;
  }
  if (error instanceof MongoServerError && DUPLICATE_KEY_CODES.has(Number(error.code))) {
    return new DuplicateKeyError(collection, keyValueOf(error));
  }
  return null;
}

function keyValueOf(error: MongoServerError): Record<string, unknown> {
  const keyValue: unknown = error.keyValue ?? error.errorResponse?.keyValue;
  return typeof keyValue === 'object' && keyValue !== null ? (keyValue as Record<string, unknown>) : keyOf(error.message, undefined);
}

/** `{ field: value, ... }` of a duplicate key message, values from the operation where it has them. */
function keyOf(message: string | undefined, operation: unknown): Record<string, unknown> {
  const match = /dup key: \{(.*)\}\s*$/s.exec(message ?? '');
  if (!match) return {};
  const key: Record<string, unknown> = {};
  for (const part of splitTopLevel(match[1]!)) {
    const colon = part.indexOf(':');
    if (colon < 0) continue;
    const field = part.slice(0, colon).trim();
    const text = part.slice(colon + 1).trim();
    const fromOperation = valueInOperation(operation, field);
    key[field] = fromOperation !== undefined ? fromOperation : parseLiteral(text);
  }
  return key;
}

/** Splits `a: 1, b: "x, y", c: { d: 2 }` at its top-level commas. */
function splitTopLevel(text: string): string[] {
  const parts: string[] = [];
  let depth = 0;
  let quoted = false;
  let start = 0;
  for (let i = 0; i < text.length; i++) {
    const char = text[i];
    if (char === '"' && text[i - 1] !== '\\') quoted = !quoted;
    else if (!quoted && (char === '{' || char === '[' || char === '(')) depth++;
    else if (!quoted && (char === '}' || char === ']' || char === ')')) depth--;
    else if (!quoted && depth === 0 && char === ',') {
      parts.push(text.slice(start, i));
      start = i + 1;
    }
  }
  parts.push(text.slice(start));
  return parts.filter((part) => part.trim() !== '');
}

function parseLiteral(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return text;
  }
}

/**
 * The value of `path` in what the operation writes: an inserted document, an update's
 * `$set`/`$setOnInsert` or equality filter (`u` and `q` in the server's terms), or a
 * replacement. Undefined when the operation does not say.
 */
function valueInOperation(operation: unknown, path: string): unknown {
  if (typeof operation !== 'object' || operation === null) return undefined;
  const op = operation as Record<string, unknown>;
  const candidates: unknown[] = [];
  if ('q' in op || 'u' in op) {
    const update = op.u as Record<string, unknown> | undefined;
    if (update && !Array.isArray(update))
      candidates.push(update.$set, update.$setOnInsert, Object.keys(update).some((k) => k.startsWith('$')) ? undefined : update);
    candidates.push(op.q);
  } else {
    candidates.push(op);
  }
  for (const candidate of candidates) {
    const value = readPath(candidate, path);
    if (value !== undefined && !(typeof value === 'object' && value !== null && Object.keys(value).some((k) => k.startsWith('$')))) return value;
  }
  return undefined;
}

function readPath(document: unknown, path: string): unknown {
  if (typeof document !== 'object' || document === null) return undefined;
  const direct = (document as Record<string, unknown>)[path];
  if (direct !== undefined) return direct;
  let value: unknown = document;
  for (const part of path.split('.')) {
    if (typeof value !== 'object' || value === null) return undefined;
    value = (value as Record<string, unknown>)[part];
  }
  return value;
}
