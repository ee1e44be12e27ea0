/** Loading auditors: by id, by email (through the email's unique key), and whether a token's session is open. */
import type { EventStore } from '@stays/event-store';
import { streams } from '@stays/contracts';
import type { UniqueEmailDeps } from '../accounts/unique-emails.ts';
import { load } from '../handle.ts';
import { uniqueKeyHolder } from '../unique-keys.ts';
import { auditorAggregate, type ActiveAuditor, type AuditorState } from './auditor.ts';

export async function loadAuditor(store: EventStore, auditorId: string): Promise<{ state: AuditorState; revision: number | null }> {
  return load(store, streams.auditor(auditorId), auditorAggregate);
}

/** The auditor holding this email, or null. */
export async function findAuditorByEmail(deps: UniqueEmailDeps, email: string): Promise<ActiveAuditor | null> {
  const auditorId = await uniqueKeyHolder(deps.store, deps.streamNames.auditorEmail(email));
  if (auditorId === null) return null;
  const { state } = await loadAuditor(deps.store, auditorId);
  return state.status === 'active' ? state : null;
}

/** Is this auditor's session still open? Read from the auditor's own stream. */
export async function isAuditorSessionOpen(store: EventStore, auditorId: string, sessionId: string): Promise<boolean> {
  const { state } = await loadAuditor(store, auditorId);
  return state.status === 'active' && state.openSessions.has(sessionId);
}
