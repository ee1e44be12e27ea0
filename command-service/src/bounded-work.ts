/**
 * Runs at most `concurrency` tasks at once, with at most `maxWaiting` more waiting their
 * turn; a task beyond that is refused at once (503 with Retry-After) instead of making
 * everyone behind it wait longer and longer. Used for CPU- or memory-heavy work that
 * would otherwise starve every other request (argon2, decoding uploaded images).
 */
import pLimit from 'p-limit';
import { ServiceUnavailableError } from '@stays/service-kit';

export interface BoundedWork {
  run<T>(task: () => Promise<T>): Promise<T>;
  /**
   * Runs `task` on each item, one after another, each in a turn of its own: the batch is
   * admitted or refused as a whole (it takes one place in the line, so a refusal comes
   * before any of its work), and between its items others get their turn, so ten images
   * of one request neither take ten places nor hold the line for ten turns.
   */
  runEach<I, T>(items: readonly I[], task: (item: I) => Promise<T>): Promise<T[]>;
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
  // Places are counted here, not read from p-limit: a batch keeps its place between its
  // items, when p-limit holds none of its tasks.
  const places = options.concurrency + options.maxWaiting;
  let taken = 0;
  const refusal = () => new ServiceUnavailableError(options.busyMessage, options.retryAfterSeconds ?? 1);
  return {
    async run(task) {
      if (taken >= places) throw refusal();
      taken += 1;
      try {
        return await limit(task);
      } finally {
        taken -= 1;
      }
    },
    async runEach(items, task) {
      if (taken >= places) throw refusal();
      taken += 1;
      try {
        const results = [];
        for (const item of items) results.push(await limit(() => task(item)));
        return results;
      } finally {
        taken -= 1;
      }
    },
    get running() {
      return limit.activeCount;
    },
    get waiting() {
      return limit.pendingCount;
    },
  };
}
