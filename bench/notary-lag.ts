/** Samples how far the notary is behind the log's head while a load runs (used by the booking benchmark). */
import type { EventStore } from '@stays/event-store';
import type { Notary } from '@stays/notary';
import { percentile } from './report.ts';

export interface NotaryLag {
  /** Age of the oldest event not yet in the tree, ms: p99 and max over the samples. */
  readonly p99Ms: number;
  readonly maxMs: number;
  /** Most events the notary was behind the head. */
  readonly maxEvents: number;
  readonly samples: number;
}

export function sampleNotaryLag(eventStore: EventStore, notary: Notary, everyMs = 100): { stop(): Promise<NotaryLag> } {
  const ages: number[] = [];
  let maxEvents = 0;
  let sampling = Promise.resolve();
  const sample = async () => {
    const head = await eventStore.headPosition();
    const { position } = notary.status();
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
