/** POST /user/logout and /hotel/owner/logout (spec section 7): ends the caller's session; both sides refuse its token from then on. */
import { messages, routes } from '@stays/contracts';
import { accountAuthOf, respond, type RouteHandler } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { handleSignOut } from './handler.ts';

export const mountSigningOut: CommandRoute = ({ deps, mount, committed }) => {
  const signOut: RouteHandler<typeof routes.customerLogout | typeof routes.ownerLogout> = async (ctx) => {
    const { position } = await handleSignOut(deps.accounts, accountAuthOf(ctx));
    await committed(ctx, position);
    respond(ctx, 200, messages.server.signedOut, null);
  };
  mount(routes.customerLogout, signOut);
  mount(routes.ownerLogout, signOut);
};
