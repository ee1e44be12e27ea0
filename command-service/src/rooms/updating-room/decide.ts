/**
 * Updating a room listing: only the hotel's owner, only a room of that hotel. Sent fields
 * replace stored ones under the Flat-only rules; turning a Flat into a Room resets its
 * rooms and kitchen. `RoomUpdated` carries the whole resulting listing and the fields
 * that changed; an update that changes nothing records nothing.
 */
import { messages, type RoomDetails, type RoomEvent } from '@stays/contracts';
import { NotFound } from '../../domain-errors.ts';
import { ownedHotel, type HotelState } from '../../hotels/hotel.ts';
import { withFlatRules, type RoomInput } from '../flat-rules.ts';
import type { RoomState } from '../room.ts';

export interface UpdateRoom {
  readonly ownerId: string;
  readonly hotelId: string;
  readonly changes: Partial<RoomInput>;
}

export function updateRoom(command: UpdateRoom, { room, hotel }: { room: RoomState; hotel: HotelState }): RoomEvent[] {
  ownedHotel(hotel, command.ownerId);
  if (room.status !== 'listed' || room.hotelId !== command.hotelId) throw new NotFound(messages.server.roomNotFound);
  const before = room.details;
  const switchesToRoom = command.changes.roomType === 'Room' && before.roomType === 'Flat';
  const merged: RoomInput = {
    ...before,
    ...(switchesToRoom && { numberOfRooms: 1, hasKitchen: false }),
    ...command.changes,
  };
  const after = withFlatRules(merged, switchesToRoom ? undefined : before);
  const changedFields = (Object.keys(after) as (keyof RoomDetails)[]).filter((key) => JSON.stringify(after[key]) !== JSON.stringify(before[key]));
  if (changedFields.length === 0) return [];
  return [{ type: 'RoomUpdated', data: { roomId: room.roomId, hotelId: room.hotelId, ownerId: room.ownerId, ...after, changedFields } }];
}
