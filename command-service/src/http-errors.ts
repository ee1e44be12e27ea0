/**
 * The one place where the command side's domain errors become HTTP answers: plugged into
 * service-kit's error handler, which writes the `{success:false, message, statusCode}`
 * envelope (and `Retry-After` for 429).
 */
import { AppError, TooManyRequestsError } from '@stays/service-kit';
import { DomainError, InvalidInput, TooMany, type DomainErrorCode } from './domain-errors.ts';

const statusOf: Record<DomainErrorCode, number> = {
  'invalid-input': 400,
  unauthenticated: 401,
  forbidden: 403,
  'not-found': 404,
  conflict: 409,
  'too-many': 429,
};

export function domainErrorToAppError(error: unknown): AppError | undefined {
  if (!(error instanceof DomainError)) return undefined;
  if (error instanceof TooMany) return new TooManyRequestsError(error.message, error.retryAfterSeconds);
  return new AppError(statusOf[error.code], error.message, error instanceof InvalidInput ? error.field : undefined);
}
