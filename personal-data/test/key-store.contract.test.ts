/** One suite, every key storage adapter: files always, MongoDB when MONGO_URL is set. */
import { randomBytes } from 'node:crypto';
import { mkdtemp, readdir, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { KeyStoreLockedError, createFileKeyStorage, createMongoKeyStorage, openKeyStore, type WrappedKeyStorage } from '../src/index.ts';

interface Harness {
  /** A fresh handle on the same stored keys (as another process, or after a restart, would open them). */
  storage(): Promise<WrappedKeyStorage>;
  close(): Promise<void>;
}

async function rejection(promise: Promise<unknown>): Promise<unknown> {
  try {
    await promise;
  } catch (error) {
    return error;
  }
  throw new Error('expected a rejection');
}

function keyStoreContract(adapter: string, open: () => Promise<Harness>) {
  describe(`personal data key store contract: ${adapter}`, () => {
    let harness: Harness;
    const masterKey = randomBytes(32);
    beforeEach(async () => {
      harness = await open();
    });
    afterEach(() => harness.close());

    it('creates one 32-byte key per subject, the same for concurrent and repeated calls, kept across openings', async () => {
      const keys = await openKeyStore(await harness.storage(), masterKey);
      expect(await keys.dataKey('customer-a1')).to.equal(undefined);
      const [first, second] = await Promise.all([keys.createDataKey('customer-a1'), keys.createDataKey('customer-a1')]);
      expect(first).to.have.length(32);
      expect(second!.equals(first!)).to.equal(true);
      expect((await keys.createDataKey('customer-a1')).equals(first!)).to.equal(true);
      expect((await keys.createDataKey('owner-a1')).equals(first!)).to.equal(false);

      const reopened = await openKeyStore(await harness.storage(), masterKey);
      expect((await reopened.dataKey('customer-a1'))!.equals(first!)).to.equal(true);
      const racing = await openKeyStore(await harness.storage(), masterKey);
      expect((await racing.createDataKey('customer-a1')).equals(first!)).to.equal(true);
    });

    it('destroys a key for good: gone at once from this process (cached or not) and from every later opening', async () => {
      const keys = await openKeyStore(await harness.storage(), masterKey);
      await keys.createDataKey('customer-b2');
      expect(await keys.dataKey('customer-b2')).to.have.length(32);
      await keys.destroy('customer-b2');
      expect(await keys.dataKey('customer-b2')).to.equal(undefined);
      expect(await (await openKeyStore(await harness.storage(), masterKey)).dataKey('customer-b2')).to.equal(undefined);
      await keys.destroy('customer-never-had-one');
    });

    it('refuses to open with another master key', async () => {
      await openKeyStore(await harness.storage(), masterKey);
      expect(await rejection(openKeyStore(await harness.storage(), randomBytes(32)))).to.be.instanceOf(KeyStoreLockedError);
    });

    it('reads a damaged key as an error, never as an erased person', async () => {
      const storage = await harness.storage();
      const keys = await openKeyStore(storage, masterKey);
      await storage.putIfAbsent('customer-c3', randomBytes(60));
      expect(await rejection(keys.dataKey('customer-c3'))).to.be.instanceOf(KeyStoreLockedError);
    });

    it('refuses names that are not subjects', async () => {
      const keys = await openKeyStore(await harness.storage(), masterKey);
      for (const subject of ['../x', '.check', '', 'a/b', 'Customer-1', 'x'.repeat(129)]) {
        expect(await rejection(keys.createDataKey(subject)), subject).to.be.instanceOf(TypeError);
      }
    });
  });
}

keyStoreContract('files', async () => {
  const dir = await mkdtemp(path.join(tmpdir(), 'stays-keys-'));
  const subjects = path.join(dir, 'subjects');
  return { storage: () => createFileKeyStorage(subjects), close: () => rm(dir, { recursive: true, force: true }) };
});

describe('personal data key store: files on disk', () => {
  it('keeps one file per subject beside the check value, and none after the destroy', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'stays-keys-'));
    try {
      const keys = await openKeyStore(await createFileKeyStorage(dir), randomBytes(32));
      await keys.createDataKey('customer-d4');
      expect((await readdir(dir)).sort()).to.deep.equal(['.check', 'customer-d4.key']);
      await keys.destroy('customer-d4');
      expect(await readdir(dir)).to.deep.equal(['.check']);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});

if (process.env.MONGO_URL) {
  const url = process.env.MONGO_URL;
  keyStoreContract('mongodb', async () => {
    const { MongoClient } = await import('mongodb');
    const client = await MongoClient.connect(url);
    const db = client.db(`stays_keys_test_${randomBytes(4).toString('hex')}`);
    return {
      storage: async () => createMongoKeyStorage(db),
      close: async () => {
        await db.dropDatabase();
        await client.close();
      },
    };
  });
}
