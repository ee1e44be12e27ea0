/**
 * Resetting a forgotten password. Asking for a link records the hash of its token and when
 * it expires; the newest link replaces every earlier one. A link sets a new password once,
 * within its time, and ends every session of the account (whoever forgot the password may
 * not be the only one signed in). Only accounts with a password get a link: one that signs
 * in only with Google is told so by email instead (`resetEmailFor`), and nothing is recorded.
 */
import { PASSWORD_RESET_LINK_MINUTES, messages, type AccountEvent } from '@stays/contracts';
import { InvalidInput } from '../../domain-errors.ts';
import type { AccountState, ActiveAccount } from '../account.ts';

export interface RequestPasswordReset {
  readonly tokenHash: string;
  readonly now: Date;
}

export function requestPasswordReset(command: RequestPasswordReset, state: AccountState): AccountEvent[] {
  if (resetEmailFor(state) !== 'link') return [];
  const { accountId, role } = state as ActiveAccount;
  const expiresAt = new Date(command.now.getTime() + PASSWORD_RESET_LINK_MINUTES * 60_000).toISOString();
  return [{ type: 'PasswordResetRequested', data: { accountId, role, tokenHash: command.tokenHash, expiresAt } }];
}

/** Which email a request for a link sends: the link, a note to sign in with Google, or none (no such account). */
export function resetEmailFor(state: AccountState): 'link' | 'google' | 'none' {
  if (state.status !== 'active') return 'none';
  return state.passwordHash === null ? 'google' : 'link';
}

export interface ResetPassword {
  readonly tokenHash: string;
  /** The new password, hashed (the handler hashes it only once the link is found good). */
  readonly passwordHash: string;
  readonly now: Date;
}

export function resetPassword(command: ResetPassword, state: AccountState): AccountEvent[] {
  const account = usableResetLink(command.tokenHash, command.now, state);
  const { accountId, role } = account;
  const events: AccountEvent[] = [
    { type: 'AccountPasswordReset', data: { accountId, role, passwordHash: command.passwordHash, tokenHash: command.tokenHash } },
  ];
  for (const [sessionId, expiresAt] of account.openSessions) {
    // expired sessions need no ending: their tokens are refused already
    if (Date.parse(expiresAt) > command.now.getTime())
      events.push({ type: 'AccountSignedOut', data: { accountId, role, sessionId, reason: 'password-reset' } });
  }
  return events;
}

/** The account when the link of this hash may set its password now; else the refusal that says why not. */
export function usableResetLink(tokenHash: string, now: Date, state: AccountState): ActiveAccount {
  const link = state.status === 'active' ? state.resetLinks.get(tokenHash) : undefined;
  if (link === undefined) throw new InvalidInput(undefined, messages.passwordReset.linkInvalid);
  if (link.status === 'used') throw new InvalidInput(undefined, messages.passwordReset.linkUsed);
  if (link.status === 'replaced') throw new InvalidInput(undefined, messages.passwordReset.linkReplaced);
  if (Date.parse(link.expiresAt) <= now.getTime()) throw new InvalidInput(undefined, messages.passwordReset.linkExpired(PASSWORD_RESET_LINK_MINUTES));
  return state as ActiveAccount;
}
