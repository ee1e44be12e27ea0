/** What a hotel read answers: the read model without its internal fields, plus the room types it offers. */
import { ROOM_TYPES, type RoomType } from '@stays/contracts';
import type { HotelDocument } from '@stays/projections';

/** Fields the read model keeps for itself; never sent. */
export const INTERNAL_HOTEL_FIELDS = { searchText: 0, _position: 0 } as const;

export type HotelView = Omit<HotelDocument, 'searchText' | 'roomTypesByRoom' | '_position'> & { roomTypes: RoomType[] };

export function hotelView(document: HotelDocument): HotelView {
  const { roomTypesByRoom, searchText: _searchText, _position, ...hotel } = document;
  const offered = new Set(Object.values(roomTypesByRoom ?? {}));
  return { ...hotel, roomTypes: ROOM_TYPES.filter((type) => offered.has(type)) };
}
