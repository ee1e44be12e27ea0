/**
 * Gives back a booking's units and, when it took one, its place among the guest's
 * upcoming bookings (a cancellation, or a booking that failed after taking them).
 */
import type { EventStore } from '@stays/event-store';
import { streams } from '@stays/contracts';
import { handle, latestPosition, type CommandMetadata } from '../../handle.ts';
import { guestAggregate } from '../guest.ts';
import { inventoryAggregate } from '../inventory.ts';
import { releaseBooking, releaseUnits } from './decide.ts';

export interface HeldByBooking {
  readonly bookingID: string;
  readonly customerId: string;
  readonly roomId: string;
}

/** Gives both back, units first; the position of the last append (null: nothing was held). */
export async function giveBack(store: EventStore, booking: HeldByBooking, metadata: CommandMetadata): Promise<number | null> {
  const released = await handle(store, streams.inventory(booking.roomId), inventoryAggregate, (state) => releaseUnits(booking, state), metadata);
  const freed = await handle(store, streams.guest(booking.customerId), guestAggregate, (state) => releaseBooking(booking, state), metadata);
  return latestPosition(released.position, freed.position);
}

/**
 * What a booking that did not come to be took: its units and, when taken, the guest's
 * place. Best effort, never throws: the orphaned-units reconciler finishes the job.
 */
export async function undoHolds(store: EventStore, booking: HeldByBooking, metadata: CommandMetadata, taken: { guestPlace: boolean }): Promise<void> {
  await handle(store, streams.inventory(booking.roomId), inventoryAggregate, (state) => releaseUnits(booking, state), metadata).catch(() => undefined);
  if (taken.guestPlace)
    await handle(store, streams.guest(booking.customerId), guestAggregate, (state) => releaseBooking(booking, state), metadata).catch(() => undefined);
}
