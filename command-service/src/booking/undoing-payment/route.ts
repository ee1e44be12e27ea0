/** POST /hotel/owner/booking/paid/{bookingID}/undo: the hotel's owner takes back a payment record within its window (beyond the spec). */
import { messages, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { handleUndoPayment } from './handler.ts';

export const mountUndoingPayment: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.undoBookingPayment, async (ctx) => {
    const { bookingID } = ctx.input.params;
    const { position } = await handleUndoPayment(deps.booking, authOf(ctx).accountId, bookingID);
    await committed(ctx, position);
    respond(ctx, 200, messages.paymentUndo.paymentUndone, { bookingID, isPaymentDone: false, paidAt: null });
  });
};
