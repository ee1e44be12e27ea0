import { z } from 'zod';
import { limits } from '../rules.ts';
import { validation } from '../messages.ts';
import { email, optional, password, requiredText, typedPassword } from './fields.ts';
import { formLabels } from './request-check.ts';

/** POST /user/login and /hotel/owner/login. */
export const signInRequest = z.object({
  email: requiredText(limits.email.max),
  password: typedPassword,
});
export type SignInRequest = z.infer<typeof signInRequest>;

/** A new auditor's email and password (BOOTSTRAP_AUDITOR_*, `npm run auditor -- add`): the sign-up rules of the other accounts. */
export const newAuditorCredentials = z.object({ email, password });

/** POST /hotel/owner/register (JSON). */
export const ownerRegisterRequest = z
  .object({
    name: requiredText(limits.name.max),
    email,
    password,
  })
  .register(formLabels, validation.ownerSignUpLabels);
export type OwnerRegisterRequest = z.infer<typeof ownerRegisterRequest>;

/** POST /user/register (multipart; the profileImage file is checked separately). */
export const customerRegisterRequest = z.object({
  username: requiredText(limits.username.max),
  name: requiredText(limits.name.max),
  email,
  password,
});
export type CustomerRegisterRequest = z.infer<typeof customerRegisterRequest>;

/**
 * What confirms an email or password change: the current password (not trimmed, and
 * without length rules: a wrong password is just wrong), or for an account that signs in
 * only with Google, a fresh Google ID token.
 */
const holderConfirmation = {
  currentPassword: optional(typedPassword),
  googleCredential: optional(requiredText(8192)),
};

/** PATCH /user/update/profile (multipart; each field only if filled). */
export const customerUpdateRequest = z.object({
  username: optional(requiredText(limits.username.max)),
  email: optional(email),
  password: optional(password),
  /** 'true' removes the current profile image (the profile's remove control). */
  removeProfileImage: optional(z.enum(['true', 'false'])),
  ...holderConfirmation,
});
export type CustomerUpdateRequest = z.infer<typeof customerUpdateRequest>;

/** PATCH /hotel/owner/update/profile (JSON; each field only if filled). */
export const ownerUpdateRequest = z.object({
  name: optional(requiredText(limits.name.max)),
  email: optional(email),
  password: optional(password),
  ...holderConfirmation,
});
export type OwnerUpdateRequest = z.infer<typeof ownerUpdateRequest>;

/** Google sign-in: the Google ID token. A posted name or email is ignored, never trusted. */
export const googleSignInRequest = z.object({
  credential: requiredText(8192),
});
export type GoogleSignInRequest = z.infer<typeof googleSignInRequest>;

/** POST /user/password/forgot and /hotel/owner/password/forgot: the email to send a reset link to (an unknown one is answered alike). */
export const forgotPasswordRequest = z.object({ email });
export type ForgotPasswordRequest = z.infer<typeof forgotPasswordRequest>;

/** POST /user/password/reset and /hotel/owner/password/reset: the link's token and a new password under the sign-up rules. */
export const resetPasswordRequest = z.object({
  token: requiredText(200),
  password,
});
export type ResetPasswordRequest = z.infer<typeof resetPasswordRequest>;
