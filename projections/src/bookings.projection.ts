/** Bookings → the `bookings` read model behind the guest's and the owner's booking lists. */
import type { RecordedEvent } from '@stays/event-store';
import type { BookingEvent } from '@stays/contracts';
import type { ProjectedWrite, ProjectionDefinition } from './projection.ts';
import { collections } from './read-models.ts';

function projectBookingEvent(event: BookingEvent, recordedAt: string): ProjectedWrite[] {
  const byId = (update: Record<string, unknown>): ProjectedWrite[] =>
    [{ collection: collections.bookings, operation: { updateOne: { filter: { _id: event.data.bookingID }, update } } }];
  switch (event.type) {
    case 'BookingPlaced': {
      const placed = event.data;
      const document = {
        bookingID: placed.bookingID, hotelID: placed.hotelId, hotelName: placed.hotelName, hotelAddress: placed.hotelAddress,
        hotelCity: placed.hotelCity, ownerId: placed.ownerId, customerID: placed.customerId, customerName: placed.customerName,
        customerEmail: placed.customerEmail, customerPhoneNumber: placed.customerPhoneNumber, dateOfBooking: placed.dateOfBooking,
        dateOfCommencement: placed.dateOfCommencement, numberOfNights: placed.numberOfNights, numberOfGuests: placed.numberOfGuests,
        numberOfRooms: placed.numberOfRooms, roomType: placed.roomType, roomStandard: placed.roomStandard, roomID: placed.roomId,
        totalAmount: placed.totalAmount, discountAmount: placed.discountAmount, isPaymentDone: false, invoicePDF: null,
        status: 'confirmed', created_at: recordedAt,
      };
      return [{ collection: collections.bookings, operation: { updateOne: { filter: { _id: placed.bookingID }, update: { $set: document }, upsert: true } } }];
    }
    case 'InvoiceIssued':
      return byId({ $set: { invoicePDF: event.data.invoicePDF } });
    case 'BookingCancelled':
      return byId({ $set: { status: 'cancelled' } });
    case 'BookingPaymentReceived':
      return byId({ $set: { isPaymentDone: true } });
    case 'BookingEmailSent':
      return [];
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

const BOOKING_EVENTS = new Set<string>(['BookingPlaced', 'InvoiceIssued', 'BookingEmailSent', 'BookingCancelled', 'BookingPaymentReceived']);

export const bookingsProjection: ProjectionDefinition = {
  name: 'bookings',
  version: 1,
  collections: [collections.bookings],
  // The guest's and the hotel's lists, newest first: MongoDB reads them in index order
  // instead of sorting in memory (the sort is the query's, in query-service/src/bookings).
  indexes: [
    { collection: collections.bookings, keys: { customerID: 1, created_at: -1, _id: 1 } },
    { collection: collections.bookings, keys: { hotelID: 1, created_at: -1, _id: 1 } },
  ],
  project: (event: RecordedEvent) =>
    BOOKING_EVENTS.has(event.type) ? projectBookingEvent({ type: event.type, data: event.data } as unknown as BookingEvent, event.recordedAt) : [],
};
