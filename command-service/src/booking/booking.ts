/**
 * The booking aggregate (stream `booking-{bookingID}`): placed, documents issued, cancelled
 * or paid, and the pure decisions on it: every booking rule lives here.
 */
import {
  earliestCommencement, indiaToday, latestCommencement, limits, messages, quoteStay, stayNights, unitsBooked,
  type BookRequest, type BookingEvent, type BookingPlaced,
} from '@stays/contracts';
import { ConflictError, ForbiddenError, NotFoundError, ValidationError } from '@stays/service-kit';
import type { HotelState } from '../hotels/hotel.ts';
import type { RoomState } from '../rooms/room.ts';
import { isVerifiedFor, type ContactState } from './contact.ts';

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

export interface PlaceBooking {
  readonly bookingID: string;
  readonly customerId: string;
  /** The validated request: national phone number, calendar dates. */
  readonly request: BookRequest;
  readonly now: Date;
}

/** What a booking decision reads besides its own stream: the contact, the hotel, and the listing's room (null: no such listing). */
export interface BookingContext {
  readonly contact: ContactState;
  readonly hotel: HotelState;
  readonly room: RoomState | null;
}

/**
 * Places a booking: the guest verified this email and phone; the hotel is listed (a
 * delisted one says so); the listing exists; the stay starts between tomorrow and 365
 * days from today (India time); a Flat is one unit. The price comes from the room, never
 * from the client.
 */
export function placeBooking(command: PlaceBooking, context: BookingContext): BookingEvent[] {
  const { request, now } = command;
  if (!isVerifiedFor(context.contact, command.customerId, now)) throw new ForbiddenError(messages.server.contactNotVerified);
  if (request.dateOfCommencement < earliestCommencement(now)) {
    throw new ValidationError('dateOfCommencement', messages.server.stayStartsTomorrowAtTheEarliest);
  }
  if (request.dateOfCommencement > latestCommencement(now)) {
    throw new ValidationError('dateOfCommencement', messages.server.stayStartsTooFarAhead(limits.bookingHorizonDays));
  }
  const { hotel, room } = context;
  if (hotel.status === 'delisted') throw new ConflictError(messages.server.hotelDelisted);
  if (hotel.status !== 'listed') throw new NotFoundError(messages.server.hotelNotFound);
  if (room === null || room.status !== 'listed' || room.hotelId !== hotel.hotelId) throw new NotFoundError(messages.server.noRoomOfThatKind);
  const roomType = room.details.roomType;
  if (roomType === 'Flat' && request.numberOfRooms !== 1) throw new ValidationError('numberOfRooms', messages.server.flatOnly);

  const quote = quoteStay({ ...request, roomType, pricePerNight: room.details.pricePerNight });
  return [{
    type: 'BookingPlaced',
    data: {
      bookingID: command.bookingID, customerId: command.customerId, customerName: request.customerName,
      customerEmail: request.customerEmail.toLowerCase(), customerPhoneNumber: request.customerPhoneNumber,
      hotelId: hotel.hotelId, ownerId: hotel.ownerId, hotelName: hotel.details.hotelName, hotelAddress: hotel.details.address,
      hotelCity: hotel.details.city, roomId: room.roomId, roomType, roomStandard: room.details.roomStandard,
      numberOfRooms: roomType === 'Room' ? request.numberOfRooms : 1, numberOfGuests: request.numberOfGuests,
      numberOfNights: request.numberOfNights, dateOfBooking: indiaToday(now), dateOfCommencement: request.dateOfCommencement,
      nights: stayNights(request.dateOfCommencement, request.numberOfNights), units: unitsBooked(roomType, request.numberOfRooms),
      pricePerNight: room.details.pricePerNight, ...quote, paymentMethod: 'pay-at-hotel',
    },
  }];
}

/** Records a booking decided by `placeBooking`, once its units and the guest's place are held; an id already taken is a conflict. */
export function recordPlacedBooking(placed: BookingPlaced, state: BookingState): BookingEvent[] {
  if (state.status !== 'none') throw new ConflictError(`booking ${placed.data.bookingID} exists`);
  return [placed];
}

function existing(state: BookingState) {
  if (state.status === 'none') throw new NotFoundError(messages.server.bookingNotFound);
  return state;
}

/**
 * A guest cancels their own booking before its first night (India time), unless the
 * owner has recorded its payment (the money is settled at the hotel, not online);
 * cancelling twice changes nothing.
 */
export function cancelBooking(command: { customerId: string; now: Date }, state: BookingState): BookingEvent[] {
  const booking = existing(state);
  if (booking.booking.customerId !== command.customerId) throw new ForbiddenError(messages.server.notYourBooking);
  if (booking.status === 'cancelled') return [];
  if (booking.paid) throw new ConflictError(messages.server.paidBookingNotCancellable);
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
