/**
 * Read model versions against the simulated EventStoreDB and a read store whose bulk
 * writes fail the way MongoDB's do: a version built beside the live one while the log
 * grows and subscriptions drop equals the live one and a fresh build, event for event
 * (the model counts with $inc and $push, so a lost or doubled event shows); the registry
 * survives a restart; a definition's new version is built at start and goes live by
 * itself once caught up, while queries keep reading the old one; a switch waits for the
 * build to catch up. Read models are found by reading their folder.
 */
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { expect } from 'chai';
import type { EventStore } from '@stays/event-store';
import { SimulatedEventStoreDB, eventStoreOnSimulation } from '@stays/event-store/test-support/simulated-eventstoredb';
import { createEmbeddedReadStore, type Document, type ReadStore, type WriteOperation } from '@stays/read-store';
import { randomFaults, withTransientBulkWriteFaults } from '@stays/read-store/test-support/transient-faults';
import {
  ReadModelOperationError,
  ReadModelRunner,
  defineReadModel,
  discoverReadModels,
  liveReadModels,
  physicalCollection,
  readModelFolders,
  readRegistry,
  stampAt,
  type ReadModelDefinition,
} from '../src/index.ts';
import { quiet, until } from './support/ledger.ts';

/** Sign-ins per account, counted and listed: not idempotent by itself. */
const signIns = (version: number): ReadModelDefinition<{ count(accountId: string): Promise<number> }> =>
  defineReadModel({
    name: 'sign-ins',
    version,
    collections: { accounts: [] },
    on: {
      AccountSignedIn: ({ accountId, sessionId }) => [
        {
          collection: 'accounts',
          operation: { updateOne: { filter: { _id: accountId }, update: { $inc: { signIns: 1 }, $push: { sessions: sessionId } }, upsert: true } },
        },
      ],
    },
    queries: (store) => ({
      count: async (accountId) => (await store.collection<{ _id: string; signIns: number }>('accounts').findOne({ _id: accountId }))?.signIns ?? 0,
    }),
  });

let appended = 0;
async function signIn(store: EventStore, count: number): Promise<void> {
  for (let i = 0; i < count; i++) {
    appended++;
    await store.append(`account-${appended % 5}`, [
      {
        type: 'AccountSignedIn',
        data: { accountId: `a${appended % 5}`, role: 'customer', sessionId: `s${appended}`, method: 'password', expiresAt: '2026-12-01T00:00:00.000Z' },
      },
    ]);
  }
}

const documents = (readStore: ReadStore, version: number) =>
  readStore.collection(physicalCollection('sign-ins', version, 'accounts')).find({}, { sort: { _id: 1 } });

async function freshBuild(eventStore: EventStore, head: number) {
  const fresh = createEmbeddedReadStore();
  const runner = new ReadModelRunner(eventStore, fresh, [signIns(1)], { log: quiet });
  await runner.start();
  expect(await runner.waitFor(head, 10_000)).to.equal(true);
  await runner.stop();
  return documents(fresh, 1);
}

