/**
 * Turns per stream within this process: commands on one stream (a listing's inventory,
 * say) take their load → decide → append cycle one after another instead of racing and
 * retrying on every conflict, which under a burst ran out of retries and answered 409
 * "busy" to guests who could have had their nights. Across processes the event store's
 * expected revisions still decide; this only keeps one process from fighting itself.
 */
import type { EventStore } from '@stays/event-store';
import { perStore } from './per-store.ts';

const turnsOf = perStore(() => new Map<string, Promise<void>>());

export async function inTurn<T>(store: EventStore, streamId: string, work: () => Promise<T>): Promise<T> {
  const turns = turnsOf(store);
  const previous = turns.get(streamId);
  let done!: () => void;
  const mine = new Promise<void>((resolve) => {
    done = resolve;
  });
  const last = previous === undefined ? mine : previous.then(() => mine);
  turns.set(streamId, last);
  if (previous !== undefined) await previous;
  try {
    return await work();
  } finally {
    done();
    if (turns.get(streamId) === last) turns.delete(streamId);
  }
}
