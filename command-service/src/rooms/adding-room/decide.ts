/**
 * Adding a room listing to a hotel: only the hotel's owner, while it is listed; the
 * Flat-only rules apply. One listing per type and standard is the unique key the handler
 * takes first (a second one is refused there).
 */
import { messages, type RoomEvent } from '@stays/contracts';
import { Conflict } from '../../domain-errors.ts';
import { ownedHotel, type HotelState } from '../../hotels/hotel.ts';
import { withFlatRules, type RoomInput } from '../flat-rules.ts';
import type { RoomState } from '../room.ts';

export interface AddRoom {
  readonly roomId: string;
  readonly ownerId: string;
  readonly details: RoomInput;
}

export function addRoom(command: AddRoom, { room, hotel }: { room: RoomState; hotel: HotelState }): RoomEvent[] {
  const listed = ownedHotel(hotel, command.ownerId);
  if (room.status !== 'new') throw new Conflict(messages.server.roomListingExists(command.details.roomType, command.details.roomStandard));
  return [
    {
      type: 'RoomAdded',
      data: {
        roomId: command.roomId,
        hotelId: listed.hotelId,
        ownerId: listed.ownerId,
        hotelName: listed.details.hotelName,
        ...withFlatRules(command.details),
      },
    },
  ];
}
