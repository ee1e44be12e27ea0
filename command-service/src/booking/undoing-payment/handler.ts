/** Undoing a payment record: one append to the booking's stream. */
import { bookingAggregate, streams, messages, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { StoreDeps, CommandRoute } from '../../command-context.ts';
import { handle, type Positioned } from '../../handle.ts';
import { undoPayment } from './decide.ts';

export async function handleUndoPayment(deps: StoreDeps, ownerId: string, bookingID: string): Promise<Positioned<null>> {
  const { position } = await handle(deps.store, streams.booking(bookingID), bookingAggregate, (current) => undoPayment({ ownerId, now: deps.now() }, current), {
    actor: ownerId,
    correlationId: bookingID,
  });
  return { value: null, position };
}

/** POST /hotel/owner/booking/paid/{bookingID}/undo: the hotel's owner takes back a payment record within its window (beyond the spec). */
export const mountUndoingPayment: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.undoBookingPayment, async (ctx) => {
    const { bookingID } = ctx.input.params;
    const { position } = await handleUndoPayment(deps.booking, authOf(ctx).accountId, bookingID);
    await committed(ctx, position);
    respond(ctx, 200, messages.paymentUndo.paymentUndone, { bookingID, isPaymentDone: false, paidAt: null });
  });
};
