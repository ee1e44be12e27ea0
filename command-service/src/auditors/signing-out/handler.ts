/** An auditor signing out: closes the token's session on the auditor's stream. */
import { streams, messages, routes } from '@stays/contracts';
import { type AccessTokenClaims, auditorAuthOf, respond } from '@stays/service-kit';
import type { StoreDeps, CommandRoute } from '../../command-context.ts';
import { handle, type Positioned } from '../../handle.ts';
import { auditorAggregate } from '../auditor.ts';
import { signOutAuditor } from './decide.ts';

export async function handleAuditorSignOut(deps: StoreDeps, claims: AccessTokenClaims<'auditor'>): Promise<Positioned<null>> {
  const { position } = await handle(
    deps.store,
    streams.auditor(claims.accountId),
    auditorAggregate,
    (current) => signOutAuditor({ sessionId: claims.sessionId }, current),
    { actor: claims.accountId },
  );
  return { value: null, position };
}

/** POST /audit/logout: ends the auditor's session; both sides refuse its token from then on. */
export const mountAuditorSigningOut: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.auditorLogout, async (ctx) => {
    const { position } = await handleAuditorSignOut(deps.accounts, auditorAuthOf(ctx));
    await committed(ctx, position);
    respond(ctx, 200, messages.server.signedOut, null);
  });
};
