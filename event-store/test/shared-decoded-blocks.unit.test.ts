/**
 * Followers of the embedded log share the events of a stretch they read at about the same
 * time (each is decoded once and handed, frozen, to all of them); a follower reading where
 * no other is close behind keeps nothing for others, so what it decoded is garbage at once.
 */
import { expect } from 'chai';
import { openInMemoryEventStore, type EventStore, type RecordedEvent } from '../src/index.ts';

/** More than two whole blocks of the shared cache (256 events each). */
const EVENTS = 700;

async function follow(store: EventStore, name: string): Promise<RecordedEvent[]> {
  const seen: RecordedEvent[] = [];
  await new Promise<void>((resolve, reject) => {
    const subscription = store.subscribeToAll(
      { name, maxBatchSize: 100 },
      {
        onBatch: async (events) => void seen.push(...events),
        onCaughtUp: () => void subscription.close().then(resolve),
        onError: reject,
      },
    );
  });
  return seen;
}

describe('embedded log: decoded events shared between followers', () => {
  let store: EventStore;

  beforeEach(async () => {
    store = await openInMemoryEventStore();
    for (let n = 0; n < EVENTS; n += 50)
      await store.append(
        `counter-${n}`,
        Array.from({ length: 50 }, (_, i) => ({ type: 'Counted', data: { n: n + i } })),
      );
  });
  afterEach(() => store.close());

  it('hands followers reading side by side the same decoded events', async () => {
    const [first, second] = await Promise.all([follow(store, 'first'), follow(store, 'second')]);
    expect(first).to.have.length(EVENTS);
    expect(second).to.deep.equal(first);
    expect(second.filter((event, i) => event === first[i]).length).to.be.at.least(512);
  });

  it('keeps nothing for others when a follower reads alone: a later one decodes its own', async () => {
    const alone = await follow(store, 'alone');
    const later = await follow(store, 'later');
    expect(later).to.deep.equal(alone);
    expect(later.filter((event, i) => event === alone[i])).to.have.length(0);
  });
});
