/**
 * Adding a room: decides on the hotel first (nothing is reserved for a refused room), takes
 * the listing key, then writes the room's stream; a failure in between frees the key.
 */
import { randomUUID } from 'node:crypto';
import { streams, type CreateRoomRequest } from '@stays/contracts';
import type { StoreDeps } from '../../command-context.ts';
import { handle, type CommandMetadata, type Positioned } from '../../handle.ts';
import { loadHotel } from '../../hotels/hotel-streams.ts';
import { releaseListing, reserveListing } from '../listings.ts';
import { roomAggregate } from '../room.ts';
import { addRoom } from './decide.ts';

export async function handleAddRoom(
  deps: StoreDeps,
  ownerId: string,
  input: CreateRoomRequest,
  imageURLs: readonly string[],
): Promise<Positioned<{ roomId: string }>> {
  const { hotelID: hotelId, ...details } = input;
  const roomId = randomUUID();
  const command = { roomId, ownerId, details: { ...details, imageURLs } };
  const hotel = await loadHotel(deps.store, hotelId);
  addRoom(command, { room: roomAggregate.initialState(), hotel }); // refusals before reserving anything
  const key = { hotelId, type: details.roomType, standard: details.roomStandard };
  const metadata: CommandMetadata = { actor: ownerId };
  await reserveListing(deps, key, roomId, metadata);
  try {
    const { position } = await handle(deps.store, streams.room(roomId), roomAggregate, (room) => addRoom(command, { room, hotel }), metadata);
    return { value: { roomId }, position };
  } catch (error) {
    await releaseListing(deps.store, key, roomId, metadata).catch(() => undefined);
    throw error;
  }
}
