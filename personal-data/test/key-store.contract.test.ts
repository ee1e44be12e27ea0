/** One suite, every key storage adapter: files always, MongoDB when MONGO_URL is set. */
import { randomBytes } from 'node:crypto';
import { spawn } from 'node:child_process';
import { mkdtemp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
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

    it('reads many keys at once, in the order asked, with repeated and missing subjects, and keeps the first key put', async () => {
      const storage = await harness.storage();
      const [guest, owner, later] = [randomBytes(60), randomBytes(60), randomBytes(60)];
      expect((await storage.putIfAbsent('customer-e5', guest)).equals(guest)).to.equal(true);
      expect((await storage.putIfAbsent('customer-e5', later)).equals(guest)).to.equal(true);
      await storage.putIfAbsent('owner-e5', owner);
      const hex = (keys: (Buffer | undefined)[]) => keys.map((key) => key?.toString('hex'));
      const again = await harness.storage();
      expect(hex(await again.getMany(['owner-e5', 'customer-none', 'customer-e5', 'owner-e5']))).to.deep.equal([
        owner.toString('hex'),
        undefined,
        guest.toString('hex'),
        owner.toString('hex'),
      ]);
      expect(await again.getMany([])).to.deep.equal([]);
      await storage.delete('owner-e5');
      expect(hex(await again.getMany(['owner-e5', 'customer-e5']))).to.deep.equal([undefined, guest.toString('hex')]);
      expect(await rejection(again.getMany(['customer-e5', '../e5']))).to.be.instanceOf(TypeError);
    });

    it("reads many subjects' keys in one call, in the order asked, asking the storage only for those not cached", async () => {
      const storage = await harness.storage();
      const asked: string[][] = [];
      const keys = await openKeyStore({ ...storage, getMany: (subjects) => (asked.push([...subjects]), storage.getMany(subjects)) }, masterKey);
      const guest = await keys.createDataKey('customer-f6');
      // created by another opening (another process): not cached in this one
      const owner = await (await openKeyStore(await harness.storage(), masterKey)).createDataKey('owner-f6');
      const hex = (found: (Buffer | undefined)[]) => found.map((key) => key?.toString('hex'));
      expect(hex(await keys.dataKeys(['owner-f6', 'customer-none', 'customer-f6']))).to.deep.equal(hex([owner, undefined, guest]));
      expect(asked).to.deep.equal([['owner-f6', 'customer-none']]);
      expect(hex(await keys.dataKeys(['customer-f6', 'owner-f6']))).to.deep.equal(hex([guest, owner]));
      expect(asked).to.have.length(1);
      await keys.destroy('owner-f6');
      expect(hex(await keys.dataKeys(['owner-f6', 'customer-f6']))).to.deep.equal(hex([undefined, guest]));
      expect(await keys.dataKeys([])).to.deep.equal([]);
      expect(await rejection(keys.dataKeys(['customer-f6', '../f6']))).to.be.instanceOf(TypeError);
      await storage.putIfAbsent('customer-g7', randomBytes(60));
      expect(await rejection(keys.dataKeys(['customer-f6', 'customer-g7']))).to.be.instanceOf(KeyStoreLockedError);
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

/** Runs `script` (an ES module, tsx-loaded) in a child node process; resolves to its stdout. Async: spawnSync would block the holder of the lock too. */
function runChild(script: string, env: Record<string, string>): Promise<string> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], {
      env: { ...process.env, ...env },
      stdio: ['ignore', 'pipe', 'inherit'],
    });
    let stdout = '';
    child.stdout.on('data', (chunk) => (stdout += chunk));
    child.on('error', reject);
    child.on('exit', (code) => (code === 0 ? resolve(stdout.trim()) : reject(new Error(`child exited with ${code}: ${stdout}`))));
  });
}

/** Opens the key folder in another process and says what happened. */
const openInChild = (dir: string) =>
  runChild(
    `
  import { createFileKeyStorage } from ${JSON.stringify(pathToFileURL(path.join(import.meta.dirname, '../src/file-key-storage.ts')).href)};
  try {
    await (await createFileKeyStorage(process.env.KEY_DIR)).close();
    console.log('opened');
  } catch (error) {
    console.log(error.name + ': ' + error.message);
  }
`,
    { KEY_DIR: dir },
  );

/** Every file of the folder, with its bytes. */
async function folderFiles(dir: string): Promise<Map<string, Buffer>> {
  const names = await readdir(dir);
  return new Map(await Promise.all(names.map(async (name) => [name, await readFile(path.join(dir, name))] as const)));
}

const SHARD_FILE = /^[0-9a-f]{2}\.keys$/;

