/**
 * What the projection runner tells the rest of the read side, apart from the documents:
 * the waits for a position (read-your-writes), caught up and health over every serving
 * projection, the names it refuses, its progress, what it logs, and what stop() ends.
 */
import { expect } from 'chai';
import { setTimeout as sleep } from 'node:timers/promises';
import { openInMemoryEventStore, type EventStore } from '@stays/event-store';
import { createEmbeddedReadStore, type ReadStore } from '@stays/read-store';
import { withTransientBulkWriteFaults } from '@stays/read-store/test-support/transient-faults';
import { SimulatedEventStoreDB, eventStoreOnSimulation } from '@stays/event-store/test-support/simulated-eventstoredb';
import { ProjectionRunner, type ProjectionDefinition } from '../src/index.ts';
import { until } from './support/ledger.ts';

const counting = (name: string): ProjectionDefinition => ({
  name,
  version: 1,
  collections: [`${name}_counts`],
  project: (event) => [
    {
      collection: `${name}_counts`,
      operation: { updateOne: { filter: { _id: event.streamId }, update: { $inc: { events: 1 } }, upsert: true } },
    },
  ],
});

/** Refuses every write: a projection that stops at its first event. */
const refusing: ProjectionDefinition = {
  name: 'refusing',
  version: 1,
  collections: ['refused'],
  project: () => [{ collection: 'refused', operation: { updateOne: { filter: { _id: 'x' }, update: { $sett: { a: 1 } }, upsert: true } } }],
};

async function append(store: EventStore, count: number): Promise<number> {
  let last = -1;
  for (let i = 0; i < count; i++) last = (await store.append(`thing-${i % 3}`, [{ type: 'Happened', data: { i } }])).position;
  return last;
}

