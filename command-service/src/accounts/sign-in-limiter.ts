/**
 * Slows password guessing: after too many failed sign-ins for one email within a
 * window, further tries are refused with 429 until the window passes. In memory, per
 * process (each command-service replica keeps its own count).
 */
export interface FailedSignInLimiter {
  retryAfterSeconds(key: string, now: Date): number;
  recordFailure(key: string, now: Date): void;
  reset(key: string): void;
}

export function createFailedSignInLimiter(options: { maxFailures: number; windowMs: number; maxKeys?: number }): FailedSignInLimiter {
  const failures = new Map<string, number[]>();
  const maxKeys = options.maxKeys ?? 100_000;
  const recent = (key: string, now: Date): number[] =>
    (failures.get(key) ?? []).filter((time) => now.getTime() - time < options.windowMs);
  return {
    retryAfterSeconds(key, now) {
      const times = recent(key, now);
      if (times.length < options.maxFailures) return 0;
      return Math.max(1, Math.ceil((times[0]! + options.windowMs - now.getTime()) / 1000));
    },
    recordFailure(key, now) {
      if (!failures.has(key) && failures.size >= maxKeys) failures.delete(failures.keys().next().value!);
      failures.set(key, [...recent(key, now), now.getTime()]);
    },
    reset(key) {
      failures.delete(key);
    },
  };
}
