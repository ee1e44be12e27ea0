/** PATCH /hotel/room/update/room/{hotelID}/{roomID}: the owner changes a listing (same fields and rules as adding; images replaced only when sent). */
import { messages, routes, updateRoomRequest } from '@stays/contracts';
import { authOf, bodyFields, respond, validate } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { imageUpload, withImages } from '../../uploads.ts';
import { roomImages } from '../room-images.ts';
import { handleUpdateRoom } from './handler.ts';

export const mountUpdatingRoom: CommandRoute = ({ deps, mount, auth, committed }) => {
  mount(routes.updateRoom, auth('hotel-owner'), imageUpload(roomImages(false)), async (ctx) => {
    const input = validate(updateRoomRequest, bodyFields(ctx));
    const { value, position } = await withImages(ctx, deps.media, roomImages(false),
      (imageURLs) => handleUpdateRoom(deps.hotels, authOf(ctx).accountId, ctx.params.hotelID!, ctx.params.roomID!, input, imageURLs));
    await committed(ctx, position);
    respond(ctx, 200, messages.server.roomUpdated, { _id: value.roomId });
  });
};
