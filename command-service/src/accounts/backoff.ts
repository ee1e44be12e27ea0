/**
 * Exponential backoff per key, for attempts that cost the server or an account's owner
 * (failed sign-ins, sign-ups). A key may make `freeAttempts` at once; past that, each
 * attempt must wait twice as long after the last one as the one before had to (from
 * `firstDelayMs` up to `maxDelayMs`). Attempts are forgiven one per `forgiveEveryMs` of
 * quiet, so in the long run a key settles at that rate, and an occasional slip is never
 * remembered for long. Nothing is ever locked for good: the wait is always bounded.
 *
 * Keys are kept in an LRU map of at most `maxKeys`, so a flood of new keys costs bounded
 * memory (and can only make the map forget the oldest keys, never grow).
 */
import { LRUCache } from 'lru-cache';

export interface BackoffPolicy {
  readonly freeAttempts: number;
  readonly firstDelayMs: number;
  readonly maxDelayMs: number;
  readonly forgiveEveryMs: number;
  readonly maxKeys?: number;
}

export interface Backoff {
  /** How long `key` must still wait before its next attempt; 0 when it may go now. */
  waitMs(key: string, now: Date): number;
  record(key: string, now: Date): void;
  /** Gives back one recorded attempt (one counted when it arrived that turned out not to cost anything). */
  refund(key: string): void;
  /** Attempts of `key` not yet forgiven: 0 for a key with a clean record. */
  outstanding(key: string, now: Date): number;
  forget(key: string): void;
}

interface Attempts {
  /** Attempts not yet forgiven at `lastAt`. */
  readonly count: number;
  readonly lastAt: number;
}

/**
 * lru-cache options that hold at most `entries` entries, evicting the least recently used,
 * without allocating room for all of them at once as `max` does: 12 ms a map of 100,000 on
 * the slower machine, nine such maps at every start (and in every test that composes the
 * system).
 */
export function atMostEntries(entries: number): { readonly maxSize: number; readonly sizeCalculation: () => number } {
  return { maxSize: entries, sizeCalculation: () => 1 };
}

export function createBackoff(policy: BackoffPolicy): Backoff {
  const attempts = new LRUCache<string, Attempts>(atMostEntries(policy.maxKeys ?? 100_000));
  const outstanding = (entry: Attempts | undefined, now: number): number =>
    entry === undefined ? 0 : Math.max(0, entry.count - Math.floor(Math.max(0, now - entry.lastAt) / policy.forgiveEveryMs));
  return {
    waitMs(key, now) {
      const entry = attempts.get(key);
      const count = outstanding(entry, now.getTime());
      if (entry === undefined || count < policy.freeAttempts) return 0;
      const delay = Math.min(policy.maxDelayMs, policy.firstDelayMs * 2 ** (count - policy.freeAttempts));
      return Math.max(0, entry.lastAt + delay - now.getTime());
    },
    record(key, now) {
      const count = outstanding(attempts.get(key), now.getTime()) + 1;
      attempts.set(key, { count, lastAt: now.getTime() });
    },
    refund(key) {
      const entry = attempts.get(key);
      if (entry === undefined) return;
      // the time of the last attempt stays: forgiveness runs on as if this one had never come
      // Stryker disable next-line ConditionalExpression,EqualityOperator: an entry of no attempts waits and counts as none; deleting it only frees its room
      if (entry.count <= 1) attempts.delete(key);
      else attempts.set(key, { count: entry.count - 1, lastAt: entry.lastAt });
    },
    outstanding(key, now) {
      return outstanding(attempts.get(key), now.getTime());
    },
    forget(key) {
      attempts.delete(key);
    },
  };
}
