/**
 * The contact aggregate (stream `contact-{sha256(email|national number)}`): the OTP
 * issued for an email and phone, its failed tries, and who verified them until when.
 */
import { limits, messages, type ContactEvent } from '@stays/contracts';
import { BadRequestError, TooManyRequestsError } from '@stays/service-kit';

export const OTP_LIFETIME_MS = 10 * 60 * 1000;
export const VERIFIED_FOR_MS = 30 * 60 * 1000;
export const MAX_OTP_ATTEMPTS = 5;

export interface ContactState {
  readonly code: {
    readonly customerId: string;
    readonly salt: string;
    readonly codeHash: string;
    readonly issuedAt: number;
    readonly expiresAt: number;
    readonly failedAttempts: number;
  } | null;
  readonly verified: { readonly customerId: string; readonly until: number } | null;
}

export const initialContactState = (): ContactState => ({ code: null, verified: null });

export function evolveContact(state: ContactState, event: ContactEvent): ContactState {
  switch (event.type) {
    case 'OtpIssued': {
      const { customerId, salt, codeHash, issuedAt, expiresAt } = event.data;
      return { ...state, code: { customerId, salt, codeHash, issuedAt: Date.parse(issuedAt), expiresAt: Date.parse(expiresAt), failedAttempts: 0 } };
    }
    case 'OtpAttemptFailed':
      return state.code ? { ...state, code: { ...state.code, failedAttempts: state.code.failedAttempts + 1 } } : state;
    case 'ContactVerified':
      return { code: null, verified: { customerId: event.data.customerId, until: Date.parse(event.data.verifiedUntil) } };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const contactAggregate = { initialState: initialContactState, evolve: evolveContact };

/** A new code, unless the last one was sent less than 29 seconds ago (429). */
export function issueOtp(command: { customerId: string; salt: string; codeHash: string; now: Date }, state: ContactState): ContactEvent[] {
  const now = command.now.getTime();
  if (state.code !== null) {
    const waitMs = state.code.issuedAt + limits.otpResendSeconds * 1000 - now;
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new TooManyRequestsError(messages.server.otpResendTooSoon(seconds), seconds);
    }
  }
  return [{
    type: 'OtpIssued',
    data: {
      customerId: command.customerId, salt: command.salt, codeHash: command.codeHash,
      issuedAt: command.now.toISOString(), expiresAt: new Date(now + OTP_LIFETIME_MS).toISOString(),
    },
  }];
}

/**
 * Checks a code: `hashOf(salt)` hashes the code the guest typed with the stored salt.
 * A wrong code is recorded (OtpAttemptFailed); the fifth wrong one kills the code.
 */
export function verifyOtp(command: { customerId: string; hashOf: (salt: string) => string; now: Date }, state: ContactState): ContactEvent[] {
  const code = state.code;
  if (code === null || code.customerId !== command.customerId || command.now.getTime() > code.expiresAt) {
    throw new BadRequestError(messages.server.otpInvalid);
  }
  if (code.failedAttempts >= MAX_OTP_ATTEMPTS) throw new TooManyRequestsError(messages.server.otpExhausted);
  if (!constantTimeEqual(command.hashOf(code.salt), code.codeHash)) {
    return [{ type: 'OtpAttemptFailed', data: { customerId: command.customerId } }];
  }
  return [{ type: 'ContactVerified', data: { customerId: command.customerId, verifiedUntil: new Date(command.now.getTime() + VERIFIED_FOR_MS).toISOString() } }];
}

export const isVerifiedFor = (state: ContactState, customerId: string, now: Date): boolean =>
  state.verified !== null && state.verified.customerId === customerId && state.verified.until >= now.getTime();

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
