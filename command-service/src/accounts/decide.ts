/**
 * Pure account decisions: (command, state) → events. No I/O: password hashes, session
 * ids, image URLs and times are prepared by the caller and passed in.
 */
import { messages, type AccountEvent, type AccountRegistered, type SignInMethod } from '@stays/contracts';
import { ConflictError, UnauthorizedError } from '@stays/service-kit';
import type { AccountState, ActiveAccount } from './account.ts';

export type RegisterAccount = AccountRegistered['data'];

export function register(command: RegisterAccount, state: AccountState): AccountEvent[] {
  if (state.status !== 'new') throw new ConflictError(messages.server.emailTaken);
  return [{ type: 'AccountRegistered', data: { ...command } }];
}

export interface SignIn {
  readonly sessionId: string;
  readonly method: SignInMethod;
  readonly expiresAt: string;
}

export function signIn(command: SignIn, state: AccountState): AccountEvent[] {
  const account = activeOrUnauthorized(state, messages.server.invalidCredentials);
  return [{ type: 'AccountSignedIn', data: { accountId: account.accountId, role: account.role, ...command } }];
}

/** Signing out a session that is already closed changes nothing. */
export function signOut(command: { readonly sessionId: string }, state: AccountState): AccountEvent[] {
  if (state.status !== 'active' || !state.openSessions.has(command.sessionId)) return [];
  return [{ type: 'AccountSignedOut', data: { accountId: state.accountId, role: state.role, sessionId: command.sessionId } }];
}

export interface UpdateProfile {
  readonly name?: string;
  readonly email?: string;
  readonly username?: string;
  /** A new image URL, null to remove the image, undefined to keep it. */
  readonly profileImage?: string | null;
  readonly passwordHash?: string;
}

/** Records only what really changes; an update that changes nothing appends nothing. */
export function updateProfile(command: UpdateProfile, state: AccountState): AccountEvent[] {
  const account = activeOrUnauthorized(state, messages.server.sessionInvalid);
  const changes = {
    ...(command.name !== undefined && command.name !== account.name && { name: command.name }),
    ...(command.email !== undefined && command.email !== account.email && { email: command.email }),
    ...(command.username !== undefined && command.username !== account.username && { username: command.username }),
    ...(command.profileImage !== undefined && command.profileImage !== (account.profileImage ?? null) && { profileImage: command.profileImage }),
  };
  const events: AccountEvent[] = [];
  if (Object.keys(changes).length > 0) {
    events.push({ type: 'AccountProfileUpdated', data: { accountId: account.accountId, role: account.role, ...changes } });
  }
  if (command.passwordHash !== undefined) {
    events.push({ type: 'AccountPasswordChanged', data: { accountId: account.accountId, role: account.role, passwordHash: command.passwordHash } });
  }
  return events;
}

export function deleteAccount(state: AccountState): AccountEvent[] {
  const account = activeOrUnauthorized(state, messages.server.sessionInvalid);
  return [{ type: 'AccountDeleted', data: { accountId: account.accountId, role: account.role } }];
}

function activeOrUnauthorized(state: AccountState, message: string): ActiveAccount {
  if (state.status !== 'active') throw new UnauthorizedError(message);
  return state;
}
