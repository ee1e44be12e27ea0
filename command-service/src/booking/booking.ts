/**
 * The booking aggregate (stream `booking-{bookingID}`): placed, documents issued, cancelled
 * or paid. Its events are typed in contracts (`BookingEvent`, shared with projections);
 * the decisions on it live in the use case folders beside this file.
 */
import { messages, type BookingEvent, type BookingPlaced } from '@stays/contracts';
import { NotFound } from '../domain-errors.ts';

export type PlacedBooking = BookingPlaced['data'];

export type BookingState =
  | { readonly status: 'none' }
  | {
      readonly status: 'placed' | 'cancelled';
      readonly booking: PlacedBooking;
      readonly invoice: { readonly url: string; readonly mediaId: string } | null;
      readonly emailSent: boolean;
      readonly paid: boolean;
    };

const initialBookingState = (): BookingState => ({ status: 'none' });

function evolveBooking(state: BookingState, event: BookingEvent): BookingState {
  if (event.type === 'BookingPlaced') return { status: 'placed', booking: event.data, invoice: null, emailSent: false, paid: false };
  if (state.status === 'none') return state;
  switch (event.type) {
    case 'InvoiceIssued':
      return { ...state, invoice: { url: event.data.invoicePDF, mediaId: event.data.mediaId } };
    case 'BookingEmailSent':
      return { ...state, emailSent: true };
    case 'BookingCancelled':
      return { ...state, status: 'cancelled' };
    case 'BookingPaymentReceived':
      return { ...state, paid: true };
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

export const bookingAggregate = { initialState: initialBookingState, evolve: evolveBooking };

/** The booking, once placed; a booking that does not exist is not found. */
export function placedBooking(state: BookingState): Exclude<BookingState, { status: 'none' }> {
  if (state.status === 'none') throw new NotFound(messages.server.bookingNotFound);
  return state;
}
