/** Delisting the owner's hotel, if they have one (their account is being deleted). */
import { streams } from '@stays/contracts';
import type { StoreDeps } from '../../command-context.ts';
import { handle, type Positioned } from '../../handle.ts';
import { hotelAggregate } from '../hotel.ts';
import { hotelIdOfOwner } from '../hotel-streams.ts';
import { delistHotel } from './decide.ts';

export async function handleDelistOwnersHotel(deps: StoreDeps, ownerId: string): Promise<Positioned<null>> {
  const hotelId = await hotelIdOfOwner(deps.store, ownerId);
  if (hotelId === null) return { value: null, position: null };
  const { position } = await handle(deps.store, streams.hotel(hotelId), hotelAggregate, (state) => delistHotel({ ownerId, now: deps.now() }, state), {
    actor: ownerId,
  });
  return { value: null, position };
}
