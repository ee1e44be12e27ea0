/** Stream names (EventStoreDB convention `category-id`). */
import type { Role } from '../rules.ts';

const accountCategory = (role: Role): 'customer' | 'owner' => (role === 'customer' ? 'customer' : 'owner');

export const streams = {
  account: (role: Role, accountId: string) => `${accountCategory(role)}-${accountId}`,
  /** `emailHash` is the hex sha256 of the normalised email, so stream names carry no personal data. */
  emailReservation: (role: Role, emailHash: string) => `${accountCategory(role)}email-${emailHash}`,
  hotel: (hotelId: string) => `hotel-${hotelId}`,
  room: (roomId: string) => `room-${roomId}`,
  ownerHotel: (ownerId: string) => `ownerhotel-${ownerId}`,
  /** `listingHash` is the hex sha256 of `roomType|roomStandard` (standard lowercased). */
  roomListing: (hotelId: string, listingHash: string) => `roomlisting-${hotelId}-${listingHash}`,
  /** `contactHash` is the hex sha256 of `email|national number`. */
  contact: (contactHash: string) => `contact-${contactHash}`,
  /** A guest's contacts and held bookings, for the limits across them. */
  guest: (customerId: string) => `guest-${customerId}`,
  inventory: (roomId: string) => `inventory-${roomId}`,
  booking: (bookingID: string) => `booking-${bookingID}`,
  auditor: (auditorId: string) => `auditor-${auditorId}`,
  /** `emailHash` is the hex sha256 of the normalised email: one auditor account per email. */
  auditorEmail: (emailHash: string) => `auditoremail-${emailHash}`,
} as const;

