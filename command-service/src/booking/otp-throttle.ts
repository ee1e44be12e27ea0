/**
 * Wrong OTP tries per client address, over every account: one person with many accounts
 * (each has its own daily limits, see contact.ts and guest.ts) is slowed down as one.
 * Generous, as mobile carriers put thousands of people behind one address, and bounded:
 * past the free tries each one waits twice as long as the last, forgiven one per quiet
 * two minutes, so an address settles at about 30 wrong codes an hour and never locks.
 * It slows only the address making the wrong tries: the holder of a contact typing their
 * code from anywhere else is never refused by it.
 *
 * A throttled try is refused (429 with Retry-After) before the code is looked at, and is
 * not counted itself. In memory, per process, like the sign-in throttles (the address is
 * the socket's, or the gateway's X-Forwarded-For entry with TRUST_PROXY=1).
 */
import { messages } from '@stays/contracts';
import { TooMany } from '../domain-errors.ts';
import { createBackoff, type BackoffPolicy } from '../accounts/backoff.ts';
import { clientKey } from '../accounts/throttles.ts';

const SECOND = 1000;
const MINUTE = 60 * SECOND;

export const otpThrottlePolicies = {
  /** 30 wrong codes over any accounts, then 30 s, 1 min, 2 min … up to 10 min; about 30 an hour in the long run. */
  wrongTriesPerClient: { freeAttempts: 30, firstDelayMs: 30 * SECOND, maxDelayMs: 10 * MINUTE, forgiveEveryMs: 2 * MINUTE },
} satisfies Record<string, BackoffPolicy>;

export interface OtpThrottle {
  /** Throws TooMany when this client must wait before typing a code again. */
  beforeTry(client: string, now: Date): void;
  wrongTry(client: string, now: Date): void;
}

export function createOtpThrottle(policies: typeof otpThrottlePolicies = otpThrottlePolicies): OtpThrottle {
  const perClient = createBackoff(policies.wrongTriesPerClient);
  return {
    beforeTry(client, now) {
      const waitMs = perClient.waitMs(clientKey(client), now);
      if (waitMs <= 0) return;
      const seconds = Math.max(1, Math.ceil(waitMs / SECOND));
      throw new TooMany(messages.server.tooManyOtpTriesFromNetwork(seconds), seconds);
    },
    // a right code forgives nothing: verifying a contact of one's own must not wipe out
    // the wrong codes typed for others
    wrongTry(client, now) {
      perClient.record(clientKey(client), now);
    },
  };
}
