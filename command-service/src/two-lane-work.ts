/**
 * A bounded line of work (like bounded-work.ts: at most `concurrency` tasks at once, a
 * bounded number waiting, and a task beyond that refused at once with 503 and Retry-After)
 * whose waiting room has two lanes, each with its own bound: `kept`, for callers that have
 * earned a share of the line (the argon2 line keeps it for sign-ins with a clean record), and
 * `open`, for everyone else.
 *
 * When both lanes have tasks waiting, the kept lane gets `keptTurns` turns, then the open lane
 * one, and so on: a flood in the open lane cannot hold kept callers back by more than a turn
 * in `keptTurns + 1`, and the open lane is never starved. Either lane takes every turn the
 * other leaves. A kept task finding its lane full waits in the open lane when that has room.
 * A task may join its lane at the front (`ahead`), for callers that go before the rest of it.
 */
import { ServiceUnavailableError } from '@stays/service-kit';

export type Lane = 'kept' | 'open';

export interface TwoLaneWork {
  run<T>(lane: Lane, task: () => Promise<T>, place?: { readonly ahead: boolean }): Promise<T>;
  /** Tasks running now. */
  readonly running: number;
  /** Tasks waiting for a turn in `lane`. */
  waiting(lane: Lane): number;
}

export interface TwoLaneWorkOptions {
  readonly concurrency: number;
  readonly maxWaiting: Readonly<Record<Lane, number>>;
  /** Turns the kept lane gets in a row while both lanes wait, before the open lane gets one. */
  readonly keptTurns: number;
  /** The refusal's message, safe to show a person. */
  readonly busyMessage: string;
  readonly retryAfterSeconds?: number;
}

export function createTwoLaneWork(options: TwoLaneWorkOptions): TwoLaneWork {
  const lanes: Record<Lane, (() => void)[]> = { kept: [], open: [] };
  let running = 0;
  let keptTurnsInARow = 0;

  const nextLane = (): Lane | undefined => {
    if (lanes.kept.length > 0 && lanes.open.length > 0) {
      if (keptTurnsInARow < options.keptTurns) {
        keptTurnsInARow++;
        return 'kept';
      }
      keptTurnsInARow = 0;
      return 'open';
    }
    if (lanes.kept.length > 0) return 'kept';
    return lanes.open.length > 0 ? 'open' : undefined;
  };
  const startWaiting = () => {
    while (running < options.concurrency) {
      const lane = nextLane();
      if (lane === undefined) return;
      lanes[lane].shift()!();
    }
  };
  const start = <T>(task: () => Promise<T>): Promise<T> => {
    running++;
    return Promise.resolve()
      .then(task)
      .finally(() => {
        running--;
        startWaiting();
      });
  };

  return {
    run(lane, task, place) {
      if (running < options.concurrency && lanes.kept.length === 0 && lanes.open.length === 0) return start(task);
      const joins: Lane | undefined =
        lane === 'kept' && lanes.kept.length < options.maxWaiting.kept ? 'kept' : lanes.open.length < options.maxWaiting.open ? 'open' : undefined;
      if (joins === undefined) return Promise.reject(new ServiceUnavailableError(options.busyMessage, options.retryAfterSeconds ?? 1));
      return new Promise((resolve, reject) => {
        const turn = () => void start(task).then(resolve, reject);
        // ahead only within its own lane: overflowing into the open lane, it waits its turn there
        if (place?.ahead === true && joins === lane) lanes[joins].unshift(turn);
        else lanes[joins].push(turn);
      });
    },
    get running() {
      return running;
    },
    waiting: (lane) => lanes[lane].length,
  };
}
