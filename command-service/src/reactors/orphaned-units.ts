/**
 * Gives back what a booking that never came to be took. A booking reserves units in
 * `inventory-{roomId}`, then a place among the guest's upcoming bookings in
 * `guest-{customerId}`, and then records BookingPlaced in `booking-{bookingID}`; the
 * command undoes the first steps when a later one fails, but a process that dies in
 * between leaves them taken. This reconciler follows the log, remembers reservations and
 * places without a booking, and after a grace period (far longer than any command)
 * checks the booking stream and gives them back if there is still no booking. The
 * reservations and places it waits on are its pending work, due once the grace period is
 * over (reactor.ts: checkpoint, work queue, retries).
 */
import { bookingAggregate, streams } from '@stays/contracts';
import { handle, load } from '../handle.ts';
import { releaseBooking, releaseUnits } from '../booking/giving-back/decide.ts';
import { guestAggregate } from '../booking/guest.ts';
import { inventoryAggregate } from '../booking/inventory.ts';
import { defineReactor, type PendingWork, type Reactor, type ReactorDeps } from './reactor.ts';
import { lineLogger } from '@stays/service-kit';

export interface OrphanedUnitsDeps extends ReactorDeps {
  readonly now?: () => Date;
  /** How long a reservation may wait for its booking. Default 2 minutes. */
  readonly graceMs?: number;
  /** How often to look. Default 30 s. */
  readonly intervalMs?: number;
}

const RECONCILER = { actor: 'system:orphaned-units' };

/** What a booking id holds while its booking is not recorded: units of a room, a guest's place, or both. */
interface Waiting {
  readonly roomId?: string;
  readonly customerId?: string;
  /** When the first of them was taken (ms). */
  readonly since: number;
}

/** Changes what `bookingID` holds; it leaves the pending work once it holds nothing. */
function holds(pending: PendingWork<Waiting>, bookingID: string, recordedAt: string, change: (waiting: Waiting) => Waiting): void {
  const { roomId, customerId, since } = change(pending.get(bookingID) ?? { since: Date.parse(recordedAt) });
  if (roomId === undefined && customerId === undefined) pending.delete(bookingID);
  else pending.set(bookingID, { ...(roomId !== undefined && { roomId }), ...(customerId !== undefined && { customerId }), since });
}

export function orphanedUnitsReconciler(deps: OrphanedUnitsDeps): Reactor {
  const { store } = deps;
  const now = deps.now ?? (() => new Date());
  const graceMs = deps.graceMs ?? 120_000;

  /** Gives back what `bookingID` holds, unless its booking was recorded after all. */
  async function giveBack(bookingID: string, { roomId, customerId }: Waiting): Promise<void> {
    const booking = await load(store, streams.booking(bookingID), bookingAggregate);
    if (booking.state.status !== 'none') return;
    if (roomId !== undefined) {
      await handle(store, streams.inventory(roomId), inventoryAggregate, (state) => releaseUnits({ bookingID, roomId }, state), RECONCILER);
    }
    if (customerId !== undefined) {
      await handle(store, streams.guest(customerId), guestAggregate, (state) => releaseBooking({ bookingID, customerId }, state), RECONCILER);
    }
    (deps.log ?? lineLogger())(`gave back what ${bookingID} held without a booking`);
  }

  return defineReactor<Waiting>(
    {
      name: 'orphaned-units',
      // a checkpoint of format 1 (kept as `waiting`) is ignored and the log replayed
      version: 2,
      on: {
        UnitsReserved: ({ bookingID, roomId }, pending, { recordedAt }) => holds(pending, bookingID, recordedAt, (waiting) => ({ ...waiting, roomId })),
        GuestBookingHeld: ({ bookingID, customerId }, pending, { recordedAt }) =>
          holds(pending, bookingID, recordedAt, (waiting) => ({ ...waiting, customerId })),
        UnitsReleased: ({ bookingID }, pending, { recordedAt }) => holds(pending, bookingID, recordedAt, ({ roomId: _, ...waiting }) => waiting),
        GuestBookingReleased: ({ bookingID }, pending, { recordedAt }) => holds(pending, bookingID, recordedAt, ({ customerId: _, ...waiting }) => waiting),
        BookingPlaced: ({ bookingID }, pending) => pending.delete(bookingID),
      },
      work: async (bookingID, waiting) => {
        if (waiting !== undefined) await giveBack(bookingID, waiting);
      },
      lanes: 1,
      describeFailure: (bookingID, error) => `could not give back what ${bookingID} holds yet: ${String(error)}`,
      due: { isDue: ({ since }) => now().getTime() - since >= graceMs, everyMs: deps.intervalMs ?? 30_000 },
    },
    deps,
  );
}
