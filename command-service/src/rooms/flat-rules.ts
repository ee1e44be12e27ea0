/**
 * What a listing's details may be, shared by adding and updating a room: a Room is one
 * room (numberOfRooms 1, no kitchen); the number of rooms and the kitchen are for a Flat
 * only; a unit sleeps what its owner says, else what its beds sleep.
 */
import { maxGuestsOf, messages, type RoomDetails } from '@stays/contracts';
import { InvalidInput } from '../domain-errors.ts';

export type RoomInput = Omit<RoomDetails, 'numberOfRooms' | 'hasKitchen' | 'totalUnits' | 'furnished' | 'maxGuests'> & {
  readonly numberOfRooms?: number;
  readonly hasKitchen?: boolean;
  readonly furnished?: boolean;
  readonly totalUnits?: number;
  readonly maxGuests?: number;
};

/** Applies the Flat-only rules to what was sent, filling defaults (from `previous`, on an update). */
export function withFlatRules(input: RoomInput, previous?: RoomDetails): RoomDetails {
  const isFlat = input.roomType === 'Flat';
  const numberOfRooms = input.numberOfRooms ?? (isFlat ? (previous?.numberOfRooms ?? 1) : 1);
  const hasKitchen = input.hasKitchen ?? (isFlat ? (previous?.hasKitchen ?? false) : false);
  if (!isFlat && numberOfRooms !== 1) throw new InvalidInput('numberOfRooms', messages.validation.severalRoomsFlatOnly);
  if (!isFlat && hasKitchen) throw new InvalidInput('hasKitchen', messages.server.flatOnly);
  const maxGuests = input.maxGuests ?? previous?.maxGuests ?? maxGuestsOf({ bedType: input.bedType, roomType: input.roomType, numberOfRooms });
  return {
    ...input,
    numberOfRooms,
    hasKitchen,
    furnished: input.furnished ?? previous?.furnished ?? false,
    totalUnits: input.totalUnits ?? previous?.totalUnits ?? 1,
    maxGuests,
  };
}
