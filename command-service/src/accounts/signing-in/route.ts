/** POST /user/login and /hotel/owner/login (spec section 7, "Authentication and registration"): an access token and the user. */
import { routes, signInRequest, type Role } from '@stays/contracts';
import { bodyFields, jsonBody, validate } from '@stays/service-kit';
import type { Middleware } from 'koa';
import type { CommandRoute } from '../../command-context.ts';
import { respondSignedIn } from '../answers.ts';
import { handleSignIn } from './handler.ts';

export const mountSigningIn: CommandRoute = ({ deps, mount, committed }) => {
  const signIn = (role: Role): Middleware => async (ctx) => {
    const input = validate(signInRequest, bodyFields(ctx));
    const { value, position } = await handleSignIn(deps.accounts, role, input.email, input.password, ctx.ip);
    await committed(ctx, position);
    respondSignedIn(ctx, deps.mediaLinks, value);
  };
  mount(routes.customerLogin, jsonBody(), signIn('customer'));
  mount(routes.ownerLogin, jsonBody(), signIn('hotel-owner'));
};
