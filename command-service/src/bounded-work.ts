/**
 * Runs at most `concurrency` tasks at once, with at most `maxWaiting` more waiting their
 * turn; a task beyond that is refused at once (503 with Retry-After) instead of making
 * everyone behind it wait longer and longer. Used for CPU-heavy work that would
 * otherwise starve every other request (argon2).
 */
import pLimit from 'p-limit';
import { ServiceUnavailableError } from '@stays/service-kit';

export interface BoundedWork {
  run<T>(task: () => Promise<T>): Promise<T>;
  /** Tasks running now. */
  readonly running: number;
  /** Tasks waiting for a turn. */
  readonly waiting: number;
}

export interface BoundedWorkOptions {
  readonly concurrency: number;
  readonly maxWaiting: number;
  /** The refusal's message, safe to show a person. */
  readonly busyMessage: string;
  readonly retryAfterSeconds?: number;
}

export function createBoundedWork(options: BoundedWorkOptions): BoundedWork {
  const limit = pLimit(options.concurrency);
  return {
    run(task) {
      if (limit.activeCount >= options.concurrency && limit.pendingCount >= options.maxWaiting) {
        return Promise.reject(new ServiceUnavailableError(options.busyMessage, options.retryAfterSeconds ?? 1));
      }
      return limit(task);
    },
    get running() {
      return limit.activeCount;
    },
    get waiting() {
      return limit.pendingCount;
    },
  };
}
