/** Undoing a payment record: one append to the booking's stream. */
import { bookingAggregate, streams } from '@stays/contracts';
import type { StoreDeps } from '../../command-context.ts';
import { handle, type Positioned } from '../../handle.ts';
import { undoPayment } from './decide.ts';

export async function handleUndoPayment(deps: StoreDeps, ownerId: string, bookingID: string): Promise<Positioned<null>> {
  const { position } = await handle(deps.store, streams.booking(bookingID), bookingAggregate, (current) => undoPayment({ ownerId, now: deps.now() }, current), {
    actor: ownerId,
    correlationId: bookingID,
  });
  return { value: null, position };
}