describe('read model versions on EventStoreDB and MongoDB (simulated)', function () {
  this.timeout(60_000);
  let simulation: SimulatedEventStoreDB;
  let eventStore: EventStore;
  const closers: (() => Promise<unknown>)[] = [];

  beforeEach(() => {
    simulation = new SimulatedEventStoreDB({ sendsCaughtUp: true });
    eventStore = eventStoreOnSimulation(simulation);
  });
  afterEach(async () => {
    for (const close of closers.splice(0).reverse()) await close();
    await eventStore.close();
  });

  it('builds a version beside the live one while the log grows, subscriptions drop and bulk writes fail: it equals the live one and a fresh build', async () => {
    await signIn(eventStore, 150);
    const readStore = createEmbeddedReadStore();
    const faulty = withTransientBulkWriteFaults(readStore, { failsAt: randomFaults(1 / 4) });
    const runner = new ReadModelRunner(eventStore, faulty, [signIns(1)], { maxBatchSize: 7, backoff: { initialDelayMs: 1, maxDelayMs: 5 }, log: quiet });
    closers.push(() => runner.stop());
    await runner.start();
    await runner.whenCaughtUp();
    await until(async () => (await runner.status()).models[0]!.live === 1, 'version 1 to go live');

    const growing = signIn(eventStore, 150);
    const built = await runner.build('sign-ins');
    expect(built).to.include({ version: 2, state: 'building', goLiveWhenCaughtUp: false });
    simulation.dropSubscriptions();
    await growing;
    simulation.dropSubscriptions('ended');
    await signIn(eventStore, 20);

    const head = (await eventStore.headPosition())!;
    await until(async () => (await runner.status()).models[0]!.versions.every((version) => version.position === head), 'both versions to reach the head');
    const live = await documents(readStore, 1);
    expect(live.reduce((sum, account) => sum + (account.signIns as number), 0)).to.equal(320);
    expect(await documents(readStore, 2)).to.deep.equal(live);
    expect(await freshBuild(eventStore, head)).to.deep.equal(live);
    expect(Object.values(faulty.injected).reduce((sum, count) => sum + count, 0)).to.be.greaterThan(0);
  });

  it('keeps the registry over a restart, builds a new definition version at start and switches to it once caught up; queries read the old one until then', async () => {
    await signIn(eventStore, 40);
    const readStore = createEmbeddedReadStore();
    const first = new ReadModelRunner(eventStore, readStore, [signIns(1)], { log: quiet });
    await first.start();
    await until(async () => (await first.status()).models[0]!.live === 1, 'version 1 to go live');
    await first.build('sign-ins');
    await first.stop();

    // a restart resumes the build from its checkpoint; an operator switch makes it live
    const second = new ReadModelRunner(eventStore, readStore, [signIns(1)], { log: quiet });
    await second.start();
    await until(async () => (await second.status()).models[0]!.versions.find((version) => version.version === 2)?.caughtUp === true, 'version 2 to catch up');
    const stampOfVersion1 = second.changedAt('sign-ins');
    expect(stampOfVersion1).to.equal(`1@${(await eventStore.headPosition())!}`);
    expect((await second.switch('sign-ins')).state).to.equal('live');
    // the same data in another version: caches keyed by the stamp do not serve version 1's answers
    expect(second.changedAt('sign-ins')).to.equal(stampOfVersion1!.replace(/^1@/, '2@'));
    expect([stampAt(stampOfVersion1, 7), stampAt(second.changedAt('sign-ins'), undefined), stampAt(undefined, 7)]).to.deep.equal(['1@7', '2@start', 'none@7']);
    await second.stop();
    expect((await readRegistry(readStore)).get('sign-ins')!.map(({ version, state }) => [version, state])).to.deep.equal([
      [1, 'retired'],
      [2, 'live'],
    ]);

    // version 3 of the definition: built at start beside the live version 2, which queries read until 3 has caught up
    const queries = signIns(3).queries(liveReadModels(readStore, 0).store(signIns(3)));
    let release!: () => void;
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    // version 3's writes wait until released: it cannot catch up before
    const slow: ReadStore = {
      collection: <T extends Document>(name: string) => {
        const collection = readStore.collection<T>(name);
        if (!name.startsWith('sign-ins_v3')) return collection;
        return new Proxy(collection, {
          get: (target, property) =>
            property === 'bulkWrite' ? (operations: readonly WriteOperation[]) => held.then(() => target.bulkWrite(operations)) : Reflect.get(target, property),
        });
      },
      close: () => readStore.close(),
    };
    const third = new ReadModelRunner(eventStore, slow, [signIns(3)], { log: quiet });
    closers.push(() => third.stop());
    await third.start();
    await signIn(eventStore, 5);
    const registered = (await readRegistry(readStore)).get('sign-ins')!;
    expect(registered.map(({ version, state, goLiveWhenCaughtUp }) => [version, state, goLiveWhenCaughtUp])).to.deep.equal([
      [1, 'retired', false],
      [2, 'live', false],
      [3, 'building', true],
    ]);
    expect(await queries.count('a1')).to.equal(8); // version 2 as it was: 40 sign-ins over 5 accounts
    // nobody follows version 2 now: read-your-writes waits for nothing of this model rather than for ever
    expect(await third.waitFor((await eventStore.headPosition())!, 100)).to.equal(true);
    await expectRefused(third.switch('sign-ins'), 409, /sign-ins@3 is still catching up/);
    release();
    await until(async () => (await third.status()).models[0]!.live === 3, 'version 3 to go live by itself');
    await until(async () => (await queries.count('a1')) === 9, 'queries to read version 3');
    expect(await third.waitFor((await eventStore.headPosition())!, 5000)).to.equal(true);
  });

  it('refuses to drop the live version, to switch with nothing built, and names it cannot find', async () => {
    await signIn(eventStore, 3);
    const runner = new ReadModelRunner(eventStore, createEmbeddedReadStore(), [signIns(1)], { log: quiet });
    closers.push(() => runner.stop());
    await runner.start();
    await until(async () => (await runner.status()).models[0]!.live === 1, 'version 1 to go live');
    await expectRefused(runner.drop('sign-ins', 1), 409, /is live/);
    await expectRefused(runner.drop('sign-ins', 7), 404, /no version 7/);
    await expectRefused(runner.switch('sign-ins'), 409, /no version being built/);
    await expectRefused(runner.build('visits'), 404, /no read model is named visits/);
  });
});

