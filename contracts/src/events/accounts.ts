/**
 * Account events (streams `customer-{id}` and `owner-{id}`). Emails are kept unique by
 * unique-key streams `customeremail-{keyed(email)}` / `owneremail-{keyed(email)}` (HMAC under STREAM_NAME_KEY)
 * (see KeyReserved in unique-keys.ts).
 * Customers and hotel owners share one account life cycle; `role` tells them apart.
 * Every event type is at schema version 1 (see `eventSchemaVersions`).
 */
import { z } from 'zod';
import { ROLES } from '../rules.ts';
import type { EventOf } from './define.ts';

const role = z.enum(ROLES);
const signInMethod = z.enum(['password', 'google']);
export type SignInMethod = z.output<typeof signInMethod>;

/** The data of each account event type. */
export const accountEventSchemas = {
  AccountRegistered: z.object({
    accountId: z.string(),
    role,
    name: z.string(),
    email: z.string(),
    username: z.string().optional(),
    profileImage: z.string().optional(),
    passwordHash: z.string().nullable().describe('argon2id hash; null for accounts that only sign in with Google. Never projected.'),
    via: signInMethod,
  }),
  AccountProfileUpdated: z.object({
    accountId: z.string(),
    role,
    name: z.string().optional(),
    email: z.string().optional(),
    username: z.string().optional(),
    profileImage: z.string().nullable().optional().describe('A new image URL, or null when the image was removed.'),
  }),
  AccountPasswordChanged: z.object({ accountId: z.string(), role, passwordHash: z.string() }),
  AccountSignedIn: z.object({
    accountId: z.string(),
    role,
    sessionId: z.string(),
    method: signInMethod,
    expiresAt: z.string().describe('ISO time the access token of this session expires.'),
  }),
  AccountSignedOut: z.object({
    accountId: z.string(),
    role,
    sessionId: z.string(),
    reason: z
      .enum(['password-changed', 'password-reset'])
      .optional()
      .describe('Why the session ended when its holder did not sign it out; absent for a sign-out.'),
  }),
  AccountDeleted: z.object({ accountId: z.string(), role }),
  /** A reset link was sent; it replaces any link sent before. Only a keyed hash of its token is kept, never the token. */
  PasswordResetRequested: z.object({
    accountId: z.string(),
    role,
    tokenHash: z.string().describe("Hex HMAC-SHA-256 of the link's token under the server's OTP key; the token itself is never stored."),
    expiresAt: z.string().describe('ISO time the link stops working.'),
  }),
  /** The password was set through a reset link (that link is used up); every session of the account ends (AccountSignedOut, reason password-reset). */
  AccountPasswordReset: z.object({
    accountId: z.string(),
    role,
    passwordHash: z.string(),
    tokenHash: z.string().describe('The hash of the link used, which works no more.'),
  }),
  /**
   * The deleted account's data key was destroyed (and its invoices and profile photos
   * deleted): its personal fields read as erased from here on. `subject` is the key's name.
   */
  PersonalDataErased: z.object({ accountId: z.string(), role, subject: z.string() }),
};
type Schemas = typeof accountEventSchemas;

export type AccountRegistered = EventOf<'AccountRegistered', Schemas['AccountRegistered']>;
export type AccountProfileUpdated = EventOf<'AccountProfileUpdated', Schemas['AccountProfileUpdated']>;
export type AccountPasswordChanged = EventOf<'AccountPasswordChanged', Schemas['AccountPasswordChanged']>;
export type AccountSignedIn = EventOf<'AccountSignedIn', Schemas['AccountSignedIn']>;
export type AccountSignedOut = EventOf<'AccountSignedOut', Schemas['AccountSignedOut']>;
export type AccountDeleted = EventOf<'AccountDeleted', Schemas['AccountDeleted']>;
export type PasswordResetRequested = EventOf<'PasswordResetRequested', Schemas['PasswordResetRequested']>;
export type AccountPasswordReset = EventOf<'AccountPasswordReset', Schemas['AccountPasswordReset']>;
export type PersonalDataErased = EventOf<'PersonalDataErased', Schemas['PersonalDataErased']>;

export type AccountEvent =
  | AccountRegistered
  | AccountProfileUpdated
  | AccountPasswordChanged
  | AccountSignedIn
  | AccountSignedOut
  | AccountDeleted
  | PersonalDataErased
  | PasswordResetRequested
  | AccountPasswordReset;
