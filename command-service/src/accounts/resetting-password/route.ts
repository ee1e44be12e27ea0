/**
 * POST /user/password/forgot and /hotel/owner/password/forgot: one answer for every email
 * (the link is recorded and sent after answering, see handler.ts); POST /user/password/reset
 * and /hotel/owner/password/reset: a new password through the emailed link.
 */
import { PASSWORD_RESET_LINK_MINUTES, messages, routes, type Role } from '@stays/contracts';
import { respond, type RouteHandler } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { admitResetRequest, handleResetPassword, sendResetLink } from './handler.ts';

/** Why a link was not sent, without the email or the token (neither may reach a log). */
class ResetLinkNotSent extends Error {
  constructor(role: Role, cause: unknown) {
    super(`a password reset email (${role}) could not be sent: ${cause instanceof Error ? cause.name : 'unknown error'}`);
    this.name = 'ResetLinkNotSent';
  }
}

export const mountResettingPassword: CommandRoute = ({ deps, mount, committed }) => {
  const forgot =
    (role: Role): RouteHandler<typeof routes.customerForgotPassword | typeof routes.ownerForgotPassword> =>
    async (ctx) => {
      const { email } = ctx.input.body;
      admitResetRequest(deps.passwordReset, role, email, ctx.ip);
      void sendResetLink(deps.passwordReset, role, email).catch((error: unknown) => ctx.app.emit('error', new ResetLinkNotSent(role, error), ctx));
      respond(ctx, 200, messages.passwordReset.linkSentIfAccount(PASSWORD_RESET_LINK_MINUTES), null);
    };
  const reset =
    (role: Role): RouteHandler<typeof routes.customerResetPassword | typeof routes.ownerResetPassword> =>
    async (ctx) => {
      const { token, password } = ctx.input.body;
      const { position } = await handleResetPassword(deps.passwordReset, role, token, password, ctx.ip);
      await committed(ctx, position);
      respond(ctx, 200, messages.passwordReset.passwordWasReset, null);
    };
  mount(routes.customerForgotPassword, forgot('customer'));
  mount(routes.ownerForgotPassword, forgot('hotel-owner'));
  mount(routes.customerResetPassword, reset('customer'));
  mount(routes.ownerResetPassword, reset('hotel-owner'));
};
