/** The booking aggregate (stream `booking-{bookingID}`): placed, documents issued, cancelled or paid. */
import { indiaToday, messages, type BookingEvent, type BookingPlaced } from '@stays/contracts';
import { ConflictError, ForbiddenError, NotFoundError } from '@stays/service-kit';

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

export const initialBookingState = (): BookingState => ({ status: 'none' });

export function evolveBooking(state: BookingState, event: BookingEvent): BookingState {
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

export function placeBooking(booking: PlacedBooking, state: BookingState): BookingEvent[] {
  if (state.status !== 'none') throw new ConflictError(`booking ${booking.bookingID} exists`);
  return [{ type: 'BookingPlaced', data: booking }];
}

function existing(state: BookingState) {
  if (state.status === 'none') throw new NotFoundError(messages.server.bookingNotFound);
  return state;
}

/** A guest cancels their own booking before its first night (India time); cancelling twice changes nothing. */
export function cancelBooking(command: { customerId: string; now: Date }, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  if (booking.booking.customerId !== command.customerId) throw new ForbiddenError(messages.server.notYourBooking);
  if (booking.status === 'cancelled') return [];
  if (booking.booking.dateOfCommencement <= indiaToday(command.now)) throw new ConflictError(messages.server.bookingAlreadyStarted);
  return [{ type: 'BookingCancelled', data: { bookingID: booking.booking.bookingID, customerId: command.customerId, cancelledAt: command.now.toISOString() } }];
}

/** The hotel's owner records that a pay-at-hotel booking was paid; recording it twice changes nothing. */
export function markPaid(command: { ownerId: string; now: Date }, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  if (booking.booking.ownerId !== command.ownerId) throw new ForbiddenError(messages.server.notYourBooking);
  if (booking.status === 'cancelled') throw new ConflictError(messages.server.bookingCancelled);
  if (booking.paid) return [];
  return [{ type: 'BookingPaymentReceived', data: { bookingID: booking.booking.bookingID, ownerId: command.ownerId, receivedAt: command.now.toISOString() } }];
}

export function recordInvoice(command: { url: string; mediaId: string }, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  if (booking.invoice !== null) return [];
  return [{ type: 'InvoiceIssued', data: { bookingID: booking.booking.bookingID, invoicePDF: command.url, mediaId: command.mediaId } }];
}

export function recordEmailSent(command: { messageId: string }, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  if (booking.emailSent) return [];
  return [{ type: 'BookingEmailSent', data: { bookingID: booking.booking.bookingID, messageId: command.messageId } }];
}
