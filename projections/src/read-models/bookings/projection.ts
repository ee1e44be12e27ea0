/** The bookings read model: booking events → the `bookings` collection behind the guest's and the owner's booking lists. */
import { ERASED, normaliseEmail } from '@stays/contracts';
import type { ProjectedWrite } from '../../projection.ts';
import { defineReadModel } from '../../read-model.ts';
import { bookingCollections as collections } from './document.ts';
import { bookingQueries } from './queries.ts';

const setOnBooking = (bookingID: string, set: Record<string, unknown>): ProjectedWrite[] => [
  { collection: collections.bookings, operation: { updateOne: { filter: { _id: bookingID }, update: { $set: set } } } },
];

export const bookingsReadModel = defineReadModel({
  name: 'bookings',
  version: 3,
  collections: {
    [collections.bookings]: [
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
        invoicePDF: null,
        status: 'confirmed',
        created_at: recordedAt,
      };
      return [{ collection: collections.bookings, operation: { updateOne: { filter: { _id: placed.bookingID }, update: { $set: document }, upsert: true } } }];
    },
    // An erased guest's invoice is deleted: a replay (where the guest reads as erased) links none.
    InvoiceIssued: ({ bookingID, invoicePDF }) => [
      {
        collection: collections.bookings,
        operation: { updateOne: { filter: { _id: bookingID, customerName: { $ne: ERASED } }, update: { $set: { invoicePDF } } } },
      },
    ],
    BookingCancelled: ({ bookingID }) => setOnBooking(bookingID, { status: 'cancelled' }),
    BookingPaymentReceived: ({ bookingID }) => setOnBooking(bookingID, { isPaymentDone: true }),
    // The guest's key is destroyed and their invoices deleted: blank what is already
    // projected, as a rebuild (which reads the guest as erased) would; amounts, dates,
    // hotel and ids stay.
    PersonalDataErased: ({ accountId, role }) =>
      role !== 'customer'
        ? []
        : [
            {
              collection: collections.bookings,
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
