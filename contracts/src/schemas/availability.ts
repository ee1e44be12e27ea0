/**
 * What is free for a stay (GET hotel/room/availability/{hotelID}): the stay as guests pick
 * it (a check-in and a number of nights or a check-out, rooms and guests), and per listing
 * its free units night by night, whether it can be booked, and the price of the whole stay.
 */
import { z } from 'zod';
import { limits, nightsBetween, type RoomType, type StayQuote } from '../rules.ts';
import { validation } from '../messages.ts';
import { numberFrom, optional } from './fields.ts';
import { calendarDate } from './dates.ts';

const count = (max: number) => optional(numberFrom(limits.minRoomsGuestsNights, max, true)).default(1);

/** The keys of a stay, as a query string carries them. */
export const stayFields = {
  checkIn: optional(calendarDate),
  nights: optional(numberFrom(limits.minRoomsGuestsNights, limits.maxNightsPerBooking, true)),
  checkOut: optional(calendarDate),
  rooms: count(limits.maxRoomsPerBooking),
  guests: count(limits.maxGuestsPerBooking),
};

/** The stay keys' values after parsing. */
type StayKeys = { checkIn?: string | undefined; nights?: number | undefined; checkOut?: string | undefined; rooms: number; guests: number };

/**
 * The stay the keys name, or undefined when they name none (no check-in, no nights or
 * check-out): one night when only the check-in is sent. Problems are added to `context`
 * naming their key, and the stay is then undefined too.
 */
export function stayOf(keys: StayKeys, context: z.RefinementCtx, required: boolean): Stay | undefined {
  if (keys.checkIn === undefined) {
    if (required || keys.nights !== undefined || keys.checkOut !== undefined)
      context.addIssue({ code: 'custom', path: ['checkIn'], message: validation.required });
    return undefined;
  }
  let nights = keys.nights ?? 1;
  if (keys.checkOut !== undefined) {
    const between = nightsBetween(keys.checkIn, keys.checkOut);
    if (between < limits.minRoomsGuestsNights || between > limits.maxNightsPerBooking) {
      context.addIssue({ code: 'custom', path: ['checkOut'], message: validation.checkOutNights(limits.maxNightsPerBooking) });
      return undefined;
    }
    if (keys.nights !== undefined && keys.nights !== between) {
      context.addIssue({ code: 'custom', path: ['nights'], message: validation.nightsDoNotMatch });
      return undefined;
    }
    nights = between;
  }
  return { checkIn: keys.checkIn, nights, rooms: keys.rooms, guests: keys.guests };
}

/** A stay of a guest: where they sleep, how long, in how many rooms, how many of them. */
export interface Stay {
  readonly checkIn: string;
  readonly nights: number;
  readonly rooms: number;
  readonly guests: number;
}

/**
 * A stay: `checkIn` and either `nights` or `checkOut` (one night when neither), rooms and
 * guests (1 when left out). The bounds of booking apply: 1 to 30 nights, 10 rooms, 50 guests;
 * the check-in's own bounds (from tomorrow, within the horizon) depend on the day and are the
 * caller's to check (`stayStartProblem`).
 */
export const stayQuery = z.object(stayFields).transform((keys, context) => stayOf(keys, context, true) ?? z.NEVER);

/** One listing of a hotel for a stay. */
export interface ListingAvailability {
  readonly roomID: string;
  readonly roomType: RoomType;
  readonly roomStandard: string;
  /** Guests one unit sleeps. */
  readonly maxGuests: number;
  /** Each night of the stay with the units still free. */
  readonly nights: readonly { readonly date: string; readonly free: number }[];
  /** The fewest free units over the stay's nights. */
  readonly minFree: number;
  /** Enough units free every night for the rooms asked, and room for the guests. */
  readonly bookable: boolean;
  /** The whole stay, as booking would charge it. */
  readonly quote: StayQuote;
  /**
   * When the listing is full on a night of the stay but sleeps the guests: the nearest later
   * check-in from which it has the units for as many nights (within the booking horizon), or
   * null when none has; null too when it is bookable or cannot sleep the guests.
   */
  readonly nearestCheckIn: string | null;
}

/** A hotel in a search for a stay: what of it can be booked. */
export interface HotelAvailability {
  /** Its listings bookable for the whole stay (with the search's room conditions). */
  readonly bookableListings: number;
  /** The lowest payable amount of the stay among them, integer rupees. */
  readonly lowestPayableAmount: number;
  /** The fewest free units of any of them on any night of the stay ("Only N left"). */
  readonly fewestFree: number;
}
