/**
 * The booking flow (spec section 4): OTP send → verify → book. The form drafts stay in
 * the page; this slice holds only what the sagas decide.
 */
import type { BookingFormData, OtpRequest, OtpVerification } from './api/booking-api.ts';

export type OtpStatus = 'idle' | 'sending' | 'sent' | 'verifying' | 'verified';
export type SubmitStatus = 'idle' | 'submitting' | 'placed' | 'failed';

/** The stay just booked, shown once on /profile; kept in memory only, so a reload drops it. */
export interface PlacedBooking {
  readonly bookingID: string;
  readonly hotelName: string;
  readonly dateOfCommencement: string;
  readonly numberOfNights: number;
  readonly payableAmount: number;
}

export interface BookingState {
  readonly otp: { readonly status: OtpStatus; readonly sentAt: number | null };
  readonly submit: { readonly status: SubmitStatus; readonly error: string | null; readonly message: string | null };
  readonly placed: PlacedBooking | null;
  /** The start date picked on a home or hotel date tile, carried to the booking page; null: none picked. */
  readonly stayDate: string | null;
}

const initialBookingState: BookingState = {
  otp: { status: 'idle', sentAt: null },
  submit: { status: 'idle', error: null, message: null },
  placed: null,
  stayDate: null,
};

export const bookingActions = {
  otpSendRequested: (payload: OtpRequest) => ({ type: 'booking/otpSendRequested' as const, payload }),
  otpSent: (payload: { at: number }) => ({ type: 'booking/otpSent' as const, payload }),
  otpVerifyRequested: (payload: OtpVerification) => ({ type: 'booking/otpVerifyRequested' as const, payload }),
  otpVerified: () => ({ type: 'booking/otpVerified' as const }),
  /** Send or verify failed: no message, the OTP state is cleared (spec section 8). */
  otpFailed: () => ({ type: 'booking/otpFailed' as const }),
  /** The form data, and the hotel and payable amount the guest saw (the confirmation repeats them). */
  submitted: (payload: BookingFormData, seen: { hotelName: string; payableAmount: number }) => ({ type: 'booking/submitted' as const, payload, meta: seen }),
  placed: (payload: { message: string; booking: PlacedBooking }) => ({ type: 'booking/placed' as const, payload }),
  failed: (payload: { message: string }) => ({ type: 'booking/failed' as const, payload }),
  dateChosen: (payload: { date: string }) => ({ type: 'booking/dateChosen' as const, payload }),
  /** A new booking page opened. */
  started: () => ({ type: 'booking/started' as const }),
};

export type BookingAction = ReturnType<(typeof bookingActions)[keyof typeof bookingActions]>;

export function bookingReducer(state: BookingState = initialBookingState, action: { type: string }): BookingState {
  const a = action as BookingAction;
  switch (a.type) {
    case 'booking/otpSendRequested':
      return { ...state, otp: { ...state.otp, status: 'sending' } };
    case 'booking/otpSent':
      return { ...state, otp: { status: 'sent', sentAt: a.payload.at } };
    case 'booking/otpVerifyRequested':
      return { ...state, otp: { ...state.otp, status: 'verifying' } };
    case 'booking/otpVerified':
      return { ...state, otp: { ...state.otp, status: 'verified' } };
    case 'booking/otpFailed':
      return { ...state, otp: initialBookingState.otp };
    case 'booking/submitted':
      return { ...state, submit: { status: 'submitting', error: null, message: null } };
    case 'booking/placed':
      return { ...state, submit: { status: 'placed', error: null, message: a.payload.message }, placed: a.payload.booking };
    case 'booking/failed':
      return { ...state, submit: { status: 'failed', error: a.payload.message, message: null } };
    case 'booking/dateChosen':
      return { ...state, stayDate: a.payload.date };
    case 'booking/started':
      return { ...initialBookingState, stayDate: state.stayDate };
    default:
      return state;
  }
}
