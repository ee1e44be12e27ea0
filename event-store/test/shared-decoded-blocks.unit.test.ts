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
  /** A log of `count` records of `recordBytes` each; every position asked of the file, in order, and how many reads asked. */
  function blocksOver(count: number, recordBytes = 100) {
    const index = { count, offsetOf: (position: number) => position * recordBytes, endOf: (position: number) => (position + 1) * recordBytes };
    const asked: number[] = [];
    const file = { reads: 0, failNext: false };
    const blocks = new DecodedBlocks(index as unknown as LogIndex, async (positions) => {
      file.reads++;
      if (file.failNext) {
        file.failNext = false;
        throw new Error('EIO: i/o error, read');
      }
      asked.push(...positions);
      return positions.map((position) => ({ position }) as unknown as RecordedEvent);
    });
    const read = async (start: number, end: number, nextReader: number | null) => (await blocks.read(start, end, nextReader)).map((event) => event.position);
    return { index, asked, file, read };
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

  it('reads a whole block for a follower with another close behind, and hands the kept block to that one without reading', async () => {
    const { asked, file, read } = blocksOver(1000);
    expect(await read(300, 600, 300)).to.deep.equal(range(300, 600));
    expect(asked).to.deep.equal(range(256, 768));
    const reads = file.reads;
    expect(await read(256, 700, 256)).to.deep.equal(range(256, 700));
    expect(asked, 'read already, and kept').to.deep.equal(range(256, 768));
    expect(file.reads).to.equal(reads);
  });

  it('reads a block whole once it is complete, the one the head has just filled too, and nothing past the stretch asked', async () => {
    const { asked, read } = blocksOver(512);
    expect(await read(300, 512, 300)).to.deep.equal(range(300, 512));
    expect(asked).to.deep.equal(range(256, 512));
    const alone = blocksOver(1000);
    expect(await alone.read(0, 256, 0)).to.deep.equal(range(0, 256));
    expect(alone.asked).to.deep.equal(range(0, 256));
  });

  it('reads only what is asked when the nearest reader behind is more than 16 MB back, too far to find a block still kept', async () => {
    // records of 64 bytes: 262,144 of them are 16 MB
    const { asked, read } = blocksOver(600_000, 64);
    expect(await read(300_000, 300_100, 300_000 - 262_145)).to.deep.equal(range(300_000, 300_100));
    expect(asked).to.deep.equal(range(300_000, 300_100));
    asked.length = 0;
    expect(await read(300_000, 300_100, 300_000 - 262_144)).to.deep.equal(range(300_000, 300_100));
    expect(asked, 'close enough: its blocks, whole').to.deep.equal(range(299_776, 300_288));
  });

  it('keeps a block of at most a quarter of its budget (4 MB), and of those up to the budget', async () => {
    const quarter = blocksOver(1000, 16_384);
    for (const block of [0, 1, 2, 3, 0]) await quarter.read(block * 256, block * 256 + 256, block * 256);
    expect(quarter.asked, 'four blocks of 4 MB, all kept').to.deep.equal(range(0, 1024));
    const larger = blocksOver(1000, 16_385);
    await larger.read(0, 256, 0);
    await larger.read(0, 256, 0);
    expect(larger.asked, 'not kept').to.deep.equal([...range(0, 256), ...range(0, 256)]);
  });

  it('lets the least recently read blocks go once what it keeps passes its budget', async () => {
    // blocks of 25,600 bytes: 655 of them fill the 16 MB budget
    const { asked, read } = blocksOver(256 * 700);
    for (let block = 0; block < 700; block++) await read(block * 256, block * 256 + 256, block * 256);
    asked.length = 0;
    await read(699 * 256, 700 * 256, 699 * 256);
    expect(asked, 'the newest, kept').to.deep.equal([]);
    await read(0, 256, 0);
    expect(asked, 'the oldest, let go').to.deep.equal(range(0, 256));
  });

  it('keeps no failed read: the next reader of the block reads it again', async () => {
    const { asked, file, read } = blocksOver(1000);
    file.failNext = true;
    let failure: unknown;
    await read(0, 256, 0).catch((error: unknown) => (failure = error));
    expect(String(failure)).to.match(/EIO/);
    expect(await read(0, 256, 0)).to.deep.equal(range(0, 256));
    expect(asked).to.deep.equal(range(0, 256));
  });
});
