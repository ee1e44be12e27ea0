import { createSelector } from 'reselect';
import type { Stay } from '@stays/contracts';
import { verdictOf, type RoomVerdict } from '../../lib/room-verdict.ts';
import { stayKey, stayOfKey } from '../../lib/stay.ts';
import { checkKey, type BookingState } from './booking.slice.ts';

interface WithBooking {
  readonly booking: BookingState;
}

export const selectOtp = (state: WithBooking) => state.booking.otp;
export const selectBookingSubmit = (state: WithBooking) => state.booking.submit;
export const selectOtpVerified = createSelector([selectOtp], (otp) => otp.status === 'verified');
/** The date tiles' value: the picked check-in, else the earliest bookable day. */
export const selectStayDate = (state: WithBooking, earliest: string) => state.booking.stay?.checkIn ?? earliest;
/** The stay picked on the home, search or hotel page; null when none was. */
export const selectChosenStay = (state: WithBooking) => state.booking.stay;
const selectAvailabilityCheck = (state: WithBooking) => state.booking.availability;

/**
 * The booking page's verdict for the chosen listing and stay (null before a standard is
 * chosen): an answer for another listing or stay counts as none yet (checking).
 */
export const selectStayVerdict = createSelector(
  [
    selectAvailabilityCheck,
    (_: WithBooking, hotelId: string) => hotelId,
    (_: WithBooking, _h: string, roomId: string | null) => roomId,
    (_: WithBooking, _h: string, _r: string | null, stay: Stay) => stayKey(stay),
  ],
  (check, hotelId, roomId, key): RoomVerdict | null => {
    if (roomId === null) return null;
    const stay = stayOfKey(key);
    if (check.key !== checkKey(hotelId, roomId, stay)) return { kind: 'checking' };
    return verdictOf(check.listing ?? undefined, stay, check.status === 'succeeded' && check.listing === null ? 'failed' : check.status, check.refusal);
  },
);
export const selectPlacedBooking = (state: WithBooking) => state.booking.placed;
