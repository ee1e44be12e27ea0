/**
 * An auditor signing in with a password: the same throttles, timing and answers as the
 * other sign-ins (an unknown email and a wrong password are refused alike). A match
 * opens a session: a token with role 'auditor', and `AuditorSignedIn` on the auditor's stream.
 */
import { randomUUID } from 'node:crypto';
import { messages, streams, type SignInResult, routes } from '@stays/contracts';
import type { AccountDeps, CommandRoute } from '../../command-context.ts';
import { Unauthenticated } from '../../domain-errors.ts';
import { handle, type Positioned } from '../../handle.ts';
import { accountThrottleKey } from '../../accounts/throttles.ts';
import { tryPassword } from '../../accounts/password-try.ts';
import { auditorAggregate, auditorSessionUser, type ActiveAuditor } from '../auditor.ts';
import { findAuditorByEmail } from '../auditor-streams.ts';
import { signInAuditor } from './decide.ts';
import { respondSignedIn } from '../../accounts/answers.ts';

export async function handleAuditorSignIn(deps: AccountDeps, email: string, password: string, client: string): Promise<Positioned<SignInResult>> {
  const auditor = await tryPassword(deps, accountThrottleKey('auditor', email), client, password, () => findAuditorByEmail(deps, email));
  if (auditor === null) throw new Unauthenticated(messages.server.invalidCredentials);
  const sessionId = randomUUID();
  const issued = await deps.tokens.issue({ accountId: auditor.auditorId, role: 'auditor', sessionId }, deps.now());
  const { state, position } = await handle(
    deps.store,
    streams.auditor(auditor.auditorId),
    auditorAggregate,
    (current) => signInAuditor({ sessionId, expiresAt: issued.expiresAt.toISOString() }, current),
    { actor: auditor.auditorId },
  );
  return { value: { accessToken: issued.token, user: auditorSessionUser(state as ActiveAuditor) }, position };
}

/** POST /audit/login: an auditor's access token and user, in the envelope of the other sign-ins. */
export const mountAuditorSigningIn: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.auditorLogin, async (ctx) => {
    const { email, password } = ctx.input.body;
    const { value, position } = await handleAuditorSignIn(deps.accounts, email, password, ctx.ip);
    await committed(ctx, position);
    respondSignedIn(ctx, deps.mediaLinks, value);
  });
};
