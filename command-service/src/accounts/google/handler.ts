/**
 * Signing in with Google (the ID token already verified): finds the account of the email,
 * or reserves the email for a new one (a sign-up, throttled per address); issues the
 * access token; then appends what the decision says (registration and sign-in, or
 * sign-in alone) to the account's stream. A new account that fails frees its email.
 */
import { randomUUID } from 'node:crypto';
import { normaliseEmail, type Role, type SignInResult, messages, routes } from '@stays/contracts';
import type { RouteHandler } from '@stays/service-kit';
import type { AccountDeps, CommandRoute } from '../../command-context.ts';
import { handle, type Positioned } from '../../handle.ts';
import { accountAggregate, sessionUserOf, type ActiveAccount } from '../account.ts';
import { accountStream, findAccountByEmail } from '../account-streams.ts';
import { releaseEmail } from '../unique-emails.ts';
import { type GoogleIdentity, verifiedGoogleIdentity } from '../google-id-token.ts';
import { startSignUp } from '../registering/handler.ts';
import { signInWithGoogle, type GoogleSignIn } from './decide.ts';
import { Unauthenticated } from '../../domain-errors.ts';
import { respondSignedIn } from '../answers.ts';

export async function handleGoogleSignIn(deps: AccountDeps, role: Role, identity: GoogleIdentity, client: string): Promise<Positioned<SignInResult>> {
  const existing = await findAccountByEmail(deps, role, identity.email);
  const accountId = existing?.accountId ?? randomUUID();
  const sessionId = randomUUID();
  const issued = await deps.tokens.issue({ accountId, role, sessionId }, deps.now());
  const command: GoogleSignIn = { role, accountId, identity, session: { sessionId, expiresAt: issued.expiresAt.toISOString() } };
  signInWithGoogle(command, existing ?? accountAggregate.initialState()); // refusals before reserving anything
  const metadata = { actor: accountId };
  const email = normaliseEmail(identity.email);
  if (existing === null) await startSignUp(deps, role, email, accountId, client);
  try {
    const { state, position } = await handle(
      deps.store,
      accountStream(role, accountId),
      accountAggregate,
      (current) => signInWithGoogle(command, current),
      metadata,
    );
    return { value: { accessToken: issued.token, user: sessionUserOf(state as ActiveAccount) }, position };
  } catch (error) {
    if (existing === null) await releaseEmail(deps, role, email, accountId, metadata).catch(() => undefined);
    throw error;
  }
}

/**
 * POST /user/google/signin/signup and /hotel/owner/google/signin/signup: sign in (or up)
 * with the Google ID token posted as `credential`, verified against Google's keys.
 */
export const mountGoogleSignIn: CommandRoute = ({ deps, mount, committed }) => {
  const googleSignIn =
    (role: Role): RouteHandler<typeof routes.customerGoogle | typeof routes.ownerGoogle> =>
    async (ctx) => {
      const identity = await verifiedGoogleIdentity(deps.google, ctx.input.body.credential, () => new Unauthenticated(messages.server.googleCredentialInvalid));
      const { value, position } = await handleGoogleSignIn(deps.accounts, role, identity, ctx.ip);
      await committed(ctx, position);
      respondSignedIn(ctx, deps.mediaLinks, value);
    };
  mount(routes.customerGoogle, googleSignIn('customer'));
  mount(routes.ownerGoogle, googleSignIn('hotel-owner'));
};
