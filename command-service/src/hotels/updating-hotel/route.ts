/** PATCH /hotel/data/update/hotel/{hotelID} (spec section 7, "Hotels and rooms"): the owner changes their hotel; images replaced only when sent. */
import { messages, routes, updateHotelRequest } from '@stays/contracts';
import { authOf, bodyFields, respond, validate } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { imageUpload, withImages } from '../../uploads.ts';
import { hotelImages } from '../hotel-images.ts';
import { handleUpdateHotel } from './handler.ts';

export const mountUpdatingHotel: CommandRoute = ({ deps, mount, auth, committed }) => {
  mount(routes.updateHotel, auth('hotel-owner'), imageUpload(hotelImages(false)), async (ctx) => {
    const input = validate(updateHotelRequest, bodyFields(ctx));
    const { value, position } = await withImages(ctx, deps.media, hotelImages(false),
      (imageURLs) => handleUpdateHotel(deps.hotels, authOf(ctx).accountId, ctx.params.hotelID!, input, imageURLs));
    await committed(ctx, position);
    respond(ctx, 200, messages.server.hotelUpdated, { _id: value.hotelId });
  });
};
