/** POST /hotel/booking/cancel/{bookingID}: the guest cancels an upcoming booking of theirs (beyond the spec); the answer says what it cost. */
import { messages, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { handleCancelBooking } from './handler.ts';

export const mountCancellingBooking: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.cancelBooking, async (ctx) => {
    const { value, position } = await handleCancelBooking(deps.booking, authOf(ctx).accountId, ctx.input.params.bookingID);
    await committed(ctx, position);
    respond(ctx, 200, messages.server.bookingCancelled, { cancellation: value });
  });
};
