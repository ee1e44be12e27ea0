/**
 * The projection runner survives its servers: EventStoreDB (a simulation that drops
 * subscriptions and restarts like a server) and MongoDB (a wrapper whose bulk writes fail
 * part-way with the driver's own step-down, shutdown and network errors). Whatever
 * happened, the read models end equal to a fresh rebuild, and the worker's health says
 * the truth on the way: 503 while the log is out of reach or the read side falls behind,
 * 200 again once it follows. (The query side's view: query-service/test/read-side-health.unit.test.ts.)
 */
import { expect } from 'chai';
import { getJson, listen } from '@stays/service-kit/testing';
import type { EventStore } from '@stays/event-store';
import { SimulatedEventStoreDB, eventStoreOnSimulation } from '@stays/event-store/test-support/simulated-eventstoredb';
import { createEmbeddedReadStore } from '@stays/read-store';
import { randomFaults, withTransientBulkWriteFaults } from '@stays/read-store/test-support/transient-faults';
import { healthServer } from '@stays/service-kit';
import { CHECKPOINTS_COLLECTION, ProjectionRunner, type ProjectionDefinition } from '../src/index.ts';
import { appendLedger, head, projections, quiet, readModels, tally, until } from './support/ledger.ts';

describe('projection runner against failing servers', function () {
  let simulation: SimulatedEventStoreDB;
  let eventStore: EventStore;
  const closers: (() => Promise<unknown>)[] = [];

  beforeEach(function () {
    simulation = new SimulatedEventStoreDB({ sendsCaughtUp: true });
    eventStore = eventStoreOnSimulation(simulation);
  });

  afterEach(async function () {
    for (const close of closers.splice(0).reverse()) await close();
    await eventStore.close();
  });

  it('ends equal to a fresh rebuild after transient MongoDB errors and EventStoreDB drops and restarts', async function () {
    await appendLedger(eventStore, 0, 120);
    const logs: string[] = [];
    // A third of the bulk writes fail, so some batches fail several times in a row.
    const faulty = withTransientBulkWriteFaults(createEmbeddedReadStore(), { failsAt: randomFaults(1 / 3) });
    const runner = new ProjectionRunner(eventStore, faulty, projections, {
      maxBatchSize: 9,
      backoff: { initialDelayMs: 1, maxDelayMs: 5 },
      log: (line) => logs.push(line),
    });
    closers.push(() => runner.stop());
    await runner.start();

    await until(() => (runner.position() ?? -1) > 0, 'the first batches');
    simulation.dropSubscriptions(); // killed mid-stream
    await appendLedger(eventStore, 120, 60);
    simulation.stop(); // the server goes down...
    await until(() => runner.status().every((projection) => projection.subscription === 'retrying'), 'both subscriptions to notice');
    simulation.start(); // ...and comes back
    await appendLedger(eventStore, 180, 60);
    simulation.dropSubscriptions('ended');
    await appendLedger(eventStore, 240, 30);
    const last = await head(eventStore);
    await until(() => (runner.position() ?? -1) >= last, 'the runner to reach the head');

    const rebuilt = createEmbeddedReadStore();
    const fresh = new ProjectionRunner(eventStore, rebuilt, projections, { log: quiet });
    closers.push(() => fresh.stop());
    await fresh.start();
    await until(() => (fresh.position() ?? -1) >= last, 'the rebuild to reach the head');

    expect(await readModels(faulty)).to.deep.equal(await readModels(rebuilt));
    const { accounts } = await readModels(rebuilt);
    expect(accounts).to.have.length(7);
    expect(runner.status().map((projection) => projection.failed)).to.deep.equal([null, null]);
    for (const kind of Object.keys(faulty.injected)) expect(faulty.injected[kind as keyof typeof faulty.injected], kind).to.be.greaterThan(0);
    expect(logs.some((line) => /projection (ledger|tally): batch up to \d+ failed \(ReadStoreUnavailableError: .*\); retrying in \d+ ms/.test(line))).to.equal(
      true,
    );
    expect(logs.some((line) => /batch up to \d+ applied after \d+ retr/.test(line))).to.equal(true);
    const checkpoints = await faulty.collection(CHECKPOINTS_COLLECTION).find({}, { sort: { _id: 1 } });
    expect(checkpoints.map((checkpoint) => checkpoint.position)).to.deep.equal([last, last]);
  });

  it('stops only for an error a retry cannot fix', async function () {
    await appendLedger(eventStore, 0, 10);
    const readStore = createEmbeddedReadStore();
    // An update MongoDB refuses (and the embedded store alike): not transient.
    const broken: ProjectionDefinition = {
      ...tally,
      project: (event) => [{ collection: 'tallies', operation: { updateOne: { filter: { _id: event.streamId }, update: { $sett: { a: 1 } }, upsert: true } } }],
    };
    const runner = new ProjectionRunner(eventStore, readStore, [broken], { log: quiet });
    closers.push(() => runner.stop());
    await runner.start();
    await until(() => runner.status()[0]!.failed !== null, 'the projection to stop');
    expect(runner.status()[0]).to.include({ subscription: 'failed', retryingBatch: null });
    expect((await runner.health(60_000)).healthy).to.equal(false);
  });

  it('health: 503 while the log is out of reach or the read side falls behind, 200 once it follows again', async function () {
    await appendLedger(eventStore, 0, 20);
    let failing = false;
    const flaky = withTransientBulkWriteFaults(createEmbeddedReadStore(), { failsAt: () => failing, partial: false });
    const maxLagMs = 200;
    const runner = new ProjectionRunner(eventStore, flaky, projections, { backoff: { initialDelayMs: 1, maxDelayMs: 5 }, log: quiet });
    closers.push(() => runner.stop());
    await runner.start();
    await runner.whenCaughtUp();
    const worker = await listen(healthServer(async () => runner.health(maxLagMs)));
    closers.push(() => worker.close());
    await until(async () => (await getJson(worker, '/healthz')).status === 200, 'the worker to be healthy');

    // EventStoreDB goes down: both projections wait to resubscribe.
    simulation.stop();
    await until(async () => (await getJson(worker, '/healthz')).status === 503, 'the worker to turn unhealthy');
    const down = (await getJson(worker, '/healthz')).body.projections as { state: string; error: string }[];
    expect(down.map((projection) => projection.state)).to.deep.equal(['retrying', 'retrying']);
    expect(down[0]!.error).to.match(/^UnavailableError: 14 UNAVAILABLE/);

    // It comes back: healthy again once resubscribed.
    simulation.start();
    await until(async () => (await getJson(worker, '/healthz')).status === 200, 'the worker to recover');

    // MongoDB refuses every write for now: the runner retries, new events age, the read side falls behind.
    failing = true;
    await appendLedger(eventStore, 20, 3);
    await until(async () => (await getJson(worker, '/healthz')).status === 503, 'the worker to fall behind');
    const behind = (await getJson(worker, '/healthz')).body.projections as { retryingBatch: string | null; lagMs: number; state: string }[];
    expect(behind.every((projection) => projection.state === 'live' && projection.retryingBatch !== null && projection.lagMs > maxLagMs)).to.equal(true);

    failing = false;
    await until(async () => (await getJson(worker, '/healthz')).status === 200, 'the worker to catch up');
    expect(runner.status().map((projection) => projection.failed)).to.deep.equal([null, null]);
  });
});
