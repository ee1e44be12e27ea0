/**
 * The /search-hotel query string (spec section 2) ⇄ the search calls. DOM-free.
 * Default sort is created_at, descending (spec section 4).
 */
const HOTEL_QUERY_KEYS = ['searchTerm', 'minPrice', 'maxPrice', 'startingPrice', 'sort', 'order'] as const;
const ROOM_QUERY_KEYS = ['bedType', 'roomType', 'pricePerNight', 'furnished', 'hasKitchen'] as const;
const DEFAULT_SORT = { sort: 'created_at', order: 'desc' } as const;

/** The non-empty search keys of a query string, with the default sort filled in. */
export function searchQueryOf(search: string): Record<string, string> {
  const params = new URLSearchParams(search);
  const query: Record<string, string> = {};
  for (const key of [...HOTEL_QUERY_KEYS, ...ROOM_QUERY_KEYS]) {
    const value = params.getAll(key).filter((v) => v.trim() !== '').join(',');
    if (value !== '') query[key] = value;
  }
  query.sort ??= DEFAULT_SORT.sort;
  query.order ??= DEFAULT_SORT.order;
  return query;
}

/** Room filters present: the room search call answers (it takes the hotel filters too). */
export const usesRoomSearch = (query: Readonly<Record<string, string>>): boolean =>
  ROOM_QUERY_KEYS.some((key) => query[key] !== undefined && query[key] !== 'false');

/** The query string for a query: empty values dropped. */
export function searchStringOf(query: Readonly<Record<string, string | undefined>>): string {
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) if (value !== undefined && value.trim() !== '') params.set(key, value);
  return params.toString();
}
