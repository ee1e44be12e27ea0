/**
 * Setting a hotel's cancellation policy: only its owner, only while listed. Bookings placed
 * from then on are made under it; earlier bookings keep the policy they carry. Setting the
 * policy the hotel already has records nothing.
 */
import { samePolicy, type CancellationPolicy, type HotelEvent } from '@stays/contracts';
import { ownedHotel, type HotelState } from '../hotel.ts';

export function setCancellationPolicy(command: { ownerId: string; policy: CancellationPolicy }, state: HotelState): HotelEvent[] {
  const hotel = ownedHotel(state, command.ownerId);
  if (samePolicy(hotel.cancellationPolicy, command.policy)) return [];
  return [{ type: 'CancellationPolicySet', data: { hotelId: hotel.hotelId, ownerId: hotel.ownerId, policy: command.policy } }];
}
