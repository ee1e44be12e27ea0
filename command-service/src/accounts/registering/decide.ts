/**
 * Registering an account: a new account stream, once. One account per email and role is
 * the email's unique key the handler takes first; the password arrives hashed.
 */
import { messages, type AccountEvent, type AccountRegistered } from '@stays/contracts';
import { Conflict } from '../../domain-errors.ts';
import type { AccountState } from '../account.ts';

export type RegisterAccount = AccountRegistered['data'];

export function register(command: RegisterAccount, state: AccountState): AccountEvent[] {
  if (state.status !== 'new') throw new Conflict(messages.server.emailTaken);
  return [{ type: 'AccountRegistered', data: { ...command } }];
}
