/**
 * The guest aggregate (stream `guest-{customerId}`): the limits that span all of a
 * guest's contacts and bookings. Codes go to at most 10 distinct contacts in any 24
 * hours (a guest cannot make the product text strangers); at most 20 wrong codes over
 * all contacts in any 24 hours (a guest stopped on one contact cannot go on guessing on
 * others); and a guest holds at most 10 upcoming bookings (one guest cannot take every
 * unit of a listing for months). Appends here go at the revision read, so parallel
 * requests of one guest cannot pass the contact and booking limits.
 * The decisions on it are in sending-otp/, verifying-contact/, placing-booking/ and giving-back/.
 */
import { guestEventTypes, limits, stayIsNotOver, type GuestEvent } from '@stays/contracts';
import { DAY_MS, addWithinDay, secondsUntilUnderDailyLimit } from './daily-window.ts';

export interface GuestState {
  /** Contact key → when the guest last asked a code for it (ms), within 24 hours of the latest. */
  readonly contactsUsed: ReadonlyMap<string, number>;
  /** When the guest typed a wrong code, for any contact, within 24 hours of the latest (ms, oldest first). */
  readonly wrongTries: readonly number[];
  /** Booking → its last night (YYYY-MM-DD), for every booking the guest holds. */
  readonly heldBookings: ReadonlyMap<string, string>;
}

// Stryker disable next-line ArrayDeclaration: a non-number in a daily window never counts (withinDay compares it false) and drops at the next try
const initialGuestState = (): GuestState => ({ contactsUsed: new Map(), wrongTries: [], heldBookings: new Map() });

function evolveGuest(state: GuestState, event: GuestEvent): GuestState {
  switch (event.type) {
    case 'GuestContactUsed': {
      const at = Date.parse(event.data.usedAt);
      const contactsUsed = new Map([...state.contactsUsed].filter(([, time]) => time > at - DAY_MS));
      contactsUsed.set(event.data.contactHash, at);
      return { ...state, contactsUsed };
    }
    case 'GuestOtpAttemptFailed':
      return { ...state, wrongTries: addWithinDay(state.wrongTries, Date.parse(event.data.failedAt)) };
    case 'GuestBookingHeld':
      return { ...state, heldBookings: new Map(state.heldBookings).set(event.data.bookingID, event.data.lastNight) };
    case 'GuestBookingReleased': {
      const heldBookings = new Map(state.heldBookings);
      heldBookings.delete(event.data.bookingID);
      return { ...state, heldBookings };
    }
    // Stryker disable next-line ConditionalExpression,BlockStatement: unreachable, the type checker proves the switch covers every event
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const guestAggregate = { initialState: initialGuestState, evolve: evolveGuest, eventTypes: guestEventTypes };

/** The bookings the guest holds whose stay is not over yet. */
export const upcomingBookings = (state: GuestState, now: Date): string[] =>
  [...state.heldBookings].filter(([, lastNight]) => stayIsNotOver(lastNight, now)).map(([bookingID]) => bookingID);

/**
 * Seconds until the guest may try codes again, on any contact, once they made their wrong
 * tries of the last 24 hours (a day after the first of them); 0 while tries remain.
 */
export const secondsUntilGuestTriesAreBack = (state: GuestState, now: number): number =>
  secondsUntilUnderDailyLimit(state.wrongTries, limits.otpWrongTriesPerGuestPerDay, now);
