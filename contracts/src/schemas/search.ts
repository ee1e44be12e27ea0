/**
 * Search queries (`/search-hotel` and the calls behind it). Query strings carry text;
 * numbers are numeric text, room types and bed types may be repeated or comma-separated
 * and in any case (`roomType=flat`).
 */
import { z } from 'zod';
import { BED_TYPES, ROOM_TYPES } from '../rules.ts';
import { choice, flag, numberFrom, optional, plainText } from './fields.ts';
import { stayFields, stayOf } from './availability.ts';

const SEARCH_SORT_KEYS = ['startingPrice', 'created_at'] as const;
/**
 * The spec's web client sorts by `createdAt` and `regularPrice` (its names for our
 * `created_at` and the starting price); any case of either spelling is accepted.
 */
const SEARCH_SORT_ALIASES = { createdat: 'created_at', regularprice: 'startingPrice' } as const;
const SEARCH_PAGE_SIZE = { default: 100, max: 500 } as const;

const price = optional(numberFrom(0, 100_000_000));
/**
 * An upper price bound of 0 is no bound: the spec's web client starts its price inputs
 * at 0 and sends them untouched, meaning "any price", not "free stays only".
 */
const upperPrice = price.transform((value) => (value === 0 ? undefined : value));
const listOf = <T extends z.ZodType>(item: T) =>
  z.preprocess(
    (value) =>
      typeof value === 'string'
        ? value
            .split(',')
            .map((part) => part.trim())
            .filter(Boolean)
        : value,
    z.array(item).max(10),
  );

const hotelSearchFields = {
  searchTerm: optional(plainText(100)),
  minPrice: price,
  maxPrice: upperPrice,
  /** Hotels whose starting price is at most this. */
  startingPrice: upperPrice,
  sort: optional(choice(SEARCH_SORT_KEYS, SEARCH_SORT_ALIASES)).default('created_at'),
  order: optional(choice(['asc', 'desc'] as const)).default('desc'),
  page: optional(numberFrom(1, 100_000, true)).default(1),
  limit: optional(numberFrom(1, SEARCH_PAGE_SIZE.max, true)).default(SEARCH_PAGE_SIZE.default),
};

const roomSearchFields = {
  roomType: optional(listOf(choice(ROOM_TYPES, { apartment: 'Flat' }))),
  bedType: optional(listOf(choice(BED_TYPES))),
  /** Rooms whose price per night is at most this. */
  pricePerNight: price,
  /** Only furnished rooms when true (false or absent: any). */
  furnished: flag,
  hasKitchen: flag,
};

/**
 * The stay keys become `stay` (undefined without a check-in: the search answers as it
 * always has, so the spec's client, which sends none, is answered as before).
 */
const withStay = <Query extends { checkIn?: string | undefined; nights?: number | undefined; checkOut?: string | undefined; rooms: number; guests: number }>(
  { checkIn, nights, checkOut, rooms, guests, ...rest }: Query,
  context: z.RefinementCtx,
) => {
  const stay = stayOf({ checkIn, nights, checkOut, rooms, guests }, context, false);
  return { ...rest, stay };
};

export const hotelSearchQuery = z.object({ ...hotelSearchFields, ...stayFields }).transform(withStay);
export type HotelSearchQuery = z.infer<typeof hotelSearchQuery>;

export const roomSearchQuery = z.object({ ...hotelSearchFields, ...roomSearchFields, ...stayFields }).transform(withStay);
export type RoomSearchQuery = z.infer<typeof roomSearchQuery>;

/** The page of a search answer, beside `data`. */
export interface Pagination {
  readonly total: number;
  readonly page: number;
  readonly limit: number;
}
