/** POST /user/login and /hotel/owner/login (spec section 7, "Authentication and registration"): an access token and the user. */
import { routes, type Role } from '@stays/contracts';
import type { RouteHandler } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { respondSignedIn } from '../answers.ts';
import { handleSignIn } from './handler.ts';

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
