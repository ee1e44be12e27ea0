/**
 * Account use cases: each loads what it needs, calls a pure decision, appends, and
 * reports the log position its caller waits on for read-your-writes. Email uniqueness
 * spans two streams (reservation, then account); a failure between them is undone.
 */
import { randomUUID } from 'node:crypto';
import type { EventStore } from '@stays/event-store';
import { messages, normaliseEmail, streams, type Role, type SignInMethod, type SignInResult } from '@stays/contracts';
import { UnauthorizedError, type AccessTokenClaims, type TokenIssuer } from '@stays/service-kit';
import { handle, load, type CommandMetadata } from '../handle.ts';
import { delistOwnersHotel } from '../hotels/service.ts';
import { accountAggregate, sessionUserOf, type ActiveAccount } from './account.ts';
import * as decide from './decide.ts';
import { accountIdForEmail, releaseEmail, reserveEmail } from './email-reservations.ts';
import type { GoogleIdentity } from './google.ts';
import type { Passwords } from './passwords.ts';
import type { AccountThrottles } from './throttles.ts';

export interface AccountDeps {
  readonly store: EventStore;
  readonly tokens: TokenIssuer;
  readonly passwords: Passwords;
  readonly throttles: AccountThrottles;
  readonly now: () => Date;
}

export interface Positioned<T> {
  readonly value: T;
  /** Log position the caller's next read must reflect; null when nothing was written. */
  readonly position: number | null;
}

/** A sign-up that died between reserving the email and registering frees it after this long. */
const ABANDONED_RESERVATION_MS = 5 * 60 * 1000;

const accountStream = (role: Role, accountId: string) => streams.account(role, accountId);
const maxPosition = (...positions: (number | null)[]): number | null =>
  positions.reduce<number | null>((max, p) => (p === null ? max : max === null ? p : Math.max(max, p)), null);

export interface Registration {
  readonly role: Role;
  readonly name: string;
  readonly email: string;
  readonly username?: string;
  readonly password: string | null;
  readonly profileImage?: string;
  readonly via: SignInMethod;
}

/** `client` is the caller's address: sign-ups are throttled per address. */
export async function registerAccount(deps: AccountDeps, input: Registration, client: string): Promise<Positioned<ActiveAccount>> {
  deps.throttles.signUp(client, deps.now());
  const accountId = randomUUID();
  const email = normaliseEmail(input.email);
  const metadata: CommandMetadata = { actor: accountId };
  await reserveEmail(deps.store, input.role, email, accountId, metadata, (holder, reservedAt) =>
    isAbandonedSignUp(deps, input.role, holder, reservedAt));
  try {
    const passwordHash = input.password === null ? null : await deps.passwords.hash(input.password);
    const { state, position } = await handle(deps.store, accountStream(input.role, accountId), accountAggregate, (current) =>
      decide.register({
        accountId, role: input.role, name: input.name, email, passwordHash, via: input.via,
        ...(input.username !== undefined && { username: input.username }),
        ...(input.profileImage !== undefined && { profileImage: input.profileImage }),
      }, current), metadata);
    return { value: state as ActiveAccount, position };
  } catch (error) {
    await releaseEmail(deps.store, input.role, email, accountId, metadata).catch(() => undefined);
    throw error;
  }
}

async function isAbandonedSignUp(deps: AccountDeps, role: Role, holder: string, reservedAt: Date): Promise<boolean> {
  if (deps.now().getTime() - reservedAt.getTime() < ABANDONED_RESERVATION_MS) return false;
  const { revision } = await load(deps.store, accountStream(role, holder), accountAggregate);
  return revision === null;
}

async function findAccountByEmail(deps: AccountDeps, role: Role, email: string): Promise<ActiveAccount | null> {
  const accountId = await accountIdForEmail(deps.store, role, email);
  if (accountId === null) return null;
  const { state } = await load(deps.store, accountStream(role, accountId), accountAggregate);
  return state.status === 'active' ? state : null;
}

/** `client` is the caller's address: failures slow down that address, not the account's owner elsewhere. */
export async function signInWithPassword(
  deps: AccountDeps, role: Role, email: string, password: string, client: string,
): Promise<Positioned<SignInResult>> {
  const key = throttleKey(role, email);
  deps.throttles.beforePasswordTry(key, client, deps.now());
  const account = await findAccountByEmail(deps, role, email);
  const passwordMatches = await deps.passwords.check(account?.passwordHash ?? null, password);
  if (account === null || !passwordMatches) {
    deps.throttles.passwordFailed(key, client, deps.now());
    throw new UnauthorizedError(messages.server.invalidCredentials);
  }
  deps.throttles.passwordMatched(key, client);
  return openSession(deps, account, 'password');
}

const throttleKey = (role: Role, email: string) => `${role}:${normaliseEmail(email)}`;