describe('projection runner: waits, caught up, health, names and what it logs', () => {
  let eventStore: EventStore;
  let readStore: ReadStore;
  let logs: string[];
  const runners: ProjectionRunner[] = [];

  beforeEach(async () => {
    eventStore = await openInMemoryEventStore();
    readStore = createEmbeddedReadStore();
    logs = [];
  });
  afterEach(async () => {
    for (const runner of runners.splice(0)) await runner.stop();
    await eventStore.close();
  });

  function runner(projections: readonly ProjectionDefinition[], options: { readStore?: ReadStore; backoffMs?: number } = {}): ProjectionRunner {
    const made = new ProjectionRunner(eventStore, options.readStore ?? readStore, projections, {
      log: (line) => logs.push(line),
      ...(options.backoffMs !== undefined && { backoff: { initialDelayMs: options.backoffMs, maxDelayMs: options.backoffMs } }),
    });
    runners.push(made);
    return made;
  }

  it('answers each wait when its position is applied, leaves the later ones waiting, and forgets a wait that timed out', async () => {
    const first = await append(eventStore, 2);
    const projections = runner([counting('a')]);
    await projections.start();
    await projections.whenCaughtUp();
    expect(await projections.waitFor(first, 10)).to.equal(true);
    const timedOut = await projections.waitFor(first + 1_000_000, 10);
    expect(timedOut).to.equal(false);
    // two waits in flight: the nearer is answered by the next append, the farther only by the one after
    const nearer = projections.waitFor(first + 1, 5_000);
    let fartherAnswered: boolean | undefined;
    const farther = projections.waitFor(Number.MAX_SAFE_INTEGER, 60_000).then((reached) => (fartherAnswered = reached));
    await append(eventStore, 1);
    expect(await nearer).to.equal(true);
    await sleep(20);
    expect(fartherAnswered, 'still waiting').to.equal(undefined);
    await projections.stop();
    await Promise.race([farther, sleep(1_000)]);
    expect(fartherAnswered, 'stop() ends every wait with false, at once').to.equal(false);
  });

  it('is caught up only when every serving projection is, and a failed one is never caught up', async () => {
    await append(eventStore, 3);
    const projections = runner([counting('a'), refusing]);
    await projections.start();
    await until(() => projections.status().every((projection) => projection.caughtUp || projection.failed !== null), 'both to settle');
    expect(projections.status().find((projection) => projection.name === 'refusing')!.failed).to.be.a('string');
    expect(projections.isCaughtUp()).to.equal(false);
    expect((await projections.health(60_000)).healthy).to.equal(false);
    // not serving: it no longer counts
    projections.setServing('refusing', false);
    expect(projections.isCaughtUp()).to.equal(true);
    expect((await projections.health(60_000)).healthy).to.equal(true);
  });

  it('is no longer caught up once a projection fails on a live event', async () => {
    await append(eventStore, 2);
    const poisoned: ProjectionDefinition = {
      ...counting('p'),
      project: (event) => (event.type === 'Poison' ? refusing.project(event) : counting('p').project(event)),
    };
    const projections = runner([{ ...poisoned, collections: ['p_counts', 'refused'] }]);
    await projections.start();
    await projections.whenCaughtUp();
    expect(projections.isCaughtUp()).to.equal(true);
    await eventStore.append('thing-9', [{ type: 'Poison', data: {} }]);
    await until(() => projections.status()[0]!.failed !== null, 'the projection to stop');
    expect(projections.status()[0]!.caughtUp, 'it had caught up').to.equal(true);
    expect(projections.isCaughtUp()).to.equal(false);
  });

  it('reports a projection that failed, and one that follows nothing, as unhealthy with its reason', async () => {
    await append(eventStore, 1);
    const projections = runner([refusing]);
    await projections.start();
    await until(() => projections.status()[0]!.failed !== null, 'the projection to stop');
    const [health] = (await projections.health(60_000)).projections;
    expect(health).to.deep.include({ name: 'refusing', healthy: false, state: 'failed', lagMs: null, retryingBatch: null });
    expect(health!.error).to.equal(projections.status()[0]!.failed);
    expect(logs).to.include(`projection refusing stopped: ${projections.status()[0]!.failed}`);
  });

  it('has no position until every serving projection has one, and then the lowest', async () => {
    const head = await append(eventStore, 4);
    const projections = runner([counting('a'), counting('b')]);
    expect(projections.position(), 'nothing started').to.equal(Infinity);
    await projections.start();
    await projections.whenCaughtUp();
    expect(projections.position()).to.equal(head);
    await projections.whenCaughtUp(); // asked again once caught up: answered at once
    expect(projections.changedAt('a')).to.equal(head);
    expect(projections.changedAt('nothing')).to.equal(undefined);
    expect(projections.progress('a')).to.deep.equal({ position: head, caughtUp: true, failed: null, events: 4 });
    expect(projections.progress('nothing')).to.equal(undefined);
    expect(logs).to.include(`projection a caught up at ${head}`);
  });

  it('says caught up at the start when the log is empty', async () => {
    const projections = runner([counting('a')]);
    await projections.start();
    await projections.whenCaughtUp();
    expect(logs).to.include('projection a caught up at start');
    expect(projections.position(), 'no event applied yet').to.equal(undefined);
  });

  it('refuses a projection already running or named twice, and a serving change of one not running', async () => {
    const projections = runner([counting('a')]);
    await projections.start();
    let refused: unknown;
    await projections.add(counting('a')).catch((error: unknown) => (refused = error));
    expect((refused as Error).message).to.equal('projection a is already running');
    refused = undefined;
    await projections.addAll([{ definition: counting('b') }, { definition: counting('b') }]).catch((error: unknown) => (refused = error));
    expect((refused as Error).message).to.equal('projection b is already running');
    expect(projections.status().map((projection) => projection.name)).to.deep.equal(['a']);
    expect(() => projections.setServing('c', false)).to.throw('projection c is not running');
    await projections.remove('c');
  });

  it('creates its indexes before it follows the log, and logs a write a unique index turned away', async () => {
    await eventStore.append('guest-1', [{ type: 'Registered', data: { email: 'asha@example.in' } }]);
    await eventStore.append('guest-2', [{ type: 'Registered', data: { email: 'asha@example.in' } }]);
    const guests: ProjectionDefinition = {
      name: 'guests',
      version: 1,
      collections: ['guests'],
      indexes: [{ collection: 'guests', keys: { email: 1 }, unique: true }],
      project: (event) => [{ collection: 'guests', operation: { insertOne: { document: { _id: event.streamId, email: event.data['email'] } } } }],
    };
    const projections = runner([guests]);
    await projections.start();
    await projections.whenCaughtUp();
    expect((await readStore.collection('guests').find({})).map((guest) => guest._id)).to.deep.equal(['guest-1']);
    expect(logs).to.include('projection write skipped, unique key taken in guests: {"email":"asha@example.in"}');
    expect(projections.status()[0]!.failed).to.equal(null);
  });

  /** Projections a and b caught up on two events of a simulated EventStoreDB, sharing one subscription. */
  async function onSimulatedServer(test: (simulation: SimulatedEventStoreDB, projections: ProjectionRunner) => Promise<void>): Promise<void> {
    const simulation = new SimulatedEventStoreDB({ sendsCaughtUp: true });
    const onServer = eventStoreOnSimulation(simulation);
    const projections = new ProjectionRunner(onServer, readStore, [counting('a'), counting('b')], { log: () => undefined });
    try {
      await append(onServer, 2);
      await projections.start();
      await projections.whenCaughtUp();
      await test(simulation, projections);
    } finally {
      await projections.stop();
      await onServer.close();
    }
  }

  it('stops every projection of a subscription that fails for good, with its error', () =>
    onSimulatedServer(async (simulation, projections) => {
      simulation.dropSubscriptions(new Error('access denied'));
      await until(() => projections.status().every((projection) => projection.failed !== null), 'both to stop');
      expect(projections.status().map(({ name, failed, subscription }) => ({ name, failed, subscription }))).to.deep.equal([
        { name: 'a', failed: 'access denied', subscription: 'failed' },
        { name: 'b', failed: 'access denied', subscription: 'failed' },
      ]);
    }));

  it('lets go of the log when its last projection is removed', () =>
    onSimulatedServer(async (simulation, projections) => {
      expect(simulation.liveSubscriptions(), 'one subscription for both').to.equal(1);
      await projections.remove('a');
      expect(simulation.liveSubscriptions()).to.equal(1);
      await projections.remove('b');
      expect(simulation.liveSubscriptions()).to.equal(0);
      expect(projections.status()).to.deep.equal([]);
    }));

  it('logs how many retries a batch took, and stop() ends a batch waiting to retry at once without calling it a failure', async () => {
    await append(eventStore, 1);
    let failing = 1;
    const flaky = withTransientBulkWriteFaults(createEmbeddedReadStore(), { failsAt: () => failing-- > 0, partial: false });
    const retried = runner([counting('a')], { readStore: flaky, backoffMs: 1 });
    await retried.start();
    await retried.whenCaughtUp();
    const first = retried.position()!;
    failing = 2;
    const second = await append(eventStore, 1);
    expect(await retried.waitFor(second, 5_000)).to.equal(true);
    expect(logs.filter((line) => line.includes('applied after'))).to.deep.equal([
      `projection a: batch up to ${first} applied after 1 retry`,
      `projection a: batch up to ${second} applied after 2 retries`,
    ]);

    logs = [];
    failing = Infinity;
    const stuck = runner([counting('b')], { readStore: flaky, backoffMs: 60_000 });
    await stuck.start();
    await until(() => stuck.status()[0]!.retryingBatch !== null, 'the batch to be retried');
    // counted around one synchronous step: stop() cancels the backoff's timer before it first waits
    const timers = () => process.getActiveResourcesInfo().filter((resource) => resource === 'Timeout').length;
    const before = timers();
    const stopping = stuck.stop();
    expect(timers(), 'the backoff does not hold the process').to.equal(before - 1);
    await stopping;
    await sleep(20);
    expect(logs.filter((line) => line.includes('stopped:'))).to.deep.equal([]);
  });
});
