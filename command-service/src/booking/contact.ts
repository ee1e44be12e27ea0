/**
 * The contact aggregate (stream `contact-{keyed digest of email|national number}`): the OTP
 * issued for an email and phone, its wrong tries, and who verified them until when.
 * Wrong tries are counted per code (the fifth kills it) and per contact over any 24
 * hours, across resends, so asking for a new code never buys more guesses. The decisions
 * on it are in sending-otp/, verifying-contact/ and placing-booking/.
 */
import { contactEventTypes, limits, type ContactEvent } from '@stays/contracts';

export const OTP_LIFETIME_MS = 10 * 60 * 1000;
export const VERIFIED_FOR_MS = 30 * 60 * 1000;
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

const initialContactState = (): ContactState => ({ code: null, recentFailures: [], verified: null });

function evolveContact(state: ContactState, event: ContactEvent): ContactState {
  switch (event.type) {
    case 'OtpIssued': {
      const { customerId, salt, codeHash, issuedAt, expiresAt } = event.data;
      return { ...state, code: { customerId, salt, codeHash, issuedAt: Date.parse(issuedAt), expiresAt: Date.parse(expiresAt), failedAttempts: 0 } };
    }
    case 'OtpAttemptFailed': {
      const at = Date.parse(event.data.failedAt);
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

export const contactAggregate = { initialState: initialContactState, evolve: evolveContact, eventTypes: contactEventTypes };

/**
 * Seconds until the contact may try a code again, once it has made its wrong tries of the
 * last 24 hours (a day after the first of them); 0 while tries remain.
 */
export function secondsUntilTriesAreBack(state: ContactState, now: number): number {
  const window = state.recentFailures.filter((time) => time > now - DAY_MS);
  if (window.length < limits.otpWrongTriesPerContactPerDay) return 0;
  const freeAgainAt = window[window.length - limits.otpWrongTriesPerContactPerDay]! + DAY_MS;
  return Math.max(1, Math.ceil((freeAgainAt - now) / 1000));
}
