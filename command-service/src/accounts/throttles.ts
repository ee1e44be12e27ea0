/**
 * Sign-in and sign-up throttles that cannot be turned against the people they protect.
 *
 * - Password attempts per (account email, client address): someone guessing from one
 *   address is slowed down, while the account's owner signing in from anywhere else is
 *   not (nobody can lock a user out by failing on purpose).
 * - Password attempts per client address, over every email: password spraying (one
 *   password against many emails) settles at a slow, steady rate.
 * - Sign-ups per client address (counted whether they succeed or not, which also slows
 *   probing which emails have accounts). Generous: mobile carriers put thousands of
 *   people behind one address.
 *
 * A password attempt is counted when it arrives, before any password work, and given back
 * only when the password matches: a burst of attempts in flight counts as fully as one
 * answered attempt after another, and an attempt the password line refused as busy (503)
 * still counts. A throttled attempt is refused (429 with Retry-After) before any password
 * work, and is not counted itself.
 *
 * Each attempt also says where its caller stands: known (this address has signed in to
 * this account before, and has nothing outstanding on it), clean (nothing outstanding from
 * the address, no recent failure on the account), or unproven. The password line keeps a
 * share of its turns for known and clean callers, known ones first (passwords.ts), so a
 * flood of failing addresses cannot crowd them out, nor can a burst of fresh addresses
 * (clean until their first failure) hold back a guest signing in from where they did before.
 *
 * In memory, per process (each command-service replica keeps its own).
 */
import ipaddr from 'ipaddr.js';
import { LRUCache } from 'lru-cache';
import { messages, normaliseEmail, type TokenRole } from '@stays/contracts';
import { processMetrics } from '@stays/service-kit';
import { TooMany } from '../domain-errors.ts';
import { atMostEntries, createBackoff, type BackoffPolicy } from './backoff.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;
// Stryker disable next-line ArithmeticOperator: the known pairs' lifetime runs on the clock, not on the times a test gives
const DAY = 24 * 60 * MINUTE;

/** How long (and how many) pairs of address and account that signed in are remembered as known. */
const KNOWN_PAIRS = { ...atMostEntries(100_000), ttl: 30 * DAY } as const;

export const throttlePolicies = {
  /** 10 tries, then 30 s, 1 min, 2 min … up to 15 min between tries; about 6 an hour in the long run. */
  signInPerEmailAndClient: { freeAttempts: 10, firstDelayMs: 30 * SECOND, maxDelayMs: 15 * MINUTE, forgiveEveryMs: 10 * MINUTE },
  /** 50 failures over any emails, then 1 s, 2 s … up to 5 min; about 60 an hour in the long run. */
  signInPerClient: { freeAttempts: 50, firstDelayMs: SECOND, maxDelayMs: 5 * MINUTE, forgiveEveryMs: MINUTE },
  /** 100 sign-ups, then 1 s, 2 s … up to 10 min; about 60 an hour in the long run. */
  signUpPerClient: { freeAttempts: 100, firstDelayMs: SECOND, maxDelayMs: 10 * MINUTE, forgiveEveryMs: MINUTE },
  /**
   * Failed passwords on one account from any address: never a wait (others failing must not
   * lock the owner out), only whether the account's record is clean; one forgiven a minute.
   */
  signInFailuresPerAccount: { freeAttempts: Number.POSITIVE_INFINITY, firstDelayMs: 0, maxDelayMs: 0, forgiveEveryMs: MINUTE },
  /** Reset links asked for one email from one address: 3, then 1 min, 2 min … up to 15 min; about 6 an hour in the long run. */
  resetRequestsPerEmailAndClient: { freeAttempts: 3, firstDelayMs: MINUTE, maxDelayMs: 15 * MINUTE, forgiveEveryMs: 10 * MINUTE },
  /** Reset links asked from one address over any emails: 20, then 1 s, 2 s … up to 5 min; about 60 an hour in the long run. */
  resetRequestsPerClient: { freeAttempts: 20, firstDelayMs: SECOND, maxDelayMs: 5 * MINUTE, forgiveEveryMs: MINUTE },
  /**
   * Reset emails to one account from any addresses: 5, then 1 min, 2 min … up to 1 hour. Never a
   * refusal (the answer must not depend on the account, nor may others lock its owner out):
   * past it, the request is answered alike and no email goes, so nobody can flood a mailbox.
   */
  resetEmailsPerAccount: { freeAttempts: 5, firstDelayMs: MINUTE, maxDelayMs: 60 * MINUTE, forgiveEveryMs: 10 * MINUTE },
  /** Reset links refused from one address (forged, used, expired): like failed sign-ins from it. */
  resetFailuresPerClient: { freeAttempts: 50, firstDelayMs: SECOND, maxDelayMs: 5 * MINUTE, forgiveEveryMs: MINUTE },
} satisfies Record<string, BackoffPolicy>;

/**
 * Where the caller of a password attempt stands, for its turn in the password line:
 * - known: this address signed in to this account within 30 days, and has no other attempt
 *   on it outstanding (so one at a time per pair);
 * - clean: nothing outstanding from this address (no failure, busy refusal or attempt in
 *   flight) and no recent failure on this account;
 * - unproven: anyone else.
 */
