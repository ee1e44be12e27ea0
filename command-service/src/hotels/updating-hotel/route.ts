/** PATCH /hotel/data/update/hotel/{hotelID} (spec section 7, "Hotels and rooms"): the owner changes their hotel; images replaced only when sent. */
import { messages, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { withImages } from '../../uploads.ts';
import { hotelImages } from '../hotel-images.ts';
import { handleUpdateHotel } from './handler.ts';

export const mountUpdatingHotel: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.updateHotel, async (ctx) => {
    const { body, params, files } = ctx.input;
    const { value, position } = await withImages(files, deps.images, hotelImages(false), (imageURLs) =>
      handleUpdateHotel(deps.hotels, authOf(ctx).accountId, params.hotelID, body, imageURLs),
    );
    await committed(ctx, position);
    respond(ctx, 200, messages.server.hotelUpdated, { _id: value.hotelId });
  });
};
