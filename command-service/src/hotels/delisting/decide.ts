/**
 * Delisting a hotel (no route: deleting an owner's account does it first): searches and
 * bookings stop seeing it, the bookings made before keep their details. Only its owner;
 * a hotel already delisted stays so.
 */
import { messages, type HotelEvent } from '@stays/contracts';
import { Forbidden } from '../../domain-errors.ts';
import type { HotelState } from '../hotel.ts';

export function delistHotel(command: { ownerId: string; now: Date }, state: HotelState): HotelEvent[] {
  if (state.status !== 'listed') return [];
  if (state.ownerId !== command.ownerId) throw new Forbidden(messages.server.notYourHotel);
  return [{ type: 'HotelDelisted', data: { hotelId: state.hotelId, ownerId: state.ownerId, reason: 'owner-deleted', delistedAt: command.now.toISOString() } }];
}
