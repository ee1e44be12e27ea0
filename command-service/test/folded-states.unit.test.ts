import { expect } from 'chai';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedEventStore, type EventStore } from '@stays/event-store';
import { Conflict } from '../src/domain-errors.ts';
import { handle, load, toEventData } from '../src/handle.ts';
import { inventoryAggregate } from '../src/booking/inventory.ts';
import { reserveUnits } from '../src/booking/placing-booking/decide.ts';

/** Loads reuse the last fold of a stream; these are the ways that could go wrong, tried on a real log. */
describe('loading a stream again after other writers', () => {
  let dir: string;
  let store: EventStore;
  const stream = 'inventory-room-1';
  const reservation = (bookingID: string, night: string) => ({
    type: 'UnitsReserved' as const,
    data: { bookingID, roomId: 'room-1', nights: [night], units: 1 },
  });
  const taken = async () => Object.fromEntries((await load(store, stream, inventoryAggregate)).state.taken);

  beforeEach(async () => {
    dir = await mkdtemp(path.join(os.tmpdir(), 'stays-folded-'));
    store = await openEmbeddedEventStore(dir);
  });
  afterEach(async () => {
    await store.close();
    await rm(dir, { recursive: true, force: true });
  });

  it('sees events appended by another writer since the last load', async () => {
    await handle(
      store,
      stream,
      inventoryAggregate,
      (state) => reserveUnits({ bookingID: 'B1', roomId: 'room-1', nights: ['2026-12-01'], units: 1, totalUnits: 2 }, state),
      { actor: 't' },
    );
    expect(await taken()).to.deep.equal({ '2026-12-01': 1 });
    await store.append(stream, [toEventData(reservation('B2', '2026-12-01'), { actor: 'elsewhere' })], { expectedRevision: 0 });
    expect(await taken()).to.deep.equal({ '2026-12-01': 2 });
    const { revision } = await load(store, stream, inventoryAggregate);
    expect(revision).to.equal(1);
  });

  it('decides on the whole stream: the last unit taken elsewhere is not sold again', async () => {
    const reserve = (bookingID: string) => (state: Parameters<typeof reserveUnits>[1]) =>
      reserveUnits({ bookingID, roomId: 'room-1', nights: ['2026-12-02'], units: 1, totalUnits: 1 }, state);
    await load(store, stream, inventoryAggregate); // remembers the empty stream
    await store.append(stream, [toEventData(reservation('B1', '2026-12-02'), { actor: 'elsewhere' })], { expectedRevision: 'no_stream' });
    const refused = await handle(store, stream, inventoryAggregate, reserve('B2'), { actor: 't' }).catch((error: unknown) => error);
    expect(refused).to.be.instanceOf(Conflict);
  });

  it('folds afresh for another aggregate reading the same stream', async () => {
    await handle(
      store,
      stream,
      inventoryAggregate,
      (state) => reserveUnits({ bookingID: 'B1', roomId: 'room-1', nights: ['2026-12-03'], units: 1, totalUnits: 2 }, state),
      { actor: 't' },
    );
    const counting = { initialState: () => 0, evolve: (count: number) => count + 1, eventTypes: inventoryAggregate.eventTypes };
    expect((await load(store, stream, counting)).state).to.equal(1);
    await store.append(stream, [toEventData(reservation('B2', '2026-12-04'), { actor: 'elsewhere' })], { expectedRevision: 0 });
    expect((await load(store, stream, counting)).state).to.equal(2);
    expect(await taken()).to.deep.equal({ '2026-12-03': 1, '2026-12-04': 1 });
  });

  it('keeps nothing from one event store for another', async () => {
    await handle(
      store,
      stream,
      inventoryAggregate,
      (state) => reserveUnits({ bookingID: 'B1', roomId: 'room-1', nights: ['2026-12-05'], units: 1, totalUnits: 2 }, state),
      { actor: 't' },
    );
    const otherDir = await mkdtemp(path.join(os.tmpdir(), 'stays-folded-other-'));
    const other = await openEmbeddedEventStore(otherDir);
    try {
      expect(await load(other, stream, inventoryAggregate)).to.deep.include({ revision: null });
    } finally {
      await other.close();
      await rm(otherDir, { recursive: true, force: true });
    }
  });
});
