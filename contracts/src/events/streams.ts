/** Stream names (EventStoreDB convention `category-id`). */
import type { Role } from '../rules.ts';

const accountCategory = (role: Role): 'customer' | 'owner' => (role === 'customer' ? 'customer' : 'owner');

export const streams = {
  account: (role: Role, accountId: string) => `${accountCategory(role)}-${accountId}`,
  /**
   * `emailDigest` is the keyed digest (HMAC-SHA-256 under STREAM_NAME_KEY) of the normalised
   * email, so stream names carry no personal data nor a hash anyone could confirm a guess by.
   */
  emailKey: (role: Role, emailDigest: string) => `${accountCategory(role)}email-${emailDigest}`,
  hotel: (hotelId: string) => `hotel-${hotelId}`,
  room: (roomId: string) => `room-${roomId}`,
  ownerHotel: (ownerId: string) => `ownerhotel-${ownerId}`,
  /** `listingHash` is the hex sha256 of `roomType|roomStandard` (standard lowercased). */
  roomListing: (hotelId: string, listingHash: string) => `roomlisting-${hotelId}-${listingHash}`,
  /** `contactDigest` is the keyed digest of `email|national number`. */
  contact: (contactDigest: string) => `contact-${contactDigest}`,
  /** A guest's contacts and held bookings, for the limits across them. */
  guest: (customerId: string) => `guest-${customerId}`,
  inventory: (roomId: string) => `inventory-${roomId}`,
  booking: (bookingID: string) => `booking-${bookingID}`,
  /** A listing's calendar sync: its export link's version, the other sites' feeds, each fetch's result. */
  calendarSync: (roomId: string) => `calendarsync-${roomId}`,
  auditor: (auditorId: string) => `auditor-${auditorId}`,
  /** `emailDigest` is the keyed digest of the normalised email: one auditor account per email. */
  auditorEmail: (emailDigest: string) => `auditoremail-${emailDigest}`,
  /**
   * Ties a log to the key its stream names were made with (`keyCheck`: a keyed digest that
   * shows which key, and nothing of it): a service given another key, or a log from before
   * names were keyed, refuses to start instead of missing every unique key.
   */
  streamNameKey: (keyCheck: string) => `streamnamekey-${keyCheck}`,
} as const;
