export * from './accounts.ts';
export * from './streams.ts';
import type { AccountEvent, EmailReservationEvent } from './accounts.ts';

/** Every domain event of the product. */
export type DomainEvent = AccountEvent | EmailReservationEvent;
export type DomainEventType = DomainEvent['type'];

/** Current schema version of each event type; stored in each event's metadata. */
export const eventSchemaVersions: Record<DomainEventType, number> = {
  AccountRegistered: 1,
  AccountProfileUpdated: 1,
  AccountPasswordChanged: 1,
  AccountSignedIn: 1,
  AccountSignedOut: 1,
  AccountDeleted: 1,
  EmailReserved: 1,
  EmailReleased: 1,
};
