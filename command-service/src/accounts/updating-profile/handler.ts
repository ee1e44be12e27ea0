/**
 * Updating a profile: checks a posted current password (wrong guesses count like failed
 * sign-ins), hashes a new password, decides once on the state read (so a refused change
 * never reserves the new email), moves the email's unique key, and appends.
 */
import { normaliseEmail, messages, routes } from '@stays/contracts';
import { type AccountClaims, accountAuthOf, respond } from '@stays/service-kit';
import type { AccountDeps, CommandRoute } from '../../command-context.ts';
import { handle, type CommandMetadata, type Positioned } from '../../handle.ts';
import { accountAggregate, activeAccount, type ActiveAccount, sessionUserOf } from '../account.ts';
import { accountStream, loadAccount } from '../account-streams.ts';
import { releaseEmail, reserveEmail } from '../unique-emails.ts';
import { type GoogleIdentity, verifiedGoogleIdentity } from '../google-id-token.ts';
import { accountThrottleKey } from '../throttles.ts';
import { tryPassword } from '../password-try.ts';
import { updateProfile, type UpdateProfile } from './decide.ts';
import { Forbidden } from '../../domain-errors.ts';
import { discardImages, storeUploadedImages } from '../../uploads.ts';
import { shownUser } from '../answers.ts';
import { profileImageRules } from '../profile-images.ts';

export interface ProfileChanges {
  readonly name?: string;
  readonly email?: string;
  readonly username?: string;
  readonly password?: string;
  readonly profileImage?: string | null;
  /** Confirms a new email or password (accounts with a password). */
  readonly currentPassword?: string;
  /** A verified Google ID token confirming a new email or password (accounts without one). */
  readonly google?: GoogleIdentity;
}

/** `client` is the caller's address: a wrong current password counts against it like a failed sign-in. */
export async function handleUpdateProfile(
  deps: AccountDeps,
  claims: AccountClaims,
  changes: ProfileChanges,
  client: string,
): Promise<Positioned<ActiveAccount>> {
  const metadata: CommandMetadata = { actor: claims.accountId };
  const streamId = accountStream(claims.role, claims.accountId);
  const before = activeAccount((await loadAccount(deps.store, claims.role, claims.accountId)).state);
  const currentPasswordMatched = await checkCurrentPassword(deps, before, changes.currentPassword, client);
  const newEmail = changes.email === undefined ? undefined : normaliseEmail(changes.email);
  const passwordHash = changes.password === undefined ? undefined : await deps.passwords.hash(changes.password);
  const command: UpdateProfile = {
    ...(changes.name !== undefined && { name: changes.name }),
    ...(changes.username !== undefined && { username: changes.username }),
    ...(changes.profileImage !== undefined && { profileImage: changes.profileImage }),
    ...(newEmail !== undefined && { email: newEmail }),
    ...(passwordHash !== undefined && { passwordHash }),
    ...(currentPasswordMatched !== undefined && { currentPasswordMatched }),
    ...(changes.google !== undefined && { googleConfirmation: changes.google }),
    sessionId: claims.sessionId,
    now: deps.now(),
  };
  updateProfile(command, before); // refusals before reserving the new email
  const emailChanges = newEmail !== undefined && newEmail !== before.email;
  if (emailChanges) await reserveEmail(deps, claims.role, newEmail, claims.accountId, metadata);
  try {
    const { state, position } = await handle(deps.store, streamId, accountAggregate, (current) => updateProfile(command, current), metadata);
    if (emailChanges) await releaseEmail(deps, claims.role, before.email, claims.accountId, metadata);
    return { value: state as ActiveAccount, position };
  } catch (error) {
    if (emailChanges) await releaseEmail(deps, claims.role, newEmail, claims.accountId, metadata).catch(() => undefined);
    throw error;
  }
}

/**
 * The stored hash a posted current password matched (null: it matched none), undefined
 * when none was posted. Wrong guesses count like failed sign-ins, so a stolen session
 * cannot be used to guess the password at leisure.
 */
async function checkCurrentPassword(
  deps: AccountDeps,
  account: ActiveAccount,
  password: string | undefined,
  client: string,
): Promise<string | null | undefined> {
  if (password === undefined || account.passwordHash === null) return undefined;
  const matched = await tryPassword(deps, accountThrottleKey(account.role, account.email), client, password, async () => account);
  return matched === null ? null : account.passwordHash;
}

/**
 * PATCH /user/update/profile (customers: multipart, with the profile image) and
 * /hotel/owner/update/profile (spec section 7, "Profiles"): answers with the updated user.
 * A new email or password is confirmed with `currentPassword`, or with `googleCredential`
 * by an account without a password.
 */
export const mountUpdatingProfile: CommandRoute = ({ deps, mount, committed }) => {
  /**
   * How the caller confirms an email or password change. A Google confirmation that does
   * not verify is refused as forbidden, not unauthenticated: the session itself is fine and must not end.
   */
  const confirmation = async (input: { currentPassword?: string; googleCredential?: string }) => ({
    ...(input.currentPassword !== undefined && { currentPassword: input.currentPassword }),
    ...(input.googleCredential !== undefined && {
      google: await verifiedGoogleIdentity(deps.google, input.googleCredential, () => new Forbidden(messages.server.googleConfirmationInvalid)),
    }),
  });

  mount(routes.customerUpdateProfile, async (ctx) => {
    const { body: input, files } = ctx.input;
    const confirmed = await confirmation(input);
    const [newImage] = await storeUploadedImages(files, deps.images, profileImageRules(false));
    const profileImage = newImage ?? (input.removeProfileImage === 'true' ? null : undefined);
    try {
      const { value, position } = await handleUpdateProfile(
        deps.accounts,
        accountAuthOf(ctx),
        {
          ...(input.username !== undefined && { username: input.username }),
          ...(input.email !== undefined && { email: input.email }),
          ...(input.password !== undefined && { password: input.password }),
          ...(profileImage !== undefined && { profileImage }),
          ...confirmed,
        },
        ctx.ip,
      );
      await committed(ctx, position);
      respond(ctx, 200, messages.server.profileUpdated, shownUser(deps.mediaLinks, sessionUserOf(value)));
    } catch (error) {
      if (newImage !== undefined) await discardImages(deps.media, [newImage]);
      throw error;
    }
  });

  mount(routes.ownerUpdateProfile, async (ctx) => {
    const input = ctx.input.body;
    const { value, position } = await handleUpdateProfile(
      deps.accounts,
      accountAuthOf(ctx),
      {
        ...(input.name !== undefined && { name: input.name }),
        ...(input.email !== undefined && { email: input.email }),
        ...(input.password !== undefined && { password: input.password }),
        ...(await confirmation(input)),
      },
      ctx.ip,
    );
    await committed(ctx, position);
    respond(ctx, 200, messages.server.profileUpdated, shownUser(deps.mediaLinks, sessionUserOf(value)));
  });
};
