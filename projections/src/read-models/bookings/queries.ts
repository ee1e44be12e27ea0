/** What the query side asks of the bookings read model. */
import type { BookingView } from '@stays/contracts';
import type { Projection, ReadStore, Sort } from '@stays/read-store';
import { POSITION_FIELD } from '../../guard.ts';
import { bookingCollections, type BookingDocument } from './document.ts';

/** Never answered: the position stamp, and the owner's account id (nobody else's business). */
const INTERNAL_BOOKING_FIELDS: Projection = { [POSITION_FIELD]: 0, ownerId: 0 };
const NEWEST_FIRST: Sort = { created_at: -1, _id: 1 };

export type BookingQueries = ReturnType<typeof bookingQueries>;

export function bookingQueries(readStore: ReadStore) {
  const bookings = readStore.collection<BookingDocument>(bookingCollections.bookings);

  return {
    /** The guest's bookings, newest first. */
    async bookingsOfGuest(customerId: string): Promise<BookingView[]> {
      return bookings.find({ customerID: customerId }, { sort: NEWEST_FIRST, projection: INTERNAL_BOOKING_FIELDS });
    },
    /** The hotel's bookings, newest first. */
    async bookingsOfHotel(hotelId: string): Promise<BookingView[]> {
      return bookings.find({ hotelID: hotelId }, { sort: NEWEST_FIRST, projection: INTERNAL_BOOKING_FIELDS });
    },
    /** Whose booking it is: its guest and its hotel's owner (null when there is no such booking). */
    async partiesOf(bookingID: string): Promise<{ customerID: string; ownerId: string } | null> {
      const booking = await bookings.findOne({ _id: bookingID }, { projection: { customerID: 1, ownerId: 1 } });
      return booking === null ? null : { customerID: booking.customerID, ownerId: booking.ownerId };
    },
  };
}
