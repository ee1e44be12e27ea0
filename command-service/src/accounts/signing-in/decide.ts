/**
 * Signing in opens a session on an active account (the password, or Google, was checked by
 * the handler). The session's id and expiry come from the access token issued for it.
 */
import { messages, type AccountEvent, type SignInMethod } from '@stays/contracts';
import { activeAccount, type AccountState } from '../account.ts';

export interface SignIn {
  readonly sessionId: string;
  readonly method: SignInMethod;
  readonly expiresAt: string;
}

export function signIn(command: SignIn, state: AccountState): AccountEvent[] {
  const account = activeAccount(state, messages.server.invalidCredentials);
  return [{ type: 'AccountSignedIn', data: { accountId: account.accountId, role: account.role, ...command } }];
}