/** Signs in the account with this (Google-verified) email, creating it on first use. */
export async function signInWithVerifiedEmail(
  deps: AccountDeps,
  role: Role,
  identity: { email: string; name: string; picture?: string },
  client: string,
): Promise<Positioned<SignInResult>> {
  let account = await findAccountByEmail(deps, role, identity.email);
  let registeredAt: number | null = null;
  if (account === null) {
    const registration = await registerAccount(deps, {
      role, name: identity.name, email: identity.email, password: null, via: 'google',
      ...(role === 'customer' && { username: usernameFrom(identity.email) }),
      ...(identity.picture !== undefined && { profileImage: identity.picture }),
    }, client);
    account = registration.value;
    registeredAt = registration.position;
  }
  const session = await openSession(deps, account, 'google');
  return { value: session.value, position: maxPosition(registeredAt, session.position) };
}

const usernameFrom = (email: string): string => normaliseEmail(email).split('@')[0]!.slice(0, 50);

async function openSession(deps: AccountDeps, account: ActiveAccount, method: SignInMethod): Promise<Positioned<SignInResult>> {
  const sessionId = randomUUID();
  const issued = await deps.tokens.issue({ accountId: account.accountId, role: account.role, sessionId }, deps.now());
  const { state, position } = await handle(deps.store, accountStream(account.role, account.accountId), accountAggregate,
    (current) => decide.signIn({ sessionId, method, expiresAt: issued.expiresAt.toISOString() }, current),
    { actor: account.accountId });
  return { value: { accessToken: issued.token, user: sessionUserOf(state as ActiveAccount) }, position };
}

export async function signOut(deps: AccountDeps, claims: AccessTokenClaims): Promise<Positioned<null>> {
  const { position } = await handle(deps.store, accountStream(claims.role, claims.accountId), accountAggregate,
    (current) => decide.signOut({ sessionId: claims.sessionId }, current), { actor: claims.accountId });
  return { value: null, position };
}

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

export async function updateProfile(
  deps: AccountDeps, claims: AccessTokenClaims, changes: ProfileChanges, client: string,
): Promise<Positioned<ActiveAccount>> {
  const metadata: CommandMetadata = { actor: claims.accountId };
  const streamId = accountStream(claims.role, claims.accountId);
  const { state: before } = await load(deps.store, streamId, accountAggregate);
  if (before.status !== 'active') throw new UnauthorizedError(messages.server.sessionInvalid);
  const currentPasswordMatched = await checkCurrentPassword(deps, before, changes.currentPassword, client);
  const newEmail = changes.email === undefined ? undefined : normaliseEmail(changes.email);
  const passwordHash = changes.password === undefined ? undefined : await deps.passwords.hash(changes.password);
  const command: decide.UpdateProfile = {
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
  // decide once on the state read, so a refused change never reserves the new email
  decide.updateProfile(command, before);
  const emailChanges = newEmail !== undefined && newEmail !== before.email;
  if (emailChanges) await reserveEmail(deps.store, claims.role, newEmail, claims.accountId, metadata);
  try {
    const { state, position } = await handle(deps.store, streamId, accountAggregate, (current) => decide.updateProfile(command, current), metadata);
    if (emailChanges) await releaseEmail(deps.store, claims.role, before.email, claims.accountId, metadata);
    return { value: state as ActiveAccount, position };
  } catch (error) {
    if (emailChanges) await releaseEmail(deps.store, claims.role, newEmail, claims.accountId, metadata).catch(() => undefined);
    throw error;
  }
}

/**
 * The stored hash a posted current password matched (null: it matched none), undefined
 * when none was posted. Wrong guesses count like failed sign-ins, so a stolen session
 * cannot be used to guess the password at leisure.
 */
async function checkCurrentPassword(deps: AccountDeps, account: ActiveAccount, password: string | undefined, client: string): Promise<string | null | undefined> {
  if (password === undefined || account.passwordHash === null) return undefined;
  const key = throttleKey(account.role, account.email);
  deps.throttles.beforePasswordTry(key, client, deps.now());
  if (await deps.passwords.check(account.passwordHash, password)) return account.passwordHash;
  deps.throttles.passwordFailed(key, client, deps.now());
  return null;
}

/**
 * Deletes the account: every session ends with it, and its email becomes free again. An
 * owner's hotel is delisted first, so it is never left bookable with nobody to run it.
 */
export async function deleteAccount(deps: AccountDeps, claims: AccessTokenClaims): Promise<Positioned<null>> {
  const metadata: CommandMetadata = { actor: claims.accountId };
  const streamId = accountStream(claims.role, claims.accountId);
  const { state: before } = await load(deps.store, streamId, accountAggregate);
  if (before.status === 'active' && claims.role === 'hotel-owner') await delistOwnersHotel(deps, claims.accountId);
  const { position } = await handle(deps.store, streamId, accountAggregate, (current) => decide.deleteAccount(current), metadata);
  if (before.status === 'active') await releaseEmail(deps.store, claims.role, before.email, claims.accountId, metadata);
  return { value: null, position };
}

/** Is the token's session still open? Read from the account's own stream, the source of truth. */
export async function isSessionOpen(deps: Pick<AccountDeps, 'store'>, claims: AccessTokenClaims): Promise<boolean> {
  const { state } = await load(deps.store, accountStream(claims.role, claims.accountId), accountAggregate);
  return state.status === 'active' && state.openSessions.has(claims.sessionId);
}

export { sessionUserOf as userOf } from './account.ts';
