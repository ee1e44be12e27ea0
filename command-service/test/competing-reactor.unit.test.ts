/**
 * A reactor as one of several competing consumers, on the in-process group: the work of one
 * key runs once at a time, events that bring no work are answered without any, a failure waits
 * its backoff (counted and logged) before the group delivers it again, and its health says
 * whether it takes events.
 */
import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import { inMemoryCompetingConsumers, openInMemoryEventStore, type CompetingDelivery, type EventStore } from '@stays/event-store';
import { processMetrics } from '@stays/service-kit';
import { defineCompetingReactor, retriesWithin, type CompetingReactor, type CompetingReactorDefinition } from '../src/reactors/competing-reactor.ts';
import { DEFAULT_RETRY_DELAYS_MS } from '../src/reactors/reactor.ts';
import { until } from './support/until.ts';

const retriesCounted = async (group: string) =>
  (await processMetrics().reactorRetries.get()).values.find((value) => value.labels.reactor === group)?.value ?? 0;

describe('a reactor on a competing consumer group', function () {
  let store: EventStore;
  const reactors: CompetingReactor[] = [];
  let lines: string[];

  beforeEach(async () => {
    store = await openInMemoryEventStore();
    lines = [];
  });
  afterEach(async () => {
    for (const reactor of reactors.splice(0)) await reactor.stop();
    await store.close();
  });

  function reactor(overrides: Partial<CompetingReactorDefinition>): CompetingReactor {
    const defined = defineCompetingReactor(
      {
        group: `documents-${Math.random().toString(36).slice(2)}`,
        keys: { BookingPlaced: (event) => event.data['bookingID'] as string | undefined },
        work: async () => undefined,
        concurrency: 4,
        retryDelaysMs: [10],
        keepTryingMs: 60_000,
        messageTimeoutMs: 10_000,
        describeFailure: (key, error, delivery) => `${key}: ${(error as Error).message} (delivery ${delivery.retryCount + 1})`,
        ...overrides,
      },
      inMemoryCompetingConsumers(store),
      (line) => lines.push(line),
    );
    reactors.push(defined);
    return defined;
  }

  const placed = (bookingID?: string) => ({ type: 'BookingPlaced', data: bookingID === undefined ? {} : { bookingID } });

  it('is not healthy before it starts, and stops without having started', async () => {
    const idle = reactor({});
    expect(idle.health()).to.deep.equal({ healthy: false, state: 'closed', acknowledged: 0, parked: 0, inFlight: 0, error: 'not started' });
    await idle.stop();
  });

  it('refuses to start without a retry delay', () => {
    const group = 'no-delays';
    expect(() => reactor({ group, retryDelaysMs: [] }).start()).to.throw(`${group}: at least one retry delay is needed`);
  });

  it('is healthy while it takes events, and no longer once stopped', async () => {
    const running = reactor({});
    running.start();
    await until(() => running.health().healthy, 'healthy');
    expect(running.health()).to.include({ state: 'live', error: null });
    await running.stop();
    expect(running.health()).to.include({ healthy: false, state: 'closed' });
  });

  it('runs the work of one key once at a time, of different keys at once', async () => {
    const running: string[] = [];
    let mostAtOnce = 0;
    let sameKeyAtOnce = false;
    const started = reactor({
      work: async (key) => {
        if (running.includes(key)) sameKeyAtOnce = true;
        running.push(key);
        mostAtOnce = Math.max(mostAtOnce, running.length);
        await sleep(20);
        running.splice(running.indexOf(key), 1);
      },
    });
    started.start();
    for (const id of ['BK-1', 'BK-1', 'BK-2']) await store.append(`booking-${id}`, [placed(id)]);
    // one more for the first booking while its second event is worked on
    await sleep(30);
    await store.append('booking-BK-1', [placed('BK-1')]);
    await until(() => started.health().acknowledged === 4, 'the four events');
    expect(sameKeyAtOnce, 'one booking worked on twice at once').to.equal(false);
    expect(mostAtOnce).to.equal(2);
  });

  it('answers an event that brings no work without doing any', async () => {
    let worked = 0;
    const started = reactor({ work: async () => void worked++ });
    started.start();
    await store.append('booking-x', [placed()]);
    await until(() => started.health().acknowledged === 1, 'the event to be answered');
    expect(worked).to.equal(0);
  });

  it('logs an event the group parks, with its group', async () => {
    const group = 'parking-documents';
    const started = reactor({
      group,
      keepTryingMs: 0,
      retryDelaysMs: [1],
      work: async () => {
        throw new Error('mail server down');
      },
    });
    started.start();
    await store.append('booking-BK-7', [placed('BK-7')]);
    await until(() => started.health().parked === 1, 'the event to be parked');
    expect(lines).to.have.length(2);
    expect(lines[1]).to.match(/^parking-documents: event [0-9a-f-]+ \(BookingPlaced\) parked after 1 deliveries: Error: mail server down$/);
  });

  it('tries a failing event again for as long as it keeps trying, then has the group park it', async () => {
    const deliveries: number[] = [];
    const started = reactor({
      group: 'outlasting-documents',
      retryDelaysMs: [5],
      keepTryingMs: 25,
      work: async (_key, delivery: CompetingDelivery) => {
        deliveries.push(delivery.retryCount);
        throw new Error('mail server down');
      },
    });
    started.start();
    await store.append('booking-BK-8', [placed('BK-8')]);
    await until(() => started.health().parked === 1, 'the event to be parked');
    expect(deliveries).to.deep.equal([0, 1, 2, 3, 4, 5]);
    expect(lines.at(-1)).to.match(/parked after 6 deliveries: Error: mail server down$/);
  });

  it('waits the backoff of its delivery before handing a failure back, logging and counting it', async () => {
    const group = 'failing-documents';
    const counted = await retriesCounted(group);
    const deliveries: { retryCount: number; at: number }[] = [];
    const started = reactor({
      group,
      retryDelaysMs: [20, 300],
      work: async (_key, delivery: CompetingDelivery) => {
        deliveries.push({ retryCount: delivery.retryCount, at: Date.now() });
        if (delivery.retryCount < 2) throw new Error('mail server down');
      },
    });
    started.start();
    await store.append('booking-BK-9', [placed('BK-9')]);
    await until(() => started.health().acknowledged === 1, 'the third delivery to succeed');
    expect(deliveries.map((delivery) => delivery.retryCount)).to.deep.equal([0, 1, 2]);
    expect(deliveries[1]!.at - deliveries[0]!.at).to.be.within(19, 298);
    expect(deliveries[2]!.at - deliveries[1]!.at).to.be.at.least(299);
    expect(lines).to.deep.equal(['BK-9: mail server down (delivery 1)', 'BK-9: mail server down (delivery 2)']);
    expect((await retriesCounted(group)) - counted).to.equal(2);
  });
});

