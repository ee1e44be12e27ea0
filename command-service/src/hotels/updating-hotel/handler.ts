/** Updating a hotel: one append to its stream. */
import { randomUUID } from 'node:crypto';
import { streams, type UpdateHotelRequest } from '@stays/contracts';
import type { StoreDeps } from '../../command-context.ts';
import { handle, type Positioned } from '../../handle.ts';
import { hotelAggregate } from '../hotel.ts';
import { splitHotelRequest } from '../nearby-places.ts';
import { updateHotel } from './decide.ts';

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
