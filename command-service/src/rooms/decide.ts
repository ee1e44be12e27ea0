/**
 * Pure room decisions. A Room is one room (numberOfRooms 1, no kitchen); the number of
 * rooms and the kitchen are for a Flat only.
 */
import { messages, type RoomDetails, type RoomEvent } from '@stays/contracts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@stays/service-kit';
import type { HotelState } from '../hotels/hotel.ts';
import type { RoomState } from './room.ts';

export type RoomInput = Omit<RoomDetails, 'numberOfRooms' | 'hasKitchen' | 'totalUnits' | 'furnished'> & {
  readonly numberOfRooms?: number;
  readonly hasKitchen?: boolean;
  readonly furnished?: boolean;
  readonly totalUnits?: number;
};

/** Applies the Flat-only rules to what was sent, filling defaults. */
export function withFlatRules(input: RoomInput, previous?: RoomDetails): RoomDetails {
  const isFlat = input.roomType === 'Flat';
  const numberOfRooms = input.numberOfRooms ?? (isFlat ? (previous?.numberOfRooms ?? 1) : 1);
  const hasKitchen = input.hasKitchen ?? (isFlat ? (previous?.hasKitchen ?? false) : false);
  if (!isFlat && numberOfRooms !== 1) throw new ValidationError('numberOfRooms', messages.server.flatOnly);
  if (!isFlat && hasKitchen) throw new ValidationError('hasKitchen', messages.server.flatOnly);
  return { ...input, numberOfRooms, hasKitchen, furnished: input.furnished ?? previous?.furnished ?? false, totalUnits: input.totalUnits ?? previous?.totalUnits ?? 1 };
}

/** The hotel, if it exists (404) and belongs to `ownerId` (403). */
export function ownedHotel(hotel: HotelState, ownerId: string) {
  if (hotel.status !== 'listed') throw new NotFoundError(messages.server.hotelNotFound);
  if (hotel.ownerId !== ownerId) throw new ForbiddenError(messages.server.notYourHotel);
  return hotel;
}

export interface AddRoom {
  readonly roomId: string;
  readonly ownerId: string;
  readonly details: RoomInput;
}

export function addRoom(command: AddRoom, state: RoomState, hotel: HotelState): RoomEvent[] {
  const listed = ownedHotel(hotel, command.ownerId);
  if (state.status !== 'new') throw new ConflictError(messages.server.roomListingExists(command.details.roomType, command.details.roomStandard));
  return [{
    type: 'RoomAdded',
    data: { roomId: command.roomId, hotelId: listed.hotelId, ownerId: listed.ownerId, hotelName: listed.details.hotelName, ...withFlatRules(command.details) },
  }];
}

export interface UpdateRoom {
  readonly ownerId: string;
  readonly hotelId: string;
  readonly changes: Partial<RoomInput>;
}

export function updateRoom(command: UpdateRoom, state: RoomState, hotel: HotelState): RoomEvent[] {
  ownedHotel(hotel, command.ownerId);
  if (state.status !== 'listed' || state.hotelId !== command.hotelId) throw new NotFoundError(messages.server.roomNotFound);
  const before = state.details;
  const switchesToRoom = command.changes.roomType === 'Room' && before.roomType === 'Flat';
  const merged: RoomInput = {
    ...before,
    ...(switchesToRoom && { numberOfRooms: 1, hasKitchen: false }),
    ...command.changes,
  };
  const after = withFlatRules(merged, switchesToRoom ? undefined : before);
  const changedFields = (Object.keys(after) as (keyof RoomDetails)[]).filter((key) => JSON.stringify(after[key]) !== JSON.stringify(before[key]));
  if (changedFields.length === 0) return [];
  return [{ type: 'RoomUpdated', data: { roomId: state.roomId, hotelId: state.hotelId, ownerId: state.ownerId, ...after, changedFields } }];
}
