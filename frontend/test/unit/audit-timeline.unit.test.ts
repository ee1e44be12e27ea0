import { expect } from 'chai';
import { describeEvent } from '../../src/features/audit/describe-event.ts';
import { fieldsSet, indiaTime, stateFields } from '../../src/features/audit/timeline.ts';

const placed = {
  bookingID: 'BK1',
  customerId: 'c1',
  customerName: 'Asha Guest',
  customerEmail: 'asha@example.com',
  customerPhoneNumber: '9876543210',
  hotelId: 'h1',
  ownerId: 'o1',
  hotelName: 'Lotus Inn',
  hotelAddress: 'MG Road',
  hotelCity: 'Pune',
  roomId: 'r1',
  roomType: 'Flat',
  roomStandard: 'Deluxe',
  numberOfRooms: 2,
  numberOfGuests: 3,
  numberOfNights: 2,
  dateOfBooking: '2026-11-22',
  dateOfCommencement: '2026-12-01',
  nights: ['2026-12-01', '2026-12-02'],
  units: 1,
  pricePerNight: 4000,
  totalAmount: 8000,
  discountAmount: 1600,
  payableAmount: 6400,
  paymentMethod: 'pay-at-hotel',
};

describe('audit timeline texts (unit)', () => {
  it('shows times in India time (UTC+05:30), whatever the offset they were written with', () => {
    expect(indiaTime('2026-11-22T10:00:05.123Z')).to.equal('22 Nov 2026, 15:30:05');
    expect(indiaTime('2026-11-22T23:59:00+05:30')).to.equal('22 Nov 2026, 23:59:00');
    expect(indiaTime('2026-11-22T20:00:00Z')).to.equal('23 Nov 2026, 01:30:00');
    expect(indiaTime('not a time')).to.equal('not a time');
  });

  it('says what a booking event did, with the amounts the log holds', () => {
    expect(describeEvent('BookingPlaced', placed, 'booking-BK1')).to.equal(
      'Asha Guest booked Deluxe Apartment at Lotus Inn for 2 nights from 2026-12-01: ₹6,400 payable at the hotel',
    );
    expect(describeEvent('BookingCancelled', { bookingID: 'BK1', customerId: 'c1', cancelledAt: '2026-11-23T04:30:00Z' }, 'booking-BK1')).to.equal(
      'Booking cancelled by the guest at 23 Nov 2026, 10:00:00',
    );
    const charged = { bookingID: 'BK1', customerId: 'c1', cancelledAt: '2026-11-23T04:30:00Z', chargeAmount: 3200, refundAmount: 0 };
    expect(describeEvent('BookingCancelled', charged, 'booking-BK1')).to.equal(
      'Booking cancelled by the guest at 23 Nov 2026, 10:00:00, with a cancellation charge of ₹3,200',
    );
    expect(describeEvent('BookingCancelled', { ...charged, chargeAmount: 0 }, 'booking-BK1')).to.equal(
      'Booking cancelled by the guest at 23 Nov 2026, 10:00:00',
    );
    expect(describeEvent('BookingPaymentReceived', { bookingID: 'BK1', ownerId: 'o1', receivedAt: '2026-12-01T06:00:00Z' }, 'booking-BK1')).to.equal(
      'Payment received at the hotel, recorded by the owner at 01 Dec 2026, 11:30:00',
    );
    expect(describeEvent('BookingPaymentUndone', { bookingID: 'BK1', ownerId: 'o1', undoneAt: '2026-12-01T06:04:00Z' }, 'booking-BK1')).to.equal(
      'Payment record undone by the owner at 01 Dec 2026, 11:34:00: the booking is unpaid again',
    );
    expect(describeEvent('InvoiceIssued', { bookingID: 'BK1', invoicePDF: 'x.pdf', mediaId: 'm1' }, 'booking-BK1')).to.equal('Invoice issued');
    expect(describeEvent('BookingEmailSent', { bookingID: 'BK1', messageId: '<m@x>' }, 'booking-BK1')).to.equal('Booking confirmation emailed to the guest');
    expect(describeEvent('UnitsReserved', { bookingID: 'BK1', roomId: 'r1', nights: ['2026-12-01', '2026-12-02'], units: 1 }, 'inventory-r1')).to.equal(
      '1 unit reserved for 2 nights from 2026-12-01',
    );
    expect(describeEvent('UnitsReleased', { bookingID: 'BK1', roomId: 'r1', nights: ['2026-12-01'], units: 3 }, 'inventory-r1')).to.equal(
      '3 units released for 1 night from 2026-12-01',
    );
  });

  it('says what account, contact and listing events did', () => {
    expect(
      describeEvent(
        'AccountRegistered',
        { accountId: 'c1', role: 'customer', name: 'Asha', email: 'a@x.in', passwordHash: null, via: 'google' },
        'customer-c1',
      ),
    ).to.equal('Guest account of Asha registered (Google)');
    expect(describeEvent('AccountProfileUpdated', { accountId: 'c1', role: 'customer', email: 'b@x.in', profileImage: null }, 'customer-c1')).to.equal(
      'Profile changed: email, profileImage',
    );
    expect(describeEvent('AccountSignedOut', { accountId: 'c1', role: 'customer', sessionId: 's', reason: 'password-changed' }, 'customer-c1')).to.equal(
      'Session ended: the password was changed',
    );
    expect(describeEvent('PersonalDataErased', { accountId: 'c1', role: 'customer', subject: 'customer-c1' }, 'customer-c1')).to.equal(
      "Personal data erased: the account's key was destroyed",
    );
    expect(describeEvent('KeyReserved', { holder: 'c1' }, 'customeremail-ab12')).to.equal('customeremail reserved for c1');
    expect(describeEvent('OtpAttemptFailed', { customerId: 'c1' }, 'contact-ff')).to.equal('A wrong verification code was entered');
    expect(describeEvent('GuestBookingHeld', { customerId: 'c1', bookingID: 'BK1', lastNight: '2026-12-02' }, 'guest-c1')).to.equal(
      "Counted among the guest's upcoming stays (last night 2026-12-02)",
    );
  });

  it("says what an auditor's own events record, so the log shows who looked at what", () => {
    expect(
      describeEvent('AuditorReadRecorded', { auditorId: 'a1', what: 'booking-history', bookingID: 'BK1', at: '2026-11-22T10:00:00Z' }, 'auditor-a1'),
    ).to.equal('Auditor read the history of booking BK1');
    expect(
      describeEvent('AuditorReadRecorded', { auditorId: 'a1', what: 'log-export', filters: { category: 'booking' }, at: '2026-11-22T10:00:00Z' }, 'auditor-a1'),
    ).to.equal('Auditor exported the log');
    expect(describeEvent('AuditorAdded', { auditorId: 'a1', email: 'a@s.in', passwordHash: 'x', via: 'bootstrap' }, 'auditor-a1')).to.equal(
      'Auditor account added at start (BOOTSTRAP_AUDITOR_EMAIL)',
    );
  });

  it('reads erased personal fields as they come', () => {
    expect(describeEvent('BookingPlaced', { ...placed, customerName: '[erased]', customerEmail: '[erased]' }, 'booking-BK1')).to.match(
      /^\[erased\] booked Deluxe Apartment at Lotus Inn/,
    );
  });

  it('names an event of an unknown type, or whose data its schema does not read, by type and stream', () => {
    expect(describeEvent('AuditorRenamed', { bookingID: 'BK1' }, 'auditor-a1')).to.equal('AuditorRenamed on auditor-a1');
    expect(describeEvent('BookingPlaced', { bookingID: 'BK1' }, 'booking-BK1')).to.equal('BookingPlaced on booking-BK1');
  });

  it('lists the fields an update changed with their new values, or every field an event carries', () => {
    expect(fieldsSet({ hotelId: 'h1', hotelName: 'Lotus', city: 'Pune', amenities: ['WiFi', 'AC'], changedFields: ['city', 'amenities'] })).to.deep.equal([
      { name: 'city', value: 'Pune' },
      { name: 'amenities', value: 'WiFi, AC' },
    ]);
    expect(fieldsSet({ bookingID: 'BK1', units: 2, nights: ['2026-12-01'], place: { name: 'Fort', distance: 2 } })).to.deep.equal([
      { name: 'bookingID', value: 'BK1' },
      { name: 'units', value: '2' },
      { name: 'nights', value: '2026-12-01' },
      { name: 'place', value: '{"name":"Fort","distance":2}' },
    ]);
  });

  it('spells out a folded state with dotted names for nested objects', () => {
    expect(
      stateFields({
        status: 'placed',
        booking: { hotelName: 'Lotus', nights: ['2026-12-01', '2026-12-02'], guest: { name: 'Asha' } },
        paid: false,
        invoice: null,
      }),
    ).to.deep.equal([
      { name: 'status', value: 'placed' },
      { name: 'booking.hotelName', value: 'Lotus' },
      { name: 'booking.nights', value: '2026-12-01, 2026-12-02' },
      { name: 'booking.guest.name', value: 'Asha' },
      { name: 'paid', value: 'false' },
      { name: 'invoice', value: 'null' },
    ]);
  });
});
