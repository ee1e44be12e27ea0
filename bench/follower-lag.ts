/** Samples how far a follower of the log (the notary, the read models) is behind the log's head while a load runs (used by the booking benchmark). */
import type { EventStore } from '@stays/event-store';
import { percentile } from './report.ts';

export interface FollowerLag {
  /** Age of the oldest event the follower has not handled yet, ms: p99 and max over the samples. */
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Most events it was behind the head. */
  readonly maxEvents: number;
  readonly samples: number;
}

/** `followed` is the position of the last event the follower has handled (undefined: none yet). */
export function sampleLag(eventStore: EventStore, followed: () => number | undefined, everyMs = 100): { stop(): Promise<FollowerLag> } {
  const ages: number[] = [];
  let maxEvents = 0;
  let sampling = Promise.resolve();
  const sample = async () => {
    const head = await eventStore.headPosition();
    const position = followed();
    if (head === null || (position !== undefined && position >= head)) {
      ages.push(0);
      return;
    }
    const waiting = await eventStore.readAll({ ...(position !== undefined && { after: position }), maxCount: 1 });
    const oldest = waiting[0];
    if (oldest === undefined) return;
    ages.push(Math.max(0, Date.now() - Date.parse(oldest.recordedAt)));
    maxEvents = Math.max(maxEvents, head - oldest.position + 1);
  };
  const timer = setInterval(() => {
    sampling = sampling.then(sample);
  }, everyMs);
  return {
    async stop() {
      clearInterval(timer);
      await sampling;
      const sorted = [...ages].sort((a, b) => a - b);
      return { p99Ms: sorted.length ? percentile(sorted, 99) : 0, maxMs: sorted.at(-1) ?? 0, maxEvents, samples: sorted.length };
    },
  };
}
