import { expect } from 'chai';
import { ERASED, TERMS_BEFORE_POLICIES } from '@stays/contracts';
import { bookingCollections as collections, bookingsReadModel } from '../src/index.ts';
import { placedData } from './support/booking-placed.ts';
import { projectEvents, recordedAt } from './support/project-events.ts';

const placed = placedData({
  bookingID: 'BK-7Q2M4X9A',
  hotelAddress: '12 Marine Drive, Churchgate',
  numberOfRooms: 2,
  numberOfGuests: 3,
  dateOfBooking: '2026-11-22',
  units: 2,
  totalAmount: 12000,
  discountAmount: 2400,
  payableAmount: 9600,
});
const asRead = {
  _id: 'BK-7Q2M4X9A',
  bookingID: 'BK-7Q2M4X9A',
  hotelID: 'h1',
  hotelName: 'Sea Breeze Residency',
  hotelAddress: '12 Marine Drive, Churchgate',
  hotelCity: 'Mumbai',
  ownerId: 'o1',
  customerID: 'c1',
  customerName: 'Asha Rao',
  customerEmail: 'Asha@Example.in',
  customerEmailKey: 'asha@example.in',
  customerPhoneNumber: '9876543210',
  dateOfBooking: '2026-11-22',
  dateOfCommencement: '2026-12-01',
  lastNight: '2026-12-02',
  numberOfNights: 2,
  numberOfGuests: 3,
  numberOfRooms: 2,
  roomType: 'Room',
  roomStandard: 'Deluxe',
  roomID: 'r1',
  totalAmount: 12000,
  discountAmount: 2400,
  payableAmount: 9600,
  isPaymentDone: false,
  paidAt: null,
  invoicePDF: null,
  status: 'confirmed',
  cancellationPolicy: TERMS_BEFORE_POLICIES,
  cancellation: null,
  created_at: recordedAt(1),
};

