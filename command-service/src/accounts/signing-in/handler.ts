/**
 * Signing in with a password: throttled per (email, client address) and per address
 * before any password work; an unknown email and a wrong password are refused alike (and
 * spend the same argon2 time). A match opens a session: an access token naming a new
 * session, and `AccountSignedIn` on the account's stream.
 */
import { randomUUID } from 'node:crypto';
import { messages, type Role, type SignInResult, routes } from '@stays/contracts';
import type { RouteHandler } from '@stays/service-kit';
import type { AccountDeps, CommandRoute } from '../../command-context.ts';
import { Unauthenticated } from '../../domain-errors.ts';
import { handle, type Positioned } from '../../handle.ts';
import { accountAggregate, sessionUserOf, type ActiveAccount } from '../account.ts';
import { accountStream, findAccountByEmail } from '../account-streams.ts';
import { accountThrottleKey } from '../throttles.ts';
import { tryPassword } from '../password-try.ts';
import { signIn } from './decide.ts';
import { respondSignedIn } from '../answers.ts';

/** `client` is the caller's address: failures slow down that address, not the account's owner elsewhere. */
export async function handleSignIn(deps: AccountDeps, role: Role, email: string, password: string, client: string): Promise<Positioned<SignInResult>> {
  const account = await tryPassword(deps, accountThrottleKey(role, email), client, password, () => findAccountByEmail(deps, role, email));
  if (account === null) throw new Unauthenticated(messages.server.invalidCredentials);
  const sessionId = randomUUID();
  const issued = await deps.tokens.issue({ accountId: account.accountId, role: account.role, sessionId }, deps.now());
  const { state, position } = await handle(
    deps.store,
    accountStream(account.role, account.accountId),
    accountAggregate,
    (current) => signIn({ sessionId, method: 'password', expiresAt: issued.expiresAt.toISOString() }, current),
    { actor: account.accountId },
  );
  return { value: { accessToken: issued.token, user: sessionUserOf(state as ActiveAccount) }, position };
}

/** POST /user/login and /hotel/owner/login (spec section 7, "Authentication and registration"): an access token and the user. */
export const mountSigningIn: CommandRoute = ({ deps, mount, committed }) => {
  const signIn =
    (role: Role): RouteHandler<typeof routes.customerLogin | typeof routes.ownerLogin> =>
    async (ctx) => {
      const { email, password } = ctx.input.body;
      const { value, position } = await handleSignIn(deps.accounts, role, email, password, ctx.ip);
      await committed(ctx, position);
      respondSignedIn(ctx, deps.mediaLinks, value);
    };
  mount(routes.customerLogin, signIn('customer'));
  mount(routes.ownerLogin, signIn('hotel-owner'));
};
