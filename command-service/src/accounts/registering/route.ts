/**
 * POST /user/register (customers, with a profile image) and /hotel/owner/register (spec
 * section 7, "Authentication and registration"): 201 with the new account's id.
 */
import { messages, routes } from '@stays/contracts';
import { respond } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { discardImages, storeUploadedImages } from '../../uploads.ts';
import { profileImageRules } from '../profile-images.ts';
import { handleRegister } from './handler.ts';

export const mountRegistering: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.customerRegister, async (ctx) => {
    const { body: input, files } = ctx.input;
    const [profileImage] = await storeUploadedImages(files, deps.images, profileImageRules(true));
    try {
      const { value, position } = await handleRegister(
        deps.accounts,
        {
          role: 'customer',
          name: input.name,
          email: input.email,
          username: input.username,
          password: input.password,
          profileImage,
          via: 'password',
        },
        ctx.ip,
      );
      await committed(ctx, position);
      respond(ctx, 201, messages.server.customerRegistered, { _id: value.accountId });
    } catch (error) {
      await discardImages(deps.media, [profileImage!]);
      throw error;
    }
  });

  mount(routes.ownerRegister, async (ctx) => {
    const input = ctx.input.body;
    const { value, position } = await handleRegister(
      deps.accounts,
      {
        role: 'hotel-owner',
        name: input.name,
        email: input.email,
        password: input.password,
        via: 'password',
      },
      ctx.ip,
    );
    await committed(ctx, position);
    respond(ctx, 201, messages.server.ownerRegistered, { _id: value.accountId });
  });
};
