/** An auditor signing out: closes the token's session on the auditor's stream. */
import { streams } from '@stays/contracts';
import type { AccessTokenClaims } from '@stays/service-kit';
import type { StoreDeps } from '../../command-context.ts';
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
