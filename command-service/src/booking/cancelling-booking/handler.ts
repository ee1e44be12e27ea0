/** Cancelling a booking: records the cancellation, then gives back its units and the guest's place. */
import { bookingAggregate, streams } from '@stays/contracts';
import type { BookingDeps } from '../../command-context.ts';
import { handle, latestPosition, type Positioned } from '../../handle.ts';
import { placedBooking } from '../booking.ts';
import { giveBack } from '../giving-back/handler.ts';
import { cancelBooking } from './decide.ts';

export async function handleCancelBooking(deps: BookingDeps, customerId: string, bookingID: string): Promise<Positioned<null>> {
  const metadata = { actor: customerId, correlationId: bookingID };
  const { state, position } = await handle(
    deps.store,
    streams.booking(bookingID),
    bookingAggregate,
    (current) => cancelBooking({ customerId, now: deps.now() }, current),
    metadata,
  );
  const { roomId, customerId: guest } = placedBooking(state).booking;
  const givenBack = await giveBack(deps.store, { bookingID, customerId: guest, roomId }, metadata);
  return { value: null, position: latestPosition(position, givenBack) };
}
