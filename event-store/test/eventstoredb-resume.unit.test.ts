/**
 * Subscriptions outlive the server: the EventStoreDB adapter over a simulation that fails
 * the way a server does (see support/simulated-eventstoredb.ts). Whatever happens to the
 * connection, the handler sees every event exactly once, in order, and onError only for
 * what a retry cannot fix.
 */
import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import { eventStoreOnClient } from '../src/eventstoredb/eventstoredb-event-store.ts';
import { backoffDelayMs } from '../src/backoff.ts';
import type { EventStore, RecordedEvent, Subscription, SubscriptionHandler } from '../src/port.ts';
import { SimulatedEventStoreDB, clientError, type SubscriptionDrop } from './support/simulated-eventstoredb.ts';

const FAST_RETRIES = { initialDelayMs: 5, maxDelayMs: 40 };

describe('EventStoreDB subscriptions survive the server', function () {
  let simulation: SimulatedEventStoreDB;
  let store: EventStore;
  let logs: string[];
  let subscription: Subscription | undefined;

  function open(options: { available?: boolean } = {}): void {
    simulation = new SimulatedEventStoreDB({ sendsCaughtUp: true, ...options });
    logs = [];
    store = eventStoreOnClient(simulation.client(), { backoff: FAST_RETRIES, log: (line) => logs.push(line) });
  }

  afterEach(async function () {
    await subscription?.close();
    subscription = undefined;
    await store.close();
  });

  async function appendMany(count: number, label: string): Promise<void> {
    for (let i = 0; i < count; i++) await store.append(`${label}-${i % 5}`, [{ type: 'Happened', data: { label, i } }]);
  }

  for (const drop of ['connection-dropped', 'cancelled', 'ended'] as SubscriptionDrop[]) {
    it(`resumes exactly after the last handled event when the server lets go mid-stream (${drop})`, async function () {
      open();
      await appendMany(60, 'before');
      const recorder = new Recorder();
      let batches = 0;
      recorder.during = async () => {
        // Mid catch-up, while this batch is still being handled and more are buffered.
        if (++batches === 3) {
          simulation.dropSubscriptions(drop);
          await sleep(10);
        }
      };
      subscription = store.subscribeToAll({ maxBatchSize: 7, name: 'test' }, recorder);
      await recorder.until(() => recorder.caughtUp);
      await appendMany(20, 'after');
      await recorder.until(() => recorder.events.length >= 80);
      await sleep(50); // a duplicate delivered late would show

      expectExactlyOnceInOrder(recorder.events, await store.readAll());
      expect(recorder.errors).to.deep.equal([]);
      expect(recorder.caughtUpCalls).to.equal(1);
      expect(simulation.subscribeCalls).to.be.at.least(2);
      expect(subscription.status()).to.include({ state: 'live', retries: 0, error: null });
      const reason = {
        'connection-dropped': 'UnavailableError: 14 UNAVAILABLE: Connection dropped',
        cancelled: 'CancelledError: 1 CANCELLED: Call cancelled',
        ended: 'EventStoreConnectionError: EventStoreDB ended the $all subscription',
      }[drop];
      expect(logs.some((line) => line.startsWith('subscription test lost after position ') && line.includes(`(${reason}); resubscribing in `))).to.equal(true);
      expect(logs.some((line) => /subscription test resumed after 1 retry/.test(line))).to.equal(true);
    });
  }

  it('keeps retrying while the server is down at start, then catches up once it is up', async function () {
    open();
    await appendMany(25, 'stored');
    simulation.stop();
    const recorder = new Recorder();
    subscription = store.subscribeToAll({ maxBatchSize: 10 }, recorder);

    await recorder.until(() => subscription!.status().retries >= 3);
    expect(subscription.status().state).to.equal('retrying');
    expect(subscription.status().error).to.match(/UnavailableError: 14 UNAVAILABLE: No connection established/);
    expect(recorder.events).to.deep.equal([]);
    expect(logs.filter((line) => line.includes('resubscribing'))).to.have.length.at.least(3);

    simulation.start();
    await recorder.until(() => recorder.caughtUp);
    expectExactlyOnceInOrder(recorder.events, await store.readAll());
    expect(recorder.errors).to.deep.equal([]);
    expect(subscription.status()).to.include({ state: 'live', retries: 0 });
  });

  it('comes back after a server restart: events written before and after it arrive once', async function () {
    open();
    await appendMany(10, 'first');
    const recorder = new Recorder();
    subscription = store.subscribeToAll({}, recorder);
    await recorder.until(() => recorder.caughtUp);

    simulation.stop();
    await recorder.until(() => subscription!.status().state === 'retrying');
    simulation.start();
    await appendMany(15, 'second');
    await recorder.until(() => recorder.events.length >= 25);
    simulation.stop('ended');
    simulation.start();
    await appendMany(5, 'third');
    await recorder.until(() => recorder.events.length >= 30);
    await sleep(50);

    expectExactlyOnceInOrder(recorder.events, await store.readAll());
    expect(recorder.errors).to.deep.equal([]);
    expect(subscription.status().state).to.equal('live');
  });

  it('stops and calls onError for an error a retry cannot fix', async function () {
    open();
    await appendMany(3, 'some');
    const recorder = new Recorder();
    subscription = store.subscribeToAll({}, recorder);
    await recorder.until(() => recorder.caughtUp);
    const calls = simulation.subscribeCalls;

    simulation.dropSubscriptions(clientError(16, 'UNAUTHENTICATED', 'Access denied'));
    await recorder.until(() => recorder.errors.length > 0);
    await appendMany(2, 'later');
    await sleep(100);

    expect(recorder.errors).to.have.length(1);
    expect((recorder.errors[0] as Error).constructor.name).to.equal('AccessDeniedError');
    expect(subscription.status()).to.include({ state: 'failed' });
    expect(simulation.subscribeCalls).to.equal(calls);
    expect(recorder.events).to.have.length(3);
  });

  it('a throwing handler is final too: no retry redelivers its batch', async function () {
    open();
    await appendMany(3, 'some');
    const failure = new Error('handler failed');
    const recorder = new Recorder();
    recorder.during = async () => {
      throw failure;
    };
    subscription = store.subscribeToAll({}, recorder);
    await recorder.until(() => recorder.errors.length > 0);
    await sleep(100);
    expect(recorder.errors).to.deep.equal([failure]);
    expect(simulation.subscribeCalls).to.equal(1);
    expect(subscription.status().state).to.equal('failed');
  });

  it('a batch that throws while the connection drops is final too', async function () {
    open();
    await appendMany(3, 'some');
    const failure = new Error('handler failed');
    const recorder = new Recorder();
    recorder.during = async () => {
      simulation.dropSubscriptions();
      await sleep(20);
      throw failure;
    };
    subscription = store.subscribeToAll({}, recorder);
    await recorder.until(() => recorder.errors.length > 0);
    await sleep(100);
    expect(recorder.errors).to.deep.equal([failure]);
    expect(simulation.subscribeCalls).to.equal(1);
    expect(subscription.status().state).to.equal('failed');
  });

  it('close() during a retry stops it for good', async function () {
    open();
    const recorder = new Recorder();
    simulation.stop();
    subscription = store.subscribeToAll({}, recorder);
    await recorder.until(() => subscription!.status().retries >= 1);
    await subscription.close();
    const calls = simulation.subscribeCalls;
    simulation.start();
    await sleep(100);
    expect(simulation.subscribeCalls).to.equal(calls);
    expect(subscription.status().state).to.equal('closed');
  });
});

