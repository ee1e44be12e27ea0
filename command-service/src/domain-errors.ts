/**
 * The command side's own refusals: what a decider (or a handler) throws when a command
 * breaks a rule. Each has a stable code and a message from the contracts' catalogue that
 * is safe to show a person; none knows about HTTP. `http-errors.ts` maps the codes to
 * status codes, in one place.
 */
import { messages } from '@stays/contracts';

export type DomainErrorCode = 'not-found' | 'conflict' | 'forbidden' | 'unauthenticated' | 'invalid-input' | 'too-many' | 'unavailable';

export abstract class DomainError extends Error {
  abstract readonly code: DomainErrorCode;
  constructor(message: string) {
    super(message);
    this.name = new.target.name;
  }
}

/** What the command names does not exist (or is gone). */
export class NotFound extends DomainError {
  readonly code = 'not-found';
}

/** The command clashes with what the log holds: taken, sold out, already done, busy. */
export class Conflict extends DomainError {
  readonly code = 'conflict';
}

/** The caller is known but may not do this (not their booking, a wrong current password). */
export class Forbidden extends DomainError {
  readonly code = 'forbidden';
}

/** The caller is not who they claim: wrong credentials, a session that has ended. */
export class Unauthenticated extends DomainError {
  readonly code = 'unauthenticated';
}

/**
 * The command's input breaks a rule. With a field, the message names it as its form
 * labels it ("Rooms must be 1: ..."); without one (a wrong OTP), the reason is the whole message.
 */
export class InvalidInput extends DomainError {
  readonly code = 'invalid-input';
  constructor(
    readonly field: string | undefined,
    reason: string,
  ) {
    super(field === undefined ? reason : messages.server.invalidField(field, reason));
  }
}

/** Too many attempts for now; `retryAfterSeconds` says when to try again, when known. */
export class TooMany extends DomainError {
  readonly code = 'too-many';
  constructor(
    message: string,
    readonly retryAfterSeconds?: number,
  ) {
    super(message);
  }
}

/** Something the command needs outside the log (a mail server, an SMS gateway) failed; nothing of it stands, and trying again later may work. */
export class Unavailable extends DomainError {
  readonly code = 'unavailable';
  constructor(
    message: string,
    readonly retryAfterSeconds: number,
  ) {
    super(message);
  }
}