describe('personal data key store: files on disk', () => {
  let dir: string;
  const opened: WrappedKeyStorage[] = [];
  const open = async () => {
    const storage = await createFileKeyStorage(dir);
    opened.push(storage);
    return storage;
  };
  beforeEach(async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'stays-keys-'));
  });
  afterEach(async () => {
    await Promise.all(opened.splice(0).map((storage) => storage.close()));
    await rm(dir, { recursive: true, force: true });
  });

  it('keeps the keys in shard files beside the check value and the lock, no file per subject', async () => {
    const keys = await openKeyStore(await open(), randomBytes(32));
    const subjects = Array.from({ length: 300 }, (_, index) => `customer-f${index}`);
    await Promise.all(subjects.map((subject) => keys.createDataKey(subject)));
    const names = await readdir(dir);
    expect(names).to.include.members(['.check', 'LOCK']);
    const shards = names.filter((name) => SHARD_FILE.test(name));
    expect(names.filter((name) => !SHARD_FILE.test(name)).sort()).to.deep.equal(['.check', 'LOCK']);
    expect(shards.length).to.be.within(100, 256);
    const wrapped = await (await open()).getMany(subjects);
    expect(wrapped.every((key) => key?.length === 60)).to.equal(true);
  });

  it('leaves the bytes of a destroyed key in no file of the folder, and keeps the others', async () => {
    const storage = await open();
    const others = Array.from({ length: 600 }, (_, index) => [`owner-g${index}`, randomBytes(60)] as const);
    for (const [subject, wrapped] of others) await storage.putIfAbsent(subject, wrapped);
    const doomed = randomBytes(60);
    await storage.putIfAbsent('customer-g1', doomed);
    const holding = (files: Map<string, Buffer>) => [...files].filter(([, bytes]) => bytes.includes(doomed)).map(([name]) => name);
    expect(holding(await folderFiles(dir))).to.have.length(1);

    await storage.delete('customer-g1');
    expect(holding(await folderFiles(dir))).to.deep.equal([]);
    expect([...(await folderFiles(dir)).values()].some((bytes) => bytes.includes('customer-g1'))).to.equal(false);
    await storage.close();
    const reopened = await open();
    expect(await reopened.get('customer-g1')).to.equal(undefined);
    const kept = await reopened.getMany(others.map(([subject]) => subject));
    expect(kept.every((key, index) => key!.equals(others[index]![1]))).to.equal(true);
  });

  it('reads a damaged shard as an error naming its file, never as erased people', async () => {
    const storage = await open();
    await storage.putIfAbsent('customer-h1', randomBytes(60));
    await storage.close();
    const [shard] = (await readdir(dir)).filter((name) => SHARD_FILE.test(name));
    const file = path.join(dir, shard!);
    const bytes = await readFile(file);
    bytes[Math.floor(bytes.length / 2)] ^= 0x01;
    await writeFile(file, bytes);

    const reopened = await open();
    for (const read of [reopened.get('customer-h1'), reopened.getMany(['customer-h1']), reopened.delete('customer-h1')]) {
      const error = await rejection(read);
      expect(error).to.be.instanceOf(KeyStoreLockedError);
      expect((error as Error).message).to.contain(file);
    }
    expect((await readFile(file)).equals(bytes)).to.equal(true);
  });

  it('is refused to another process while any handle of this one is open, and allowed once the last is closed', async function () {
    this.timeout(60_000);
    const first = await open();
    const second = await open();
    await first.close();
    const refused = await openInChild(dir);
    expect(refused).to.match(/^KeyStoreInUseError: personal data key store at .* is already open in live process \d+/);
    expect(refused).to.contain(dir);
    await second.close();
    expect(await openInChild(dir)).to.equal('opened');
  });

  it("folds a folder of the layout before (a file per subject) into shards on open, removing the old files and a crash's temp file", async () => {
    const check = randomBytes(60);
    await writeFile(path.join(dir, '.check'), check);
    const keys = Array.from({ length: 40 }, (_, index) => [`customer-i${index}`, randomBytes(60)] as const);
    for (const [subject, wrapped] of keys) await writeFile(path.join(dir, `${subject}.key`), wrapped);
    await writeFile(path.join(dir, '.0123456789ab.tmp'), randomBytes(60));

    const storage = await open();
    const names = await readdir(dir);
    expect(names.filter((name) => !SHARD_FILE.test(name)).sort()).to.deep.equal(['.check', 'LOCK']);
    const read = await storage.getMany(keys.map(([subject]) => subject));
    expect(read.every((key, index) => key!.equals(keys[index]![1]))).to.equal(true);
    expect((await storage.checkValue())!.equals(check)).to.equal(true);
  });

  it("takes a leftover old file equal to its shard's key as a fold cut short, and refuses one that differs, naming both files", async () => {
    const wrapped = randomBytes(60);
    const storage = await open();
    await storage.putIfAbsent('customer-j1', wrapped);
    await storage.close();
    const [shard] = (await readdir(dir)).filter((name) => SHARD_FILE.test(name));
    const old = path.join(dir, 'customer-j1.key');

    await writeFile(old, wrapped);
    const again = await open();
    expect((await again.get('customer-j1'))!.equals(wrapped)).to.equal(true);
    expect(await readdir(dir)).to.not.include('customer-j1.key');
    await again.close();

    await writeFile(old, randomBytes(60));
    const refused = (await rejection(createFileKeyStorage(dir))) as Error;
    expect(refused.message).to.contain(path.join(dir, shard!)).and.to.contain(old);
    expect(await openInChild(dir)).to.match(/differs between/);
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
