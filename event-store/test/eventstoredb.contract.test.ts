import { connectEventStoreDB } from '../src/index.ts';
import type { EventStore } from '../src/port.ts';
import { describeEventStoreContract } from './event-store.contract.ts';

const url = process.env.EVENTSTORE_URL;

if (url) {
  describeEventStoreContract(`EventStoreDB at ${url.replace(/\/\/[^@]*@/, '//***@')}`, async () => {
    let store: EventStore = connectEventStoreDB(url);
    return {
      store,
      // A new client over the same server: proves the events were stored server-side.
      reopen: async () => {
        await store.close();
        store = connectEventStoreDB(url);
        return store;
      },
      cleanup: () => store.close(),
    };
  });
} else {
  describe.skip('event store contract: EventStoreDB (set EVENTSTORE_URL to run, e.g. esdb://localhost:2113?tls=false)', function () {
    it('runs the shared contract suite against a real server');
  });
}
