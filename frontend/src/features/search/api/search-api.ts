/** Hotel search (public, no token). Room filters go to the room search call. */
import { pathOf, routes, type Envelope } from '@stays/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { successful } from '../../../lib/envelope.ts';
import type { Hotel } from '../../../lib/models.ts';

export type SearchQuery = Readonly<Record<string, string>>;

export interface SearchApi {
  searchHotels(query: SearchQuery, signal?: AbortSignal): Promise<Hotel[]>;
  searchRooms(query: SearchQuery, signal?: AbortSignal): Promise<Hotel[]>;
}

export const searchApi: SearchApi = {
  searchHotels: async (query, signal) => successful(await apiClient.get<Envelope<Hotel[]>>(pathOf(routes.searchHotels), { params: query, signal })).data,
  searchRooms: async (query, signal) => successful(await apiClient.get<Envelope<Hotel[]>>(pathOf(routes.searchRooms), { params: query, signal })).data,
};