describe('bookings read model: events in, documents out', () => {
  it('reads a placed booking as the spec shows it: unpaid, confirmed, no invoice yet', async () => {
    const documents = await projectEvents(bookingsReadModel, [{ type: 'BookingPlaced', data: placed }]);
    expect(documents[collections.bookings]).to.deep.equal([asRead]);
  });

  it("keeps a stay's last night, for stays of one to four nights", async () => {
    const stays = [['2026-12-01'], ['2026-12-01', '2026-12-02', '2026-12-03'], ['2026-12-01', '2026-12-02', '2026-12-03', '2026-12-04']];
    for (const nights of stays) {
      const documents = await projectEvents(bookingsReadModel, [{ type: 'BookingPlaced', data: { ...placed, nights, numberOfNights: nights.length } }]);
      expect(documents[collections.bookings]![0]!.lastNight, `${nights.length} nights`).to.equal(nights.at(-1));
    }
  });

  it('adds the invoice link, the payment and the cancellation as they happen; the email changes nothing', async () => {
    const documents = await projectEvents(bookingsReadModel, [
      { type: 'BookingPlaced', data: placed },
      { type: 'InvoiceIssued', data: { bookingID: placed.bookingID, invoicePDF: '/media/Invoice_BK-7Q2M4X9A.pdf', mediaId: 'Invoice_BK-7Q2M4X9A.pdf' } },
      { type: 'BookingEmailSent', data: { bookingID: placed.bookingID, messageId: '<m1@stays>' } },
      { type: 'BookingPaymentReceived', data: { bookingID: placed.bookingID, ownerId: 'o1', receivedAt: '2026-12-01T09:00:00.000Z' } },
    ]);
    expect(documents[collections.bookings]).to.deep.equal([
      { ...asRead, invoicePDF: '/media/Invoice_BK-7Q2M4X9A.pdf', isPaymentDone: true, paidAt: '2026-12-01T09:00:00.000Z' },
    ]);

    const cancelled = await projectEvents(bookingsReadModel, [
      { type: 'BookingPlaced', data: placed },
      {
        type: 'BookingCancelled',
        data: { bookingID: placed.bookingID, customerId: 'c1', cancelledAt: '2026-11-23T09:00:00.000Z', chargeAmount: 0, refundAmount: 0 },
      },
    ]);
    expect(cancelled[collections.bookings]).to.deep.equal([
      { ...asRead, status: 'cancelled', cancellation: { cancelledAt: '2026-11-23T09:00:00.000Z', chargeAmount: 0, refundAmount: 0 } },
    ]);
  });

  it('keeps the policy the booking was made under, and the charge of a late cancellation', async () => {
    const policy = { freeUntilDaysBefore: 3, lateCharge: { kind: 'percentage', percent: 50 } } as const;
    const documents = await projectEvents(bookingsReadModel, [
      { type: 'BookingPlaced', data: { ...placed, cancellationPolicy: policy } },
      {
        type: 'BookingCancelled',
        data: { bookingID: placed.bookingID, customerId: 'c1', cancelledAt: '2026-11-30T09:00:00.000Z', chargeAmount: 4800, refundAmount: 0 },
      },
    ]);
    expect(documents[collections.bookings]).to.deep.equal([
      {
        ...asRead,
        cancellationPolicy: policy,
        status: 'cancelled',
        cancellation: { cancelledAt: '2026-11-30T09:00:00.000Z', chargeAmount: 4800, refundAmount: 0 },
      },
    ]);
  });

  it('reads a booking whose payment was undone as unpaid again, and paid from the new time once recorded again', async () => {
    const paid = (receivedAt: string) => ({ type: 'BookingPaymentReceived' as const, data: { bookingID: placed.bookingID, ownerId: 'o1', receivedAt } });
    const undone = { type: 'BookingPaymentUndone' as const, data: { bookingID: placed.bookingID, ownerId: 'o1', undoneAt: '2026-11-30T09:04:00.000Z' } };
    const unpaid = await projectEvents(bookingsReadModel, [{ type: 'BookingPlaced', data: placed }, paid('2026-11-30T09:00:00.000Z'), undone]);
    expect(unpaid[collections.bookings]).to.deep.equal([asRead]);
    const paidAgain = await projectEvents(bookingsReadModel, [
      { type: 'BookingPlaced', data: placed },
      paid('2026-11-30T09:00:00.000Z'),
      undone,
      paid('2026-11-30T09:30:00.000Z'),
    ]);
    expect(paidAgain[collections.bookings]).to.deep.equal([{ ...asRead, isPaymentDone: true, paidAt: '2026-11-30T09:30:00.000Z' }]);
  });

  it("blanks the guest's contact data when their personal data is erased, keeping amounts, dates, hotel and ids; other guests' bookings stay", async () => {
    const other = { ...placed, bookingID: 'BK-OTHER001', customerId: 'c2' };
    const documents = await projectEvents(bookingsReadModel, [
      { type: 'BookingPlaced', data: placed },
      { type: 'BookingPlaced', data: other },
      { type: 'InvoiceIssued', data: { bookingID: placed.bookingID, invoicePDF: '/media/Invoice_BK-7Q2M4X9A.pdf', mediaId: 'Invoice_BK-7Q2M4X9A.pdf' } },
      { type: 'PersonalDataErased', data: { accountId: 'c1', role: 'customer', subject: 'customer-c1' } },
      { type: 'PersonalDataErased', data: { accountId: 'c2', role: 'hotel-owner', subject: 'owner-c2' } },
    ]);
    const byId = new Map(documents[collections.bookings]!.map((document) => [document._id, document]));
    expect(byId.get(placed.bookingID)).to.deep.equal({
      ...asRead,
      customerName: ERASED,
      customerEmail: ERASED,
      customerEmailKey: ERASED,
      customerPhoneNumber: ERASED,
    });
    expect(byId.get(other.bookingID)).to.include({
      customerName: 'Asha Rao',
      customerEmail: 'Asha@Example.in',
      customerPhoneNumber: '9876543210',
      customerID: 'c2',
    });
  });

  it('links no invoice for a guest a replay reads as erased (the invoice was deleted with them)', async () => {
    const erased = { ...placed, customerName: ERASED, customerEmail: ERASED, customerPhoneNumber: ERASED };
    const documents = await projectEvents(bookingsReadModel, [
      { type: 'BookingPlaced', data: erased },
      { type: 'InvoiceIssued', data: { bookingID: placed.bookingID, invoicePDF: '/media/Invoice_BK-7Q2M4X9A.pdf', mediaId: 'Invoice_BK-7Q2M4X9A.pdf' } },
    ]);
    expect(documents[collections.bookings]).to.deep.equal([
      { ...asRead, customerName: ERASED, customerEmail: ERASED, customerEmailKey: ERASED, customerPhoneNumber: ERASED, invoicePDF: null },
    ]);
  });
});
