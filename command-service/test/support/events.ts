/** Events for the decider tests' `given` clauses: one guest, one owner, one hotel with one listing, one booking. */
import {
  TERMS_BEFORE_POLICIES,
  type CancellationPolicy,
  type AccountEvent,
  type BookingEvent,
  type BookingPlaced,
  type ContactEvent,
  type GuestEvent,
  type HotelCreated,
  type HotelDetails,
  type HotelEvent,
  type InventoryEvent,
  type RoomAdded,
  type RoomType,
} from '@stays/contracts';

export const NOW = new Date('2026-11-22T06:00:00Z'); // 11:30 in India, 22 November
export const SECOND = 1000;
export const MINUTE = 60 * SECOND;
export const HOUR = 60 * MINUTE;
export const at = (offsetMs: number): Date => new Date(NOW.getTime() + offsetMs);

export const hotelDetails: HotelDetails = {
  hotelName: 'Hotel Sahyadri Residency',
  address: '14 Jangli Maharaj Road',
  country: 'India',
  city: 'Pune',
  pinCode: 411004,
  description: 'd',
  imageURLs: [],
  phoneNumber: '9822012345',
  amenities: ['AC'],
  checkInTime: '12:00',
  checkOutTime: '11:00',
  startingPrice: 3200,
  range: 0,
  restaurants: [],
  cinemaHalls: [],
  famousTouristPlaces: [],
  transportationFacilities: [],
};
export const hotelCreated: HotelCreated = { type: 'HotelCreated', data: { hotelId: 'h1', ownerId: 'o1', ...hotelDetails } };
export const hotelDelisted: HotelEvent = {
  type: 'HotelDelisted',
  data: { hotelId: 'h1', ownerId: 'o1', reason: 'owner-deleted', delistedAt: NOW.toISOString() },
};

/** Listing r1 of hotel h1: Deluxe, ₹4,500 a night, 3 units. */
export const roomAdded = (roomType: RoomType, hotelId = 'h1'): RoomAdded => ({
  type: 'RoomAdded',
  data: {
    roomId: 'r1',
    hotelId,
    ownerId: 'o1',
    hotelName: hotelDetails.hotelName,
    roomType,
    roomStandard: 'Deluxe',
    size: 20,
    bedType: 'Queen',
    amenities: [],
    pricePerNight: 4500,
    numberOfRooms: 1,
    hasKitchen: false,
    furnished: true,
    imageURLs: [],
    totalUnits: 3,
    maxGuests: 2,
  },
});

/** Guest g1 verified the contact until a day from now. */
export const contactVerified: ContactEvent = { type: 'ContactVerified', data: { customerId: 'g1', verifiedUntil: at(24 * HOUR).toISOString() } };

/** BK-1: guest g1, two Deluxe rooms of r1 for three nights from 30 December, priced on the server. */
export const bookingPlaced: BookingPlaced = {
  type: 'BookingPlaced',
  data: {
    bookingID: 'BK-1',
    customerId: 'g1',
    customerName: 'Asha Rao',
    customerEmail: 'asha@example.in',
    customerPhoneNumber: '9812345678',
    hotelId: 'h1',
    ownerId: 'o1',
    hotelName: 'Hotel Sahyadri Residency',
    hotelAddress: '14 Jangli Maharaj Road',
    hotelCity: 'Pune',
    roomId: 'r1',
    roomType: 'Room',
    roomStandard: 'Deluxe',
    numberOfRooms: 2,
    numberOfGuests: 2,
    numberOfNights: 3,
    dateOfBooking: '2026-11-22',
    dateOfCommencement: '2026-12-30',
    nights: ['2026-12-30', '2026-12-31', '2027-01-01'],
    units: 2,
    pricePerNight: 4500,
    totalAmount: 54_000,
    discountAmount: 10_800,
    payableAmount: 43_200,
    paymentMethod: 'pay-at-hotel',
    cancellationPolicy: TERMS_BEFORE_POLICIES,
  },
};

