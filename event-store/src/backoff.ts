/**
 * Delays between retries: exponential, capped, with jitter, so that many clients that lost
 * the same server do not all come back in the same instant (the "equal jitter" of AWS's
 * "Exponential Backoff and Jitter": half the delay is fixed, half random).
 */
export interface BackoffOptions {
  /** Delay before the first retry, before jitter. Default 200 ms. */
  readonly initialDelayMs?: number;
  /** Longest delay, before jitter. Default 30 s. */
  readonly maxDelayMs?: number;
}

const DEFAULT_BACKOFF: Required<BackoffOptions> = { initialDelayMs: 200, maxDelayMs: 30_000 };

/** The delay before retry number `attempt` (1 for the first retry). */
export function backoffDelayMs(attempt: number, options: BackoffOptions = {}, random: () => number = Math.random): number {
  const initial = options.initialDelayMs ?? DEFAULT_BACKOFF.initialDelayMs;
  const max = options.maxDelayMs ?? DEFAULT_BACKOFF.maxDelayMs;
  const ceiling = Math.min(max, initial * 2 ** Math.min(Math.max(attempt - 1, 0), 30));
  return Math.round(ceiling / 2 + random() * (ceiling / 2));
}

/** An error as one short line for a log. */
export function describeError(error: unknown): string {
  // Some clients' errors keep the name 'Error': their class says more.
  if (error instanceof Error) return `${error.name === 'Error' ? error.constructor.name : error.name}: ${error.message}`;
  return String(error);
}
