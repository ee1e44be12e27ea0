/**
 * One account per email and role, enforced by the event store: each email has a
 * reservation stream (`customeremail-{sha256}` / `owneremail-{sha256}`) that is created
 * with `no_stream`, so of two concurrent sign-ups exactly one can create it. A released
 * reservation (account deleted, email changed) is taken again at its current revision.
 */
import { createHash } from 'node:crypto';
import type { EventStore } from '@stays/event-store';
import { messages, normaliseEmail, streams, type EmailReservationEvent, type Role } from '@stays/contracts';
import { ConflictError } from '@stays/service-kit';
import { fold, handle, load, type CommandMetadata } from '../handle.ts';

interface ReservationState {
  readonly holder: string | null;
}

const reservationAggregate = {
  initialState: (): ReservationState => ({ holder: null }),
  evolve: (state: ReservationState, event: EmailReservationEvent): ReservationState => {
    switch (event.type) {
      case 'EmailReserved':
        return { holder: event.data.accountId };
      case 'EmailReleased':
        return state.holder === event.data.accountId ? { holder: null } : state;
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};

export const emailHash = (email: string): string => createHash('sha256').update(normaliseEmail(email)).digest('hex');
const reservationStream = (role: Role, email: string): string => streams.emailReservation(role, emailHash(email));

/** The account holding this email, or null. */
export async function accountIdForEmail(store: EventStore, role: Role, email: string): Promise<string | null> {
  const { state } = await load(store, reservationStream(role, email), reservationAggregate);
  return state.holder;
}

/**
 * Reserves the email for `accountId`; 409 when another account holds it.
 * `holderIsAbandoned(holder, reservedAt)` lets the caller reclaim a reservation whose
 * sign-up never completed (the process died between reserving and registering).
 */
export async function reserveEmail(
  store: EventStore,
  role: Role,
  email: string,
  accountId: string,
  metadata: CommandMetadata,
  holderIsAbandoned: (holder: string, reservedAt: Date) => Promise<boolean> = async () => false,
): Promise<void> {
  const streamId = reservationStream(role, email);
  const recorded = await store.readStream(streamId);
  const last = recorded.at(-1);
  const state = fold(reservationAggregate, recorded);
  const abandoned = state.holder !== null && state.holder !== accountId && last !== undefined &&
    (await holderIsAbandoned(state.holder, new Date(last.recordedAt)));
  await handle(store, streamId, reservationAggregate, (current) => {
    if (current.holder === accountId) return [];
    if (current.holder !== null && !(abandoned && current.holder === state.holder)) throw new ConflictError(messages.server.emailTaken);
    return [{ type: 'EmailReserved', data: { accountId, role } }];
  }, metadata);
}

/** Frees the email if `accountId` holds it. */
export async function releaseEmail(store: EventStore, role: Role, email: string, accountId: string, metadata: CommandMetadata): Promise<void> {
  await handle(store, reservationStream(role, email), reservationAggregate, (current) =>
    current.holder === accountId ? [{ type: 'EmailReleased', data: { accountId, role } }] : [], metadata);
}
