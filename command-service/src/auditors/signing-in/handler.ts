/**
 * An auditor signing in with a password: the same throttles, timing and answers as the
 * other sign-ins (an unknown email and a wrong password are refused alike). A match
 * opens a session: a token with role 'auditor', and `AuditorSignedIn` on the auditor's stream.
 */
import { randomUUID } from 'node:crypto';
import { messages, streams, type SignInResult } from '@stays/contracts';
import type { AccountDeps } from '../../command-context.ts';
import { Unauthenticated } from '../../domain-errors.ts';
import { handle, type Positioned } from '../../handle.ts';
import { accountThrottleKey } from '../../accounts/throttles.ts';
import { auditorAggregate, auditorSessionUser, type ActiveAuditor } from '../auditor.ts';
import { findAuditorByEmail } from '../auditor-streams.ts';
import { signInAuditor } from './decide.ts';

export async function handleAuditorSignIn(deps: AccountDeps, email: string, password: string, client: string): Promise<Positioned<SignInResult>> {
  const key = accountThrottleKey('auditor', email);
  deps.throttles.beforePasswordTry(key, client, deps.now());
  const auditor = await findAuditorByEmail(deps.store, email);
  const passwordMatches = await deps.passwords.check(auditor?.passwordHash ?? null, password);
  if (auditor === null || !passwordMatches) {
    deps.throttles.passwordFailed(key, client, deps.now());
    throw new Unauthenticated(messages.server.invalidCredentials);
  }
  deps.throttles.passwordMatched(key, client);
  const sessionId = randomUUID();
  const issued = await deps.tokens.issue({ accountId: auditor.auditorId, role: 'auditor', sessionId }, deps.now());
  const { state, position } = await handle(deps.store, streams.auditor(auditor.auditorId), auditorAggregate,
    (current) => signInAuditor({ sessionId, expiresAt: issued.expiresAt.toISOString() }, current),
    { actor: auditor.auditorId });
  return { value: { accessToken: issued.token, user: auditorSessionUser(state as ActiveAuditor) }, position };
}
