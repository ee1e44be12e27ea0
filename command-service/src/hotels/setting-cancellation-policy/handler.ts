/** Setting a hotel's cancellation policy: one append to its stream. */
import { streams, type CancellationPolicy, messages, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { StoreDeps, CommandRoute } from '../../command-context.ts';
import { handle, type Positioned } from '../../handle.ts';
import { hotelAggregate } from '../hotel.ts';
import { setCancellationPolicy } from './decide.ts';

export async function handleSetCancellationPolicy(deps: StoreDeps, ownerId: string, hotelId: string, policy: CancellationPolicy): Promise<Positioned<null>> {
  const { position } = await handle(deps.store, streams.hotel(hotelId), hotelAggregate, (state) => setCancellationPolicy({ ownerId, policy }, state), {
    actor: ownerId,
  });
  return { value: null, position };
}

/** POST /hotel/data/cancellation-policy/{hotelID} (beyond the spec): the owner sets their hotel's cancellation policy. */
export const mountSettingCancellationPolicy: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.setCancellationPolicy, async (ctx) => {
    const { body, params } = ctx.input;
    const { position } = await handleSetCancellationPolicy(deps.hotels, authOf(ctx).accountId, params.hotelID, body);
    await committed(ctx, position);
    respond(ctx, 200, messages.cancellationPolicy.saved, { policy: body });
  });
};
