/**
 * The contact aggregate (stream `contact-{keyed digest of email|national number}`): the OTPs issued
 * for an email and phone, their wrong tries, and who verified them until when.
 *
 * Everything here is kept per guest account: each guest has their own code (a stranger's
 * code never replaces the holder's), their own wrong tries (the fifth kills a code, the
 * tenth in 24 hours stops that guest on this contact, across resends) and their own
 * verification. Anyone can type someone else's email and phone, so nothing one guest
 * does to a contact may refuse another guest on it. The only state shared by all guests
 * is when the last code went out: codes reach a person at most every 29 seconds, whoever
 * asks, which bounds a message flood and makes the holder wait at most that long.
 * A code that neither the email nor the SMS carried is withdrawn as if never issued.
 * The decisions on it are in sending-otp/, verifying-contact/ and placing-booking/.
 */
import { contactEventTypes, limits, type ContactEvent } from '@stays/contracts';
import { addWithinDay, secondsUntilUnderDailyLimit } from './daily-window.ts';

export const OTP_LIFETIME_MS = 10 * 60 * 1000;
export const VERIFIED_FOR_MS = 30 * 60 * 1000;

export interface IssuedCode {
  readonly salt: string;
  readonly codeHash: string;
  readonly issuedAt: number;
  readonly expiresAt: number;
  readonly failedAttempts: number;
}

/** One guest's dealings with the contact; times in ms, oldest first, within 24 hours of the latest. */
export interface GuestOnContact {
  /** The guest's latest code, until it is used. */
  readonly code: IssuedCode | null;
  readonly codesIssued: readonly number[];
  readonly wrongTries: readonly number[];
  /** Until when the guest may book with this contact (ms); null before any verification. */
  readonly verifiedUntil: number | null;
}

export interface ContactState {
  /** Per guest (customerId). */
  readonly guests: ReadonlyMap<string, GuestOnContact>;
  /** When the latest code for this contact was issued, to any guest (ms). */
  readonly lastIssuedAt: number | null;
}

const initialContactState = (): ContactState => ({ guests: new Map(), lastIssuedAt: null });

// Stryker disable next-line ArrayDeclaration: a non-number in a daily window never counts (withinDay compares it false) and drops at the next code or try
const NEW_GUEST: GuestOnContact = { code: null, codesIssued: [], wrongTries: [], verifiedUntil: null };

export const guestOnContact = (state: ContactState, customerId: string): GuestOnContact => state.guests.get(customerId) ?? NEW_GUEST;

const withGuest = (state: ContactState, customerId: string, change: (guest: GuestOnContact) => GuestOnContact): ContactState => ({
  ...state,
  guests: new Map(state.guests).set(customerId, change(guestOnContact(state, customerId))),
});

/** `times` without one occurrence of `time`. */
function withoutOne(times: readonly number[], time: number): readonly number[] {
  const index = times.lastIndexOf(time);
  return index === -1 ? times : [...times.slice(0, index), ...times.slice(index + 1)];
}

function evolveContact(state: ContactState, event: ContactEvent): ContactState {
  switch (event.type) {
    case 'OtpIssued': {
      const { customerId, salt, codeHash } = event.data;
      const issuedAt = Date.parse(event.data.issuedAt);
      const code = { salt, codeHash, issuedAt, expiresAt: Date.parse(event.data.expiresAt), failedAttempts: 0 };
      return {
        ...withGuest(state, customerId, (guest) => ({ ...guest, code, codesIssued: addWithinDay(guest.codesIssued, issuedAt) })),
        lastIssuedAt: issuedAt,
      };
    }
    case 'OtpAttemptFailed': {
      const at = Date.parse(event.data.failedAt);
      return withGuest(state, event.data.customerId, (guest) => ({
        ...guest,
        wrongTries: addWithinDay(guest.wrongTries, at),
        code: guest.code ? { ...guest.code, failedAttempts: guest.code.failedAttempts + 1 } : null,
      }));
    }
    case 'ContactVerified':
      // the guest proved to hold the contact: their earlier slips on it no longer count
      return withGuest(state, event.data.customerId, (guest) => ({
        ...guest,
        code: null,
        // Stryker disable next-line ArrayDeclaration: as for NEW_GUEST above
        wrongTries: [],
        verifiedUntil: Date.parse(event.data.verifiedUntil),
      }));
    case 'OtpNotDelivered': {
      // the code reached no one: it is void, counts against no daily limit, and holds no one to the wait between codes
      // (the code before it, to any guest, went out at least that wait earlier)
      const issuedAt = Date.parse(event.data.issuedAt);
      const withdrawn = withGuest(state, event.data.customerId, (guest) => ({
        ...guest,
        code: guest.code?.issuedAt === issuedAt ? null : guest.code,
        codesIssued: withoutOne(guest.codesIssued, issuedAt),
      }));
      return state.lastIssuedAt === issuedAt ? { ...withdrawn, lastIssuedAt: null } : withdrawn;
    }
    // Stryker disable next-line ConditionalExpression,BlockStatement: unreachable, the type checker proves the switch covers every event
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const contactAggregate = { initialState: initialContactState, evolve: evolveContact, eventTypes: contactEventTypes };

/**
 * Seconds until the guest may try a code on this contact again, once they made their wrong
 * tries of the last 24 hours on it (a day after the first of them); 0 while tries remain.
 */
export const secondsUntilTriesAreBack = (guest: GuestOnContact, now: number): number =>
  secondsUntilUnderDailyLimit(guest.wrongTries, limits.otpWrongTriesPerGuestAndContactPerDay, now);
