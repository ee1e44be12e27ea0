/**
 * One EventStoreDB subscription as the adapter drives it, against the simulated server:
 * what the server sends again is not handed over twice, a handler that is slow makes the
 * client stop taking events (they wait in the gRPC stream, not in the adapter's memory),
 * and closing lets go of the server's subscription, even before it is open.
 */
import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventStoreOnClient } from '../src/eventstoredb/eventstoredb-event-store.ts';
import { EventStoreDBSubscription } from '../src/eventstoredb/eventstoredb-subscription.ts';
import type { EventStore, RecordedEvent, Subscription } from '../src/port.ts';
import { SimulatedEventStoreDB } from './support/simulated-eventstoredb.ts';
import { until } from './support/until.ts';

describe('one EventStoreDB subscription, on the simulated server', function () {
  let simulation: SimulatedEventStoreDB;
  let store: EventStore;
  const subscriptions: Subscription[] = [];

  function open(options: { repeatsFromPosition?: boolean; sendsCaughtUp?: boolean; sendsCheckpoints?: boolean } = {}): void {
    simulation = new SimulatedEventStoreDB({ sendsCaughtUp: true, ...options });
    store = eventStoreOnClient(simulation.client(), { backoff: { initialDelayMs: 5, maxDelayMs: 20 }, log: () => undefined });
  }

  afterEach(async function () {
    for (const subscription of subscriptions.splice(0)) await subscription.close();
    await store.close();
  });

  async function append(count: number, from = 0): Promise<number[]> {
    const positions: number[] = [];
    for (let i = from; i < from + count; i++) positions.push((await store.append(`thing-${i % 3}`, [{ type: 'Happened', data: { i } }])).position);
    return positions;
  }

  function follow(after: number | undefined, maxBatchSize: number, onBatch: (events: readonly RecordedEvent[]) => Promise<void> = async () => undefined) {
    const seen: number[] = [];
    const batches: number[] = [];
    let caughtUp = false;
    let seenWhenCaughtUp: number[] | undefined;
    subscriptions.push(
      store.subscribeToAll(
        { ...(after !== undefined && { after }), maxBatchSize },
        {
          onBatch: async (events) => {
            seen.push(...events.map((event) => event.data['i'] as number));
            batches.push(events.length);
            await onBatch(events);
          },
          onCaughtUp: () => {
            caughtUp = true;
            seenWhenCaughtUp = [...seen];
          },
        },
      ),
    );
    return { seen, batches, caughtUp: () => caughtUp, seenWhenCaughtUp: () => seenWhenCaughtUp };
  }

  it('hands over nothing twice when the server sends the event it resumes from again', async function () {
    open({ repeatsFromPosition: true });
    const positions = await append(10);
    const follower = follow(positions[4], 3);
    await until(follower.caughtUp, 'caught up');
    expect(follower.seen).to.deep.equal([5, 6, 7, 8, 9]);
    // a dropped connection resumes from the last event handed over, which the server sends again, alone
    simulation.dropSubscriptions();
    await until(() => simulation.liveSubscriptions() === 1, 'the subscription to resume');
    await sleep(20);
    await append(3, 10);
    await until(() => follower.seen.length >= 8, 'the events after the drop');
    await sleep(20);
    expect(follower.seen).to.deep.equal([5, 6, 7, 8, 9, 10, 11, 12]);
    expect(simulation.subscribedFrom).to.deep.equal([BigInt(positions[4]!), BigInt(positions[9]!)]);
  });

  it('makes the client stop taking events while the handler holds a batch, then hands every one over in order', async function () {
    open();
    await append(100);
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const follower = follow(undefined, 5, (events) => (events[0]!.data['i'] === 0 ? held : Promise.resolve()));
    await until(() => follower.seen.length > 0, 'the first batch');
    await sleep(20);
    // the adapter stopped taking events once it held two batches: the one the handler holds, and one more
    expect(simulation.unreadBySubscribers()).to.equal(100 - 2 * 5);
    release();
    await until(() => follower.seen.length === 100, 'every event');
    expect(follower.seen).to.deep.equal(Array.from({ length: 100 }, (_, i) => i));
    expect(Math.max(...follower.batches)).to.be.at.most(5);
    expect(simulation.unreadBySubscribers()).to.equal(0);
    await until(follower.caughtUp, 'caught up');
  });

  for (const server of [
    { name: 'says it is caught up', sendsCaughtUp: true, sendsCheckpoints: false },
    { name: 'sends only checkpoints (before 23.10)', sendsCaughtUp: false, sendsCheckpoints: true },
  ]) {
    it(`is caught up when the newest event it saw at the start is scavenged before it reads it: a server that ${server.name}`, async function () {
      open(server);
      await append(5);
      simulation.beforeSubscribe = () => simulation.scavengeNewest();
      // one event a batch, so that being caught up too early would show
      const follower = follow(undefined, 1);
      await until(follower.caughtUp, 'caught up');
      expect(follower.seenWhenCaughtUp(), 'caught up once every event it could read was handed over').to.deep.equal([0, 1, 2, 3]);
    });
  }

  it("starts from the log's start when given no position, and stops with the error when onCaughtUp throws", async function () {
    open();
    await append(2);
    const failure = new Error('could not mark caught up');
    const errors: unknown[] = [];
    subscriptions.push(
      store.subscribeToAll(
        { maxBatchSize: 10 },
        {
          onBatch: async () => undefined,
          onCaughtUp: () => {
            throw failure;
          },
          onError: (error) => errors.push(error),
        },
      ),
    );
    await until(() => errors.length > 0, 'onError');
    expect(errors).to.deep.equal([failure]);
    expect(simulation.subscribedFrom).to.deep.equal(['start']);
    expect(subscriptions[0]!.status().state).to.equal('failed');
  });

  it("close() lets go of the server's subscription", async function () {
    open();
    await append(3);
    const follower = follow(undefined, 10);
    await until(follower.caughtUp, 'caught up');
    expect(simulation.liveSubscriptions()).to.equal(1);
    await subscriptions.pop()!.close();
    expect(simulation.liveSubscriptions()).to.equal(0);
  });

  it('close() before the subscription is open never opens it', async function () {
    open();
    await append(3);
    follow(undefined, 10);
    await subscriptions.pop()!.close();
    await sleep(30);
    expect(simulation.liveSubscriptions()).to.equal(0);
    expect(simulation.subscribeCalls).to.equal(0);
  });

  describe('alone, without the resuming subscription around it (which would hide a second call)', function () {
    it('calls onCaughtUp once when the server says so, checkpoints pass the head and the events reach it', async function () {
      open({ sendsCaughtUp: true, sendsCheckpoints: true });
      await append(4);
      let caughtUps = 0;
      const one = new EventStoreDBSubscription(
        simulation.client(),
        { after: undefined, maxBatchSize: 1 },
        { onBatch: async () => undefined, onCaughtUp: () => void caughtUps++ },
        () => store.headPosition(),
      );
      await until(() => caughtUps > 0, 'caught up');
      await append(2, 4);
      await sleep(30);
      await one.close();
      expect(caughtUps).to.equal(1);
    });

    it('calls onError once, with what the handler threw, though the stream then ends', async function () {
      open();
      await append(3);
      const failure = new Error('projection failed');
      const errors: unknown[] = [];
      let batches = 0;
      const one = new EventStoreDBSubscription(
        simulation.client(),
        { after: undefined, maxBatchSize: 10 },
        {
          onBatch: async () => {
            batches++;
            throw failure;
          },
          onError: (error) => void errors.push(error),
        },
        () => store.headPosition(),
      );
      await until(() => errors.length > 0, 'onError');
      simulation.dropSubscriptions('ended');
      await append(1, 3);
      await sleep(30);
      await one.close();
      expect(errors).to.deep.equal([failure]);
      expect(batches).to.equal(1);
    });
  });
});
