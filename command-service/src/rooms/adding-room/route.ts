/** POST /hotel/room/create/room (spec section 7, "Hotels and rooms"): the owner adds a room or flat listing; 201 with its id. */
import { createRoomRequest, messages, routes } from '@stays/contracts';
import { authOf, bodyFields, respond, validate } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { imageUpload, withImages } from '../../uploads.ts';
import { roomImages } from '../room-images.ts';
import { handleAddRoom } from './handler.ts';

export const mountAddingRoom: CommandRoute = ({ deps, mount, auth, committed }) => {
  mount(routes.createRoom, auth('hotel-owner'), imageUpload(roomImages(true)), async (ctx) => {
    const input = validate(createRoomRequest, bodyFields(ctx));
    const { value, position } = await withImages(ctx, deps.media, roomImages(true),
      (imageURLs) => handleAddRoom(deps.hotels, authOf(ctx).accountId, input, imageURLs ?? []));
    await committed(ctx, position);
    respond(ctx, 201, messages.server.roomAdded, { _id: value.roomId });
  });
};
