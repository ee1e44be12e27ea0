/** POST /hotel/room/create/room (spec section 7, "Hotels and rooms"): the owner adds a room or flat listing; 201 with its id. */
import { messages, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { withImages } from '../../uploads.ts';
import { roomImages } from '../room-images.ts';
import { handleAddRoom } from './handler.ts';

export const mountAddingRoom: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.createRoom, async (ctx) => {
    const { value, position } = await withImages(ctx.input.files, deps.images, roomImages(true), (imageURLs) =>
      handleAddRoom(deps.hotels, authOf(ctx).accountId, ctx.input.body, imageURLs ?? []),
    );
    await committed(ctx, position);
    respond(ctx, 201, messages.server.roomAdded, { _id: value.roomId });
  });
};
