/**
 * The booking aggregate's state and evolve (stream `booking-{bookingID}`): placed,
 * documents issued, cancelled, or paid (and that payment undone). Here rather than in the
 * command service because the auditors' as-of view folds a booking's events with this very
 * `evolve`: one fold, two uses, so what an auditor sees as of a moment is what the command
 * side decided on.
 */
import type { BookingEvent, BookingNotice, BookingPlaced } from '../events/booking.ts';
import { bookingEventTypes } from '../events/index.ts';

export type PlacedBooking = BookingPlaced['data'];

/** When a booking was cancelled and what that cost under its policy (integer rupees). */
export interface BookingCancellation {
  readonly cancelledAt: string;
  readonly chargeAmount: number;
  readonly refundAmount: number;
}

export type BookingState =
  | { readonly status: 'none' }
  | {
      readonly status: 'placed' | 'cancelled';
      readonly booking: PlacedBooking;
      /** The latest invoice; `afterCancellation`: issued once the booking was cancelled, so it shows the cancellation charge. */
      readonly invoice: { readonly url: string; readonly mediaId: string; readonly afterCancellation: boolean } | null;
      readonly emailSent: boolean;
      /** The notices (BookingNoticeSent) recorded so far. */
      readonly noticesSent: readonly BookingNotice[];
      /** The notices a competing documents reactor claimed (BookingNoticeClaimed), sent or not. */
      readonly noticesClaimed: readonly BookingNotice[];
      readonly paid: boolean;
      /** When the payment was recorded (its `receivedAt`), so an undo can be judged against its window; null while unpaid. */
      readonly paidAt: string | null;
      /** When it was cancelled and what that cost under its policy; null until cancelled. */
      readonly cancellation: BookingCancellation | null;
    };

const initialBookingState = (): BookingState => ({ status: 'none' });

function evolveBooking(state: BookingState, event: BookingEvent): BookingState {
  if (event.type === 'BookingPlaced')
    return {
      status: 'placed',
      booking: event.data,
      invoice: null,
      emailSent: false,
      noticesSent: [],
      noticesClaimed: [],
      paid: false,
      paidAt: null,
      cancellation: null,
    };
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'InvoiceIssued':
      return { ...state, invoice: { url: event.data.invoicePDF, mediaId: event.data.mediaId, afterCancellation: state.status === 'cancelled' } };
    case 'BookingEmailSent':
      return { ...state, emailSent: true };
    case 'BookingNoticeClaimed':
      return state.noticesClaimed.includes(event.data.notice) ? state : { ...state, noticesClaimed: [...state.noticesClaimed, event.data.notice] };
    case 'BookingNoticeSent':
      return state.noticesSent.includes(event.data.notice) ? state : { ...state, noticesSent: [...state.noticesSent, event.data.notice] };
    case 'BookingCancelled': {
      const { cancelledAt, chargeAmount, refundAmount } = event.data;
      return { ...state, status: 'cancelled', cancellation: { cancelledAt, chargeAmount, refundAmount } };
    }
    case 'BookingPaymentReceived':
      return { ...state, paid: true, paidAt: event.data.receivedAt };
    case 'BookingPaymentUndone':
      return { ...state, paid: false, paidAt: null };
    // Stryker disable next-line ConditionalExpression,BlockStatement: unreachable, the type checker proves the switch covers every event
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

/**
 * A cancelled booking whose cancellation cost something needs an invoice showing that
 * charge: one issued after the cancellation. Free cancellations keep the invoice they had
 * (which the screens no longer offer).
 */
export const needsCancellationInvoice = (state: BookingState): boolean =>
  state.status === 'cancelled' && (state.cancellation?.chargeAmount ?? 0) > 0 && state.invoice?.afterCancellation !== true;

export const bookingAggregate = { initialState: initialBookingState, evolve: evolveBooking, eventTypes: bookingEventTypes };
