/**
 * The booking flow (spec section 4): OTP send → verify → book. The form drafts stay in
 * the page; this slice holds only what the sagas decide, and its selectors are what the
 * screens read of it.
 */
import { createSelector } from 'reselect';
import type { ListingAvailability, Stay } from '@stays/contracts';
import type { LoadStatus } from '../../lib/models.ts';
import { verdictOf, type RoomVerdict } from '../../lib/room-verdict.ts';
import { stayKey, stayOfKey } from '../../lib/stay.ts';
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

/**
 * The OTP step: a code out since `sentAt`; `problem`: why the last send or verify failed,
 * as the server said it, and until when a new code cannot be asked for (its Retry-After).
 */
export interface OtpState {
  readonly status: OtpStatus;
  readonly sentAt: number | null;
  readonly problem: { readonly step: 'send' | 'verify'; readonly text: string; readonly waitUntil: number | null } | null;
}

export interface BookingState {
  readonly otp: OtpState;
  /** After a refusal for want of units (409): the nearest check-in with the listing free for as many nights, if any. */
  readonly submit: { readonly status: SubmitStatus; readonly error: string | null; readonly message: string | null; readonly nearestCheckIn: string | null };
  readonly placed: PlacedBooking | null;
  /** The stay picked on the home, search or hotel page, carried to the next page; null: none picked. */
  readonly stay: Stay | null;
  /** The chosen listing's availability for the booking page's stay (`checkKey`). */
  readonly availability: {
    readonly key: string | null;
    readonly status: LoadStatus;
    readonly listing: ListingAvailability | null;
    /** The server's reason when it refused the check (400), else null. */
    readonly refusal: string | null;
  };
}

/** Which check an availability answer belongs to: the hotel, the listing and the stay. */
export const checkKey = (hotelId: string, roomId: string, stay: Stay): string => `${hotelId}/${roomId}/${stayKey(stay)}`;

const initialBookingState: BookingState = {
  otp: { status: 'idle', sentAt: null, problem: null },
  submit: { status: 'idle', error: null, message: null, nearestCheckIn: null },
  placed: null,
  stay: null,
  availability: { key: null, status: 'idle', listing: null, refusal: null },
};

export const bookingActions = {
  otpSendRequested: (payload: OtpRequest) => ({ type: 'booking/otpSendRequested' as const, payload }),
  otpSent: (payload: { at: number }) => ({ type: 'booking/otpSent' as const, payload }),
  otpVerifyRequested: (payload: OtpVerification) => ({ type: 'booking/otpVerifyRequested' as const, payload }),
  otpVerified: () => ({ type: 'booking/otpVerified' as const }),
  /**
   * Sending failed: the server's reason is shown, with a countdown when it said how long to
   * wait; a code already out stays usable. (The spec clears the OTP state without a word,
   * section 8: a defect of the original.)
   */
  otpSendFailed: (payload: { message: string; waitUntil: number | null }) => ({ type: 'booking/otpSendFailed' as const, payload }),
  /** Verifying failed: the server's reason is shown and the OTP field stays, for another try or a new code. */
  otpVerifyFailed: (payload: { message: string }) => ({ type: 'booking/otpVerifyFailed' as const, payload }),
  /** The form data, and the hotel and payable amount the guest saw (the confirmation repeats them). */
  submitted: (payload: BookingFormData, seen: { hotelName: string; payableAmount: number }) => ({ type: 'booking/submitted' as const, payload, meta: seen }),
  placed: (payload: { message: string; booking: PlacedBooking }) => ({ type: 'booking/placed' as const, payload }),
  failed: (payload: { message: string; nearestCheckIn?: string | null }) => ({ type: 'booking/failed' as const, payload }),
  /** A check-in picked on a single-date control: the stay picked so far from then (one night, one room, one guest if none). */
  dateChosen: (payload: { date: string }) => ({ type: 'booking/dateChosen' as const, payload }),
  /** Dates, rooms or guests picked on the home, search or hotel page. */
  stayChosen: (payload: { stay: Stay }) => ({ type: 'booking/stayChosen' as const, payload }),
  /** The booking page's stay, type or standard changed: is the listing free for it? */
  availabilityRequested: (payload: { hotelId: string; roomId: string; stay: Stay }) => ({ type: 'booking/availabilityRequested' as const, payload }),
  availabilityChecked: (payload: { key: string; listing: ListingAvailability | null }) => ({ type: 'booking/availabilityChecked' as const, payload }),
  availabilityFailed: (payload: { key: string; refusal: string | null }) => ({ type: 'booking/availabilityFailed' as const, payload }),
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
      return { ...state, otp: { status: 'sent', sentAt: a.payload.at, problem: null } };
    case 'booking/otpVerifyRequested':
      return { ...state, otp: { ...state.otp, status: 'verifying' } };
    case 'booking/otpVerified':
      return { ...state, otp: { ...state.otp, status: 'verified', problem: null } };
    case 'booking/otpSendFailed':
      return {
        ...state,
        otp: {
          ...state.otp,
          status: state.otp.sentAt === null ? 'idle' : 'sent',
          problem: { step: 'send', text: a.payload.message, waitUntil: a.payload.waitUntil },
        },
      };
    case 'booking/otpVerifyFailed':
      return { ...state, otp: { ...state.otp, status: 'sent', problem: { step: 'verify', text: a.payload.message, waitUntil: null } } };
    case 'booking/submitted':
      return { ...state, submit: { status: 'submitting', error: null, message: null, nearestCheckIn: null } };
    case 'booking/placed':
      return { ...state, submit: { status: 'placed', error: null, message: a.payload.message, nearestCheckIn: null }, placed: a.payload.booking };
    case 'booking/failed':
      return { ...state, submit: { status: 'failed', error: a.payload.message, message: null, nearestCheckIn: a.payload.nearestCheckIn ?? null } };
    case 'booking/dateChosen':
      return { ...state, stay: { nights: 1, rooms: 1, guests: 1, ...state.stay, checkIn: a.payload.date } };
    case 'booking/stayChosen':
      return { ...state, stay: a.payload.stay };
    case 'booking/availabilityRequested': {
      const key = checkKey(a.payload.hotelId, a.payload.roomId, a.payload.stay);
      return { ...state, availability: { key, status: 'loading', listing: key === state.availability.key ? state.availability.listing : null, refusal: null } };
    }
    case 'booking/availabilityChecked':
      return { ...state, availability: { key: a.payload.key, status: 'succeeded', listing: a.payload.listing, refusal: null } };
    case 'booking/availabilityFailed':
      return a.payload.key === state.availability.key
        ? { ...state, availability: { key: a.payload.key, status: 'failed', listing: null, refusal: a.payload.refusal } }
        : state;
    case 'booking/started':
      return { ...initialBookingState, stay: state.stay };
    default:
      return state;
  }
}

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
