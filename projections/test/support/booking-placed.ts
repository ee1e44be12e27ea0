/** A BookingPlaced of one guest (c1) at one hotel (h1, owner o1), two nights from 2026-12-01; tests change what they need. */
import { TERMS_BEFORE_POLICIES, type BookingPlaced, type DomainEvent } from '@stays/contracts';

const base: BookingPlaced['data'] = {
  bookingID: 'BK-1',
  customerId: 'c1',
  customerName: 'Asha Rao',
  customerEmail: 'Asha@Example.in',
  customerPhoneNumber: '9876543210',
  hotelId: 'h1',
  ownerId: 'o1',
  hotelName: 'Sea Breeze Residency',
  hotelAddress: '12 Marine Drive',
  hotelCity: 'Mumbai',
  roomId: 'r1',
  roomType: 'Room',
  roomStandard: 'Deluxe',
  numberOfRooms: 1,
  numberOfGuests: 2,
  numberOfNights: 2,
  dateOfBooking: '2026-11-01',
  dateOfCommencement: '2026-12-01',
  nights: ['2026-12-01', '2026-12-02'],
  units: 1,
  pricePerNight: 3000,
  totalAmount: 6000,
  discountAmount: 1200,
  payableAmount: 4800,
  paymentMethod: 'pay-at-hotel',
  cancellationPolicy: TERMS_BEFORE_POLICIES,
};

/** The data of that booking with `changes`. */
export const placedData = (changes: Partial<BookingPlaced['data']>): BookingPlaced['data'] => ({ ...base, ...changes });

export const placed = (changes: Partial<BookingPlaced['data']>): DomainEvent => ({ type: 'BookingPlaced', data: placedData(changes) });
