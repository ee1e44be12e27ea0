/** POST /audit/login: an auditor's access token and user, in the envelope of the other sign-ins. */
import { routes } from '@stays/contracts';
import type { CommandRoute } from '../../command-context.ts';
import { respondSignedIn } from '../../accounts/answers.ts';
import { handleAuditorSignIn } from './handler.ts';

export const mountAuditorSigningIn: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.auditorLogin, async (ctx) => {
    const { email, password } = ctx.input.body;
    const { value, position } = await handleAuditorSignIn(deps.accounts, email, password, ctx.ip);
    await committed(ctx, position);
    respondSignedIn(ctx, deps.mediaLinks, value);
  });
};
