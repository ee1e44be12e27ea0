/**
 * The competing consumers adapter on EventStoreDB's persistent subscriptions, against the
 * simulated server (its groups behave as the server's, see
 * support/simulated-persistent-subscriptions.ts): the group created once and joined by
 * every replica, a consumer that never holds more than it handles, what a lost connection or
 * a closing consumer leaves to the group, and what reaches the server of each answer.
 */
import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import { connectEventStoreDBCompetingConsumers, eventStoreDBCompetingConsumers, exactEventTypesRegex } from '../src/eventstoredb/persistent-subscription.ts';
import type { CompetingConsumer, CompetingConsumerOptions, CompetingConsumers, CompetingDelivery } from '../src/competing-consumers.ts';
import type { EventStore, RecordedEvent } from '../src/port.ts';
import { SimulatedEventStoreDB, eventStoreOnSimulation } from './support/simulated-eventstoredb.ts';
import { until } from './support/until.ts';

const GROUP = 'booking-documents';

/** Promises rejected with no one to hear it while `run` runs (in production: the process ends). */
async function unhandledRejectionsDuring(run: () => Promise<void>): Promise<unknown[]> {
  const rejections: unknown[] = [];
  const hear = (reason: unknown) => void rejections.push(reason);
  process.on('unhandledRejection', hear);
  try {
    await run();
    await sleep(10);
  } finally {
    process.off('unhandledRejection', hear);
  }
  return rejections;
}

/** Every gate made, opened after each test so that a failed one does not hold its consumer's close. */
const gates: (() => void)[] = [];

/** A promise and the function that settles it: a handler held until a test lets it go. */
function gate(): { opened: Promise<void>; open: () => void } {
  let open!: () => void;
  const opened = new Promise<void>((resolve) => (open = resolve));
  gates.push(open);
  return { opened, open };
}

