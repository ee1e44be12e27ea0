/** POST /hotel/data/create/hotel (spec section 7, "Hotels and rooms"): an owner lists their one hotel, with its images; 201 with its id. */
import { createHotelRequest, messages, routes } from '@stays/contracts';
import { authOf, bodyFields, respond, validate } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { imageUpload, withImages } from '../../uploads.ts';
import { hotelImages } from '../hotel-images.ts';
import { handleCreateHotel, checkOwnerHasNoHotel } from './handler.ts';

export const mountCreatingHotel: CommandRoute = ({ deps, mount, auth, committed }) => {
  mount(routes.createHotel, auth('hotel-owner'), imageUpload(hotelImages(true)), async (ctx) => {
    const ownerId = authOf(ctx).accountId;
    const input = validate(createHotelRequest, bodyFields(ctx));
    await checkOwnerHasNoHotel(deps.eventStore, ownerId);
    const { value, position } = await withImages(ctx, deps.media, hotelImages(true),
      (imageURLs) => handleCreateHotel(deps.hotels, ownerId, input, imageURLs ?? []));
    await committed(ctx, position);
    respond(ctx, 201, messages.server.hotelCreated, { _id: value.hotelId });
  });
};
