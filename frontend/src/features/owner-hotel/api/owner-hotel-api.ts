/** The owner's hotel: its id (bearer read), the hotel itself, the multipart create and update calls, and its cancellation policy. */
import { pathOf, routes, type CancellationPolicy, type Envelope } from '@stays/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { successful } from '../../../lib/envelope.ts';
import type { Hotel } from '../../../lib/models.ts';

export interface OwnerHotelApi {
  /** The signed-in owner's hotel id, or null before the owner adds one. */
  ownerHotelId(signal?: AbortSignal): Promise<string | null>;
  hotel(hotelID: string, signal?: AbortSignal): Promise<Hotel>;
  createHotel(form: FormData): Promise<{ data: { _id: string }; message: string }>;
  updateHotel(hotelID: string, form: FormData): Promise<{ data: { _id: string }; message: string }>;
  setCancellationPolicy(hotelID: string, policy: CancellationPolicy): Promise<{ message: string }>;
}

export const ownerHotelApi: OwnerHotelApi = {
  ownerHotelId: async (signal) => successful(await apiClient.get<Envelope<string | null>>(pathOf(routes.ownerHotelId), { signal, bearer: true })).data,
  hotel: async (hotelID, signal) => successful(await apiClient.get<Envelope<Hotel>>(pathOf(routes.hotel, { hotelID }), { signal })).data,
  createHotel: async (form) => successful(await apiClient.post<Envelope<{ _id: string }>>(pathOf(routes.createHotel), form)),
  updateHotel: async (hotelID, form) => successful(await apiClient.patch<Envelope<{ _id: string }>>(pathOf(routes.updateHotel, { hotelID }), form)),
  setCancellationPolicy: async (hotelID, policy) =>
    successful(await apiClient.post<Envelope<{ policy: CancellationPolicy }>>(pathOf(routes.setCancellationPolicy, { hotelID }), policy)),
};
