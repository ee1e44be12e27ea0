/** What a hotel read answers: the read model without its internal fields, plus the room types it offers. */
import { ROOM_TYPES, type RoomType } from '@stays/contracts';
import type { HotelDocument, RoomDocument } from '@stays/projections';
import type { MediaLinks } from '@stays/service-kit';

/** Fields the read model keeps for itself; never sent (the owner's account id is nobody else's business). */
export const INTERNAL_HOTEL_FIELDS = { searchText: 0, _position: 0, ownerId: 0 } as const;

/**
 * Search answers list hotels as result cards need them: everything but the description
 * and the nearby place lists, which only the hotel page shows (GET specific/{hotelID}).
 * It keeps a page of 100 hotels small enough to serve a thousand times a second.
 */
export const SEARCH_RESULT_FIELDS = {
  ...INTERNAL_HOTEL_FIELDS, description: 0, restaurants: 0, cinemaHalls: 0, famousTouristPlaces: 0, transportationFacilities: 0,
} as const;

export type HotelView = Omit<HotelDocument, 'searchText' | 'roomTypesByRoom' | '_position' | 'ownerId'> & { roomTypes: RoomType[] };

/** Image links are answered absolute, on the configured public address. */
export function hotelView(document: HotelDocument, links: MediaLinks): HotelView {
  const { roomTypesByRoom, searchText: _searchText, _position, ownerId: _ownerId, ...hotel } = document;
  const offered = new Set(Object.values(roomTypesByRoom ?? {}));
  return { ...hotel, imageURLs: links.absoluteAll(hotel.imageURLs ?? []), roomTypes: ROOM_TYPES.filter((type) => offered.has(type)) };
}

export function roomView<T extends Pick<RoomDocument, 'imageURLs'>>(room: T, links: MediaLinks): T {
  return { ...room, imageURLs: links.absoluteAll(room.imageURLs ?? []) };
}
