import { expect } from 'chai';
import { openInMemoryEventStore, type EventStore } from '@stays/event-store';
import { createEmbeddedReadStore, type Document, type ReadStore, type WriteOperation } from '@stays/read-store';
import { ProjectionRunner, writeCheckpoint, type ProjectionDefinition } from '../src/index.ts';

/** A projection that counts events per stream with $inc: wrong on any double application. */
const counter: ProjectionDefinition = {
  name: 'counter',
  version: 1,
  collections: ['counts'],
  project: (event) => [
    {
      collection: 'counts',
      operation: { updateOne: { filter: { _id: event.streamId }, update: { $inc: { events: 1 }, $set: { lastType: event.type } }, upsert: true } },
    },
  ],
};

async function append(store: EventStore, stream: string, count: number) {
  let last = -1;
  for (let i = 0; i < count; i++) last = (await store.append(stream, [{ type: `Happened${i}`, data: { i } }])).position;
  return last;
}

const documents = (readStore: ReadStore) => readStore.collection('counts').find({}, { sort: { _id: 1 } });

describe('projection runner', () => {
  let eventStore: EventStore;
  let readStore: ReadStore;

  beforeEach(async () => {
    eventStore = await openInMemoryEventStore();
    readStore = createEmbeddedReadStore();
  });
  afterEach(async () => eventStore.close());

  it('catches up from the start, then follows live appends, and reports positions to waiters', async () => {
    await append(eventStore, 'a-1', 3);
    const runner = new ProjectionRunner(eventStore, readStore, [counter], { log: () => undefined });
    await runner.start();
    await runner.whenCaughtUp();
    expect(runner.isCaughtUp()).to.equal(true);
    const last = await append(eventStore, 'b-1', 2);
    expect(await runner.waitFor(last, 2000)).to.equal(true);
    expect((await documents(readStore)).map(({ _id, events }) => ({ _id, events }))).to.deep.equal([
      { _id: 'a-1', events: 3 },
      { _id: 'b-1', events: 2 },
    ]);
    expect(await runner.waitFor(last + 100, 50)).to.equal(false);
    await runner.stop();
  });

  it('changes nothing when events are applied again after a crash before the checkpoint', async () => {
    await append(eventStore, 'a-1', 4);
    await append(eventStore, 'b-1', 3);
    const first = new ProjectionRunner(eventStore, readStore, [counter], { log: () => undefined });
    await first.start();
    await first.whenCaughtUp();
    await first.stop();
    const before = await documents(readStore);

    // The writes of every event landed but the checkpoint did not: a restart replays them all.
    await writeCheckpoint(readStore, 'counter', 1, 0);
    const second = new ProjectionRunner(eventStore, readStore, [counter], { log: () => undefined });
    await second.start();
    await second.whenCaughtUp();
    expect(await documents(readStore)).to.deep.equal(before);
    expect(before.find((doc) => doc._id === 'a-1')!.events).to.equal(4);
    await second.stop();
  });

  it('resumes after its checkpoint instead of replaying the whole log', async () => {
    await append(eventStore, 'a-1', 2);
    const first = new ProjectionRunner(eventStore, readStore, [counter], { log: () => undefined });
    await first.start();
    await first.whenCaughtUp();
    await first.stop();
    const last = await append(eventStore, 'a-1', 1);
    const seen: number[] = [];
    const spy: ProjectionDefinition = { ...counter, project: (event) => (seen.push(event.position), counter.project(event)) };
    const second = new ProjectionRunner(eventStore, readStore, [spy], { log: () => undefined });
    await second.start();
    expect(await second.waitFor(last, 2000)).to.equal(true);
    expect(seen).to.deep.equal([last]);
    expect((await documents(readStore))[0]).to.include({ events: 3 });
    await second.stop();
  });

  it('moves its changed-at position only with events that changed its documents', async () => {
    const only: ProjectionDefinition = { ...counter, project: (event) => (event.streamId.startsWith('a-') ? counter.project(event) : []) };
    const written = await append(eventStore, 'a-1', 1);
    const runner = new ProjectionRunner(eventStore, readStore, [only], { log: () => undefined });
    await runner.start();
    await runner.whenCaughtUp();
    expect(runner.changedAt('counter')).to.equal(written);
    const ignored = await append(eventStore, 'b-1', 2);
    await runner.waitFor(ignored, 2000);
    expect(runner.changedAt('counter')).to.equal(written);
    const changed = await append(eventStore, 'a-1', 1);
    await runner.waitFor(changed, 2000);
    expect(runner.changedAt('counter')).to.equal(changed);
    await runner.stop();
  });

  it("writes a batch as one ordered bulk write per collection, each collection's writes in log order", async () => {
    // each event counts in `counts` and appends its type to one `trail` document: the collections interleave event by event
    const trail: ProjectionDefinition = {
      name: 'trail',
      version: 1,
      collections: ['counts', 'trail'],
      project: (event) => [
        ...counter.project(event),
        { collection: 'trail', operation: { updateOne: { filter: { _id: 'all' }, update: { $push: { types: event.type } }, upsert: true } } },
      ],
    };
    for (let i = 0; i < 6; i++) await eventStore.append(`s-${i % 2}`, [{ type: `Happened${i}`, data: { i } }]);
    const bulkWrites: { collection: string; operations: number }[] = [];
    const counting: ReadStore = {
      collection: <T extends Document = Document>(name: string) =>
        new Proxy(readStore.collection<T>(name), {
          get: (target, property, receiver) =>
            property === 'bulkWrite'
              ? (operations: readonly WriteOperation[]) => (bulkWrites.push({ collection: name, operations: operations.length }), target.bulkWrite(operations))
              : Reflect.get(target, property, receiver),
        }),
      close: () => readStore.close(),
    };
    const runner = new ProjectionRunner(eventStore, counting, [trail], { log: () => undefined });
    await runner.start();
    await runner.whenCaughtUp();
    await runner.stop();
    expect(bulkWrites).to.deep.equal([
      { collection: 'counts', operations: 6 },
      { collection: 'trail', operations: 6 },
    ]);
    expect((await readStore.collection('trail').findOne({ _id: 'all' }))!.types).to.deep.equal([
      'Happened0',
      'Happened1',
      'Happened2',
      'Happened3',
      'Happened4',
      'Happened5',
    ]);
    expect((await documents(readStore)).map(({ _id, events }) => ({ _id, events }))).to.deep.equal([
      { _id: 's-0', events: 3 },
      { _id: 's-1', events: 3 },
    ]);
  });

  it('refuses a write to a collection the projection does not own, and reports it as failed', async () => {
    const rogue: ProjectionDefinition = { ...counter, name: 'rogue', project: () => [{ collection: 'other', operation: { deleteMany: { filter: {} } } }] };
    await append(eventStore, 'a-1', 1);
    const runner = new ProjectionRunner(eventStore, readStore, [rogue], { log: () => undefined });
    await runner.start();
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(runner.isCaughtUp()).to.equal(false);
    expect(runner.status()[0]!.failed).to.match(/does not own/);
    await runner.stop();
  });

  it('reads the log once for projections that start together, and one that fails or is removed leaves the others following', async () => {
    await append(eventStore, 'a-1', 3);
    const subscribed: string[] = [];
    const counted: EventStore = {
      ...eventStore,
      subscribeToAll: (options, handler) => {
        subscribed.push(options.name ?? '');
        return eventStore.subscribeToAll(options, handler);
      },
    };
    /** The counter under another name, counting into its own collection. */
    const counterInto = (name: string, collection: string): ProjectionDefinition => ({
      ...counter,
      name,
      collections: [collection],
      project: (event) => counter.project(event).map((write) => ({ ...write, collection })),
    });
    const other = counterInto('other', 'others');
    // fails at the first event of stream c-1
    const fragileCounter = counterInto('fragile', 'fragile');
    const fragile: ProjectionDefinition = {
      ...fragileCounter,
      project: (event) => (event.streamId === 'c-1' ? [{ collection: 'elsewhere', operation: { deleteMany: { filter: {} } } }] : fragileCounter.project(event)),
    };
    const runner = new ProjectionRunner(counted, readStore, [counter, other, fragile], { log: () => undefined });
    await runner.start();
    await runner.whenCaughtUp();
    expect(subscribed).to.deep.equal(['projection counter, other, fragile']);

    await append(eventStore, 'c-1', 1);
    expect(await runner.waitFor(await append(eventStore, 'b-1', 2), 200)).to.equal(false);
    const status = Object.fromEntries(runner.status().map(({ name, failed, subscription }) => [name, { failed: failed !== null, subscription }]));
    expect(status).to.deep.equal({
      counter: { failed: false, subscription: 'live' },
      other: { failed: false, subscription: 'live' },
      fragile: { failed: true, subscription: 'failed' },
    });
    await runner.remove('fragile');
    await runner.remove('counter');
    const last = await append(eventStore, 'b-1', 1);
    expect(await runner.waitFor(last, 2000)).to.equal(true);
    const counts = async (collection: string) =>
      (await readStore.collection(collection).find({}, { sort: { _id: 1 } })).map(({ _id, events }) => `${String(_id)}:${String(events)}`);
    expect(await counts('others')).to.deep.equal(['a-1:3', 'b-1:3', 'c-1:1']);
    expect(await counts('counts')).to.deep.equal(['a-1:3', 'b-1:2', 'c-1:1']);
    expect(await counts('fragile')).to.deep.equal(['a-1:3']);

    // one added later starts from its own checkpoint, on a subscription of its own
    await runner.add(counterInto('late', 'late'));
    expect(await runner.waitFor(last, 2000)).to.equal(true);
    expect(subscribed).to.deep.equal(['projection counter, other, fragile', 'projection late']);
    expect(await counts('late')).to.deep.equal(['a-1:3', 'b-1:3', 'c-1:1']);
    await runner.stop();
  });
});
