/** A log as written before personal fields were encrypted, for the migration tests. */
import type { EventStore } from '@stays/event-store';

const registered = {
  accountId: 'a7',
  role: 'customer',
  name: 'Kavya Oldlog',
  email: 'kavya.oldlog@example.in',
  username: 'kavya_old',
  passwordHash: null,
  via: 'password',
};
const placed = {
  bookingID: 'BK-OLDLOG01',
  customerId: 'a7',
  customerName: 'Kavya Bookingname',
  customerEmail: 'kavya.booking@example.in',
  customerPhoneNumber: '9800011122',
  hotelId: 'h1',
  ownerId: 'o1',
  hotelName: 'Sea Breeze Residency',
  hotelAddress: '12 Marine Drive',
  hotelCity: 'Mumbai',
  roomId: 'r1',
  roomType: 'Room',
  roomStandard: 'Deluxe',
  numberOfRooms: 1,
  numberOfGuests: 1,
  numberOfNights: 1,
  dateOfBooking: '2026-11-22',
  dateOfCommencement: '2026-12-01',
  nights: ['2026-12-01'],
  units: 1,
  pricePerNight: 3000,
  totalAmount: 3000,
  discountAmount: 0,
  payableAmount: 3000,
  paymentMethod: 'pay-at-hotel',
};

/** Every personal value the plain log holds. */
export const plainTexts = [
  'Kavya Oldlog',
  'kavya.oldlog@example.in',
  'kavya_old',
  'Kavya Bookingname',
  'kavya.booking@example.in',
  '9800011122',
  'Erased Earlier',
  'erased.earlier@example.in',
  'erased_e',
];

/**
 * Six records in four streams: a guest, a hotel, the guest's booking, and a guest erased
 * before the migration (their data still plain in the log); the fourth record is that
 * guest's registration. A suffix makes the stream names unique (a real server keeps
 * earlier runs' streams).
 */
export async function writePlainLog(store: EventStore, streamSuffix = ''): Promise<void> {
  await store.append(`customer-a7${streamSuffix}`, [{ type: 'AccountRegistered', data: registered }]);
  await store.append(`hotel-h1${streamSuffix}`, [
    { type: 'HotelDelisted', data: { hotelId: 'h1', ownerId: 'o1', reason: 'owner-deleted', delistedAt: '2026-11-22T10:00:00.000Z' } },
  ]);
  await store.append(`booking-BK-OLDLOG01${streamSuffix}`, [{ type: 'BookingPlaced', data: placed, metadata: { actor: 'a7' } }]);
  await store.append(`customer-e9${streamSuffix}`, [
    { type: 'AccountRegistered', data: { ...registered, accountId: 'e9', name: 'Erased Earlier', email: 'erased.earlier@example.in', username: 'erased_e' } },
  ]);
  await store.append(`customer-e9${streamSuffix}`, [
    { type: 'AccountDeleted', data: { accountId: 'e9', role: 'customer' } },
    { type: 'PersonalDataErased', data: { accountId: 'e9', role: 'customer', subject: 'customer-e9' } },
  ]);
}
