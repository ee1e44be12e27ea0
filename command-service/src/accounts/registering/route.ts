/**
 * POST /user/register (customers, with a profile image) and /hotel/owner/register (spec
 * section 7, "Authentication and registration"): 201 with the new account's id.
 */
import { customerRegisterRequest, messages, ownerRegisterRequest, routes } from '@stays/contracts';
import { bodyFields, jsonBody, respond, validate } from '@stays/service-kit';
import type { CommandRoute } from '../../command-context.ts';
import { discardImages, refuseUnexpectedFiles, storeUploadedImages } from '../../uploads.ts';
import { profileImageRules, profileUpload } from '../profile-images.ts';
import { handleRegister } from './handler.ts';

export const mountRegistering: CommandRoute = ({ deps, mount, committed }) => {
  mount(routes.customerRegister, profileUpload(), async (ctx) => {
    refuseUnexpectedFiles(ctx, ['profileImage']);
    const input = validate(customerRegisterRequest, bodyFields(ctx));
    const [profileImage] = await storeUploadedImages(ctx, deps.media, profileImageRules(true));
    try {
      const { value, position } = await handleRegister(deps.accounts, {
        role: 'customer', name: input.name, email: input.email, username: input.username,
        password: input.password, profileImage, via: 'password',
      }, ctx.ip);
      await committed(ctx, position);
      respond(ctx, 201, messages.server.customerRegistered, { _id: value.accountId });
    } catch (error) {
      await discardImages(deps.media, [profileImage!]);
      throw error;
    }
  });

  mount(routes.ownerRegister, jsonBody(), async (ctx) => {
    const input = validate(ownerRegisterRequest, bodyFields(ctx));
    const { value, position } = await handleRegister(deps.accounts, {
      role: 'hotel-owner', name: input.name, email: input.email, password: input.password, via: 'password',
    }, ctx.ip);
    await committed(ctx, position);
    respond(ctx, 201, messages.server.ownerRegistered, { _id: value.accountId });
  });
};
