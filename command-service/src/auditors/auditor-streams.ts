/** Loading auditors: by id, by email (through the email reservations), and whether a token's session is open. */
import { createHash } from 'node:crypto';
import type { EventStore } from '@stays/event-store';
import { normaliseEmail, streams } from '@stays/contracts';
import { load } from '../handle.ts';
import { holderOf } from '../reservations.ts';
import { auditorAggregate, type ActiveAuditor, type AuditorState } from './auditor.ts';

export const auditorEmailStream = (email: string): string =>
  streams.auditorEmail(createHash('sha256').update(normaliseEmail(email)).digest('hex'));

export async function loadAuditor(store: EventStore, auditorId: string): Promise<{ state: AuditorState; revision: number | null }> {
  return load(store, streams.auditor(auditorId), auditorAggregate);
}

/** The auditor holding this email, or null. */
export async function findAuditorByEmail(store: EventStore, email: string): Promise<ActiveAuditor | null> {
  const auditorId = await holderOf(store, auditorEmailStream(email));
  if (auditorId === null) return null;
  const { state } = await loadAuditor(store, auditorId);
  return state.status === 'active' ? state : null;
}

/** Is this auditor's session still open? Read from the auditor's own stream. */
export async function isAuditorSessionOpen(store: EventStore, auditorId: string, sessionId: string): Promise<boolean> {
  const { state } = await loadAuditor(store, auditorId);
  return state.status === 'active' && state.openSessions.has(sessionId);
}
