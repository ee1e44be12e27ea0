/**
 * The contact aggregate (stream `contact-{sha256(email|national number)}`): the OTP
 * issued for an email and phone, its wrong tries, and who verified them until when.
 * Wrong tries are counted per code (the fifth kills it) and per contact over any 24
 * hours, across resends, so asking for a new code never buys more guesses.
 */
import { limits, messages, nameForMessages, type ContactEvent } from '@stays/contracts';
import { BadRequestError, TooManyRequestsError } from '@stays/service-kit';

const OTP_LIFETIME_MS = 10 * 60 * 1000;
const VERIFIED_FOR_MS = 30 * 60 * 1000;
export const DAY_MS = 24 * 60 * 60 * 1000;

export interface ContactState {
  readonly code: {
    readonly customerId: string;
    readonly salt: string;
    readonly codeHash: string;
    readonly issuedAt: number;
    readonly expiresAt: number;
    readonly failedAttempts: number;
  } | null;
  /** When the wrong tries of the 24 hours up to the latest one were made, in ms, oldest first. */
  readonly recentFailures: readonly number[];
  readonly verified: { readonly customerId: string; readonly until: number } | null;
}

export const initialContactState = (): ContactState => ({ code: null, recentFailures: [], verified: null });

export function evolveContact(state: ContactState, event: ContactEvent): ContactState {
  switch (event.type) {
    case 'OtpIssued': {
      const { customerId, salt, codeHash, issuedAt, expiresAt } = event.data;
      return { ...state, code: { customerId, salt, codeHash, issuedAt: Date.parse(issuedAt), expiresAt: Date.parse(expiresAt), failedAttempts: 0 } };
    }
    case 'OtpAttemptFailed': {
      // tries recorded before they carried a time count from their code's issue
      const at = event.data.failedAt !== undefined ? Date.parse(event.data.failedAt) : (state.code?.issuedAt ?? 0);
      const recentFailures = [...state.recentFailures.filter((time) => time > at - DAY_MS), at];
      return { ...state, recentFailures, code: state.code ? { ...state.code, failedAttempts: state.code.failedAttempts + 1 } : null };
    }
    case 'ContactVerified':
      return { ...state, code: null, verified: { customerId: event.data.customerId, until: Date.parse(event.data.verifiedUntil) } };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const contactAggregate = { initialState: initialContactState, evolve: evolveContact };

/** Refuses (429) while the contact has had its wrong tries for the last 24 hours; says when it may try again. */
function refuseWhenOutOfTries(state: ContactState, now: number): void {
  const window = state.recentFailures.filter((time) => time > now - DAY_MS);
  if (window.length < limits.otpWrongTriesPerContactPerDay) return;
  const freeAgainAt = window[window.length - limits.otpWrongTriesPerContactPerDay]! + DAY_MS;
  throw new TooManyRequestsError(messages.server.otpTooManyTriesToday, Math.max(1, Math.ceil((freeAgainAt - now) / 1000)));
}

/**
 * A new code, unless the last one was sent less than 29 seconds ago, or the contact has
 * used up its wrong tries for the day (429 either way).
 */
export function issueOtp(command: { customerId: string; salt: string; codeHash: string; now: Date }, state: ContactState): ContactEvent[] {
  const now = command.now.getTime();
  if (state.code !== null) {
    const waitMs = state.code.issuedAt + limits.otpResendSeconds * 1000 - now;
    if (waitMs > 0) {
      const seconds = Math.ceil(waitMs / 1000);
      throw new TooManyRequestsError(messages.server.otpResendTooSoon(seconds), seconds);
    }
  }
  refuseWhenOutOfTries(state, now);
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
 * A wrong code is recorded (OtpAttemptFailed); the fifth wrong one kills the code, and
 * the tenth of a day stops every try on this contact until a day after the first.
 */
export function verifyOtp(command: { customerId: string; hashOf: (salt: string) => string; now: Date }, state: ContactState): ContactEvent[] {
  const code = state.code;
  const now = command.now.getTime();
  if (code === null || code.customerId !== command.customerId || now > code.expiresAt) {
    throw new BadRequestError(messages.server.otpInvalid);
  }
  refuseWhenOutOfTries(state, now);
  if (code.failedAttempts >= limits.otpWrongTriesPerCode) throw new TooManyRequestsError(messages.server.otpExhausted);
  if (!constantTimeEqual(command.hashOf(code.salt), code.codeHash)) {
    return [{ type: 'OtpAttemptFailed', data: { customerId: command.customerId, failedAt: command.now.toISOString() } }];
  }
  return [verification(command.customerId, command.now)];
}

const verification = (customerId: string, now: Date): ContactEvent =>
  ({ type: 'ContactVerified', data: { customerId, verifiedUntil: new Date(now.getTime() + VERIFIED_FOR_MS).toISOString() } });

/**
 * Another reading of a number the guest just proved to hold ('+7 7012345678' is also
 * '+77 012345678'): that contact is verified for them as well, so a booking that sends
 * the national number matches whichever reading it is.
 */
export const verifyReading = (command: { customerId: string; now: Date }): ContactEvent[] => [verification(command.customerId, command.now)];

export const isVerifiedFor = (state: ContactState, customerId: string, now: Date): boolean =>
  state.verified !== null && state.verified.customerId === customerId && state.verified.until >= now.getTime();

/** The OTP message: the guest's name as plain, capped text (never a link), then the code. */
export const otpMessageText = (customerName: string, code: string): string =>
  `Dear ${nameForMessages(customerName) || 'guest'}, your Stays verification code is ${code}. It expires in 10 minutes. Do not share it with anyone.`;

function constantTimeEqual(a: string, b: string): boolean {
  if (a.length !== b.length) return false;
  let difference = 0;
  for (let i = 0; i < a.length; i++) difference |= a.charCodeAt(i) ^ b.charCodeAt(i);
  return difference === 0;
}
