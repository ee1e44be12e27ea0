import { MongoBulkWriteError, MongoServerError } from 'mongodb';
import { DuplicateKeyError } from '../errors.ts';

/** MongoDB's duplicate key error codes (11001 from old servers). */
const DUPLICATE_KEY_CODES = new Set([11000, 11001]);

/**
 * Maps the driver's E11000 errors, including the first write error of an ordered bulk
 * write (with its operation index), to the port's DuplicateKeyError; other errors pass.
 */
export function toPortError(error: unknown, collection: string): unknown {
  if (error instanceof MongoBulkWriteError) {
    const writeErrors = Array.isArray(error.writeErrors) ? error.writeErrors : [error.writeErrors];
    const first = writeErrors[0];
    if (first && DUPLICATE_KEY_CODES.has(first.code)) {
      const raw = first.err as unknown as { keyValue?: Record<string, unknown> };
      return new DuplicateKeyError(collection, raw.keyValue ?? keyValueFromMessage(first.errmsg), first.index);
    }
    if (!first && DUPLICATE_KEY_CODES.has(Number(error.code))) {
      return new DuplicateKeyError(collection, keyValueOf(error));
    }
    return error;
  }
  if (error instanceof MongoServerError && DUPLICATE_KEY_CODES.has(Number(error.code))) {
    return new DuplicateKeyError(collection, keyValueOf(error));
  }
  return error;
}

function keyValueOf(error: MongoServerError): Record<string, unknown> {
  const keyValue: unknown = error.keyValue ?? error.errorResponse?.keyValue;
  return typeof keyValue === 'object' && keyValue !== null
    ? (keyValue as Record<string, unknown>)
    : keyValueFromMessage(error.message);
}

/**
 * When the server sends no `keyValue`, the key is read from the message
 * (`... dup key: { _id: "x" }`); a key that is not simple JSON is kept as text.
 */
function keyValueFromMessage(message: string | undefined): Record<string, unknown> {
  const match = /dup key: (\{.*\})/.exec(message ?? '');
  if (!match) return {};
  try {
    return JSON.parse(match[1]!.replace(/([{,]\s*)([\w.$]+)\s*:/g, '$1"$2":')) as Record<string, unknown>;
  } catch {
    return { key: match[1] };
  }
}
