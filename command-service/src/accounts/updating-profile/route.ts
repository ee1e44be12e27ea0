/**
 * PATCH /user/update/profile (customers: multipart, with the profile image) and
 * /hotel/owner/update/profile (spec section 7, "Profiles"): answers with the updated user.
 * A new email or password is confirmed with `currentPassword`, or with `googleCredential`
 * by an account without a password.
 */
import { messages, routes } from '@stays/contracts';
import { accountAuthOf, respond } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { Forbidden } from '../../domain-errors.ts';
import { discardImages, storeUploadedImages } from '../../uploads.ts';
import { sessionUserOf } from '../account.ts';
import { shownUser } from '../answers.ts';
import { verifiedGoogleIdentity } from '../google-id-token.ts';
import { profileImageRules } from '../profile-images.ts';
import { handleUpdateProfile } from './handler.ts';

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
