/** The owner's rooms: the hotel's room list, one room for the update form (bearer), add and update (multipart). */
import { pathOf, routes, type Envelope } from '@stays/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { successful } from '../../../lib/envelope.ts';
import type { Room } from '../../../lib/models.ts';

export interface OwnerRoomsApi {
  rooms(hotelID: string, signal?: AbortSignal): Promise<Room[]>;
  room(hotelID: string, roomID: string, signal?: AbortSignal): Promise<Room>;
  createRoom(form: FormData): Promise<{ data: { _id: string }; message: string }>;
  updateRoom(hotelID: string, roomID: string, form: FormData): Promise<{ data: { _id: string }; message: string }>;
}

export const ownerRoomsApi: OwnerRoomsApi = {
  rooms: async (hotelID, signal) => successful(await apiClient.get<Envelope<Room[]>>(pathOf(routes.hotelRooms, { hotelID }), { signal })).data,
  room: async (hotelID, roomID, signal) =>
    successful(await apiClient.get<Envelope<Room>>(pathOf(routes.ownerRoom, { hotelID, roomID }), { signal, bearer: true })).data,
  createRoom: async (form) => successful(await apiClient.post<Envelope<{ _id: string }>>(pathOf(routes.createRoom), form)),
  updateRoom: async (hotelID, roomID, form) =>
    successful(await apiClient.patch<Envelope<{ _id: string }>>(pathOf(routes.updateRoom, { hotelID, roomID }), form)),
};
