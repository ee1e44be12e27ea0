/** POST /hotel/data/cancellation-policy/{hotelID} (beyond the spec): the owner sets their hotel's cancellation policy. */
import { messages, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { handleSetCancellationPolicy } from './handler.ts';

export const mountSettingCancellationPolicy: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.setCancellationPolicy, async (ctx) => {
    const { body, params } = ctx.input;
    const { position } = await handleSetCancellationPolicy(deps.hotels, authOf(ctx).accountId, params.hotelID, body);
    await committed(ctx, position);
    respond(ctx, 200, messages.cancellationPolicy.saved, { policy: body });
  });
};
