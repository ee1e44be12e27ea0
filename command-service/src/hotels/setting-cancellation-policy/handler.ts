/** Setting a hotel's cancellation policy: one append to its stream. */
import { streams, type CancellationPolicy } from '@stays/contracts';
import type { StoreDeps } from '../../command-context.ts';
import { handle, type Positioned } from '../../handle.ts';
import { hotelAggregate } from '../hotel.ts';
import { setCancellationPolicy } from './decide.ts';

export async function handleSetCancellationPolicy(deps: StoreDeps, ownerId: string, hotelId: string, policy: CancellationPolicy): Promise<Positioned<null>> {
  const { position } = await handle(deps.store, streams.hotel(hotelId), hotelAggregate, (state) => setCancellationPolicy({ ownerId, policy }, state), {
    actor: ownerId,
  });
  return { value: null, position };
}
