/**
 * A guest's stay (check-in, nights, rooms, guests) in an address and back. Pages keep it in
 * the query string: `checkIn` with `checkOut` (or `nights`), `rooms` and `guests`; the spec's
 * single `date` (one night) still reads. A stale or out-of-range check-in moves into the
 * bookable range (contracts: `bookableCommencement`), and the caller may say so. DOM-free.
 */
import { bookableCommencement, checkOutOf, limits, nightsBetween, type Stay } from '@stays/contracts';

/** The keys of a stay in a query string, the spec's `date` among them. */
export const STAY_PARAM_KEYS = ['date', 'checkIn', 'checkOut', 'nights', 'rooms', 'guests'] as const;

/** One night, one room, one guest from `checkIn`: the spec's '1 Room, 1 Guest'. */
export const defaultStay = (checkIn: string): Stay => ({ checkIn, nights: 1, rooms: 1, guests: 1 });

/** Whether the query string names a stay at all. */
export const namesStay = (params: URLSearchParams): boolean => STAY_PARAM_KEYS.some((key) => params.has(key));

/** A whole number from 1 to `max` in the text, else 1. */
function count(text: string | null, max: number): number {
  const value = Number(text);
  return Number.isInteger(value) && value >= limits.minRoomsGuestsNights ? Math.min(value, max) : limits.minRoomsGuestsNights;
}

export interface StayFromAddress {
  readonly stay: Stay;
  /** The check-in the address asked for (`checkIn`, else `date`), null when none. */
  readonly wished: string | null;
  /** The asked check-in could not be booked and was moved into range. */
  readonly moved: boolean;
}

/** The stay a query string names; what it leaves out is one night, one room, one guest from the earliest bookable day. */
export function stayFromParams(params: URLSearchParams, now: Date): StayFromAddress {
  const wished = params.get('checkIn') ?? params.get('date');
  const start = bookableCommencement(wished, now);
  let nights = count(params.get('nights'), limits.maxNightsPerBooking);
  const checkOut = params.get('checkOut');
  if (!params.has('nights') && checkOut !== null && wished !== null) {
    const between = nightsBetween(wished, checkOut);
    if (Number.isInteger(between) && between >= limits.minRoomsGuestsNights) nights = Math.min(between, limits.maxNightsPerBooking);
  }
  return {
    stay: {
      checkIn: start.date,
      nights,
      rooms: count(params.get('rooms'), limits.maxRoomsPerBooking),
      guests: count(params.get('guests'), limits.maxGuestsPerBooking),
    },
    wished,
    moved: start.moved,
  };
}

/** The stay as query keys: check-in, check-out, rooms and guests. */
export const stayParams = (stay: Stay): Record<'checkIn' | 'checkOut' | 'rooms' | 'guests', string> => ({
  checkIn: stay.checkIn,
  checkOut: checkOutOf(stay),
  rooms: String(stay.rooms),
  guests: String(stay.guests),
});

/** `?checkIn=…&checkOut=…&rooms=…&guests=…` for links. */
export const stayQueryString = (stay: Stay): string => new URLSearchParams(stayParams(stay)).toString();

/** The query string with its stay keys replaced by `stay`'s. */
export function withStay(search: string, stay: Stay): string {
  const params = new URLSearchParams(search);
  for (const key of STAY_PARAM_KEYS) params.delete(key);
  for (const [key, value] of Object.entries(stayParams(stay))) params.set(key, value);
  return params.toString();
}

/** One text per stay, to tell one availability answer from another. */
export const stayKey = (stay: Stay): string => `${stay.checkIn}/${stay.nights}/${stay.rooms}/${stay.guests}`;

export const sameStay = (a: Stay, b: Stay): boolean => stayKey(a) === stayKey(b);

/** The stay a `stayKey` names (selectors memoise on the key, not on a stay object made anew each render). */
export function stayOfKey(key: string): Stay {
  const [checkIn = '', nights, rooms, guests] = key.split('/');
  return { checkIn, nights: Number(nights), rooms: Number(rooms), guests: Number(guests) };
}

/** The stay for a check-in and a check-out picked on a calendar: nights between them, 1 to 30. */
export function stayWithDates(stay: Stay, checkIn: string, checkOut: string): Stay {
  const between = nightsBetween(checkIn, checkOut);
  const nights = Number.isInteger(between) ? Math.min(Math.max(between, limits.minRoomsGuestsNights), limits.maxNightsPerBooking) : stay.nights;
  return { ...stay, checkIn, nights };
}
