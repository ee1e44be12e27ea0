/**
 * Adding a room: decides on the hotel first (nothing is reserved for a refused room), takes
 * the listing key, then writes the room's stream; a failure in between frees the key.
 */
import { randomUUID } from 'node:crypto';
import { streams, type CreateRoomRequest, messages, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { StoreDeps, CommandRoute } from '../../command-context.ts';
import { handle, type CommandMetadata, type Positioned } from '../../handle.ts';
import { loadHotel } from '../../hotels/hotel-streams.ts';
import { releaseListing, reserveListing } from '../listings.ts';
import { roomAggregate } from '../room.ts';
import { addRoom } from './decide.ts';
import { withImages } from '../../uploads.ts';
import { roomImages } from '../room-images.ts';

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

/** POST /hotel/room/create/room (spec section 7, "Hotels and rooms"): the owner adds a room or flat listing; 201 with its id. */
export const mountAddingRoom: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.createRoom, async (ctx) => {
    const { value, position } = await withImages(ctx.input.files, deps.images, roomImages(true), (imageURLs) =>
      handleAddRoom(deps.hotels, authOf(ctx).accountId, ctx.input.body, imageURLs ?? []),
    );
    await committed(ctx, position);
    respond(ctx, 201, messages.server.roomAdded, { _id: value.roomId });
  });
};
