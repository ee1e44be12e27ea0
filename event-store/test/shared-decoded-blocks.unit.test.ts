/**
 * Followers of the embedded log share the events of a stretch they read at about the same
 * time (each is decoded once and handed, frozen, to all of them); a follower reading where
 * no other is close behind keeps nothing for others, so what it decoded is garbage at once.
 * What is decoded is only what some reader asked for: a block is read whole only to be kept.
 */
import { expect } from 'chai';
import { openInMemoryEventStore, type EventStore, type RecordedEvent } from '../src/index.ts';
import { DecodedBlocks } from '../src/embedded/decoded-blocks.ts';
import type { LogIndex } from '../src/embedded/log-index.ts';

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

describe('embedded log: what the shared blocks decode', () => {
  /** A log of `count` records of 100 bytes each; every position asked of the file, in order. */
  function blocksOver(count: number) {
    const index = { count, offsetOf: (position: number) => position * 100, endOf: (position: number) => (position + 1) * 100 };
    const asked: number[] = [];
    const blocks = new DecodedBlocks(index as unknown as LogIndex, async (positions) => {
      asked.push(...positions);
      return positions.map((position) => ({ position }) as unknown as RecordedEvent);
    });
    const read = async (start: number, end: number, nextReader: number | null) => (await blocks.read(start, end, nextReader)).map((event) => event.position);
    return { index, asked, read };
  }
  const range = (from: number, to: number) => Array.from({ length: to - from }, (_, i) => from + i);

  it('decodes only the new events for a follower at the head, whose block is still growing', async () => {
    const { index, asked, read } = blocksOver(300);
    expect(await read(290, 300, 290)).to.deep.equal(range(290, 300));
    expect(asked).to.deep.equal(range(290, 300));
    index.count = 301;
    asked.length = 0;
    expect(await read(300, 301, 300)).to.deep.equal([300]);
    expect(asked).to.deep.equal([300]);
  });

  it('decodes no record twice for a follower reading alone, batch after batch', async () => {
    const { asked, read } = blocksOver(5000);
    for (let start = 0; start < 5000; start += 1000) expect(await read(start, start + 1000, null)).to.deep.equal(range(start, start + 1000));
    expect(asked).to.deep.equal(range(0, 5000));
  });

  it('reads a whole block for a follower with another close behind, and hands the kept block to that one', async () => {
    const { asked, read } = blocksOver(1000);
    expect(await read(300, 600, 300)).to.deep.equal(range(300, 600));
    expect(asked).to.deep.equal(range(256, 768));
    asked.length = 0;
    expect(await read(256, 700, 256)).to.deep.equal(range(256, 700));
    expect(asked, 'read already, and kept').to.deep.equal([]);
  });
});
