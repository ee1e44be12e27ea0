/**
 * Deleting an account: an owner's hotel is delisted first, so it is never left bookable
 * with nobody to run it; then the account is deleted (every session ends with it) and its
 * email becomes free again.
 */
import { type AccountClaims, accountAuthOf, respond, type RouteHandler } from '@stays/service-kit';
import { messages, routes } from '@stays/contracts';
import type { AccountDeps, CommandRoute } from '../../command-context.ts';
import { handle, type CommandMetadata, type Positioned } from '../../handle.ts';
import { handleDelistOwnersHotel } from '../../hotels/delisting/handler.ts';
import { accountAggregate } from '../account.ts';
import { accountStream, loadAccount } from '../account-streams.ts';
import { releaseEmail } from '../unique-emails.ts';
import { deleteAccount } from './decide.ts';

export async function handleDeleteAccount(deps: AccountDeps, claims: AccountClaims): Promise<Positioned<null>> {
  const metadata: CommandMetadata = { actor: claims.accountId };
  const { state: before } = await loadAccount(deps.store, claims.role, claims.accountId);
  if (before.status === 'active' && claims.role === 'hotel-owner') await handleDelistOwnersHotel(deps, claims.accountId);
  const { position } = await handle(deps.store, accountStream(claims.role, claims.accountId), accountAggregate, (current) => deleteAccount(current), metadata);
  if (before.status === 'active') await releaseEmail(deps, claims.role, before.email, claims.accountId, metadata);
  return { value: null, position };
}

/** DELETE /user/delete/account and /hotel/owner/delete (spec section 7, "Profiles"): the caller's own account. */
export const mountDeletingAccount: CommandRoute = ({ deps, mount, committed }) => {
  const deleteAccount: RouteHandler<typeof routes.customerDelete | typeof routes.ownerDelete> = async (ctx) => {
    const { position } = await handleDeleteAccount(deps.accounts, accountAuthOf(ctx));
    await committed(ctx, position);
    respond(ctx, 200, messages.server.accountDeleted, null);
  };
  mount(routes.customerDelete, deleteAccount);
  mount(routes.ownerDelete, deleteAccount);
};
