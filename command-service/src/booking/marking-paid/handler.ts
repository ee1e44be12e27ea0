/** Recording a payment: one append to the booking's stream; answers when the payment was recorded (its undo window runs from then). */
import { bookingAggregate, streams, messages, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { StoreDeps, CommandRoute } from '../../command-context.ts';
import { handle, type Positioned } from '../../handle.ts';
import { markPaid } from './decide.ts';

export async function handleMarkPaid(deps: StoreDeps, ownerId: string, bookingID: string): Promise<Positioned<{ paidAt: string | null }>> {
  const { state, position } = await handle(
    deps.store,
    streams.booking(bookingID),
    bookingAggregate,
    (current) => markPaid({ ownerId, now: deps.now() }, current),
    {
      actor: ownerId,
      correlationId: bookingID,
    },
  );
  return { value: { paidAt: state.status === 'none' ? null : state.paidAt }, position };
}

/**
 * POST /hotel/owner/booking/paid/{bookingID}: the hotel's owner records a pay-at-hotel
 * payment (beyond the spec). Answers `{bookingID, isPaymentDone, paidAt}`: the owner's card
 * counts the undo window down from `paidAt`.
 */
export const mountMarkingPaid: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.markBookingPaid, async (ctx) => {
    const { bookingID } = ctx.input.params;
    const { value, position } = await handleMarkPaid(deps.booking, authOf(ctx).accountId, bookingID);
    await committed(ctx, position);
    respond(ctx, 200, messages.server.bookingMarkedPaid, { bookingID, isPaymentDone: true, paidAt: value.paidAt });
  });
};
