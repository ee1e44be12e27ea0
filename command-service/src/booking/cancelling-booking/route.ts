/** POST /hotel/booking/cancel/{bookingID}: the guest cancels an upcoming booking of theirs (beyond the spec). */
import { messages, routes } from '@stays/contracts';
import { authOf, jsonBody, respond } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { handleCancelBooking } from './handler.ts';

export const mountCancellingBooking: CommandRoute = ({ deps, mount, auth, committed }) => {
  mount(routes.cancelBooking, auth('customer'), jsonBody(), async (ctx) => {
    const { position } = await handleCancelBooking(deps.booking, authOf(ctx).accountId, ctx.params.bookingID!);
    await committed(ctx, position);
    respond(ctx, 200, messages.server.bookingCancelled, null);
  });
};
