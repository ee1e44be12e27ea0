/**
 * One example of each event type's data at its current version, for the catalogue. The
 * catalogue test reads each through parseEvent, so an example that no longer fits its
 * schema fails the build rather than mislead a reader.
 */
import type { DomainEventType } from '@stays/contracts';

const accountId = '6f1c2a4e-8d3b-4c55-9a0e-2b7d9c1f4a10';
const ownerId = '0b9e7d5c-3a1f-4e28-b6c4-9d2a8f7e1c35';
const hotelId = 'c2d4e6f8-1a3b-4c5d-8e9f-0a1b2c3d4e5f';
const roomId = 'a1b2c3d4-e5f6-4a7b-8c9d-0e1f2a3b4c5d';
const bookingID = 'BK-7Q2M9X4T';
const auditorId = '5e6f7a8b-9c0d-4e1f-a2b3-c4d5e6f7a8b9';
const sessionId = 'd3f1a2b4-c5e6-4f70-8a9b-0c1d2e3f4a5b';
const nights = ['2026-12-30', '2026-12-31'];
const hotel = {
  hotelName: 'Hotel Sahyadri Residency',
  address: '14 Jangli Maharaj Road',
  country: 'India',
  state: 'Maharashtra',
  city: 'Pune',
  pinCode: 411004,
  description: 'A calm family hotel near the old city.',
  imageURLs: ['/media/7c1e.webp'],
  phoneNumber: '9822012345',
  amenities: ['AC', 'Wi-Fi'],
  checkInTime: '12:00',
  checkOutTime: '11:00',
  startingPrice: 3200,
  range: 1.6,
  restaurants: [{ _id: 'r1', name: 'Vaishali', distance: 1.2 }],
  cinemaHalls: [],
  famousTouristPlaces: [{ _id: 'p1', name: 'Shaniwar Wada', distance: 2 }],
  transportationFacilities: [{ _id: 't1', name: 'Pune Junction', distance: 3.5, type: 'Railway Station' }],
};
const room = {
  roomType: 'Room',
  roomStandard: 'Deluxe',
  size: 24,
  bedType: 'Queen',
  amenities: ['AC'],
  pricePerNight: 4500,
  numberOfRooms: 1,
  hasKitchen: false,
  furnished: true,
  imageURLs: ['/media/9a3f.webp'],
  totalUnits: 12,
  maxGuests: 3,
};