describe('competing consumers on EventStoreDB persistent subscriptions (simulated server)', function () {
  let simulation: SimulatedEventStoreDB;
  let store: EventStore;
  let consumers: CompetingConsumers;
  let lines: string[];
  let opened: CompetingConsumer[];

  function start(available = true): void {
    simulation = new SimulatedEventStoreDB({ sendsCaughtUp: true, available });
    store = eventStoreOnSimulation(simulation);
    lines = [];
    consumers = eventStoreDBCompetingConsumers(simulation.client(), (line) => lines.push(line), { initialDelayMs: 5, maxDelayMs: 20 });
    opened = [];
  }

  afterEach(async function () {
    for (const open of gates.splice(0)) open();
    for (const consumer of opened) await consumer.close();
    await store.close();
  });

  const options = (overrides: Partial<CompetingConsumerOptions> = {}): CompetingConsumerOptions => ({
    group: GROUP,
    eventTypes: ['BookingPlaced'],
    concurrency: 2,
    maxRetries: 3,
    messageTimeoutMs: 10_000,
    ...overrides,
  });

  function join(overrides: Partial<CompetingConsumerOptions>, handle: (delivery: CompetingDelivery) => Promise<void>, onError?: (error: unknown) => void) {
    const consumer = consumers.subscribe(options(overrides), { handle, onError });
    opened.push(consumer);
    return consumer;
  }

  async function place(count: number, from = 0): Promise<void> {
    for (let i = from; i < from + count; i++) await store.append(`booking-${i}`, [{ type: 'BookingPlaced', data: { i } }]);
  }

  /** A consumer whose handler holds each event's first delivery until `held` opens, and answers the others at once. */
  function joinHoldingFirstTries() {
    const held = gate();
    const retryCounts: number[] = [];
    const consumer = join({}, async (delivery) => {
      retryCounts.push(delivery.retryCount);
      if (delivery.retryCount === 0) await held.opened;
    });
    return { consumer, held, retryCounts };
  }

  const numberOf = (delivery: CompetingDelivery) => delivery.event.data['i'] as number;
  const live = (consumer: CompetingConsumer) => until(() => consumer.status().state === 'live', 'the consumer to be live');

  it('creates the group from the start of the log on first use; a consumer that finds it created joins it', async function () {
    start();
    await place(3);
    const seen: number[] = [];
    const delivered: RecordedEvent[] = [];
    const first = join({}, async (delivery) => {
      seen.push(numberOf(delivery));
      delivered.push(delivery.event);
    });
    expect(first.status().state).to.equal('connecting');
    await until(() => seen.length === 3, 'the events placed before anyone joined');
    const second = join({}, async (delivery) => void seen.push(numberOf(delivery)));
    await live(second);
    await place(4, 3);
    await until(() => first.status().acknowledged + second.status().acknowledged === 7, 'every event answered');
    const asRead = (await store.readAll()).find((event) => event.data['i'] === 0)!;
    expect(delivered[0], 'the event as the log is read').to.deep.equal(asRead);
    expect([...seen].sort()).to.deep.equal([0, 1, 2, 3, 4, 5, 6]);
    expect(simulation.groupCreations, 'asked to create by both').to.equal(2);
    expect(second.status()).to.include({ state: 'live', error: null });
    expect(new Set(simulation.group(GROUP)!.pushes.map((push) => push.member))).to.deep.equal(new Set([1, 2]));
  });

  it('says once in its log when the group it finds parks events sooner than it would, and joins it all the same', async function () {
    start();
    const older = join({ maxRetries: 10 }, async () => undefined);
    await live(older);
    const seen: number[] = [];
    const newer = join({ maxRetries: 291 }, async (delivery) => void seen.push(numberOf(delivery)));
    await live(newer);
    expect(lines).to.deep.equal([
      'booking-documents: the group parks an event after 10 retries, these consumers would try 291: raise its maxRetryCount to 291 (docs/operations.md)',
    ]);
    await older.close();
    simulation.dropSubscriptions('connection-dropped');
    await until(() => lines.length === 2, 'the loss to be logged');
    await live(newer);
    await place(2);
    await until(() => seen.length === 2, 'the events, on the group joined again');
    expect(lines, 'said once, not at every join').to.have.length(2);
    expect(lines[1]).to.match(/persistent subscription lost/);
  });

  it("says so when the group's retry limit cannot be read, and joins it all the same", async function () {
    start();
    await live(join({}, async () => undefined));
    const client = simulation.client();
    const unreadable = Object.assign({}, client, {
      getPersistentSubscriptionToAllInfo: async () => {
        throw new Error('getPersistentSubscriptionToAllInfo is not supported by this server (21.10.1 and later)');
      },
    }) as typeof client;
    const consumer = eventStoreDBCompetingConsumers(unreadable, (line) => lines.push(line)).subscribe(options(), { handle: async () => undefined });
    opened.push(consumer);
    await live(consumer);
    expect(lines).to.deep.equal([
      "booking-documents: the group's retry limit could not be read (Error: getPersistentSubscriptionToAllInfo is not supported by this server (21.10.1 and later)); it may park events sooner than after 3 retries",
    ]);
  });

  it('holds no more events than it handles at once: the rest go to the consumers with room', async function () {
    start();
    const held = gate();
    const slow = join({ concurrency: 2 }, () => held.opened);
    await live(slow);
    let quick = 0;
    const fast = join({ concurrency: 8 }, async () => void quick++);
    await live(fast);
    await place(10);
    await until(() => quick === 8, 'the fast consumer to take the eight the slow one has no room for');
    expect(slow.status().inFlight).to.equal(2);
    const group = simulation.group(GROUP)!;
    expect(
      group.pushes.filter((push) => push.member === 1),
      'sent to the slow consumer',
    ).to.have.length(2);
    held.open();
    await until(() => slow.status().acknowledged === 2, 'the slow consumer to answer');
    expect(group.unanswered()).to.equal(0);
  });

  it('joins again after a dropped connection; what it held comes again one retry higher, and only answers that reach the server count', async function () {
    start();
    const { consumer, held, retryCounts } = joinHoldingFirstTries();
    await place(2);
    await until(() => consumer.status().inFlight === 2, 'both events in hand');
    simulation.dropSubscriptions('connection-dropped');
    await until(() => lines.length === 1, 'the loss to be logged');
    expect(lines[0]).to.match(/^booking-documents: persistent subscription lost \(UnavailableError: .*Connection dropped\); joining again in \d+ ms$/);
    // the handlers still running count against its concurrency: it takes one of the two sent again, then waits
    await until(() => consumer.status().acknowledged === 1, 'an event delivered again to be answered');
    expect(consumer.status().state).to.equal('live');
    expect(retryCounts).to.deep.equal([0, 0, 1]);
    held.open();
    await until(() => consumer.status().acknowledged === 2 && consumer.status().inFlight === 0, 'everything to be answered');
    expect(retryCounts).to.deep.equal([0, 0, 1, 1]);
    expect(consumer.status().error, 'the first answers went to the lost connection').to.match(/stream was destroyed/);
    const group = simulation.group(GROUP)!;
    expect(group.unanswered()).to.equal(0);
    expect(group.parked).to.deep.equal([]);
  });

  it('joins again when the server ends the call, once the handlers in progress are done', async function () {
    start();
    const held = gate();
    const seen: number[] = [];
    const consumer = join({}, async (delivery) => {
      seen.push(numberOf(delivery));
      await held.opened;
    });
    await place(2);
    await until(() => consumer.status().inFlight === 2, 'both events in hand');
    simulation.dropSubscriptions('ended');
    await sleep(30);
    // the end waits behind the paused stream: nothing could be taken meanwhile anyway
    expect(lines).to.deep.equal([]);
    held.open();
    await until(() => lines.length === 1, 'the loss to be logged');
    expect(lines[0]).to.match(
      /^booking-documents: persistent subscription lost \(Error: EventStoreDB ended the persistent subscription\); joining again in \d+ ms$/,
    );
    await live(consumer);
    await place(1, 2);
    await until(() => seen.includes(2), 'an event placed after it joined again');
  });

  it('joins once the server is up, when it was not at the start', async function () {
    start(false);
    const seen: number[] = [];
    const consumer = join({}, async (delivery) => void seen.push(numberOf(delivery)));
    await until(() => consumer.status().state === 'retrying', 'a retry');
    expect(consumer.status().error).to.match(/^UnavailableError: /);
    expect(lines[0]).to.match(/^booking-documents: persistent subscription lost \(UnavailableError: .*No connection established\); joining again in \d+ ms$/);
    simulation.start();
    await live(consumer);
    await place(2);
    await until(() => seen.length === 2, 'the events');
  });

  it('closing lets the events in hand be answered, takes no new one, and leaves the group to the others', async function () {
    start();
    const held = gate();
    const first: number[] = [];
    const closing = join({ concurrency: 1 }, async (delivery) => {
      first.push(numberOf(delivery));
      await held.opened;
    });
    await place(1);
    await until(() => closing.status().inFlight === 1, 'the event in hand');
    const closed = closing.close();
    await place(1, 1);
    await sleep(20);
    held.open();
    await closed;
    await sleep(30);
    expect(first).to.deep.equal([0]);
    expect(closing.status(), 'the end of its stream is not a lost connection').to.include({ state: 'closed', acknowledged: 1, inFlight: 0 });
    expect(lines).to.deep.equal([]);
    const group = simulation.group(GROUP)!;
    expect(group.memberCount()).to.equal(0);
    const later: CompetingDelivery[] = [];
    join({}, async (delivery) => void later.push(delivery));
    await until(() => later.length === 1, 'the event placed while the first consumer closed');
    await sleep(20);
    // the server sent it to the closing consumer once its answer made room, and took it back when it left: one retry higher, as a real server does
    expect(later.map((delivery) => [numberOf(delivery), delivery.retryCount])).to.deep.equal([[1, 1]]);
  });

  it('closing waits for every handler in progress, not just the first to finish', async function () {
    start();
    const gates = [gate(), gate()];
    const consumer = join({}, (delivery) => gates[numberOf(delivery)]!.opened);
    await place(2);
    await until(() => consumer.status().inFlight === 2, 'both events in hand');
    const closed = consumer.close();
    gates[0]!.open();
    await sleep(20);
    gates[1]!.open();
    await closed;
    expect(consumer.status()).to.include({ acknowledged: 2, error: null });
    expect(simulation.group(GROUP)!.unanswered()).to.equal(0);
  });

  it('closed while it waits to join again, it does not join', async function () {
    start(false);
    const consumer = join({}, async () => undefined);
    await until(() => lines.length === 1, 'a failed join');
    await consumer.close();
    const asked = simulation.groupCreations;
    simulation.start();
    await sleep(80);
    expect(simulation.groupCreations, 'asked to create the group after closing').to.equal(asked);
    expect(consumer.status().state).to.equal('closed');
  });

  it('waits longer after each failed join, and starts over once it has joined', async function () {
    start(false);
    const consumer = join({}, async () => undefined);
    await until(() => lines.length >= 4, 'four failed joins');
    const waits = lines.map((line) => Number(/joining again in (\d+) ms$/.exec(line)![1]));
    // equal jitter: the first wait is 2.5 to 5 ms here, later ones up to 20
    expect(Math.max(...waits.slice(1)), `waits ${waits.join(', ')}`).to.be.greaterThan(5);
    simulation.start();
    await live(consumer);
    const before = lines.length;
    simulation.dropSubscriptions();
    await until(() => lines.length > before, 'the loss after joining');
    expect(lines[before]).to.contain('Connection dropped');
    expect(Number(/joining again in (\d+) ms$/.exec(lines[before]!)![1])).to.be.at.most(5);
    // the call's end and its error are one loss: one line, one member once joined again
    await live(consumer);
    await sleep(30);
    expect(lines).to.have.length(before + 1);
    expect(simulation.group(GROUP)!.memberCount()).to.equal(1);
  });

  it('a handler that finishes while the consumer waits to join again is let go of quietly; its event comes again', async function () {
    start();
    const { consumer, held, retryCounts } = joinHoldingFirstTries();
    await place(1);
    await until(() => consumer.status().inFlight === 1, 'the event in hand');
    simulation.stop();
    await until(() => consumer.status().state === 'retrying', 'the loss');
    const rejections = await unhandledRejectionsDuring(async () => {
      held.open();
      await until(() => consumer.status().inFlight === 0, 'the handler to finish');
    });
    expect(rejections).to.deep.equal([]);
    simulation.start();
    await until(() => consumer.status().acknowledged === 1, 'the event delivered again');
    expect(retryCounts).to.deep.equal([0, 1]);
  });

  it('answers a link whose event is gone without handing anything over', async function () {
    start();
    let handled = 0;
    const consumer = join({}, async () => void handled++);
    await live(consumer);
    simulation.group(GROUP)!.pushUnresolvedLink();
    await until(() => simulation.group(GROUP)!.unanswered() === 0, 'the link to be answered');
    expect(handled).to.equal(0);
    expect(consumer.status()).to.include({ acknowledged: 0, inFlight: 0 });
  });

  it('parks an event for a handler that wants no word of it', async function () {
    start();
    const rejections = await unhandledRejectionsDuring(async () => {
      const consumer = join({ maxRetries: 0 }, async () => {
        throw new Error('never');
      });
      await place(1);
      await until(() => consumer.status().parked === 1, 'the event to be parked');
    });
    expect(rejections).to.deep.equal([]);
    expect(simulation.group(GROUP)!.parked).to.have.length(1);
  });

  it('through the real client, waits to join again while no server answers, and closes at once', async function () {
    start();
    const heard: string[] = [];
    const real = connectEventStoreDBCompetingConsumers('esdb://127.0.0.1:1?tls=false', (line) => heard.push(line));
    const consumer = real.subscribe(options(), { handle: async () => undefined });
    await until(() => consumer.status().state === 'retrying', 'the failed join');
    expect(consumer.status().error).to.match(/UNAVAILABLE/);
    expect(heard[0]).to.match(/^booking-documents: persistent subscription lost \(.*ECONNREFUSED.*\); joining again in \d+ ms$/);
    const closing = Date.now();
    await consumer.close();
    await real.close();
    expect(Date.now() - closing).to.be.below(1_000);
    expect(consumer.status().state).to.equal('closed');
  });

  it('refuses a group of no event types', function () {
    expect(() => exactEventTypesRegex([])).to.throw('a competing consumer group needs at least one event type');
  });

  it('a connection lost while it closes is not joined again', async function () {
    start();
    const consumer = join({}, async () => undefined);
    await live(consumer);
    const closing = consumer.close();
    simulation.dropSubscriptions();
    await closing;
    await sleep(40);
    expect(consumer.status().state).to.equal('closed');
    expect(lines).to.deep.equal([]);
    expect(simulation.group(GROUP)!.memberCount()).to.equal(0);
  });

  it('closed before it has joined, it never joins', async function () {
    start();
    const consumer = join({}, async () => undefined);
    await consumer.close();
    await place(1);
    await sleep(30);
    expect(consumer.status().state).to.equal('closed');
    expect(simulation.group(GROUP)!.memberCount()).to.equal(0);
    expect(simulation.group(GROUP)!.pushes).to.deep.equal([]);
  });

  it('sends a failed event back with its error as the reason, and parks it itself on the last delivery, saying so', async function () {
    start();
    const errors: unknown[] = [];
    const retryCounts: number[] = [];
    const long = 'x'.repeat(300);
    const consumer = join(
      { maxRetries: 2 },
      async (delivery) => {
        retryCounts.push(delivery.retryCount);
        throw new Error(`the mail server said no ${long}`);
      },
      (error) => errors.push(error),
    );
    await place(1);
    await until(() => consumer.status().parked === 1, 'the event to be parked');
    expect(retryCounts).to.deep.equal([0, 1, 2]);
    const parked = simulation.group(GROUP)!.parked;
    expect(parked).to.have.length(1);
    // parked by the consumer's nack, not by the server running out of retries
    expect(parked[0]!.reason).to.equal(`Client explicitly NAK'ed message.\n${`Error: the mail server said no ${long}`.slice(0, 200)}`);
    expect(String(errors[0])).to.match(
      /^Error: booking-documents: event [0-9a-f-]+ \(BookingPlaced\) parked after 3 deliveries: Error: the mail server said no x+$/,
    );
    expect(consumer.status()).to.include({ acknowledged: 0, inFlight: 0 });
  });

  it('gives the group its message timeout: an event not answered in time is delivered again while the first try still runs', async function () {
    start();
    const events: { retryCount: number; phase: 'start' | 'end' }[] = [];
    join({ messageTimeoutMs: 30 }, async (delivery) => {
      events.push({ retryCount: delivery.retryCount, phase: 'start' });
      if (delivery.retryCount === 0) await sleep(150);
      events.push({ retryCount: delivery.retryCount, phase: 'end' });
    });
    await place(1);
    await until(() => events.length === 4, 'both tries to finish');
    expect(events.map(({ retryCount, phase }) => `${phase} ${retryCount}`)).to.deep.equal(['start 0', 'start 1', 'end 1', 'end 0']);
  });

  it("asks the server for exactly the group's event types", async function () {
    start();
    const seen: string[] = [];
    join({ eventTypes: ['Booking.Placed', 'BookingCancelled'] }, async (delivery) => void seen.push(delivery.event.type));
    for (const type of ['BookingXPlaced', 'Booking.Placed', 'Booking.PlacedLater', 'OldBookingCancelled', 'BookingCancelled']) {
      await store.append('booking-1', [{ type, data: {} }]);
    }
    await until(() => seen.length === 2, 'the two events of the group');
    await sleep(30);
    expect(seen).to.deep.equal(['Booking.Placed', 'BookingCancelled']);
  });
});