describe('retry backoff', function () {
  it('doubles from the initial delay up to the cap, with half of each delay random', function () {
    const options = { initialDelayMs: 100, maxDelayMs: 1000 };
    expect([1, 2, 3, 4, 5, 9].map((attempt) => backoffDelayMs(attempt, options, () => 1))).to.deep.equal([100, 200, 400, 800, 1000, 1000]);
    expect([1, 2, 5].map((attempt) => backoffDelayMs(attempt, options, () => 0))).to.deep.equal([50, 100, 500]);
  });
});

/** Records what a subscription hands over; `during` runs inside each batch. */
class Recorder implements SubscriptionHandler {
  readonly events: RecordedEvent[] = [];
  readonly errors: unknown[] = [];
  caughtUp = false;
  caughtUpCalls = 0;
  during: () => Promise<void> = async () => undefined;

  onBatch = async (events: readonly RecordedEvent[]): Promise<void> => {
    await this.during();
    this.events.push(...events);
  };

  onCaughtUp = (): void => {
    this.caughtUp = true;
    this.caughtUpCalls++;
  };

  onError = (error: unknown): void => {
    this.errors.push(error);
  };

  async until(condition: () => boolean): Promise<void> {
    const deadline = Date.now() + 10_000;
    while (!condition()) {
      if (Date.now() > deadline) throw new Error('timed out waiting for the subscription');
      await sleep(2);
    }
  }
}

function expectExactlyOnceInOrder(delivered: readonly RecordedEvent[], log: readonly RecordedEvent[]): void {
  expect(delivered.map((event) => event.id)).to.deep.equal(log.map((event) => event.id));
}
