/** Recording a payment: one append to the booking's stream; answers when the payment was recorded (its undo window runs from then). */
import { bookingAggregate, streams } from '@stays/contracts';
import type { StoreDeps } from '../../command-context.ts';
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
