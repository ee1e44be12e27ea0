/**
 * One account per email and role: a reservation stream per normalised email (see
 * reservations.ts), named by its keyed digest (KeyedStreamNames), never by a hash anyone
 * holding the log could confirm a guessed email with.
 */
import type { EventStore } from '@stays/event-store';
import { messages, type Role } from '@stays/contracts';
import type { KeyedStreamNames } from '@stays/service-kit';
import type { CommandMetadata } from '../handle.ts';
import { holderOf, releaseKey, reserveKey, type Abandonment } from '../reservations.ts';

/** The log and the names of the streams made from emails. */
export interface EmailReservationDeps {
  readonly store: EventStore;
  readonly streamNames: KeyedStreamNames;
}

/** The account holding this email, or null. */
export const accountIdForEmail = (deps: EmailReservationDeps, role: Role, email: string): Promise<string | null> =>
  holderOf(deps.store, deps.streamNames.emailReservation(role, email));

export async function reserveEmail(
  deps: EmailReservationDeps, role: Role, email: string, accountId: string, metadata: CommandMetadata,
  abandonment?: Abandonment,
): Promise<void> {
  await reserveKey(deps.store, deps.streamNames.emailReservation(role, email), accountId, messages.server.emailTaken, metadata, abandonment);
}

export async function releaseEmail(deps: EmailReservationDeps, role: Role, email: string, accountId: string, metadata: CommandMetadata): Promise<void> {
  await releaseKey(deps.store, deps.streamNames.emailReservation(role, email), accountId, metadata);
}
