/**
 * The guest aggregate (stream `guest-{customerId}`): the limits that span all of a
 * guest's contacts and bookings. Codes go to at most 10 distinct contacts in any 24
 * hours (a guest cannot make the product text strangers), and a guest holds at most 10
 * upcoming bookings (one guest cannot take every unit of a listing for months). Appends
 * here go at the revision read, so parallel requests of one guest cannot pass a limit.
 */
import { isUpcomingStay, limits, messages, type GuestEvent } from '@stays/contracts';
import { ConflictError, TooManyRequestsError } from '@stays/service-kit';
import { DAY_MS } from './contact.ts';

export interface GuestState {
  /** Contact key → when the guest last asked a code for it (ms), within 24 hours of the latest. */
  readonly contactsUsed: ReadonlyMap<string, number>;
  /** Booking → its last night (YYYY-MM-DD), for every booking the guest holds. */
  readonly heldBookings: ReadonlyMap<string, string>;
}

export const initialGuestState = (): GuestState => ({ contactsUsed: new Map(), heldBookings: new Map() });

export function evolveGuest(state: GuestState, event: GuestEvent): GuestState {
  switch (event.type) {
    case 'GuestContactUsed': {
      const at = Date.parse(event.data.usedAt);
      const contactsUsed = new Map([...state.contactsUsed].filter(([, time]) => time > at - DAY_MS));
      contactsUsed.set(event.data.contactHash, at);
      return { ...state, contactsUsed };
    }
    case 'GuestBookingHeld':
      return { ...state, heldBookings: new Map(state.heldBookings).set(event.data.bookingID, event.data.lastNight) };
    case 'GuestBookingReleased': {
      const heldBookings = new Map(state.heldBookings);
      heldBookings.delete(event.data.bookingID);
      return { ...state, heldBookings };
    }
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const guestAggregate = { initialState: initialGuestState, evolve: evolveGuest };

/** Records that the guest asks a code for a contact; refuses (429) an 11th distinct contact within 24 hours. */
export function useContact(command: { customerId: string; contactHash: string; now: Date }, state: GuestState): GuestEvent[] {
  const now = command.now.getTime();
  const recent = [...state.contactsUsed].filter(([, time]) => time > now - DAY_MS);
  const isNew = !recent.some(([contact]) => contact === command.contactHash);
  if (isNew && recent.length >= limits.otpContactsPerGuestPerDay) {
    const freeAgainAt = Math.min(...recent.map(([, time]) => time)) + DAY_MS;
    throw new TooManyRequestsError(messages.server.otpTooManyContacts(limits.otpContactsPerGuestPerDay), Math.max(1, Math.ceil((freeAgainAt - now) / 1000)));
  }
  return [{ type: 'GuestContactUsed', data: { customerId: command.customerId, contactHash: command.contactHash, usedAt: command.now.toISOString() } }];
}

/** The bookings the guest holds whose stay is not over yet. */
const upcomingBookings = (state: GuestState, now: Date): string[] =>
  [...state.heldBookings].filter(([, lastNight]) => isUpcomingStay(lastNight, now)).map(([bookingID]) => bookingID);

/** Takes one of the guest's upcoming-booking places for a new booking; refuses (409) the 11th. */
export function holdBooking(command: { customerId: string; bookingID: string; lastNight: string; now: Date }, state: GuestState): GuestEvent[] {
  if (state.heldBookings.has(command.bookingID)) return [];
  if (upcomingBookings(state, command.now).length >= limits.upcomingBookingsPerGuest) {
    throw new ConflictError(messages.server.tooManyUpcomingBookings(limits.upcomingBookingsPerGuest));
  }
  return [{ type: 'GuestBookingHeld', data: { customerId: command.customerId, bookingID: command.bookingID, lastNight: command.lastNight } }];
}

/** Gives the place back (a cancelled booking, or one that never came to be); nothing when it holds none. */
export function releaseBooking(command: { customerId: string; bookingID: string }, state: GuestState): GuestEvent[] {
  if (!state.heldBookings.has(command.bookingID)) return [];
  return [{ type: 'GuestBookingReleased', data: { customerId: command.customerId, bookingID: command.bookingID } }];
}