describe('how many retries a time to keep trying holds', function () {
  it('counts the retries whose delays, the last one repeating, add up to at most that time', () => {
    expect(retriesWithin(30, [10])).to.equal(3);
    expect(retriesWithin(29, [10])).to.equal(2);
    expect(retriesWithin(319, [20, 300])).to.equal(1);
    expect(retriesWithin(320, [20, 300])).to.equal(2);
    expect(retriesWithin(19, [20, 300])).to.equal(0);
    expect(retriesWithin(0, [1])).to.equal(0);
  });

  it("holds 291 retries in a day at the reactors' default delays (1 s, 5 s, 15 s, 1 min, then 5 min)", () => {
    expect(DEFAULT_RETRY_DELAYS_MS).to.deep.equal([1000, 5000, 15_000, 60_000, 300_000]);
    // 1 + 5 + 15 + 60 + 286 × 300 = 86,181 s ≤ 86,400 s, one more 5 minutes would pass the day
    expect(retriesWithin(24 * 60 * 60_000, DEFAULT_RETRY_DELAYS_MS)).to.equal(291);
  });

  it("never passes EventStoreDB's 32-bit retry limit, even with no delay at all", () => {
    expect(retriesWithin(1000, [0])).to.equal(2 ** 31 - 1);
    expect(retriesWithin(Number.MAX_SAFE_INTEGER, [1])).to.equal(2 ** 31 - 1);
  });
});
