/**
 * The one place where the command side's domain errors become HTTP answers: plugged into
 * service-kit's error handler, which writes the `{success:false, message, statusCode}`
 * envelope (and `Retry-After` for 429).
 */
import { EventStoreUnavailableError } from '@stays/event-store';
import { AppError, ServiceUnavailableError, TooManyRequestsError, isDiskFull } from '@stays/service-kit';
import { DomainError, InvalidInput, TooMany, Unavailable, type DomainErrorCode } from './domain-errors.ts';

const statusOf: Record<DomainErrorCode, number> = {
  'invalid-input': 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-many': 429,
  unavailable: 503,
};

/** What a client is told when the log refuses a write: nothing was saved, and it passes by itself. */
export const STORE_UNAVAILABLE_MESSAGES = {
  'disk-full': 'Changes cannot be saved right now because the server has run out of disk space. Nothing was saved; please try again in a few minutes.',
  other: 'Changes cannot be saved right now. Nothing was saved; please try again in a few minutes.',
  /** A file beside the log (an image, a message to the outbox) met the full disk: the change may be half done, so nothing is promised. */
  'disk-full-files': 'This cannot be done right now because the server has run out of disk space. Please try again in a few minutes.',
} as const;
/** Seconds a client is asked to wait: about how long the embedded log takes to notice that space came back. */
const STORE_RETRY_AFTER_SECONDS = 5;

export function domainErrorToAppError(error: unknown): AppError | undefined {
  if (error instanceof EventStoreUnavailableError && error.reason !== 'closed') {
    return new ServiceUnavailableError(STORE_UNAVAILABLE_MESSAGES[error.reason === 'disk-full' ? 'disk-full' : 'other'], STORE_RETRY_AFTER_SECONDS);
  }
  if (isDiskFull(error)) {
    return new ServiceUnavailableError(STORE_UNAVAILABLE_MESSAGES['disk-full-files'], STORE_RETRY_AFTER_SECONDS);
  }
  if (!(error instanceof DomainError)) return undefined;
  if (error instanceof TooMany) return new TooManyRequestsError(error.message, error.retryAfterSeconds);
  if (error instanceof Unavailable) return new ServiceUnavailableError(error.message, error.retryAfterSeconds);
  return new AppError(statusOf[error.code], error.message, error instanceof InvalidInput ? error.field : undefined);
}
