/**
 * POST /hotel/owner/booking/paid/{bookingID}: the hotel's owner records a pay-at-hotel
 * payment (beyond the spec). Answers `{bookingID, isPaymentDone, paidAt}`: the owner's card
 * counts the undo window down from `paidAt`.
 */
import { messages, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { handleMarkPaid } from './handler.ts';

export const mountMarkingPaid: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.markBookingPaid, async (ctx) => {
    const { bookingID } = ctx.input.params;
    const { value, position } = await handleMarkPaid(deps.booking, authOf(ctx).accountId, bookingID);
    await committed(ctx, position);
    respond(ctx, 200, messages.server.bookingMarkedPaid, { bookingID, isPaymentDone: true, paidAt: value.paidAt });
  });
};
