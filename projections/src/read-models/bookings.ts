/**
 * The bookings read model, one module: its document (a booking as guests and owners read
 * it, "Booking (as read)" of the spec), its projection (booking events into the `bookings`
 * collection behind the guest's and the owner's booking lists and the auditors' search)
 * and its queries.
 */
import {
  ERASED,
  indiaToday,
  normaliseEmail,
  stayIsNotOver,
  type AuditBookingStatus,
  type AuditBookingStatusFilter,
  type AuditBookingSummary,
  type BookingView,
} from '@stays/contracts';
import type { Filter, Projection, Sort } from '@stays/read-store';
import { POSITION_FIELD } from '../guard.ts';
import type { ProjectedWrite } from '../projection.ts';
import { defineReadModel, type ReadModelStore } from '../read-model.ts';
import { escapeRegExp } from './text-pattern.ts';

/** The model's collections by logical name (its versions keep them as `bookings_v<version>_<name>`). */
export const bookingCollections = {
  bookings: 'bookings',
} as const;

export type BookingDocument = Pick<BookingView, keyof BookingView> & {
  /** The hotel owner's account id, for who may read the booking's invoice. */
  ownerId: string;
  /** The stay's last night (YYYY-MM-DD): the booking is upcoming until it has passed (the auditors' status filter). */
  lastNight: string;
  /** The guest's email normalised (trimmed, lower case), as auditors search by it; the booking keeps the email as entered. */
  customerEmailKey: string;
};

const setOnBooking = (bookingID: string, set: Record<string, unknown>): ProjectedWrite[] => [
  { collection: bookingCollections.bookings, operation: { updateOne: { filter: { _id: bookingID }, update: { $set: set } } } },
];

export const bookingsReadModel = defineReadModel({
  name: 'bookings',
  version: 5,
  collections: {
    [bookingCollections.bookings]: [
      // The guest's and the hotel's lists, newest first: MongoDB reads them in index order
      // instead of sorting in memory (the sort is the query's, in queries.ts).
      { keys: { customerID: 1, created_at: -1, _id: 1 } },
      { keys: { hotelID: 1, created_at: -1, _id: 1 } },
      // the auditors' searches by stay dates (from/to bound the first night) and by guest email
      { keys: { dateOfCommencement: 1, _id: 1 } },
      { keys: { customerEmailKey: 1 } },
    ],
  },
  queries: bookingQueries,
  on: {
    BookingPlaced: (placed, { recordedAt }) => {
      const document = {
        bookingID: placed.bookingID,
        hotelID: placed.hotelId,
        hotelName: placed.hotelName,
        hotelAddress: placed.hotelAddress,
        hotelCity: placed.hotelCity,
        ownerId: placed.ownerId,
        customerID: placed.customerId,
        customerName: placed.customerName,
        customerEmail: placed.customerEmail,
        customerEmailKey: normaliseEmail(placed.customerEmail),
        customerPhoneNumber: placed.customerPhoneNumber,
        dateOfBooking: placed.dateOfBooking,
        dateOfCommencement: placed.dateOfCommencement,
        lastNight: placed.nights.at(-1) ?? placed.dateOfCommencement,
        numberOfNights: placed.numberOfNights,
        numberOfGuests: placed.numberOfGuests,
        numberOfRooms: placed.numberOfRooms,
        roomType: placed.roomType,
        roomStandard: placed.roomStandard,
        roomID: placed.roomId,
        totalAmount: placed.totalAmount,
        discountAmount: placed.discountAmount,
        payableAmount: placed.payableAmount,
        isPaymentDone: false,
        paidAt: null,
        invoicePDF: null,
        status: 'confirmed',
        cancellationPolicy: placed.cancellationPolicy,
        cancellation: null,
        created_at: recordedAt,
      };
      return [
        { collection: bookingCollections.bookings, operation: { updateOne: { filter: { _id: placed.bookingID }, update: { $set: document }, upsert: true } } },
      ];
    },
    // An erased guest's invoice is deleted: a replay (where the guest reads as erased) links none.
    InvoiceIssued: ({ bookingID, invoicePDF }) => [
      {
        collection: bookingCollections.bookings,
        operation: { updateOne: { filter: { _id: bookingID, customerName: { $ne: ERASED } }, update: { $set: { invoicePDF } } } },
      },
    ],
    BookingCancelled: ({ bookingID, cancelledAt, chargeAmount, refundAmount }) =>
      setOnBooking(bookingID, { status: 'cancelled', cancellation: { cancelledAt, chargeAmount, refundAmount } }),
    BookingPaymentReceived: ({ bookingID, receivedAt }) => setOnBooking(bookingID, { isPaymentDone: true, paidAt: receivedAt }),
    BookingPaymentUndone: ({ bookingID }) => setOnBooking(bookingID, { isPaymentDone: false, paidAt: null }),
    // The guest's key is destroyed and their invoices deleted: blank what is already
    // projected, as a rebuild (which reads the guest as erased) would; amounts, dates,
    // hotel and ids stay.
    PersonalDataErased: ({ accountId, role }) =>
      role !== 'customer'
        ? []
        : [
            {
              collection: bookingCollections.bookings,
              operation: {
                updateMany: {
                  filter: { customerID: accountId },
                  update: { $set: { customerName: ERASED, customerEmail: ERASED, customerEmailKey: ERASED, customerPhoneNumber: ERASED, invoicePDF: null } },
                },
              },
            },
          ],
  },
});

/** Never answered to guests and owners: the position stamp, the owner's account id (nobody else's business), the auditors' search keys. */
const INTERNAL_BOOKING_FIELDS: Projection = { [POSITION_FIELD]: 0, ownerId: 0, lastNight: 0, customerEmailKey: 0 };

/** What an auditor's search of bookings may name (contracts `auditBookingsQuery`, normalised), at `now`. */
export interface AuditBookingFilter {
  readonly bookingID?: string;
  /** Any case: matched normalised. */
  readonly guestEmail?: string;
  readonly hotelID?: string;
  /** Anywhere in the hotel name the booking was placed under, any case, as plain text. */
  readonly hotelName?: string;
  /** YYYY-MM-DD bounds of the first night, inclusive. */
  readonly from?: string;
  readonly to?: string;
  readonly status?: AuditBookingStatusFilter;
  readonly now: Date;
}

/** An auditor's search as a query of the bookings collection (every filter given must match). */
export function auditFilter(filter: AuditBookingFilter): Filter {
  const commencement = { ...(filter.from !== undefined && { $gte: filter.from }), ...(filter.to !== undefined && { $lte: filter.to }) };
  const today = indiaToday(filter.now);
  const byStatus: Record<AuditBookingStatusFilter, Filter> = {
    cancelled: { status: 'cancelled' },
    // stayIsNotOver (contracts) in the query language: the last night is today or later
    upcoming: { status: { $ne: 'cancelled' }, lastNight: { $gte: today } },
    completed: { status: { $ne: 'cancelled' }, lastNight: { $lt: today } },
    paid: { isPaymentDone: true },
  };
  return {
    ...(filter.bookingID !== undefined && { _id: filter.bookingID }),
    ...(filter.guestEmail !== undefined && { customerEmailKey: normaliseEmail(filter.guestEmail) }),
    ...(filter.hotelID !== undefined && { hotelID: filter.hotelID }),
    // escaped: what the auditor typed is text, never a pattern
    ...(filter.hotelName !== undefined && { hotelName: { $regex: escapeRegExp(filter.hotelName), $options: 'i' } }),
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
    paid: booking.isPaymentDone,
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
