import { createEmbeddedReadStore } from '../src/embedded/index.ts';
import { describeReadStoreContract } from './read-store.contract.ts';

describeReadStoreContract('read store contract: embedded (mingo, in memory)', async () => {
  const store = createEmbeddedReadStore();
  return { store, cleanup: () => store.close() };
});
