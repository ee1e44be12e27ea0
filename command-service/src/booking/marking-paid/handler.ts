/** Recording a payment: one append to the booking's stream. */
import { bookingAggregate, streams } from '@stays/contracts';
import type { StoreDeps } from '../../command-context.ts';
import { handle, type Positioned } from '../../handle.ts';
import { markPaid } from './decide.ts';

export async function handleMarkPaid(deps: StoreDeps, ownerId: string, bookingID: string): Promise<Positioned<null>> {
  const { position } = await handle(deps.store, streams.booking(bookingID), bookingAggregate, (current) => markPaid({ ownerId, now: deps.now() }, current), {
    actor: ownerId,
    correlationId: bookingID,
  });
  return { value: null, position };
}
