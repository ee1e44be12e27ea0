/** What the query side asks of the bookings read model. */
import { indiaToday, normaliseEmail, stayIsNotOver, type AuditBookingStatus, type AuditBookingSummary, type BookingView } from '@stays/contracts';
import type { Filter, Projection, Sort } from '@stays/read-store';
import { POSITION_FIELD } from '../../guard.ts';
import type { ReadModelStore } from '../../read-model.ts';
import { bookingCollections, type BookingDocument } from './document.ts';

/** Never answered to guests and owners: the position stamp, the owner's account id (nobody else's business), the auditors' search keys. */
const INTERNAL_BOOKING_FIELDS: Projection = { [POSITION_FIELD]: 0, ownerId: 0, lastNight: 0, customerEmailKey: 0 };

/** What an auditor's search of bookings may name (contracts `auditBookingsQuery`, normalised), at `now`. */
export interface AuditBookingFilter {
  readonly bookingID?: string;
  /** Any case: matched normalised. */
  readonly guestEmail?: string;
  readonly hotelID?: string;
  /** YYYY-MM-DD bounds of the first night, inclusive. */
  readonly from?: string;
  readonly to?: string;
  readonly status?: AuditBookingStatus;
  readonly now: Date;
}

function auditFilter(filter: AuditBookingFilter): Filter {
  const commencement = { ...(filter.from !== undefined && { $gte: filter.from }), ...(filter.to !== undefined && { $lte: filter.to }) };
  const today = indiaToday(filter.now);
  const byStatus: Record<AuditBookingStatus, Filter> = {
    cancelled: { status: 'cancelled' },
    // stayIsNotOver (contracts) in the query language: the last night is today or later
    upcoming: { status: { $ne: 'cancelled' }, lastNight: { $gte: today } },
    completed: { status: { $ne: 'cancelled' }, lastNight: { $lt: today } },
  };
  return {
    ...(filter.bookingID !== undefined && { _id: filter.bookingID }),
    ...(filter.guestEmail !== undefined && { customerEmailKey: normaliseEmail(filter.guestEmail) }),
    ...(filter.hotelID !== undefined && { hotelID: filter.hotelID }),
    ...(Object.keys(commencement).length > 0 && { dateOfCommencement: commencement }),
    ...(filter.status !== undefined && byStatus[filter.status]),
  };
}

const statusOf = (booking: BookingDocument, now: Date): AuditBookingStatus =>
  booking.status === 'cancelled' ? 'cancelled' : stayIsNotOver(booking.lastNight, now) ? 'upcoming' : 'completed';

const toSummary =
  (now: Date) =>
  (booking: BookingDocument): AuditBookingSummary => ({
    bookingID: booking.bookingID,
    hotelID: booking.hotelID,
    hotelName: booking.hotelName,
    guestId: booking.customerID,
    guestName: booking.customerName,
    guestEmail: booking.customerEmail,
    dateOfBooking: booking.dateOfBooking,
    dateOfCommencement: booking.dateOfCommencement,
    numberOfNights: booking.numberOfNights,
    payableAmount: booking.payableAmount,
    status: statusOf(booking, now),
  });
const NEWEST_FIRST: Sort = { created_at: -1, _id: 1 };

export type BookingQueries = ReturnType<typeof bookingQueries>;

export function bookingQueries(store: ReadModelStore) {
  const bookings = store.collection<BookingDocument>(bookingCollections.bookings);

  return {
    /** The guest's bookings, newest first. */
    async bookingsOfGuest(customerId: string): Promise<BookingView[]> {
      return bookings.find({ customerID: customerId }, { sort: NEWEST_FIRST, projection: INTERNAL_BOOKING_FIELDS });
    },
    /** The hotel's bookings, newest first. */
    async bookingsOfHotel(hotelId: string): Promise<BookingView[]> {
      return bookings.find({ hotelID: hotelId }, { sort: NEWEST_FIRST, projection: INTERNAL_BOOKING_FIELDS });
    },
    /** An auditor's search, newest first, a page of `pageSize` at a time, with personal fields as the read model holds them. */
    async auditSearch(filter: AuditBookingFilter, page: number, pageSize: number): Promise<{ items: AuditBookingSummary[]; total: number }> {
      const query = auditFilter(filter);
      const [found, total] = await Promise.all([
        bookings.find(query, { sort: NEWEST_FIRST, skip: (page - 1) * pageSize, limit: pageSize }),
        bookings.countDocuments(query),
      ]);
      return { items: found.map(toSummary(filter.now)), total };
    },
    /** Whose booking it is: its guest and its hotel's owner (null when there is no such booking). */
    async partiesOf(bookingID: string): Promise<{ customerID: string; ownerId: string } | null> {
      const booking = await bookings.findOne({ _id: bookingID }, { projection: { customerID: 1, ownerId: 1 } });
      return booking === null ? null : { customerID: booking.customerID, ownerId: booking.ownerId };
    },
  };
}
