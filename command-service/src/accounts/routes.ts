/**
 * Accounts over HTTP (spec section 7, "Authentication and registration" and "Profiles").
 * Each route: parse and validate, call one use case, wait until the read side has the
 * write, answer with the envelope.
 */
import {
  customerRegisterRequest, customerUpdateRequest, googleSignInRequest, limits, messages, ownerRegisterRequest,
  ownerUpdateRequest, routes, signInRequest, type Role, type SessionUser,
} from '@stays/contracts';
import {
  ForbiddenError, ServiceUnavailableError, UnauthorizedError, authOf, bodyFields, jsonBody, multipartBody, respond, validate,
} from '@stays/service-kit';
import type { Context } from 'koa';
import type { CommandContext } from '../command-context.ts';
import { discardImages, refuseUnexpectedFiles, storeUploadedImages, type ImageRules } from '../uploads.ts';
import { InvalidGoogleCredentialError, type GoogleIdentity } from './google.ts';
import * as accounts from './service.ts';

const PROFILE_IMAGE_BYTES = limits.profileImageMegabytes * 1024 * 1024;

const profileImageRules = (required: boolean): ImageRules => ({
  field: 'profileImage',
  required,
  min: 1,
  max: 1,
  maxBytes: PROFILE_IMAGE_BYTES,
  maxWidth: 512,
  maxHeight: 512,
  noneMessage: messages.server.profileImageRequired,
  tooFewMessage: messages.server.profileImageRequired,
  tooManyMessage: messages.server.oneProfileImage,
  tooLargeMessage: messages.ui.profileImageTooLarge,
});

/** A session's token and user; the message is in `data` too, where the spec's web client shows it after signing in. */
const respondSignedIn = (ctx: Context, session: object) =>
  respond(ctx, 200, messages.server.signedIn, { ...session, message: messages.server.signedIn });

const profileUpload = () => multipartBody({ maxFileBytes: PROFILE_IMAGE_BYTES, maxFiles: 1, fileTooLargeMessage: messages.ui.profileImageTooLarge });

