/** Hotel search (public, no token). Room filters go to the room search call. */
import { pathOf, routes, type Envelope, type QueryTextOf } from '@stays/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { successful } from '../../../lib/envelope.ts';
import type { Hotel } from '../../../lib/models.ts';

/** A search as query text: the keys of the room search call's schema, which takes every key of the hotel search call too. */
export type SearchQuery = QueryTextOf<typeof routes.searchRooms>;

export interface SearchApi {
  searchHotels(query: QueryTextOf<typeof routes.searchHotels>, signal?: AbortSignal): Promise<Hotel[]>;
  searchRooms(query: SearchQuery, signal?: AbortSignal): Promise<Hotel[]>;
}

export const searchApi: SearchApi = {
  searchHotels: async (query, signal) => successful(await apiClient.get<Envelope<Hotel[]>>(pathOf(routes.searchHotels), { params: query, signal })).data,
  searchRooms: async (query, signal) => successful(await apiClient.get<Envelope<Hotel[]>>(pathOf(routes.searchRooms), { params: query, signal })).data,
};
