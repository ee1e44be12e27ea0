/** POST /hotel/data/create/hotel (spec section 7, "Hotels and rooms"): an owner lists their one hotel, with its images; 201 with its id. */
import { messages, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { withImages } from '../../uploads.ts';
import { hotelImages } from '../hotel-images.ts';
import { handleCreateHotel, checkOwnerHasNoHotel } from './handler.ts';

export const mountCreatingHotel: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.createHotel, async (ctx) => {
    const ownerId = authOf(ctx).accountId;
    await checkOwnerHasNoHotel(deps.eventStore, ownerId);
    const { value, position } = await withImages(ctx.input.files, deps.images, hotelImages(true), (imageURLs) =>
      handleCreateHotel(deps.hotels, ownerId, ctx.input.body, imageURLs ?? []),
    );
    await committed(ctx, position);
    respond(ctx, 201, messages.server.hotelCreated, { _id: value.hotelId });
  });
};
