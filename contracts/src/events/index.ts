export * from './accounts.ts';
export * from './booking.ts';
export * from './hotels.ts';
export * from './reservations.ts';
export * from './streams.ts';
import type { AccountEvent } from './accounts.ts';
import type { BookingEvent, ContactEvent, GuestEvent, InventoryEvent } from './booking.ts';
import type { HotelEvent, RoomEvent } from './hotels.ts';
import type { KeyReservationEvent } from './reservations.ts';

/** Every domain event of the product. */
export type DomainEvent = AccountEvent | KeyReservationEvent | HotelEvent | RoomEvent | ContactEvent | GuestEvent | InventoryEvent | BookingEvent;
export type DomainEventType = DomainEvent['type'];

/** Current schema version of each event type; stored in each event's metadata. */
export const eventSchemaVersions: Record<DomainEventType, number> = {
  AccountRegistered: 1,
  AccountProfileUpdated: 1,
  AccountPasswordChanged: 1,
  AccountSignedIn: 1,
  AccountSignedOut: 1,
  AccountDeleted: 1,
  KeyReserved: 1,
  KeyReleased: 1,
  HotelCreated: 1,
  HotelUpdated: 1,
  HotelDelisted: 1,
  RoomAdded: 1,
  RoomUpdated: 1,
  OtpIssued: 1,
  OtpAttemptFailed: 1,
  ContactVerified: 1,
  GuestContactUsed: 1,
  GuestBookingHeld: 1,
  GuestBookingReleased: 1,
  UnitsReserved: 1,
  UnitsReleased: 1,
  BookingPlaced: 1,
  InvoiceIssued: 1,
  BookingEmailSent: 1,
  BookingCancelled: 1,
  BookingPaymentReceived: 1,
};
