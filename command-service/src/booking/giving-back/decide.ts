/**
 * Giving back what a booking holds (it was cancelled, or it never came to be): its units
 * of the listing and its place among the guest's upcoming bookings. Each gives back
 * exactly what is held, once: giving back again changes nothing.
 */
import type { GuestEvent, InventoryEvent } from '@stays/contracts';
import type { GuestState } from '../guest.ts';
import type { InventoryState } from '../inventory.ts';

/** Gives back the units a booking holds; nothing when it holds none (already released). */
export function releaseUnits(command: { bookingID: string; roomId: string }, state: InventoryState): InventoryEvent[] {
  const holding = state.holdings.get(command.bookingID);
  if (holding === undefined) return [];
  return [{ type: 'UnitsReleased', data: { bookingID: command.bookingID, roomId: command.roomId, nights: [...holding.nights], units: holding.units } }];
}

/** Gives the guest's place back; nothing when the booking holds none. */
export function releaseBooking(command: { customerId: string; bookingID: string }, state: GuestState): GuestEvent[] {
  if (!state.heldBookings.has(command.bookingID)) return [];
  return [{ type: 'GuestBookingReleased', data: { customerId: command.customerId, bookingID: command.bookingID } }];
}
