/** DELETE /user/delete/account and /hotel/owner/delete (spec section 7, "Profiles"): the caller's own account. */
import { messages, routes } from '@stays/contracts';
import { authOf, respond } from '@stays/service-kit';
import type { Middleware } from 'koa';
import type { CommandRoute } from '../../command-context.ts';
import { handleDeleteAccount } from './handler.ts';

export const mountDeletingAccount: CommandRoute = ({ deps, mount, auth, committed }) => {
  const deleteAccount: Middleware = async (ctx) => {
    const { position } = await handleDeleteAccount(deps.accounts, authOf(ctx));
    await committed(ctx, position);
    respond(ctx, 200, messages.server.accountDeleted, null);
  };
  mount(routes.customerDelete, auth('customer'), deleteAccount);
  mount(routes.ownerDelete, auth('hotel-owner'), deleteAccount);
};
