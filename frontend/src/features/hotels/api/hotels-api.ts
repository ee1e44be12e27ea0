/** Public hotel and room reads (no token, spec section 6). */
import { pathOf, routes, type Envelope } from '@stays/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { successful } from '../../../lib/envelope.ts';
import type { Hotel, Room } from '../../../lib/models.ts';

export interface HotelsApi {
  allHotels(signal?: AbortSignal): Promise<Hotel[]>;
  hotel(hotelID: string, signal?: AbortSignal): Promise<Hotel>;
  rooms(hotelID: string, signal?: AbortSignal): Promise<Room[]>;
}

export const hotelsApi: HotelsApi = {
  allHotels: async (signal) => successful(await apiClient.get<Envelope<Hotel[]>>(pathOf(routes.allHotels), { signal })).data,
  hotel: async (hotelID, signal) => successful(await apiClient.get<Envelope<Hotel>>(pathOf(routes.hotel, { hotelID }), { signal })).data,
  rooms: async (hotelID, signal) => successful(await apiClient.get<Envelope<Room[]>>(pathOf(routes.hotelRooms, { hotelID }), { signal })).data,
};
