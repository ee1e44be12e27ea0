/**
 * The competing-consumers port, one suite for each adapter: the in-process one and the
 * EventStoreDB persistent subscription over the simulated server always, the EventStoreDB
 * adapter against a real server when EVENTSTORE_URL is set. Each run uses event types
 * and a group of its own, so a server's other events and groups do not matter.
 */
import { randomUUID } from 'node:crypto';
import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import {
  connectEventStoreDB,
  connectEventStoreDBCompetingConsumers,
  eventStoreDBCompetingConsumers,
  inMemoryCompetingConsumers,
  openInMemoryEventStore,
} from '../src/index.ts';
import type { CompetingConsumers, CompetingDelivery } from '../src/competing-consumers.ts';
import type { EventStore } from '../src/port.ts';
import { until } from './support/until.ts';
import { SimulatedEventStoreDB, eventStoreOnSimulation } from './support/simulated-eventstoredb.ts';

interface Adapter {
  store: EventStore;
  consumers: CompetingConsumers;
  close(): Promise<void>;
}

function describeCompetingConsumers(name: string, open: () => Promise<Adapter>) {
  describe(`competing consumers: ${name}`, function () {
    let adapter: Adapter;
    const run = randomUUID().slice(0, 8);
    const typeA = `CompetingTestA${run}`;
    const typeB = `CompetingTestB${run}`;
    beforeEach(async () => (adapter = await open()));
    afterEach(async () => adapter.close());

    it("hands each of the group's events to one of its consumers, and only the group's types", async () => {
      const group = `test-share-${randomUUID()}`;
      const seen: { consumer: string; delivery: CompetingDelivery }[] = [];
      const options = { group, eventTypes: [typeA], concurrency: 2, maxRetries: 3, messageTimeoutMs: 10_000 };
      const handler = (consumer: string) => ({ handle: async (delivery: CompetingDelivery) => void seen.push({ consumer, delivery }) });
      const one = adapter.consumers.subscribe(options, handler('one'));
      const two = adapter.consumers.subscribe(options, handler('two'));
      for (let i = 0; i < 20; i++) await adapter.store.append(`competing-${run}-${i}`, [{ type: i % 4 === 3 ? typeB : typeA, data: { i } }]);
      await until(() => seen.length >= 15, 'the 15 events of the group', 20_000);
      await sleep(300);
      await one.close();
      await two.close();
      const numbers = seen.map(({ delivery }) => delivery.event.data['i'] as number).sort((a, b) => a - b);
      expect(numbers).to.deep.equal([...Array(20).keys()].filter((i) => i % 4 !== 3));
      expect(seen.every(({ delivery }) => delivery.retryCount === 0 && delivery.event.type === typeA)).to.equal(true);
      expect(one.status().acknowledged + two.status().acknowledged).to.equal(15);
    });

    it('never hands a consumer more events at once than its concurrency: the others get the rest', async () => {
      const group = `test-room-${randomUUID()}`;
      const options = { group, eventTypes: [typeA], concurrency: 2, maxRetries: 3, messageTimeoutMs: 10_000 };
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      let slowAtOnce = 0;
      let slowMost = 0;
      let fastHandled = 0;
      const slow = adapter.consumers.subscribe(options, {
        handle: async () => {
          slowMost = Math.max(slowMost, ++slowAtOnce);
          await released;
          slowAtOnce--;
        },
      });
      await until(() => slow.status().state === 'live', 'the slow consumer to join', 20_000);
      const fast = adapter.consumers.subscribe({ ...options, concurrency: 8 }, { handle: async () => void fastHandled++ });
      await until(() => fast.status().state === 'live', 'the fast consumer to join', 20_000);
      for (let i = 0; i < 10; i++) await adapter.store.append(`competing-${run}-room-${i}`, [{ type: typeA, data: { i } }]);
      await until(() => slow.status().inFlight === 2 && fastHandled === 8, 'two events held by the slow consumer, eight handled by the fast one', 20_000);
      expect(slowMost).to.equal(2);
      release();
      await until(() => slow.status().acknowledged === 2, 'the slow consumer to answer', 20_000);
      await slow.close();
      await fast.close();
      expect(fast.status()).to.include({ acknowledged: 8, state: 'closed' });
    });

    it('closing lets the event in hand be answered, takes no new one, and leaves the group to the others', async () => {
      const group = `test-close-${randomUUID()}`;
      const options = { group, eventTypes: [typeA], concurrency: 1, maxRetries: 3, messageTimeoutMs: 10_000 };
      let release!: () => void;
      const released = new Promise<void>((resolve) => (release = resolve));
      const first: number[] = [];
      const closing = adapter.consumers.subscribe(options, {
        handle: async (delivery) => {
          first.push(delivery.event.data['i'] as number);
          await released;
        },
      });
      await adapter.store.append(`competing-${run}-close-0`, [{ type: typeA, data: { i: 0 } }]);
      await until(() => closing.status().inFlight === 1, 'the event in hand', 20_000);
      const closed = closing.close();
      await adapter.store.append(`competing-${run}-close-1`, [{ type: typeA, data: { i: 1 } }]);
      await sleep(100);
      release();
      await closed;
      expect(first).to.deep.equal([0]);
      expect(closing.status()).to.include({ state: 'closed', acknowledged: 1, inFlight: 0 });
      const later: number[] = [];
      const next = adapter.consumers.subscribe(options, { handle: async (delivery) => void later.push(delivery.event.data['i'] as number) });
      await until(() => later.length === 1, 'the event placed while the first consumer closed', 20_000);
      await next.close();
      expect(later).to.deep.equal([1]);
    });

    it('delivers a failed event again, one retry higher, and parks it after maxRetries', async () => {
      const group = `test-retry-${randomUUID()}`;
      const retries: number[] = [];
      const errors: unknown[] = [];
      const consumer = adapter.consumers.subscribe(
        { group, eventTypes: [typeB], concurrency: 1, maxRetries: 2, messageTimeoutMs: 10_000 },
        {
          handle: async (delivery) => {
            retries.push(delivery.retryCount);
            throw new Error('cannot handle this one');
          },
          onError: (error) => errors.push(error),
        },
      );
      await adapter.store.append(`competing-${run}-fails`, [{ type: typeB, data: {} }]);
      await until(() => consumer.status().parked === 1, 'the event to be parked', 20_000);
      await consumer.close();
      expect(retries).to.deep.equal([0, 1, 2]);
      expect(String(errors[0])).to.contain('parked after 3 deliveries');
    });
  });
}

describeCompetingConsumers('in process, over the in-memory log', async () => {
  const store = await openInMemoryEventStore();
  return { store, consumers: inMemoryCompetingConsumers(store), close: () => store.close() };
});

describeCompetingConsumers('EventStoreDB persistent subscriptions, simulated', async () => {
  const simulation = new SimulatedEventStoreDB({ sendsCaughtUp: true });
  const store = eventStoreOnSimulation(simulation);
  return { store, consumers: eventStoreDBCompetingConsumers(simulation.client(), () => undefined), close: () => store.close() };
});

const url = process.env.EVENTSTORE_URL;
if (url) {
  describeCompetingConsumers(`EventStoreDB persistent subscriptions at ${url.replace(/\/\/[^@]*@/, '//***@')}`, async () => {
    const store = connectEventStoreDB(url);
    const consumers = connectEventStoreDBCompetingConsumers(url, () => undefined);
    return {
      store,
      consumers,
      close: async () => {
        await consumers.close();
        await store.close();
      },
    };
  });
} else {
  describe.skip('competing consumers: EventStoreDB (set EVENTSTORE_URL to run, e.g. esdb://localhost:2113?tls=false)', function () {
    it('runs the competing-consumers suite against persistent subscriptions');
  });
}
