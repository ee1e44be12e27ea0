/**
 * The EventStoreDB adapter's own logic, run without a server: the shared contract suite
 * over a simulated client (see support/simulated-eventstoredb.ts for what that does and
 * does not prove), in both caught-up modes, and the position mapping.
 */
import { expect } from 'chai';
import { toEventStoreDBPosition, toPortPosition, streamReadPosition, appendPosition } from '../src/eventstoredb/positions.ts';
import { eventStoreOnClient } from '../src/eventstoredb/eventstoredb-event-store.ts';
import type { EventStore } from '../src/port.ts';
import { describeEventStoreContract } from './event-store.contract.ts';
import { SimulatedEventStoreDB } from './support/simulated-eventstoredb.ts';

for (const sendsCaughtUp of [true, false]) {
  const server = sendsCaughtUp ? 'a server that sends caughtUp (>= 23.10)' : 'an older server (no caughtUp message)';
  describeEventStoreContract(`EventStoreDB adapter on a simulation of ${server}`, async () => {
    const simulation = new SimulatedEventStoreDB({ sendsCaughtUp });
    let store: EventStore = eventStoreOnClient(simulation.client());
    return {
      store,
      reopen: async () => {
        await store.close();
        store = eventStoreOnClient(simulation.client());
        return store;
      },
      cleanup: () => store.close(),
    };
  });
}

describe('EventStoreDB position mapping', function () {
  it('maps an event position to its commit position, and back to {commit, prepare}', function () {
    expect(toPortPosition({ commit: 123456n, prepare: 123456n })).to.equal(123456);
    expect(toEventStoreDBPosition(123456)).to.deep.equal({ commit: 123456n, prepare: 123456n });
  });

  it('refuses events from explicit transactions (commit differs from prepare) instead of mis-ordering them', function () {
    expect(() => toPortPosition({ commit: 2000n, prepare: 1500n })).to.throw(/explicit transaction/);
  });

  it('takes the commit position of an append result', function () {
    expect(appendPosition({ commit: 777n, prepare: 777n })).to.equal(777);
  });

  it('refuses positions beyond what a number holds exactly', function () {
    const huge = BigInt(Number.MAX_SAFE_INTEGER) + 1n;
    expect(() => toPortPosition({ commit: huge, prepare: huge })).to.throw(RangeError);
    expect(() => toEventStoreDBPosition(-1)).to.throw(RangeError);
  });

  it('marks stream-read positions older servers do not report as unknown (-1)', function () {
    expect(streamReadPosition(undefined)).to.equal(-1);
    expect(streamReadPosition({ commit: 2n ** 64n - 1n, prepare: 2n ** 64n - 1n })).to.equal(-1);
    expect(streamReadPosition({ commit: 42n, prepare: 42n })).to.equal(42);
  });
});

describe('EventStoreDB adapter: the original time of a copied event', function () {
  it('reads metadata.recordedAt in place of the server time when it is an ISO time, on every read path', async function () {
    const store = eventStoreOnClient(new SimulatedEventStoreDB({ sendsCaughtUp: true }).client());
    await store.append('copied-1', [{ type: 'Copied', data: {}, metadata: { recordedAt: '2025-03-01T09:30:00.000Z' } }]);
    await store.append('copied-2', [{ type: 'Copied', data: {}, metadata: { recordedAt: 'yesterday' } }]);
    const [fromStream] = await store.readStream('copied-1');
    const [copied, malformed] = await store.readAll();
    expect(fromStream!.recordedAt).to.equal('2025-03-01T09:30:00.000Z');
    expect(copied!.recordedAt).to.equal('2025-03-01T09:30:00.000Z');
    expect(Date.now() - Date.parse(malformed!.recordedAt)).to.be.within(0, 60_000);
    await store.close();
  });
});
