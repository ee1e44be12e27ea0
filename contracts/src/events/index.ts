export * from './accounts.ts';
export * from './auditors.ts';
export * from './booking.ts';
export * from './hotels.ts';
export * from './reservations.ts';
export * from './streams.ts';
export * from './personal-data.ts';
export type { EventOf, Immutable } from './define.ts';
import type { z } from 'zod';
import { accountEventSchemas, type AccountEvent } from './accounts.ts';
import { auditorEventSchemas, type AuditorEvent } from './auditors.ts';
import {
  bookingEventSchemas, contactEventSchemas, guestEventSchemas, inventoryEventSchemas,
  type BookingEvent, type ContactEvent, type GuestEvent, type InventoryEvent,
} from './booking.ts';
import { hotelEventSchemas, roomEventSchemas, type HotelEvent, type RoomEvent } from './hotels.ts';
import { reservationEventSchemas, type KeyReservationEvent } from './reservations.ts';

/** Every domain event of the product. */
export type DomainEvent = AccountEvent | AuditorEvent | KeyReservationEvent | HotelEvent | RoomEvent | ContactEvent | GuestEvent | InventoryEvent | BookingEvent;
export type DomainEventType = DomainEvent['type'];
export type EventOfType<Type extends DomainEventType> = Extract<DomainEvent, { readonly type: Type }>;

/** The schema of each event type's data at its current version. */
export const eventSchemas: { readonly [Type in DomainEventType]: z.ZodType<unknown, unknown> } = {
  ...accountEventSchemas,
  ...auditorEventSchemas,
  ...reservationEventSchemas,
  ...hotelEventSchemas,
  ...roomEventSchemas,
  ...contactEventSchemas,
  ...guestEventSchemas,
  ...inventoryEventSchemas,
  ...bookingEventSchemas,
};

/** Current schema version of each event type; stored in each event's metadata. */
export const eventSchemaVersions: Record<DomainEventType, number> = {
  AccountRegistered: 1,
  AccountProfileUpdated: 1,
  AccountPasswordChanged: 1,
  AccountSignedIn: 1,
  AccountSignedOut: 1,
  AccountDeleted: 1,
  AuditorAdded: 1,
  AuditorSignedIn: 1,
  AuditorSignedOut: 1,
  AuditorReadRecorded: 1,
  PersonalDataErased: 1,
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

export const isDomainEventType = (type: string): type is DomainEventType => Object.hasOwn(eventSchemas, type);

/** A stored event whose data its type's schema does not read: a bug to fix, never a document to write. */
export class EventDataError extends Error {
  override readonly name = 'EventDataError';

  constructor(readonly type: string, readonly issues: readonly { readonly path: readonly PropertyKey[]; readonly message: string }[]) {
    super(`${type}: ${issues.map((issue) => `${issue.path.map(String).join('.') || '(data)'} ${issue.message}`).join('; ')}`);
  }
}

/**
 * The one step from a stored event to a typed one: its data read with its type's schema
 * (fields the schema does not know are left out). Throws EventDataError when the data does
 * not fit. Projections parse through it; command handlers and reactors can too.
 */
export function parseEvent<Type extends DomainEventType>(type: Type, data: unknown): EventOfType<Type> {
  const parsed = eventSchemas[type].safeParse(data);
  if (!parsed.success) throw new EventDataError(type, parsed.error.issues);
  // the schema of `type` is the one its event type was read off (see define.ts)
  return { type, data: parsed.data } as unknown as EventOfType<Type>;
}
