/**
 * Counts over any 24 hours (a sliding window, not a calendar day), for the OTP limits:
 * a limit reached frees up again a day after the oldest attempt that counts against it,
 * one attempt at a time, rather than at a midnight an attacker could wait for.
 */
export const DAY_MS = 24 * 60 * 60 * 1000;

/** The times (ms, oldest first) in the 24 hours up to `now`. */
export const withinDay = (times: readonly number[], now: number): number[] => times.filter((time) => time > now - DAY_MS);

/** `times` with `at` added, dropping those more than a day before it (states keep only what a limit can still count). */
export const addWithinDay = (times: readonly number[] | undefined, at: number): number[] => [...withinDay(times ?? [], at), at];

/**
 * Seconds until fewer than `max` of `times` (ms, oldest first) fall in the 24 hours up to
 * the moment: a day after the oldest that must drop out. 0 while below `max`.
 */
export function secondsUntilUnderDailyLimit(times: readonly number[] | undefined, max: number, now: number): number {
  const window = withinDay(times ?? [], now);
  if (window.length < max) return 0;
  const freeAgainAt = window[window.length - max]! + DAY_MS;
  return Math.max(1, Math.ceil((freeAgainAt - now) / 1000));
}