export const catalogueExamples: { readonly [Type in DomainEventType]: Readonly<Record<string, unknown>> } = {
  AccountRegistered: {
    accountId,
    role: 'customer',
    name: 'Asha Rao',
    email: 'asha.rao@example.in',
    passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$…',
    via: 'password',
  },
  AccountProfileUpdated: { accountId, role: 'customer', name: 'Asha R. Rao' },
  AccountPasswordChanged: { accountId, role: 'customer', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$…' },
  AccountSignedIn: { accountId, role: 'customer', sessionId, method: 'password', expiresAt: '2026-11-22T11:00:00.000Z' },
  AccountSignedOut: { accountId, role: 'customer', sessionId },
  AccountDeleted: { accountId, role: 'customer' },
  PersonalDataErased: { accountId, role: 'customer', subject: `customer-${accountId}` },
  PasswordResetRequested: { accountId, role: 'customer', tokenHash: '5f0c…e41a', expiresAt: '2026-11-22T10:30:00.000Z' },
  AccountPasswordReset: { accountId, role: 'customer', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$…', tokenHash: '5f0c…e41a' },
  AuditorAdded: { auditorId, email: 'auditor@stays.example.in', passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$…', via: 'cli' },
  AuditorSignedIn: { auditorId, sessionId, expiresAt: '2026-11-22T11:00:00.000Z' },
  AuditorSignedOut: { auditorId, sessionId },
  AuditorReadRecorded: { auditorId, what: 'booking-history', bookingID, at: '2026-11-22T10:05:00.000Z' },
  KeyReserved: { holder: accountId },
  KeyReleased: { holder: accountId },
  HotelCreated: { ...hotel, hotelId, ownerId },
  HotelUpdated: { ...hotel, startingPrice: 3400, hotelId, ownerId, changedFields: ['startingPrice'] },
  HotelDelisted: { hotelId, ownerId, reason: 'owner-deleted', delistedAt: '2026-11-22T10:00:00.000Z' },
  CancellationPolicySet: { hotelId, ownerId, policy: { freeUntilDaysBefore: 7, lateCharge: { kind: 'first-night' } } },
  RoomAdded: { ...room, roomId, hotelId, ownerId, hotelName: hotel.hotelName },
  RoomUpdated: { ...room, pricePerNight: 4800, roomId, hotelId, ownerId, changedFields: ['pricePerNight'] },
  OtpIssued: { customerId: accountId, salt: '9f2c…', codeHash: '4be1…', issuedAt: '2026-11-22T10:00:00.000Z', expiresAt: '2026-11-22T10:10:00.000Z' },
  OtpAttemptFailed: { customerId: accountId, failedAt: '2026-11-22T10:01:10.000Z' },
  ContactVerified: { customerId: accountId, verifiedUntil: '2026-11-22T10:31:30.000Z' },
  GuestContactUsed: { customerId: accountId, contactHash: 'k5c1f0e7a…', usedAt: '2026-11-22T10:00:00.000Z' },
  GuestOtpAttemptFailed: { customerId: accountId, contactHash: 'k5c1f0e7a…', failedAt: '2026-11-22T10:01:10.000Z' },
  GuestBookingHeld: { customerId: accountId, bookingID, lastNight: '2026-12-31' },
  GuestBookingReleased: { customerId: accountId, bookingID },
  UnitsReserved: { bookingID, roomId, nights, units: 1 },
  UnitsReleased: { bookingID, roomId, nights, units: 1 },
  NightsClosed: { closureId: 'CL-7K3M9Q2T', roomId, hotelId, nights, units: 1, source: { kind: 'owner' }, note: 'Bathroom repairs' },
  NightsReopened: { closureId: 'CL-7K3M9Q2T', roomId, nights, units: 1 },
  BookingPlaced: {
    bookingID,
    customerId: accountId,
    customerName: 'Asha Rao',
    customerEmail: 'asha.rao@example.in',
    customerPhoneNumber: '9812345678',
    hotelId,
    ownerId,
    hotelName: hotel.hotelName,
    hotelAddress: hotel.address,
    hotelCity: hotel.city,
    roomId,
    roomType: 'Room',
    roomStandard: 'Deluxe',
    numberOfRooms: 1,
    numberOfGuests: 2,
    numberOfNights: 2,
    dateOfBooking: '2026-11-22',
    dateOfCommencement: '2026-12-30',
    nights,
    units: 1,
    pricePerNight: 4500,
    totalAmount: 9000,
    discountAmount: 1800,
    payableAmount: 7200,
    paymentMethod: 'pay-at-hotel',
    cancellationPolicy: { freeUntilDaysBefore: 7, lateCharge: { kind: 'first-night' } },
  },
  InvoiceIssued: { bookingID, invoicePDF: '/media/invoice-BK-7Q2M9X4T.pdf', mediaId: 'invoice-BK-7Q2M9X4T.pdf' },
  BookingEmailSent: { bookingID, messageId: '<a1b2c3@stays.example.in>' },
  BookingNoticeSent: { bookingID, notice: 'owner-new-booking', messageId: '<d4e5f6@stays.example.in>' },
  BookingCancelled: { bookingID, customerId: accountId, cancelledAt: '2026-11-25T09:00:00.000Z', chargeAmount: 0, refundAmount: 0 },
  BookingPaymentReceived: { bookingID, ownerId, receivedAt: '2026-12-30T14:00:00.000Z' },
};
