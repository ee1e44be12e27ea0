/** PATCH /hotel/room/update/room/{hotelID}/{roomID}: the owner changes a listing (same fields and rules as adding; images replaced only when sent). */
import { messages, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { withImages } from '../../uploads.ts';
import { roomImages } from '../room-images.ts';
import { handleUpdateRoom } from './handler.ts';

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
