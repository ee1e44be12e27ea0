/** Cancelling a booking: records the cancellation, then gives back its units and the guest's place. */
import { bookingAggregate, streams, type BookingCancellation, messages, routes } from '@stays/contracts';
import { EventStoreUnavailableError } from '@stays/event-store';
import { authOf, respond } from '@stays/service-kit';
import type { BookingDeps, CommandRoute } from '../../command-context.ts';
import { handle, latestPosition, type Positioned } from '../../handle.ts';
import { placedBooking } from '../booking.ts';
import { giveBack } from '../giving-back/handler.ts';
import { cancelBooking } from './decide.ts';

/** The value: the cancellation as recorded (when, and what it cost under the booking's policy). */
export async function handleCancelBooking(deps: BookingDeps, customerId: string, bookingID: string): Promise<Positioned<BookingCancellation | null>> {
  const metadata = { actor: customerId, correlationId: bookingID };
  const { state, position } = await handle(
    deps.store,
    streams.booking(bookingID),
    bookingAggregate,
    (current) => cancelBooking({ customerId, now: deps.now() }, current),
    metadata,
  );
  const booking = placedBooking(state);
  const { roomId, customerId: guest } = booking.booking;
  // Once recorded, the cancellation stands: the answer says so even when giving back fails
  // (a full disk), and the booking documents reactor gives back what is still held.
  const givenBack = await giveBack(deps.store, { bookingID, customerId: guest, roomId }, metadata).catch((error: unknown) => {
    if (error instanceof EventStoreUnavailableError) return null;
    throw error;
  });
  return { value: booking.cancellation, position: latestPosition(position, givenBack) };
}

/** POST /hotel/booking/cancel/{bookingID}: the guest cancels an upcoming booking of theirs (beyond the spec); the answer says what it cost. */
export const mountCancellingBooking: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.cancelBooking, async (ctx) => {
    const { value, position } = await handleCancelBooking(deps.booking, authOf(ctx).accountId, ctx.input.params.bookingID);
    await committed(ctx, position);
    respond(ctx, 200, messages.server.bookingCancelled, { cancellation: value });
  });
};