export type CallerStanding = 'known' | 'clean' | 'unproven';

/** One password attempt, counted since it arrived. */
export interface PasswordAttempt {
  readonly standing: CallerStanding;
  /** The password matched: the attempt is given back, this address's failures on this account are forgotten, and the pair is known. */
  matched(): void;
  /** No such account, or another password: the attempt stays counted and marks the account's record. */
  failed(now: Date): void;
}

export interface AccountThrottles {
  /**
   * Counts a password attempt for `account` from `client` as it arrives, before any password
   * work; throws TooMany (counting nothing) when this client must wait. An attempt that is
   * never settled (refused as busy, a lookup that failed) stays counted.
   */
  passwordAttempt(account: string, client: string, now: Date): PasswordAttempt;
  /** Throws TooMany when this client must wait before signing up again; otherwise counts the sign-up. */
  signUp(client: string, now: Date): void;
  /**
   * Counts a request for a reset link for `account` from `client`, whether or not the account
   * exists; throws TooMany (counting nothing) when this client must wait.
   */
  resetRequest(account: string, client: string, now: Date): void;
  /** Whether one more reset email may go to `account` now (counted when it may); never a refusal. */
  resetEmail(account: string, now: Date): boolean;
  /**
   * Counts a reset from `client` as it arrives (throws TooMany when it must wait); `succeeded`
   * gives it back, so only refused links keep counting.
   */
  resetTry(client: string, now: Date): { succeeded(): void };
}

/** The account part of a sign-in throttle key: role and normalised email. */
export const accountThrottleKey = (role: TokenRole, email: string): string => `${role}:${normaliseEmail(email)}`;

export function createAccountThrottles(policies: typeof throttlePolicies = throttlePolicies): AccountThrottles {
  const perAccountAndClient = createBackoff(policies.signInPerEmailAndClient);
  const perClient = createBackoff(policies.signInPerClient);
  const accountFailures = createBackoff(policies.signInFailuresPerAccount);
  const signUps = createBackoff(policies.signUpPerClient);
  const resetRequests = createBackoff(policies.resetRequestsPerEmailAndClient);
  const resetRequestsPerClient = createBackoff(policies.resetRequestsPerClient);
  const resetEmails = createBackoff(policies.resetEmailsPerAccount);
  const resetFailures = createBackoff(policies.resetFailuresPerClient);
  const knownPairs = new LRUCache<string, true>(KNOWN_PAIRS);
  const standingOf = (pair: string, address: string, account: string, now: Date): CallerStanding => {
    if (knownPairs.has(pair) && perAccountAndClient.outstanding(pair, now) === 0) return 'known';
    return perClient.outstanding(address, now) === 0 && accountFailures.outstanding(account, now) === 0 ? 'clean' : 'unproven';
  };
  return {
    passwordAttempt(account, client, now) {
      const address = clientKey(client);
      const pair = `${address} ${account}`;
      const waitMs = Math.max(perAccountAndClient.waitMs(pair, now), perClient.waitMs(address, now));
      if (waitMs > 0) throw tooMany('sign-in', messages.server.tooManySignIns, waitMs);
      const standing = standingOf(pair, address, account, now);
      perAccountAndClient.record(pair, now);
      perClient.record(address, now);
      return {
        standing,
        matched() {
          // Stryker disable next-line BooleanLiteral: only whether the pair is kept is read, never its value
          knownPairs.set(pair, true);
          perAccountAndClient.forget(pair);
          // only this attempt is given back: signing in to an account of one's own must not
          // wipe out the failures sprayed over other people's accounts
          perClient.refund(address);
        },
        failed(at) {
          accountFailures.record(account, at);
        },
      };
    },
    signUp(client, now) {
      const waitMs = signUps.waitMs(clientKey(client), now);
      if (waitMs > 0) throw tooMany('sign-up', messages.server.tooManySignUps, waitMs);
      signUps.record(clientKey(client), now);
    },
    resetRequest(account, client, now) {
      const address = clientKey(client);
      const pair = `${address} ${account}`;
      const waitMs = Math.max(resetRequests.waitMs(pair, now), resetRequestsPerClient.waitMs(address, now));
      if (waitMs > 0) throw tooMany('reset-request', messages.passwordReset.tooManyRequests, waitMs);
      resetRequests.record(pair, now);
      resetRequestsPerClient.record(address, now);
    },
    resetEmail(account, now) {
      if (resetEmails.waitMs(account, now) > 0) return false;
      resetEmails.record(account, now);
      return true;
    },
    resetTry(client, now) {
      const address = clientKey(client);
      const waitMs = resetFailures.waitMs(address, now);
      if (waitMs > 0) throw tooMany('reset-try', messages.passwordReset.tooManyTries, waitMs);
      resetFailures.record(address, now);
      return { succeeded: () => resetFailures.refund(address) };
    },
  };
}

function tooMany(throttle: string, message: (seconds: number) => string, waitMs: number): TooMany {
  processMetrics().throttled.inc({ throttle });
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
