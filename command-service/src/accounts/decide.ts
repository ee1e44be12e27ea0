/**
 * Pure account decisions: (command, state) → events. No I/O: password hashes, session
 * ids, image URLs and times are prepared by the caller and passed in.
 */
import { messages, normaliseEmail, type AccountEvent, type AccountRegistered, type SignInMethod } from '@stays/contracts';
import { ConflictError, ForbiddenError, UnauthorizedError, ValidationError } from '@stays/service-kit';
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

/** How long a Google sign-in confirms an email or password change of an account without a password. */
export const GOOGLE_CONFIRMATION_MINUTES = 10;

export interface UpdateProfile {
  readonly name?: string;
  readonly email?: string;
  readonly username?: string;
  /** A new image URL, null to remove the image, undefined to keep it. */
  readonly profileImage?: string | null;
  readonly passwordHash?: string;
  /**
   * The stored hash the posted current password was checked against and matched, null
   * when it matched none; undefined when no current password was posted.
   */
  readonly currentPasswordMatched?: string | null;
  /** A verified Google ID token posted with the change: its email and when Google issued it. */
  readonly googleConfirmation?: { readonly email: string; readonly emailVerified: boolean; readonly issuedAt: Date };
  /** The session asking: a password change ends every other open session of the account. */
  readonly sessionId: string;
  readonly now: Date;
}

/**
 * Records only what really changes; an update that changes nothing appends nothing.
 * A new email or password needs the holder's confirmation (a stolen session alone must
 * not take the account over), and a new password ends every other session.
 */
export function updateProfile(command: UpdateProfile, state: AccountState): AccountEvent[] {
  const account = activeOrUnauthorized(state, messages.server.sessionInvalid);
  const changes = {
    ...(command.name !== undefined && command.name !== account.name && { name: command.name }),
    ...(command.email !== undefined && command.email !== account.email && { email: command.email }),
    ...(command.username !== undefined && command.username !== account.username && { username: command.username }),
    ...(command.profileImage !== undefined && command.profileImage !== (account.profileImage ?? null) && { profileImage: command.profileImage }),
  };
  if (changes.email !== undefined || command.passwordHash !== undefined) confirmHolder(command, account);
  const { accountId, role } = account;
  const events: AccountEvent[] = [];
  if (Object.keys(changes).length > 0) {
    events.push({ type: 'AccountProfileUpdated', data: { accountId, role, ...changes } });
  }
  if (command.passwordHash !== undefined) {
    events.push({ type: 'AccountPasswordChanged', data: { accountId, role, passwordHash: command.passwordHash } });
    for (const [sessionId, expiresAt] of account.openSessions) {
      // expired sessions need no ending: their tokens are refused already
      if (sessionId === command.sessionId || Date.parse(expiresAt) <= command.now.getTime()) continue;
      events.push({ type: 'AccountSignedOut', data: { accountId, role, sessionId, reason: 'password-changed' } });
    }
  }
  return events;
}

/**
 * An account with a password confirms with it; one that signs in only with Google
 * confirms with a Google ID token for its own email, issued within the last minutes.
 */
function confirmHolder(command: UpdateProfile, account: ActiveAccount): void {
  if (account.passwordHash !== null) {
    if (command.currentPasswordMatched === undefined) throw new ValidationError('currentPassword', messages.server.currentPasswordNeeded);
    if (command.currentPasswordMatched !== account.passwordHash) throw new ForbiddenError(messages.server.currentPasswordWrong);
    return;
  }
  const google = command.googleConfirmation;
  if (google === undefined) throw new ValidationError('googleCredential', messages.server.googleConfirmationNeeded);
  if (!google.emailVerified || normaliseEmail(google.email) !== account.email) {
    throw new ForbiddenError(messages.server.googleConfirmationOtherAccount);
  }
  if (command.now.getTime() - google.issuedAt.getTime() > GOOGLE_CONFIRMATION_MINUTES * 60_000) {
    throw new ForbiddenError(messages.server.googleConfirmationStale(GOOGLE_CONFIRMATION_MINUTES));
  }
}

export function deleteAccount(state: AccountState): AccountEvent[] {
  const account = activeOrUnauthorized(state, messages.server.sessionInvalid);
  return [{ type: 'AccountDeleted', data: { accountId: account.accountId, role: account.role } }];
}

function activeOrUnauthorized(state: AccountState, message: string): ActiveAccount {
  if (state.status !== 'active') throw new UnauthorizedError(message);
  return state;
}
