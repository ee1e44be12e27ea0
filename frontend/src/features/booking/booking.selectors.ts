import { createSelector } from 'reselect';
import type { BookingState } from './booking.slice.ts';

interface WithBooking {
  readonly booking: BookingState;
}

export const selectOtp = (state: WithBooking) => state.booking.otp;
export const selectBookingSubmit = (state: WithBooking) => state.booking.submit;
export const selectOtpVerified = createSelector([selectOtp], (otp) => otp.status === 'verified');
export const selectPlacedBooking = (state: WithBooking) => state.booking.placed;
