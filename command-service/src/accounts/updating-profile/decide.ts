/**
 * Updating a profile records only what really changes; an update that changes nothing
 * appends nothing. A new email or password needs the holder's confirmation (a stolen
 * session alone must not take the account over), and a new password ends every other
 * unexpired session. The password arrives hashed and the posted current password checked
 * (by the handler, which also moves the email's unique key).
 */
import { messages, normaliseEmail, type AccountEvent } from '@stays/contracts';
import { Forbidden, InvalidInput } from '../../domain-errors.ts';
import { activeAccount, type AccountState, type ActiveAccount } from '../account.ts';

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

export function updateProfile(command: UpdateProfile, state: AccountState): AccountEvent[] {
  const account = activeAccount(state);
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
    if (command.currentPasswordMatched === undefined) throw new InvalidInput('currentPassword', messages.server.currentPasswordNeeded);
    if (command.currentPasswordMatched !== account.passwordHash) throw new Forbidden(messages.server.currentPasswordWrong);
    return;
  }
  const google = command.googleConfirmation;
  if (google === undefined) throw new InvalidInput('googleCredential', messages.server.googleConfirmationNeeded);
  if (!google.emailVerified || normaliseEmail(google.email) !== account.email) {
    throw new Forbidden(messages.server.googleConfirmationOtherAccount);
  }
  if (command.now.getTime() - google.issuedAt.getTime() > GOOGLE_CONFIRMATION_MINUTES * 60_000) {
    throw new Forbidden(messages.server.googleConfirmationStale(GOOGLE_CONFIRMATION_MINUTES));
  }
}
