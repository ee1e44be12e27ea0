/**
 * The /search-hotel query string (spec section 2) ⇄ the search calls. DOM-free.
 * Default sort is created_at, descending (spec section 4).
 */
import { namesStay, stayFromParams, stayParams } from '../../lib/stay.ts';
import type { SearchQuery } from './api/search-api.ts';

type SearchKey = keyof SearchQuery;
const HOTEL_QUERY_KEYS = ['searchTerm', 'minPrice', 'maxPrice', 'startingPrice', 'sort', 'order'] as const satisfies readonly SearchKey[];
const ROOM_QUERY_KEYS = ['bedType', 'roomType', 'pricePerNight', 'furnished', 'hasKitchen'] as const satisfies readonly SearchKey[];
const DEFAULT_SORT = { sort: 'created_at', order: 'desc' } as const;

/**
 * The non-empty search keys of a query string, with the default sort filled in. A stay in it
 * (check-in with check-out or nights, rooms, guests; the spec's `date` too) is sent as
 * check-in, check-out, rooms and guests, its check-in moved into the bookable range.
 */
export function searchQueryOf(search: string, now: Date = new Date()): SearchQuery {
  const params = new URLSearchParams(search);
  const query: { -readonly [K in SearchKey]?: string } = {};
  for (const key of [...HOTEL_QUERY_KEYS, ...ROOM_QUERY_KEYS]) {
    const value = params
      .getAll(key)
      .filter((v) => v.trim() !== '')
      .join(',');
    if (value !== '') query[key] = value;
  }
  if (namesStay(params)) Object.assign(query, stayParams(stayFromParams(params, now).stay));
  query.sort ??= DEFAULT_SORT.sort;
  query.order ??= DEFAULT_SORT.order;
  return query;
}

/** Room filters present: the room search call answers (it takes the hotel filters too). */
export const usesRoomSearch = (query: SearchQuery): boolean => ROOM_QUERY_KEYS.some((key) => query[key] !== undefined && query[key] !== 'false');

/** The query string for a query: empty values dropped. */
export function searchStringOf(query: Readonly<Record<string, string | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value.trim() !== '') params.set(key, value);
  return params.toString();
}
