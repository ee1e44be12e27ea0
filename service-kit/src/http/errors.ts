/**
 * One error hierarchy for both services. Each error carries the HTTP status and a
 * message that is safe to show a person; anything else thrown is a bug, logged and
 * answered with a generic 500.
 */
import { messages } from '@stays/contracts';

export class AppError extends Error {
  constructor(
    readonly statusCode: number,
    message: string,
    /** The request field at fault, for validation errors. */
    readonly field?: string,
  ) {
    super(message);
    this.name = new.target.name;
  }
}

/** A field's problem, in plain words naming the field by its form label ("Password must be at least 8 characters."). */
export class ValidationError extends AppError {
  constructor(field: string, reason: string, labels?: Readonly<Record<string, string>>) {
    super(400, messages.validation.problem(field, reason, labels), field);
  }
}
export class BadRequestError extends AppError {
  constructor(message: string) {
    super(400, message);
  }
}
export class UnauthorizedError extends AppError {
  constructor(message: string = messages.server.signInRequired) {
    super(401, message);
  }
}
export class ForbiddenError extends AppError {
  constructor(message: string = messages.server.forbidden) {
    super(403, message);
  }
}
export class NotFoundError extends AppError {
  constructor(message: string = messages.server.notFound) {
    super(404, message);
  }
}
export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}
export class PayloadTooLargeError extends AppError {
  constructor(message: string = messages.server.payloadTooLarge) {
    super(413, message);
  }
}
export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string = messages.server.unsupportedMediaType) {
    super(415, message);
  }
}
export class TooManyRequestsError extends AppError {
  constructor(
    message: string = messages.server.tooManyRequests,
    readonly retryAfterSeconds?: number,
  ) {
    super(429, message);
  }
}
export class ServiceUnavailableError extends AppError {
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(503, message);
  }
}
