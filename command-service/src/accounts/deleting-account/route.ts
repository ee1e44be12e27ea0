/** DELETE /user/delete/account and /hotel/owner/delete (spec section 7, "Profiles"): the caller's own account. */
import { messages, routes } from '@stays/contracts';
import { accountAuthOf, respond, type RouteHandler } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { handleDeleteAccount } from './handler.ts';

export const mountDeletingAccount: CommandRoute = ({ deps, mount, committed }) => {
  const deleteAccount: RouteHandler<typeof routes.customerDelete | typeof routes.ownerDelete> = async (ctx) => {
    const { position } = await handleDeleteAccount(deps.accounts, accountAuthOf(ctx));
    await committed(ctx, position);
    respond(ctx, 200, messages.server.accountDeleted, null);
  };
  mount(routes.customerDelete, deleteAccount);
  mount(routes.ownerDelete, deleteAccount);
};
