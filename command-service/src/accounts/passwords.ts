/**
 * Password hashing with argon2id (OWASP's settings: 19 MiB, 2 passes, 1 lane).
 * Checking a password for an unknown account still runs one verification against a
 * dummy hash, so response time does not tell which emails have accounts.
 *
 * Every argon2 run takes a turn in one bounded line: argon2 runs on libuv's thread pool
 * (4 threads by default), which the event log's fsyncs and every file read share, and on
 * the same cores as the event loop. Unbounded, a flood of sign-ins starves both; capped
 * at one run per core but one (and below the pool's size), everything else keeps a core
 * and pool threads, and a full line answers 503 with Retry-After at once.
 *
 * The line keeps a share for sign-ins by known and clean callers (throttles.ts): a lane of
 * their own to wait in, known callers at its front, and three turns in four while others wait
 * too. A flood of failing addresses fills only the open lane; a clean caller gets a turn
 * within about the kept lane's length (32 runs of ~50 ms, a second or two), a known one
 * within a few runs.
 */
import os from 'node:os';
import argon2 from 'argon2';
import { messages } from '@stays/contracts';
import { ServiceUnavailableError } from '@stays/service-kit';
import { createTwoLaneWork, type TwoLaneWork } from '../two-lane-work.ts';
import type { CallerStanding } from './throttles.ts';

const OPTIONS = { type: argon2.argon2id, memoryCost: 19456, timeCost: 2, parallelism: 1 } as const;

export interface Passwords {
  hash(password: string): Promise<string>;
  /**
   * True when `password` matches `hash`; with a null hash, spends the same time and says
   * false. The run waits its turn by the caller's standing.
   */
  check(hash: string | null, password: string, standing: CallerStanding): Promise<boolean>;
}

/** libuv's thread pool: UV_THREADPOOL_SIZE, 4 when unset (or not a number). */
const threadPoolSize = (): number => Number(process.env.UV_THREADPOOL_SIZE) || 4;

/** One argon2 run per core but one, leaving a thread-pool thread free; at least one. */
export const passwordConcurrency = (cores = os.availableParallelism(), threadPool = threadPoolSize()): number =>
  Math.max(1, Math.min(cores - 1, threadPool - 1));

function passwordWork(concurrency = passwordConcurrency()): TwoLaneWork {
  // about 50 ms a run: the last in the open lane waits a few seconds at most, the last in the kept lane one or two
  return createTwoLaneWork({
    concurrency,
    maxWaiting: { kept: 32, open: 32 },
    keptTurns: 3,
    busyMessage: messages.server.passwordWorkBusy,
    retryAfterSeconds: 1,
  });
}

export function createPasswords(work: TwoLaneWork = passwordWork()): Passwords {
  let dummyHash: Promise<string> | undefined;
  return {
    // sign-ups and new passwords wait in the open lane: the kept share is for sign-ins
    hash: (password) => work.run('open', () => argon2.hash(password, OPTIONS)),
    async check(stored, password, standing) {
      // Stryker disable next-line AssignmentOperator,StringLiteral: without the dummy run the answer is the same, only sooner, which no test may time
      const against = stored ?? (dummyHash ??= argon2.hash('not a real password', OPTIONS));
      try {
        const matches = await work.run(standing === 'unproven' ? 'open' : 'kept', async () => argon2.verify(await against, password), {
          ahead: standing === 'known',
        });
        return stored !== null && matches;
      } catch (error) {
        // a full line is the caller's answer (503); a hash argon2 cannot read matches nothing
        if (error instanceof ServiceUnavailableError) throw error;
        return false;
      }
    },
  };
}
