/**
 * Sign-in and sign-up throttles that cannot be turned against the people they protect.
 *
 * - Failed sign-ins per (account email, client address): someone guessing from one
 *   address is slowed down, while the account's owner signing in from anywhere else is
 *   not (nobody can lock a user out by failing on purpose).
 * - Failed sign-ins per client address, over every email: password spraying (one
 *   password against many emails) settles at a slow, steady rate.
 * - Sign-ups per client address (counted whether they succeed or not, which also slows
 *   probing which emails have accounts). Generous: mobile carriers put thousands of
 *   people behind one address.
 *
 * A throttled attempt is refused (429 with Retry-After) before any password work, and is
 * not counted itself. In memory, per process (each command-service replica keeps its own).
 */
import ipaddr from 'ipaddr.js';
import { messages, normaliseEmail, type TokenRole } from '@stays/contracts';
import { TooMany } from '../domain-errors.ts';
import { createBackoff, type BackoffPolicy } from './backoff.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const throttlePolicies = {
  /** 10 tries, then 30 s, 1 min, 2 min … up to 15 min between tries; about 6 an hour in the long run. */
  signInPerEmailAndClient: { freeAttempts: 10, firstDelayMs: 30 * SECOND, maxDelayMs: 15 * MINUTE, forgiveEveryMs: 10 * MINUTE },
  /** 50 failures over any emails, then 1 s, 2 s … up to 5 min; about 60 an hour in the long run. */
  signInPerClient: { freeAttempts: 50, firstDelayMs: SECOND, maxDelayMs: 5 * MINUTE, forgiveEveryMs: MINUTE },
  /** 100 sign-ups, then 1 s, 2 s … up to 10 min; about 60 an hour in the long run. */
  signUpPerClient: { freeAttempts: 100, firstDelayMs: SECOND, maxDelayMs: 10 * MINUTE, forgiveEveryMs: MINUTE },
} satisfies Record<string, BackoffPolicy>;

export interface AccountThrottles {
  /** Throws TooMany when this client must wait before trying a password for `account` again. */
  beforePasswordTry(account: string, client: string, now: Date): void;
  passwordFailed(account: string, client: string, now: Date): void;
  passwordMatched(account: string, client: string): void;
  /** Throws TooMany when this client must wait before signing up again; otherwise counts the sign-up. */
  signUp(client: string, now: Date): void;
}

/** The account part of a sign-in throttle key: role and normalised email. */
export const accountThrottleKey = (role: TokenRole, email: string): string => `${role}:${normaliseEmail(email)}`;

export function createAccountThrottles(policies: typeof throttlePolicies = throttlePolicies): AccountThrottles {
  const perAccountAndClient = createBackoff(policies.signInPerEmailAndClient);
  const perClient = createBackoff(policies.signInPerClient);
  const signUps = createBackoff(policies.signUpPerClient);
  const pair = (account: string, client: string) => `${clientKey(client)} ${account}`;
  return {
    beforePasswordTry(account, client, now) {
      const waitMs = Math.max(perAccountAndClient.waitMs(pair(account, client), now), perClient.waitMs(clientKey(client), now));
      if (waitMs > 0) throw tooMany(messages.server.tooManySignIns, waitMs);
    },
    passwordFailed(account, client, now) {
      perAccountAndClient.record(pair(account, client), now);
      perClient.record(clientKey(client), now);
    },
    passwordMatched(account, client) {
      // the address-wide count stays: signing in to an account of one's own must not
      // wipe out the failures sprayed over other people's accounts
      perAccountAndClient.forget(pair(account, client));
    },
    signUp(client, now) {
      const waitMs = signUps.waitMs(clientKey(client), now);
      if (waitMs > 0) throw tooMany(messages.server.tooManySignUps, waitMs);
      signUps.record(clientKey(client), now);
    },
  };
}

function tooMany(message: (seconds: number) => string, waitMs: number): TooMany {
  const seconds = Math.max(1, Math.ceil(waitMs / SECOND));
  return new TooMany(message(seconds), seconds);
}

/**
 * The throttling key of a client address: an IPv4 address (also when written as an
 * IPv4-mapped IPv6 address), or the /64 network of an IPv6 address, since one subscriber
 * usually holds a whole /64 and could otherwise rotate through addresses at will.
 */
export function clientKey(address: string): string {
  if (!ipaddr.isValid(address)) return address;
  const parsed = ipaddr.parse(address);
  if (parsed.kind() === 'ipv4') return parsed.toString();
  const v6 = parsed as ipaddr.IPv6;
  if (v6.isIPv4MappedAddress()) return v6.toIPv4Address().toString();
  return `${v6.toNormalizedString().split(':').slice(0, 4).join(':')}::/64`;
}
