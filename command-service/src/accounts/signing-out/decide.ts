/** Signing out closes the token's session; signing out a session that is already closed changes nothing. */
import type { AccountEvent } from '@stays/contracts';
import type { AccountState } from '../account.ts';

export function signOut(command: { readonly sessionId: string }, state: AccountState): AccountEvent[] {
  if (state.status !== 'active' || !state.openSessions.has(command.sessionId)) return [];
  return [{ type: 'AccountSignedOut', data: { accountId: state.accountId, role: state.role, sessionId: command.sessionId } }];
}
