/**
 * How far the log's followers (read models, reactors, the notary) are through a long
 * catch-up, in the log. A first start or a rebuild over years of events replays for minutes
 * (1,000,000 events: about 20 s here; 10,000,000: minutes, the notary several more), and
 * `/healthz` says only "catching up" and a lag in milliseconds; an operator waiting wants
 * how far, how fast and how long yet, and a follower making no progress named.
 *
 * Every `everyMs` the followers' positions are read beside the log's head; a follower that
 * has not yet reached where the head was at the reading before gets a line (followers at one
 * position, as the read models sharing a subscription are, share a line):
 *
 *   catching up with the log: accounts@2, bookings@5 at 413999 of 1000000 (41 %), 52000 events/s, about 11 s left
 *
 * A follower that catches up with a burst between two readings, or trails a steady stream of
 * writes by a few events, is never reported, so a live product's log stays quiet. One that has handled nothing yet (the notary waits for the read
 * side at a first start, decision 0044) is left out: its health says why.
 */
import type { FollowerReading } from './metrics.ts';

/** One reading: when (ms, any monotonic clock), the log's last position (null: empty) and each follower's. */
export interface CatchUpReading {
  readonly atMs: number;
  readonly head: number | null;
  readonly followers: readonly Pick<FollowerReading, 'name' | 'position'>[];
}

/**
 * What the log's positions count: the embedded log numbers its events, EventStoreDB gives
 * byte offsets in its transaction file (event-store/src/eventstoredb/positions.ts). The share
 * done and the time left hold for either; the pace is said in the unit's own terms.
 */
export type PositionUnit = 'events' | 'bytes';

/** The lines a reading gives after the one before it (none for the first reading). */
export function catchUpLines(before: CatchUpReading | undefined, now: CatchUpReading, unit: PositionUnit = 'events'): string[] {
  const head = now.head;
  if (before === undefined || before.head === null || head === null || now.atMs <= before.atMs) return [];
  const headBefore = before.head;
  // a follower that had handled nothing at the reading before starts from before the first event
  const earlier = new Map(before.followers.map((follower) => [follower.name, follower.position ?? -1]));
  const groups = new Map<string, { readonly names: string[]; readonly position: number; readonly from: number }>();
  for (const { name, position } of now.followers) {
    const from = earlier.get(name);
    // catching up: not even where the log's head was at the reading before (a live follower a few
    // events behind a steady stream of writes has passed it), and handling events at all
    if (position === undefined || from === undefined || position >= headBefore) continue;
    const key = `${position}:${from}`;
    const group = groups.get(key);
    if (group) group.names.push(name);
    else groups.set(key, { names: [name], position, from });
  }
  const seconds = (now.atMs - before.atMs) / 1000;
  return [...groups.values()].map(({ names, position, from }) => {
    const done = Math.floor(((position + 1) / (head + 1)) * 100);
    const perSecond = Math.max(0, position - from) / seconds;
    const pace =
      perSecond === 0
        ? `no progress in the last ${Math.round(seconds)} s`
        : `${Math.round(perSecond)} ${unit}/s, about ${duration((head - position) / perSecond)} left`;
    return `catching up with the log: ${names.join(', ')} at ${position} of ${head} (${done} %), ${pace}`;
  });
}

/** A duration for a person: 11 s, 3 min, 1 h 20 min. */
export function duration(seconds: number): string {
  if (seconds < 90) return `${Math.max(1, Math.round(seconds))} s`;
  const minutes = Math.round(seconds / 60);
  if (minutes < 90) return `${minutes} min`;
  return `${Math.floor(minutes / 60)} h ${minutes % 60} min`;
}

/** Often enough to see a minutes-long catch-up move, seldom enough that a 20 s one logs a line or two. */
export const CATCH_UP_REPORT_MS = 10_000;

export interface CatchUpWatch {
  stop(): void;
}

/**
 * Reads the followers and the head every `everyMs` (CATCH_UP_REPORT_MS unless given) and logs what `catchUpLines` says. A
 * reading that fails (a store down for now) is skipped: health reports that.
 */
export function watchCatchUp(options: {
  readonly followers: () => Promise<readonly Pick<FollowerReading, 'name' | 'position'>[]>;
  readonly head: () => Promise<number | null>;
  readonly log: (line: string) => void;
  readonly unit: PositionUnit;
  readonly everyMs?: number;
}): CatchUpWatch {
  let before: CatchUpReading | undefined;
  let reading = false;
  const timer = setInterval(() => {
    if (reading) return;
    reading = true;
    void Promise.all([options.followers(), options.head()])
      .then(([followers, head]) => {
        const now: CatchUpReading = { atMs: performance.now(), head, followers };
        for (const line of catchUpLines(before, now, options.unit)) options.log(line);
        before = now;
      })
      .catch(() => undefined)
      .finally(() => (reading = false));
  }, options.everyMs ?? CATCH_UP_REPORT_MS);
  timer.unref();
  return { stop: () => clearInterval(timer) };
}