async function expectRefused(attempt: Promise<unknown>, status: number, message: RegExp): Promise<void> {
  const error = await attempt.then(
    () => null,
    (caught: unknown) => caught,
  );
  expect(error).to.be.instanceOf(ReadModelOperationError);
  expect((error as ReadModelOperationError).status).to.equal(status);
  expect((error as Error).message).to.match(message);
}

describe('read model discovery', () => {
  it('finds the product read models in their folder', async () => {
    expect((await discoverReadModels()).map((model) => model.name)).to.include.members(['accounts', 'bookings', 'hotels']);
  });

  it('finds a model in a new file of a folder, and refuses two models of one name', async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'read-models-'));
    try {
      const definition = pathToFileURL(path.resolve(import.meta.dirname, '../src/read-model.ts')).href;
      const model = (name: string) => `import { defineReadModel } from '${definition}';
export const model = defineReadModel({ name: '${name}', version: 1, collections: { visits: [] }, on: {}, queries: () => ({}) });\n`;
      await writeFile(path.join(dir, 'visits.ts'), model('visits'));
      await writeFile(path.join(dir, 'notes.md'), 'not a module');
      expect((await discoverReadModels(dir)).map((found) => [found.name, found.version])).to.deep.equal([['visits', 1]]);
      await writeFile(path.join(dir, 'visits-again.ts'), model('visits'));
      const error = await discoverReadModels(dir).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(String(error)).to.match(/two read models are named visits/);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });

  it("finds the models of an analyst's folder (READ_MODELS_DIR) beside the product's, and names a folder that is not there", async () => {
    const dir = await mkdtemp(path.join(os.tmpdir(), 'read-models-'));
    try {
      const definition = pathToFileURL(path.resolve(import.meta.dirname, '../src/read-model.ts')).href;
      await writeFile(
        path.join(dir, 'visits.ts'),
        `import { defineReadModel } from '${definition}';
export const model = defineReadModel({ name: 'visits', version: 1, collections: { visits: [] }, on: {}, queries: () => ({}) });\n`,
      );
      expect((await discoverReadModels(readModelFolders(dir))).map((model) => model.name)).to.include.members(['accounts', 'hotels', 'visits']);
      expect((await discoverReadModels(readModelFolders())).map((model) => model.name)).to.not.include('visits');
      const missing = path.join(dir, 'nowhere');
      const error = await discoverReadModels(readModelFolders(missing)).then(
        () => null,
        (caught: unknown) => caught,
      );
      expect(String(error)).to.include(`the folder of read models ${missing} does not exist (READ_MODELS_DIR)`);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
