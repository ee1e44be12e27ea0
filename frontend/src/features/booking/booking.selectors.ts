import { createSelector } from 'reselect';
import type { BookingState } from './booking.slice.ts';

interface WithBooking {
  readonly booking: BookingState;
}

export const selectOtp = (state: WithBooking) => state.booking.otp;
export const selectBookingSubmit = (state: WithBooking) => state.booking.submit;
export const selectOtpVerified = createSelector([selectOtp], (otp) => otp.status === 'verified');
/** The date tiles' value: the picked date, else the earliest bookable day. */
export const selectStayDate = (state: WithBooking, earliest: string) => state.booking.stayDate ?? earliest;
export const selectPlacedBooking = (state: WithBooking) => state.booking.placed;
