/** POST /user/logout and /hotel/owner/logout (spec section 7): ends the caller's session; both sides refuse its token from then on. */
import { messages, routes } from '@stays/contracts';
import { authOf, jsonBody, respond } from '@stays/service-kit';
import type { Middleware } from 'koa';
import type { CommandRoute } from '../../command-context.ts';
import { handleSignOut } from './handler.ts';

export const mountSigningOut: CommandRoute = ({ deps, mount, auth, committed }) => {
  const signOut: Middleware = async (ctx) => {
    const { position } = await handleSignOut(deps.accounts, authOf(ctx));
    await committed(ctx, position);
    respond(ctx, 200, messages.server.signedOut, null);
  };
  mount(routes.customerLogout, auth('customer'), jsonBody(), signOut);
  mount(routes.ownerLogout, auth('hotel-owner'), jsonBody(), signOut);
};
