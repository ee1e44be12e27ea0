/**
 * Signing in with Google: only with an email Google verified (a posted name or email is
 * never trusted; the handler verified the ID token). The account of that email and role
 * is signed in, whether it signs in with a password or with Google; the first sign-in
 * registers it in the same append (customers get a username from the email, and
 * Google's picture when it has one).
 */
import { messages, normaliseEmail, type AccountEvent, type Role } from '@stays/contracts';
import { Unauthenticated } from '../../domain-errors.ts';
import { evolveAccount, type AccountState } from '../account.ts';
import { register } from '../registering/decide.ts';
import { signIn } from '../signing-in/decide.ts';

export interface GoogleSignIn {
  readonly role: Role;
  /** The account holding the email, or a new id for a first sign-in. */
  readonly accountId: string;
  readonly identity: { readonly email: string; readonly emailVerified: boolean; readonly name: string; readonly picture?: string };
  /** The session the issued access token names. */
  readonly session: { readonly sessionId: string; readonly expiresAt: string };
}

export function signInWithGoogle(command: GoogleSignIn, state: AccountState): AccountEvent[] {
  const { role, accountId, identity } = command;
  if (!identity.emailVerified) throw new Unauthenticated(messages.server.googleEmailUnverified);
  const registered =
    state.status !== 'new'
      ? []
      : register(
          {
            accountId,
            role,
            name: identity.name,
            email: normaliseEmail(identity.email),
            passwordHash: null,
            via: 'google',
            ...(role === 'customer' && { username: usernameFrom(identity.email) }),
            ...(identity.picture !== undefined && { profileImage: identity.picture }),
          },
          state,
        );
  return [...registered, ...signIn({ ...command.session, method: 'google' }, registered.reduce(evolveAccount, state))];
}

const usernameFrom = (email: string): string => normaliseEmail(email).split('@')[0]!.slice(0, 50);
