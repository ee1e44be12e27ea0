/** Public hotel and room reads (no token, spec section 6). */
import { pathOf, routes, type Envelope, type ListingAvailability, type Stay } from '@stays/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { fetchAvailability } from '../../../lib/availability-api.ts';
import { successful } from '../../../lib/envelope.ts';
import type { Hotel, Room } from '../../../lib/models.ts';

export interface HotelsApi {
  allHotels(signal?: AbortSignal): Promise<Hotel[]>;
  hotel(hotelID: string, signal?: AbortSignal): Promise<Hotel>;
  rooms(hotelID: string, signal?: AbortSignal): Promise<Room[]>;
  /** Each listing of the hotel for a stay: free units night by night, bookable, the price, the nearest check-in when full. */
  availability(hotelID: string, stay: Stay, signal?: AbortSignal): Promise<ListingAvailability[]>;
}

export const hotelsApi: HotelsApi = {
  allHotels: async (signal) => successful(await apiClient.get<Envelope<Hotel[]>>(pathOf(routes.allHotels), { signal })).data,
  hotel: async (hotelID, signal) => successful(await apiClient.get<Envelope<Hotel>>(pathOf(routes.hotel, { hotelID }), { signal })).data,
  rooms: async (hotelID, signal) => successful(await apiClient.get<Envelope<Room[]>>(pathOf(routes.hotelRooms, { hotelID }), { signal })).data,
  availability: fetchAvailability,
};
