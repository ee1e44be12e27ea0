/**
 * Read models that read no personal field (`personalFields: 'none'`) follow the log as
 * stored: their handlers get each event's data without its personal fields, whatever the
 * log holds in them (here ciphertext no schema would take), and the personal-data layer is
 * never asked; every other model follows the layer, as before.
 */
import { expect } from 'chai';
import { openInMemoryEventStore, type EventStore } from '@stays/event-store';
import { createEmbeddedReadStore } from '@stays/read-store';
import { ReadModelRunner, defineReadModel, liveReadModels } from '../src/index.ts';
import { quiet } from './support/ledger.ts';

/** Sealed values as the layer stores them: not a name, not an email. */
const sealed = 'pd2:k1:AAAAAAAAAAAAAAAA:c2VhbGVk';

const registered = (accountId: string) => ({
  type: 'AccountRegistered',
  data: { accountId, role: 'customer', name: sealed, email: sealed, username: sealed, profileImage: sealed, passwordHash: 'hash', via: 'password' },
});

/** Every registration's data as the handler got it. */
const registrations = (personalFields?: 'none') =>
  defineReadModel({
    name: personalFields === 'none' ? 'registrations-stored' : 'registrations-layer',
    version: 1,
    ...(personalFields && { personalFields }),
    collections: { seen: [] },
    on: {
      AccountRegistered: (data) => [
        { collection: 'seen', operation: { updateOne: { filter: { _id: data.accountId }, update: { $set: { data } }, upsert: true } } },
      ],
    },
    queries: (store) => ({ all: () => store.collection<{ _id: string; data: Record<string, unknown> }>('seen').find({}, { sort: { _id: 1 } }) }),
  });

describe("read models that read no personal field follow the log as stored (personalFields: 'none')", () => {
  let stored: EventStore;
  let subscribedThroughLayer: string[];
  /** The layer's place: the same log, recording who follows it. */
  let layer: EventStore;

  beforeEach(async () => {
    stored = await openInMemoryEventStore();
    await stored.append('customer-a1', [registered('a1')]);
    await stored.append('customer-a2', [registered('a2')]);
    subscribedThroughLayer = [];
    layer = {
      append: (...args) => stored.append(...args),
      readStream: (...args) => stored.readStream(...args),
      readAll: (...args) => stored.readAll(...args),
      readAt: (...args) => stored.readAt(...args),
      headPosition: () => stored.headPosition(),
      close: () => stored.close(),
      subscribeToAll: (options, handler) => {
        subscribedThroughLayer.push(options.name ?? '');
        return stored.subscribeToAll(options, handler);
      },
    };
  });
  afterEach(() => stored.close());

  it('hands the handlers the data without its personal fields, read from the stored log, and never asks the layer', async () => {
    const model = registrations('none');
    const readStore = createEmbeddedReadStore();
    const runner = new ReadModelRunner(layer, readStore, [model], { log: quiet, storedLog: stored });
    await runner.start();
    expect(await runner.waitFor((await stored.headPosition())!, 5_000)).to.equal(true);
    const seen = await model.queries(liveReadModels(readStore).store(model)).all();
    expect(seen.map((document) => document.data)).to.deep.equal([
      { accountId: 'a1', role: 'customer', passwordHash: 'hash', via: 'password' },
      { accountId: 'a2', role: 'customer', passwordHash: 'hash', via: 'password' },
    ]);
    expect(subscribedThroughLayer).to.deep.equal([]);
    await runner.stop();
  });

  it('follows the layer for a model that reads personal fields, and without a stored log for any model', async () => {
    const readStore = createEmbeddedReadStore();
    const runner = new ReadModelRunner(layer, readStore, [registrations(), registrations('none')], { log: quiet });
    await runner.start();
    await runner.stop();
    // started together from the same checkpoint, the two share one subscription
    expect(subscribedThroughLayer).to.deep.equal(['projection registrations-layer@1, registrations-stored@1']);
  });
});
