/**
 * Updating a room: decides on the state read first (nothing is reserved for a refused
 * change); a new type or standard moves the listing key, taken before the room's append
 * and the old one freed after it (the new one freed again if the append fails).
 */
import { streams, type UpdateRoomRequest, messages, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { StoreDeps, CommandRoute } from '../../command-context.ts';
import { handle, type CommandMetadata, type Positioned } from '../../handle.ts';
import { loadHotel } from '../../hotels/hotel-streams.ts';
import { listingStream, loadRoom, releaseListing, reserveListing, type ListingKey } from '../listings.ts';
import { roomAggregate } from '../room.ts';
import { updateRoom } from './decide.ts';
import { withImages } from '../../uploads.ts';
import { roomImages } from '../room-images.ts';

export async function handleUpdateRoom(
  deps: StoreDeps,
  ownerId: string,
  hotelId: string,
  roomId: string,
  input: UpdateRoomRequest,
  imageURLs: readonly string[] | undefined,
): Promise<Positioned<{ roomId: string }>> {
  const metadata: CommandMetadata = { actor: ownerId };
  const hotel = await loadHotel(deps.store, hotelId);
  const before = await loadRoom(deps.store, roomId);
  const command = { ownerId, hotelId, changes: { ...input, ...(imageURLs !== undefined && { imageURLs }) } };
  updateRoom(command, { room: before, hotel }); // refusals before touching listings
  if (before.status !== 'listed') throw new Error('unreachable: updateRoom refuses unknown rooms');
  const oldKey: ListingKey = { hotelId, type: before.details.roomType, standard: before.details.roomStandard };
  const newKey: ListingKey = { hotelId, type: input.roomType ?? oldKey.type, standard: input.roomStandard ?? oldKey.standard };
  const keyMoves = listingStream(hotelId, newKey.type, newKey.standard) !== listingStream(hotelId, oldKey.type, oldKey.standard);
  if (keyMoves) await reserveListing(deps, newKey, roomId, metadata);
  try {
    const { position } = await handle(deps.store, streams.room(roomId), roomAggregate, (room) => updateRoom(command, { room, hotel }), metadata);
    if (keyMoves) await releaseListing(deps.store, oldKey, roomId, metadata);
    return { value: { roomId }, position };
  } catch (error) {
    if (keyMoves) await releaseListing(deps.store, newKey, roomId, metadata).catch(() => undefined);
    throw error;
  }
}

/** PATCH /hotel/room/update/room/{hotelID}/{roomID}: the owner changes a listing (same fields and rules as adding; images replaced only when sent). */
export const mountUpdatingRoom: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.updateRoom, async (ctx) => {
    const { body, params, files } = ctx.input;
    const { value, position } = await withImages(files, deps.images, roomImages(false), (imageURLs) =>
      handleUpdateRoom(deps.hotels, authOf(ctx).accountId, params.hotelID, params.roomID, body, imageURLs),
    );
    await committed(ctx, position);
    respond(ctx, 200, messages.server.roomUpdated, { _id: value.roomId });
  });
};
