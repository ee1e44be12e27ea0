import { mkdtemp, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openEmbeddedEventStore, openInMemoryEventStore } from '../src/index.ts';
import type { EventStore } from '../src/port.ts';
import { describeEventStoreContract } from './event-store.contract.ts';

const quiet = { warn: () => undefined };

describeEventStoreContract('embedded log', async () => {
  const dir = await mkdtemp(join(tmpdir(), 'stays-event-store-'));
  let store: EventStore = await openEmbeddedEventStore(dir, { logger: quiet });
  return {
    store,
    reopen: async () => {
      await store.close();
      store = await openEmbeddedEventStore(dir, { logger: quiet });
      return store;
    },
    cleanup: async () => {
      await store.close();
      await rm(dir, { recursive: true, force: true });
    },
  };
});

describeEventStoreContract('in-memory (test helper)', async () => {
  const store = await openInMemoryEventStore();
  return { store, cleanup: () => store.close() };
});
