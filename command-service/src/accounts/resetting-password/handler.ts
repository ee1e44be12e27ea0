/**
 * Forgotten passwords.
 *
 * Asking for a link is answered before anything that depends on the account is done: the
 * route counts the request (throttles.ts), answers, and only then does this handler look the
 * email up, record the link's hash and send the email. So the answer (status, body and time)
 * is the same for every email, whether an account has it or not; a failure on the way is
 * logged, never answered. An email that has no account, or whose account was deleted (its
 * email is freed then), gets nothing.
 *
 * Resetting finds the account the token names, checks the link before any password work (a
 * forged or spent link costs no argon2 run), hashes the new password, then appends the reset
 * and the end of every session, deciding again on what it appends to.
 */
import { messages, type Role, PASSWORD_RESET_LINK_MINUTES, routes } from '@stays/contracts';
import { respond, type RouteHandler } from '@stays/service-kit';
import type { PasswordResetDeps, CommandRoute } from '../../command-context.ts';
import { InvalidInput } from '../../domain-errors.ts';
import { handle, type Positioned } from '../../handle.ts';
import { accountAggregate } from '../account.ts';
import { accountStream, findAccountByEmail, loadAccount } from '../account-streams.ts';
import { accountThrottleKey } from '../throttles.ts';
import { requestPasswordReset, resetEmailFor, resetPassword, usableResetLink } from './decide.ts';
import { resetLinkEmail, signInWithGoogleEmail } from './reset-email.ts';
import { accountIdOfToken, hashResetToken, newResetToken } from './reset-tokens.ts';

/** Counts a request for a link (throws TooMany when this client must wait): the only part of asking that comes before the answer. */
export function admitResetRequest(deps: PasswordResetDeps, role: Role, email: string, client: string): void {
  deps.throttles.resetRequest(accountThrottleKey(role, email), client, deps.now());
}

/** After the answer: records a new link for the account holding `email` and emails it (or the Google note); nothing for no account. */
export async function sendResetLink(deps: PasswordResetDeps, role: Role, email: string): Promise<void> {
  const account = await findAccountByEmail(deps, role, email);
  if (account === null) return;
  const kind = resetEmailFor(account);
  if (kind === 'none' || !deps.throttles.resetEmail(accountThrottleKey(role, email), deps.now())) return;
  if (kind === 'google') {
    await deps.mailer.send(signInWithGoogleEmail({ to: account.email, name: account.name, role, webUrl: deps.webUrl }));
    return;
  }
  const token = newResetToken(account.accountId);
  const { newEvents, state } = await handle(
    deps.store,
    accountStream(role, account.accountId),
    accountAggregate,
    (current) => requestPasswordReset({ tokenHash: hashResetToken(deps.resetKey, token), now: deps.now() }, current),
    { actor: account.accountId },
  );
  if (newEvents.length === 0 || state.status !== 'active') return;
  await deps.mailer.send(resetLinkEmail({ to: state.email, name: state.name, role, token, webUrl: deps.webUrl }));
}

/** Sets the password through a link: refused (400, saying why) for a forged, used, replaced or expired link. */
export async function handleResetPassword(deps: PasswordResetDeps, role: Role, token: string, password: string, client: string): Promise<Positioned<null>> {
  const attempt = deps.throttles.resetTry(client, deps.now());
  const tokenHash = hashResetToken(deps.resetKey, token);
  const accountId = accountIdOfToken(token);
  if (accountId === null) throw new InvalidInput(undefined, messages.passwordReset.linkInvalid);
  usableResetLink(tokenHash, deps.now(), (await loadAccount(deps.store, role, accountId)).state);
  const passwordHash = await deps.passwords.hash(password);
  const { position } = await handle(
    deps.store,
    accountStream(role, accountId),
    accountAggregate,
    (current) => resetPassword({ tokenHash, passwordHash, now: deps.now() }, current),
    { actor: accountId },
  );
  attempt.succeeded();
  return { value: null, position };
}

/** Why a link was not sent, without the email or the token (neither may reach a log). */
class ResetLinkNotSent extends Error {
  constructor(role: Role, cause: unknown) {
    super(`a password reset email (${role}) could not be sent: ${cause instanceof Error ? cause.name : 'unknown error'}`);
    this.name = 'ResetLinkNotSent';
  }
}

/**
 * POST /user/password/forgot and /hotel/owner/password/forgot: one answer for every email
 * (the link is recorded and sent after answering, see `sendResetLink`); POST /user/password/reset
 * and /hotel/owner/password/reset: a new password through the emailed link.
 */
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
