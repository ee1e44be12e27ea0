/**
 * The booking aggregate's state and evolve (stream `booking-{bookingID}`): placed,
 * documents issued, cancelled or paid. Here rather than in the command service because
 * the auditors' as-of view folds a booking's events with this very `evolve`: one fold,
 * two uses, so what an auditor sees as of a moment is what the command side decided on.
 */
import type { BookingEvent, BookingNotice, BookingPlaced } from '../events/booking.ts';
import { bookingEventTypes } from '../events/index.ts';

export type PlacedBooking = BookingPlaced['data'];

export type BookingState =
  | { readonly status: 'none' }
  | {
      readonly status: 'placed' | 'cancelled';
      readonly booking: PlacedBooking;
      readonly invoice: { readonly url: string; readonly mediaId: string } | null;
      readonly emailSent: boolean;
      /** The notices (BookingNoticeSent) recorded so far. */
      readonly noticesSent: readonly BookingNotice[];
      readonly paid: boolean;
      /** When it was cancelled and what that cost under its policy; null until cancelled. */
      readonly cancellation: { readonly cancelledAt: string; readonly chargeAmount: number; readonly refundAmount: number } | null;
    };

const initialBookingState = (): BookingState => ({ status: 'none' });

function evolveBooking(state: BookingState, event: BookingEvent): BookingState {
  if (event.type === 'BookingPlaced')
    return { status: 'placed', booking: event.data, invoice: null, emailSent: false, noticesSent: [], paid: false, cancellation: null };
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'InvoiceIssued':
      return { ...state, invoice: { url: event.data.invoicePDF, mediaId: event.data.mediaId } };
    case 'BookingEmailSent':
      return { ...state, emailSent: true };
    case 'BookingNoticeSent':
      return state.noticesSent.includes(event.data.notice) ? state : { ...state, noticesSent: [...state.noticesSent, event.data.notice] };
    case 'BookingCancelled': {
      const { cancelledAt, chargeAmount, refundAmount } = event.data;
      return { ...state, status: 'cancelled', cancellation: { cancelledAt, chargeAmount, refundAmount } };
    }
    case 'BookingPaymentReceived':
      return { ...state, paid: true };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const bookingAggregate = { initialState: initialBookingState, evolve: evolveBooking, eventTypes: bookingEventTypes };
