/**
 * Hotel search as MongoDB filters: the same query runs on MongoDB and the embedded
 * store. The search term is matched as plain text: it is escaped before it becomes a
 * regular expression, so `.*`, `(` or `$where`-looking input is just text.
 */
import type { HotelSearchQuery, RoomSearchQuery } from '@stays/contracts';
import type { Filter, Sort } from '@stays/read-store';

const escapeRegExp = (text: string): string => text.replace(/[.*+?^${}()|[\]\\/-]/g, '\\$&');

export function hotelFilter(query: HotelSearchQuery): Filter {
  const filter: Filter = {};
  const term = query.searchTerm?.toLowerCase();
  if (term) filter.searchText = { $regex: escapeRegExp(term) };
  const price: Record<string, number> = {};
  if (query.minPrice !== undefined) price.$gte = query.minPrice;
  const upper = [query.maxPrice, query.startingPrice].filter((value): value is number => value !== undefined);
  if (upper.length > 0) price.$lte = Math.min(...upper);
  if (Object.keys(price).length > 0) filter.startingPrice = price;
  return filter;
}

/** The room conditions of a room search, or null when it has none. */
export function roomFilter(query: RoomSearchQuery): Filter | null {
  const filter: Filter = {};
  if (query.roomType?.length) filter.roomType = { $in: query.roomType };
  if (query.bedType?.length) filter.bedType = { $in: query.bedType };
  if (query.pricePerNight !== undefined) filter.pricePerNight = { $lte: query.pricePerNight };
  if (query.furnished === true) filter.furnished = true;
  if (query.hasKitchen === true) filter.hasKitchen = true;
  return Object.keys(filter).length > 0 ? filter : null;
}

/** Newest first by default; ties broken by id so pages never overlap. */
export const hotelSort = (query: Pick<HotelSearchQuery, 'sort' | 'order'>): Sort => ({ [query.sort]: query.order === 'asc' ? 1 : -1, _id: 1 });
