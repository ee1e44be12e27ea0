/** What of a hotel is free for a stay (public, no token): one answer per listing. Shared by the hotel and booking features. */
import { pathOf, routes, type Envelope, type ListingAvailability, type Stay } from '@stays/contracts';
import { apiClient } from './api-client.ts';
import { successful } from './envelope.ts';

export async function fetchAvailability(hotelID: string, stay: Stay, signal?: AbortSignal): Promise<ListingAvailability[]> {
  const params = { checkIn: stay.checkIn, nights: String(stay.nights), rooms: String(stay.rooms), guests: String(stay.guests) };
  return successful(await apiClient.get<Envelope<ListingAvailability[]>>(pathOf(routes.roomAvailability, { hotelID }), { params, signal })).data;
}
