/** Loading accounts: by id, by email (through the email's unique key), and whether a token's session is open. */
import type { EventStore } from '@stays/event-store';
import { streams, type Role, type TokenRole } from '@stays/contracts';
import type { AccessTokenClaims } from '@stays/service-kit';
import { load } from '../handle.ts';
import { accountAggregate, type AccountState, type ActiveAccount } from './account.ts';
import { accountIdForEmail, type UniqueEmailDeps } from './unique-emails.ts';
import { isAuditorSessionOpen } from '../auditors/auditor-streams.ts';

export const accountStream = (role: Role, accountId: string): string => streams.account(role, accountId);

export async function loadAccount(store: EventStore, role: Role, accountId: string): Promise<{ state: AccountState; revision: number | null }> {
  return load(store, accountStream(role, accountId), accountAggregate);
}

/** The active account holding this email, or null. */
export async function findAccountByEmail(deps: UniqueEmailDeps, role: Role, email: string): Promise<ActiveAccount | null> {
  const accountId = await accountIdForEmail(deps, role, email);
  if (accountId === null) return null;
  const { state } = await loadAccount(deps.store, role, accountId);
  return state.status === 'active' ? state : null;
}

/**
 * The role of the token's session while it is open, else null. Read from the account's (or
 * the auditor's) own stream, the source of truth: the account's role, fixed at registration.
 */
export async function sessionRole(store: EventStore, claims: AccessTokenClaims): Promise<TokenRole | null> {
  if (claims.role === 'auditor') return (await isAuditorSessionOpen(store, claims.accountId, claims.sessionId)) ? 'auditor' : null;
  const { state } = await loadAccount(store, claims.role, claims.accountId);
  return state.status === 'active' && state.openSessions.has(claims.sessionId) ? state.role : null;
}
