/** POST /hotel/owner/booking/paid/{bookingID}: the hotel's owner records a pay-at-hotel payment (beyond the spec). */
import { messages, routes } from '@stays/contracts';
import { authOf, jsonBody, respond } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { handleMarkPaid } from './handler.ts';

export const mountMarkingPaid: CommandRoute = ({ deps, mount, auth, committed }) => {
  mount(routes.markBookingPaid, auth('hotel-owner'), jsonBody(), async (ctx) => {
    const { position } = await handleMarkPaid(deps.booking, authOf(ctx).accountId, ctx.params.bookingID!);
    await committed(ctx, position);
    respond(ctx, 200, messages.server.bookingMarkedPaid, null);
  });
};
