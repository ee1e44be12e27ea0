/**
 * POST /user/google/signin/signup and /hotel/owner/google/signin/signup: sign in (or up)
 * with the Google ID token posted as `credential`, verified against Google's keys.
 */
import { messages, routes, type Role } from '@stays/contracts';
import type { RouteHandler } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { Unauthenticated } from '../../domain-errors.ts';
import { respondSignedIn } from '../answers.ts';
import { verifiedGoogleIdentity } from '../google-id-token.ts';
import { handleGoogleSignIn } from './handler.ts';

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
