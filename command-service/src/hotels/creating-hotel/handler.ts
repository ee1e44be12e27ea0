/**
 * Creating a hotel: takes the owner's one hotel slot (`ownerhotel-{ownerId}`), then creates
 * the hotel's stream; a failure in between frees the slot again.
 */
import { randomUUID } from 'node:crypto';
import type { EventStore } from '@stays/event-store';
import { messages, streams, type CreateHotelRequest, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { StoreDeps, CommandRoute } from '../../command-context.ts';
import { handle, type CommandMetadata, type Positioned } from '../../handle.ts';
import { releaseUniqueKey, reserveUniqueKey } from '../../unique-keys.ts';
import { hotelAggregate } from '../hotel.ts';
import { hotelIdOfOwner, loadHotel } from '../hotel-streams.ts';
import { splitHotelRequest, type HotelFieldsInput } from '../nearby-places.ts';
import { createHotel, refuseSecondHotel } from './decide.ts';
import { withImages } from '../../uploads.ts';
import { hotelImages } from '../hotel-images.ts';

/** Refuses an owner who has a hotel already, before the request's images are stored. */
export async function checkOwnerHasNoHotel(store: EventStore, ownerId: string): Promise<void> {
  refuseSecondHotel(await hotelIdOfOwner(store, ownerId));
}

export async function handleCreateHotel(
  deps: StoreDeps,
  ownerId: string,
  input: CreateHotelRequest,
  imageURLs: readonly string[],
): Promise<Positioned<{ hotelId: string }>> {
  const hotelId = randomUUID();
  const metadata: CommandMetadata = { actor: ownerId };
  const slot = streams.ownerHotel(ownerId);
  await reserveUniqueKey(deps.store, slot, hotelId, messages.server.hotelExists, metadata, {
    now: deps.now(),
    recordedNothing: async (holder) => (await loadHotel(deps.store, holder)).status === 'new',
  });
  try {
    const { fields, places } = splitHotelRequest(input);
    const { position } = await handle(
      deps.store,
      streams.hotel(hotelId),
      hotelAggregate,
      (state) => createHotel({ hotelId, ownerId, fields: fields as HotelFieldsInput, places, imageURLs, newPlaceId: randomUUID }, state),
      metadata,
    );
    return { value: { hotelId }, position };
  } catch (error) {
    await releaseUniqueKey(deps.store, slot, hotelId, metadata).catch(() => undefined);
    throw error;
  }
}

/** POST /hotel/data/create/hotel (spec section 7, "Hotels and rooms"): an owner lists their one hotel, with its images; 201 with its id. */
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