export const bookingPaid: BookingEvent = { type: 'BookingPaymentReceived', data: { bookingID: 'BK-1', ownerId: 'o1', receivedAt: NOW.toISOString() } };
export const bookingCancelled: BookingEvent = {
  type: 'BookingCancelled',
  data: { bookingID: 'BK-1', customerId: 'g1', cancelledAt: NOW.toISOString(), chargeAmount: 0, refundAmount: 0 },
};
/** BK-1 placed under another policy than the terms before policies. */
export const bookingPlacedUnder = (cancellationPolicy: CancellationPolicy): BookingPlaced => ({
  ...bookingPlaced,
  data: { ...bookingPlaced.data, cancellationPolicy },
});
/** Hotel h1's owner o1 set a cancellation policy. */
export const policySet = (policy: CancellationPolicy): HotelEvent => ({ type: 'CancellationPolicySet', data: { hotelId: 'h1', ownerId: 'o1', policy } });

export const unitsReserved = (bookingID: string, nights: string[], units: number): InventoryEvent => ({
  type: 'UnitsReserved',
  data: { bookingID, roomId: 'r1', nights, units },
});

/** Contact OTP history of guest g1 (or another guest): a code (hash 'right', 10 minutes), wrong tries. */
export const otpIssued = (issuedAt: Date, customerId = 'g1'): ContactEvent => ({
  type: 'OtpIssued',
  data: { customerId, salt: 's', codeHash: 'right', issuedAt: issuedAt.toISOString(), expiresAt: new Date(issuedAt.getTime() + 10 * MINUTE).toISOString() },
});
export const otpNotDelivered = (issuedAt: Date, customerId = 'g1', failedAt = issuedAt): ContactEvent => ({
  type: 'OtpNotDelivered',
  data: { customerId, issuedAt: issuedAt.toISOString(), failedAt: failedAt.toISOString() },
});
export const otpFailed = (failedAt: Date, customerId = 'g1'): ContactEvent => ({
  type: 'OtpAttemptFailed',
  data: { customerId, failedAt: failedAt.toISOString() },
});
/** Five wrong tries, a second apart, from `from` ms after NOW. */
export const fiveWrong = (from: number, customerId = 'g1'): ContactEvent[] => [1, 2, 3, 4, 5].map((n) => otpFailed(at(from + n * SECOND), customerId));
/** Two codes and ten wrong tries by one guest, within the first minute after NOW: their tries on the contact are used up for the day. */
export const tenWrong = (customerId = 'g1'): ContactEvent[] => [
  otpIssued(NOW, customerId),
  ...fiveWrong(0, customerId),
  otpIssued(at(30 * SECOND), customerId),
  ...fiveWrong(30 * SECOND, customerId),
];
/** A wrong code counted against guest g1 over all contacts. */
export const guestTryFailed = (failedAt: Date, contactHash = 'c1'): GuestEvent => ({
  type: 'GuestOtpAttemptFailed',
  data: { customerId: 'g1', contactHash, failedAt: failedAt.toISOString() },
});

/** Owner o1, Ravi, with a password (hash 'h1'). */
export const ownerRegistered: AccountEvent = {
  type: 'AccountRegistered',
  data: { accountId: 'o1', role: 'hotel-owner', name: 'Ravi', email: 'ravi@example.in', passwordHash: 'h1', via: 'password' },
};
export const signedIn = (sessionId: string, expiresAt = '2026-11-23T00:00:00.000Z'): AccountEvent => ({
  type: 'AccountSignedIn',
  data: { accountId: 'o1', role: 'hotel-owner', sessionId, method: 'password', expiresAt },
});
export const signedOut = (sessionId: string, reason?: 'password-changed' | 'password-reset'): AccountEvent => ({
  type: 'AccountSignedOut',
  data: { accountId: 'o1', role: 'hotel-owner', sessionId, ...(reason && { reason }) },
});
export const ownerDeleted: AccountEvent = { type: 'AccountDeleted', data: { accountId: 'o1', role: 'hotel-owner' } };

/** Ids a decision hands out (nearby places), in order: new-1, new-2, ... */
export const ids = (): (() => string) => {
  let next = 0;
  return () => `new-${++next}`;
};
