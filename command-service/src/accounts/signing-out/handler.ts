/** Signing out: closes the token's session on the account's stream. */
import { type AccountClaims, accountAuthOf, respond, type RouteHandler } from '@stays/service-kit';
import { messages, routes } from '@stays/contracts';
import type { StoreDeps, CommandRoute } from '../../command-context.ts';
import { handle, type Positioned } from '../../handle.ts';
import { accountAggregate } from '../account.ts';
import { accountStream } from '../account-streams.ts';
import { signOut } from './decide.ts';

export async function handleSignOut(deps: StoreDeps, claims: AccountClaims): Promise<Positioned<null>> {
  const { position } = await handle(
    deps.store,
    accountStream(claims.role, claims.accountId),
    accountAggregate,
    (current) => signOut({ sessionId: claims.sessionId }, current),
    { actor: claims.accountId },
  );
  return { value: null, position };
}

/** POST /user/logout and /hotel/owner/logout (spec section 7): ends the caller's session; both sides refuse its token from then on. */
export const mountSigningOut: CommandRoute = ({ deps, mount, committed }) => {
  const signOut: RouteHandler<typeof routes.customerLogout | typeof routes.ownerLogout> = async (ctx) => {
    const { position } = await handleSignOut(deps.accounts, accountAuthOf(ctx));
    await committed(ctx, position);
    respond(ctx, 200, messages.server.signedOut, null);
  };
  mount(routes.customerLogout, signOut);
  mount(routes.ownerLogout, signOut);
};