export function mountAccountRoutes(context: CommandContext): void {
  const { deps, mount, auth, committed } = context;
  /** The user as answered: a recorded profile image link made absolute. */
  const shown = (user: SessionUser): SessionUser =>
    user.profileImage === undefined ? user : { ...user, profileImage: deps.mediaLinks.absolute(user.profileImage) };

  mount(routes.customerRegister, profileUpload(), async (ctx) => {
    refuseUnexpectedFiles(ctx, ['profileImage']);
    const input = validate(customerRegisterRequest, bodyFields(ctx));
    const [profileImage] = await storeUploadedImages(ctx, deps.media, profileImageRules(true));
    try {
      const { value, position } = await accounts.registerAccount(deps.accounts, {
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
    const { value, position } = await accounts.registerAccount(deps.accounts, {
      role: 'hotel-owner', name: input.name, email: input.email, password: input.password, via: 'password',
    }, ctx.ip);
    await committed(ctx, position);
    respond(ctx, 201, messages.server.ownerRegistered, { _id: value.accountId });
  });

  const signIn = (role: Role) => async (ctx: Parameters<Parameters<typeof mount>[2]>[0]) => {
    const input = validate(signInRequest, bodyFields(ctx));
    const { value, position } = await accounts.signInWithPassword(deps.accounts, role, input.email, input.password, ctx.ip);
    await committed(ctx, position);
    respondSignedIn(ctx, { ...value, user: shown(value.user) });
  };
  mount(routes.customerLogin, jsonBody(), signIn('customer'));
  mount(routes.ownerLogin, jsonBody(), signIn('hotel-owner'));

  /** The verified identity of a Google ID token; a token that does not verify is refused with `refusal`. */
  const googleIdentity = async (credential: string, refusal: () => Error): Promise<GoogleIdentity> => {
    if (deps.google === null) throw new ServiceUnavailableError(messages.server.googleNotConfigured);
    try {
      return await deps.google.verify(credential);
    } catch (error) {
      if (error instanceof InvalidGoogleCredentialError) throw refusal();
      throw error;
    }
  };

  const googleSignIn = (role: Role) => async (ctx: Parameters<Parameters<typeof mount>[2]>[0]) => {
    const { credential } = validate(googleSignInRequest, bodyFields(ctx));
    const identity = await googleIdentity(credential, () => new UnauthorizedError(messages.server.googleCredentialInvalid));
    if (!identity.emailVerified) throw new UnauthorizedError(messages.server.googleEmailUnverified);
    const { value, position } = await accounts.signInWithVerifiedEmail(deps.accounts, role, identity, ctx.ip);
    await committed(ctx, position);
    respondSignedIn(ctx, { ...value, user: shown(value.user) });
  };
  mount(routes.customerGoogle, jsonBody(), googleSignIn('customer'));
  mount(routes.ownerGoogle, jsonBody(), googleSignIn('hotel-owner'));

  const signOut = async (ctx: Parameters<Parameters<typeof mount>[2]>[0]) => {
    const { position } = await accounts.signOut(deps.accounts, authOf(ctx));
    await committed(ctx, position);
    respond(ctx, 200, messages.server.signedOut, null);
  };
  mount(routes.customerLogout, auth('customer'), jsonBody(), signOut);
  mount(routes.ownerLogout, auth('hotel-owner'), jsonBody(), signOut);

  const deleteAccount = async (ctx: Parameters<Parameters<typeof mount>[2]>[0]) => {
    const { position } = await accounts.deleteAccount(deps.accounts, authOf(ctx));
    await committed(ctx, position);
    respond(ctx, 200, messages.server.accountDeleted, null);
  };
  mount(routes.customerDelete, auth('customer'), deleteAccount);
  mount(routes.ownerDelete, auth('hotel-owner'), deleteAccount);

  /**
   * How the caller confirms an email or password change. A Google confirmation that does
   * not verify is 403, not 401: the session itself is fine and must not end.
   */
  const confirmation = async (input: { currentPassword?: string; googleCredential?: string }) => ({
    ...(input.currentPassword !== undefined && { currentPassword: input.currentPassword }),
    ...(input.googleCredential !== undefined && {
      google: await googleIdentity(input.googleCredential, () => new ForbiddenError(messages.server.googleConfirmationInvalid)),
    }),
  });

  mount(routes.customerUpdateProfile, auth('customer'), profileUpload(), async (ctx) => {
    refuseUnexpectedFiles(ctx, ['profileImage']);
    const input = validate(customerUpdateRequest, bodyFields(ctx));
    const confirmed = await confirmation(input);
    const [newImage] = await storeUploadedImages(ctx, deps.media, profileImageRules(false));
    const profileImage = newImage ?? (input.removeProfileImage === 'true' ? null : undefined);
    try {
      const { value, position } = await accounts.updateProfile(deps.accounts, authOf(ctx), {
        ...(input.username !== undefined && { username: input.username }),
        ...(input.email !== undefined && { email: input.email }),
        ...(input.password !== undefined && { password: input.password }),
        ...(profileImage !== undefined && { profileImage }),
        ...confirmed,
      }, ctx.ip);
      await committed(ctx, position);
      respond(ctx, 200, messages.server.profileUpdated, shown(accounts.userOf(value)));
    } catch (error) {
      if (newImage !== undefined) await discardImages(deps.media, [newImage]);
      throw error;
    }
  });

  mount(routes.ownerUpdateProfile, auth('hotel-owner'), jsonBody(), async (ctx) => {
    const input = validate(ownerUpdateRequest, bodyFields(ctx));
    const { value, position } = await accounts.updateProfile(deps.accounts, authOf(ctx), {
      ...(input.name !== undefined && { name: input.name }),
      ...(input.email !== undefined && { email: input.email }),
      ...(input.password !== undefined && { password: input.password }),
      ...(await confirmation(input)),
    }, ctx.ip);
    await committed(ctx, position);
    respond(ctx, 200, messages.server.profileUpdated, shown(accounts.userOf(value)));
  });
}
