/** One account per email and role: a reservation stream per normalised email (see reservations.ts). */
import { createHash } from 'node:crypto';
import type { EventStore } from '@stays/event-store';
import { messages, normaliseEmail, streams, type Role } from '@stays/contracts';
import type { CommandMetadata } from '../handle.ts';
import { holderOf, releaseKey, reserveKey, type Abandonment } from '../reservations.ts';

const emailHash = (email: string): string => createHash('sha256').update(normaliseEmail(email)).digest('hex');
const reservationStream = (role: Role, email: string): string => streams.emailReservation(role, emailHash(email));

/** The account holding this email, or null. */
export const accountIdForEmail = (store: EventStore, role: Role, email: string): Promise<string | null> =>
  holderOf(store, reservationStream(role, email));

export async function reserveEmail(
  store: EventStore, role: Role, email: string, accountId: string, metadata: CommandMetadata,
  abandonment?: Abandonment,
): Promise<void> {
  await reserveKey(store, reservationStream(role, email), accountId, messages.server.emailTaken, metadata, abandonment);
}

export async function releaseEmail(store: EventStore, role: Role, email: string, accountId: string, metadata: CommandMetadata): Promise<void> {
  await releaseKey(store, reservationStream(role, email), accountId, metadata);
}
