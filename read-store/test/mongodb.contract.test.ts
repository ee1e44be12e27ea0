import { connectMongoReadStore } from '../src/mongodb/index.ts';
import { describeReadStoreContract } from './read-store.contract.ts';

const url = process.env.MONGO_URL;

if (url) {
  describeReadStoreContract('read store contract: MongoDB', async () => {
    const store = await connectMongoReadStore(url, process.env.MONGO_DB ?? 'stays_read_store_contract');
    return { store, cleanup: () => store.close() };
  });
} else {
  describe.skip('read store contract: MongoDB (set MONGO_URL to run)', function () {
    describeReadStoreContract('read store contract: MongoDB', async () => {
      throw new Error('MONGO_URL is not set');
    });
  });
}
