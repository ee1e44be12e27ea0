/** Signing out: closes the token's session on the account's stream. */
import type { AccountClaims } from '@stays/service-kit';
import type { StoreDeps } from '../../command-context.ts';
import { handle, type Positioned } from '../../handle.ts';
import { accountAggregate } from '../account.ts';
import { accountStream } from '../account-streams.ts';
import { signOut } from './decide.ts';

export async function handleSignOut(deps: StoreDeps, claims: AccountClaims): Promise<Positioned<null>> {
  const { position } = await handle(
    deps.store,
    accountStream(claims.role, claims.accountId),
    accountAggregate,
    (current) => signOut({ sessionId: claims.sessionId }, current),
    { actor: claims.accountId },
  );
  return { value: null, position };
}
