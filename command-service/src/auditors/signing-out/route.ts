/** POST /audit/logout: ends the auditor's session; both sides refuse its token from then on. */
import { messages, routes } from '@stays/contracts';
import { auditorAuthOf, respond } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { handleAuditorSignOut } from './handler.ts';

export const mountAuditorSigningOut: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.auditorLogout, async (ctx) => {
    const { position } = await handleAuditorSignOut(deps.accounts, auditorAuthOf(ctx));
    await committed(ctx, position);
    respond(ctx, 200, messages.server.signedOut, null);
  });
};
