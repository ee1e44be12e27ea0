import { createSelector } from 'reselect';
import type { OwnerHotelState } from './owner-hotel.slice.ts';

interface WithOwnerHotel {
  readonly ownerHotel: OwnerHotelState;
}

export const selectOwnHotel = (state: WithOwnerHotel) => state.ownerHotel.own;
export const selectHasHotel = createSelector([selectOwnHotel], (own) => own.status === 'succeeded' && own.hotelId !== null);
export const selectOwnerHotelSubmit = (state: WithOwnerHotel) => state.ownerHotel.submit;
export const selectPolicySubmit = (state: WithOwnerHotel) => state.ownerHotel.policy;
/** The loaded hotel when it is `hotelId`'s, else null. */
export const selectOwnerHotelFor = createSelector(
  [(state: WithOwnerHotel) => state.ownerHotel.hotel, (_: WithOwnerHotel, hotelId: string) => hotelId],
  (hotel, hotelId) => ({ status: hotel.hotelId === hotelId ? hotel.status : ('loading' as const), hotel: hotel.hotelId === hotelId ? hotel.data : null }),
);
