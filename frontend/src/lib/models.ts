/** Read shapes the screens use, built from the contracts' domain types. */
import type { CancellationPolicy, HotelAvailability, HotelDetails, PriceCategory, RoomDetails, RoomType } from '@stays/contracts';

/** A hotel as the hotel reads answer it. */
export interface Hotel extends HotelDetails {
  readonly _id: string;
  readonly priceCategory?: PriceCategory;
  /** Which kinds of listing the hotel offers (Room, Flat). */
  readonly roomTypes?: readonly RoomType[];
  readonly created_at?: string;
  /** The hotel page's answer carries it (search cards do not): bookings placed now are made under it. */
  readonly cancellationPolicy?: CancellationPolicy;
  /** In a search for a stay: what of the hotel can be booked for it. */
  readonly availability?: HotelAvailability;
}

/** A room or flat listing of a hotel. */
export interface Room extends RoomDetails {
  readonly _id: string;
  readonly hotelID: string;
  readonly hotelName: string;
}

export type LoadStatus = 'idle' | 'loading' | 'succeeded' | 'failed';

/** Normalises a list into `{byId, ids}`. */
export function normalise<T extends { _id: string }>(list: readonly T[]): { byId: Record<string, T>; ids: string[] } {
  const byId: Record<string, T> = {};
  for (const item of list) byId[item._id] = item;
  return { byId, ids: list.map((item) => item._id) };
}
