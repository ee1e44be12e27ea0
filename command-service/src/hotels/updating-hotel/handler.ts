/** Updating a hotel: one append to its stream. */
import { randomUUID } from 'node:crypto';
import { streams, type UpdateHotelRequest, messages, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { StoreDeps, CommandRoute } from '../../command-context.ts';
import { handle, type Positioned } from '../../handle.ts';
import { hotelAggregate } from '../hotel.ts';
import { splitHotelRequest } from '../nearby-places.ts';
import { updateHotel } from './decide.ts';
import { withImages } from '../../uploads.ts';
import { hotelImages } from '../hotel-images.ts';

export async function handleUpdateHotel(
  deps: StoreDeps,
  ownerId: string,
  hotelId: string,
  input: UpdateHotelRequest,
  imageURLs: readonly string[] | undefined,
): Promise<Positioned<{ hotelId: string }>> {
  const { fields, places } = splitHotelRequest(input);
  const { position } = await handle(
    deps.store,
    streams.hotel(hotelId),
    hotelAggregate,
    (state) => updateHotel({ ownerId, fields, places, ...(imageURLs !== undefined && { imageURLs }), newPlaceId: randomUUID }, state),
    { actor: ownerId },
  );
  return { value: { hotelId }, position };
}

/** PATCH /hotel/data/update/hotel/{hotelID} (spec section 7, "Hotels and rooms"): the owner changes their hotel; images replaced only when sent. */
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
