/**
 * Account events (streams `customer-{id}` and `owner-{id}`). Emails are kept unique by
 * reservation streams `customeremail-{sha256(email)}` / `owneremail-{sha256(email)}`
 * (see KeyReserved in hotels.ts).
 * Customers and hotel owners share one account life cycle; `role` tells them apart.
 * Every event type is at schema version 1 (see `eventSchemaVersions`).
 */
import type { Role } from '../rules.ts';

export type SignInMethod = 'password' | 'google';

export interface AccountRegistered {
  readonly type: 'AccountRegistered';
  readonly data: {
    readonly accountId: string;
    readonly role: Role;
    readonly name: string;
    readonly email: string;
    readonly username?: string;
    readonly profileImage?: string;
    /** argon2id hash; null for accounts that only sign in with Google. Never projected. */
    readonly passwordHash: string | null;
    readonly via: SignInMethod;
  };
}

export interface AccountProfileUpdated {
  readonly type: 'AccountProfileUpdated';
  readonly data: {
    readonly accountId: string;
    readonly role: Role;
    readonly name?: string;
    readonly email?: string;
    readonly username?: string;
    /** A new image URL, or null when the image was removed. */
    readonly profileImage?: string | null;
  };
}

export interface AccountPasswordChanged {
  readonly type: 'AccountPasswordChanged';
  readonly data: { readonly accountId: string; readonly role: Role; readonly passwordHash: string };
}

export interface AccountSignedIn {
  readonly type: 'AccountSignedIn';
  readonly data: {
    readonly accountId: string;
    readonly role: Role;
    readonly sessionId: string;
    readonly method: SignInMethod;
    /** ISO time the access token of this session expires. */
    readonly expiresAt: string;
  };
}

export interface AccountSignedOut {
  readonly type: 'AccountSignedOut';
  readonly data: {
    readonly accountId: string;
    readonly role: Role;
    readonly sessionId: string;
    /** Why the session ended when its holder did not sign it out; absent for a sign-out. */
    readonly reason?: 'password-changed';
  };
}

export interface AccountDeleted {
  readonly type: 'AccountDeleted';
  readonly data: { readonly accountId: string; readonly role: Role };
}

export type AccountEvent =
  | AccountRegistered
  | AccountProfileUpdated
  | AccountPasswordChanged
  | AccountSignedIn
  | AccountSignedOut
  | AccountDeleted;
