/**
 * The key store over a storage double that counts its reads and can hold a read back: the
 * wrapped format, the check value, the cache, concurrent creation and reads racing a destroy.
 * The adapters themselves are in key-store.contract.test.ts.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { expect } from 'chai';
import {
  DATA_KEY_BYTES,
  KeyStoreLockedError,
  KeyStoreUnavailableError,
  damagedKeyError,
  isInitialised,
  openKeyStore,
  type WrappedKeyStorage,
} from '../src/key-store.ts';

class StorageDouble implements WrappedKeyStorage {
  readonly keys = new Map<string, Buffer>();
  check: Buffer | undefined;
  reads: string[] = [];
  puts = 0;
  closed = false;
  /** When set, reads wait for it. */
  gate: Promise<void> | undefined;

  async get(subject: string): Promise<Buffer | undefined> {
    this.reads.push(subject);
    await this.gate;
    return this.keys.get(subject);
  }
  async getMany(subjects: readonly string[]): Promise<(Buffer | undefined)[]> {
    this.reads.push(...subjects);
    await this.gate;
    return subjects.map((subject) => this.keys.get(subject));
  }
  async putIfAbsent(subject: string, wrapped: Buffer): Promise<Buffer> {
    this.puts++;
    await Promise.resolve();
    if (!this.keys.has(subject)) this.keys.set(subject, wrapped);
    return this.keys.get(subject)!;
  }
  async delete(subject: string): Promise<void> {
    this.keys.delete(subject);
  }
  async checkValue(): Promise<Buffer | undefined> {
    return this.check;
  }
  async putCheckValueIfAbsent(value: Buffer): Promise<Buffer> {
    this.check ??= value;
    return this.check;
  }
  async close(): Promise<void> {
    this.closed = true;
  }
}

/** The documented wrapping: 12-byte IV ‖ AES-256-GCM ciphertext ‖ 16-byte tag, the subject as additional data. */
function wrapByHand(masterKey: Buffer, subject: string, plain: Buffer): Buffer {
  const iv = randomBytes(12);
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
  cipher.setAAD(Buffer.from(subject, 'utf8'));
  return Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

function unwrapByHand(masterKey: Buffer, subject: string, wrapped: Buffer): Buffer {
  const decipher = createDecipheriv('aes-256-gcm', masterKey, wrapped.subarray(0, 12));
  decipher.setAAD(Buffer.from(subject, 'utf8'));
  decipher.setAuthTag(wrapped.subarray(wrapped.length - 16));
  return Buffer.concat([decipher.update(wrapped.subarray(12, wrapped.length - 16)), decipher.final()]);
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected a rejection');
}

const masterKey = randomBytes(32);

describe('personal data key store', () => {
  it('writes the documented check value into an empty storage, and opens a storage holding one', async () => {
    const storage = new StorageDouble();
    expect(await isInitialised(storage)).to.equal(false);
    await openKeyStore(storage, masterKey);
    expect(await isInitialised(storage)).to.equal(true);
    expect(unwrapByHand(masterKey, '.check', storage.check!).toString('utf8')).to.equal('stays personal data key store');

    const written = new StorageDouble();
    written.check = wrapByHand(masterKey, '.check', Buffer.from('stays personal data key store', 'utf8'));
    written.keys.set('customer-a1', wrapByHand(masterKey, 'customer-a1', Buffer.alloc(DATA_KEY_BYTES, 7)));
    const keys = await openKeyStore(written, masterKey);
    expect(await keys.dataKey('customer-a1')).to.deep.equal(Buffer.alloc(DATA_KEY_BYTES, 7));
  });

  it('wraps each data key under the master key with its subject as additional data', async () => {
    const storage = new StorageDouble();
    const keys = await openKeyStore(storage, masterKey);
    const key = await keys.createDataKey('customer-b2');
    expect(key).to.have.length(DATA_KEY_BYTES);
    expect(unwrapByHand(masterKey, 'customer-b2', storage.keys.get('customer-b2')!)).to.deep.equal(key);
  });

  it('refuses a master key of another length, another master key, and a check value of other text', async () => {
    const short = await rejection(openKeyStore(new StorageDouble(), randomBytes(16)));
    expect(short).to.be.instanceOf(KeyStoreLockedError);
    expect(short.message).to.equal('the personal data master key must be 32 bytes, not 16');
    const storage = new StorageDouble();
    await openKeyStore(storage, masterKey);
    const locked = await rejection(openKeyStore(storage, randomBytes(32)));
    expect(locked).to.be.instanceOf(KeyStoreLockedError);
    expect(locked.message).to.equal(
      "the personal data master key does not open the key store (its check value does not decrypt): another deployment's key, or a damaged store",
    );
    const other = new StorageDouble();
    other.check = wrapByHand(masterKey, '.check', Buffer.from('another product', 'utf8'));
    expect(await rejection(openKeyStore(other, masterKey))).to.be.instanceOf(KeyStoreLockedError);
    const truncated = new StorageDouble();
    truncated.check = Buffer.alloc(20);
    expect(await rejection(openKeyStore(truncated, masterKey))).to.be.instanceOf(KeyStoreLockedError);
  });

  it('names its errors so that processes print them alone', () => {
    const locked = damagedKeyError('customer-c3');
    expect(locked.name).to.equal('KeyStoreLockedError');
    expect(locked.forOperator).to.equal(true);
    expect(locked.message).to.equal('the data key of customer-c3 does not decrypt with the master key: the key store is damaged');
    const unavailable = new KeyStoreUnavailableError(new Error('no primary'));
    expect(unavailable.name).to.equal('KeyStoreUnavailableError');
    expect((unavailable.cause as Error).message).to.equal('no primary');
  });

  it('treats a data key that does not unwrap, or unwraps to another length, as damage, never as erasure', async () => {
    const storage = new StorageDouble();
    const keys = await openKeyStore(storage, masterKey);
    storage.keys.set('customer-d4', wrapByHand(randomBytes(32), 'customer-d4', randomBytes(32)));
    storage.keys.set('customer-e5', wrapByHand(masterKey, 'customer-e5', randomBytes(16)));
    storage.keys.set('customer-f6', wrapByHand(masterKey, 'customer-other', randomBytes(32)));
    storage.keys.set('customer-g7', Buffer.alloc(27));
    for (const subject of ['customer-d4', 'customer-e5', 'customer-f6', 'customer-g7']) {
      const error = await rejection(keys.dataKey(subject));
      expect(error.message, subject).to.equal(`the data key of ${subject} does not decrypt with the master key: the key store is damaged`);
      expect(await rejection(keys.dataKeys([subject])), subject).to.be.instanceOf(KeyStoreLockedError);
    }
  });

  it('refuses a subject that is not an account stream name', async () => {
    const keys = await openKeyStore(new StorageDouble(), masterKey);
    for (const subject of ['Customer-A', '-customer', '', 'a'.repeat(129), 'customer/../x']) {
      const error = await rejection(keys.dataKey(subject));
      expect(error, subject).to.be.instanceOf(TypeError);
      expect(error.message).to.equal(`not a personal data subject: ${JSON.stringify(subject)}`);
    }
    expect(await keys.dataKey('a'.repeat(128))).to.equal(undefined);
  });

  it('reads a key from the storage once, then from its cache; a missing key every time', async () => {
    const storage = new StorageDouble();
    const keys = await openKeyStore(storage, masterKey);
    const key = await keys.createDataKey('customer-h8');
    storage.reads = [];
    expect(await keys.dataKey('customer-h8')).to.deep.equal(key);
    expect(await keys.dataKey('customer-nobody')).to.equal(undefined);
    expect(await keys.dataKey('customer-nobody')).to.equal(undefined);
    expect(storage.reads).to.deep.equal(['customer-nobody', 'customer-nobody']);

    const other = await openKeyStore(storage, masterKey);
    storage.reads = [];
    expect(await other.dataKeys(['customer-h8', 'customer-nobody'])).to.deep.equal([key, undefined]);
    expect(await other.dataKeys(['customer-nobody', 'customer-h8'])).to.deep.equal([undefined, key]);
    expect(await other.dataKey('customer-h8')).to.deep.equal(key);
    expect(storage.reads).to.deep.equal(['customer-h8', 'customer-nobody', 'customer-nobody']);
  });

  it('creates one key for concurrent calls, none for a subject that has one, and a new one after a destroy', async () => {
    const storage = new StorageDouble();
    const keys = await openKeyStore(storage, masterKey);
    const [first, second] = await Promise.all([keys.createDataKey('customer-i9'), keys.createDataKey('customer-i9')]);
    expect(second).to.deep.equal(first);
    expect(storage.puts).to.equal(1);
    const elsewhere = await openKeyStore(storage, masterKey);
    expect(await elsewhere.createDataKey('customer-i9')).to.deep.equal(first);
    expect(storage.puts).to.equal(1);
    await keys.destroy('customer-i9');
    const renewed = await keys.createDataKey('customer-i9');
    expect(renewed).to.not.deep.equal(first);
    expect(storage.puts).to.equal(2);
  });

  it('does not cache a key read while it was being destroyed, and says a key read from the start of a destroy may be gone', async () => {
    const storage = new StorageDouble();
    const keys = await openKeyStore(storage, masterKey);
    const key = await keys.createDataKey('customer-j1');
    const other = await openKeyStore(storage, masterKey);
    let open!: () => void;
    storage.gate = new Promise((resolve) => (open = resolve));
    const racing = other.dataKey('customer-j1');
    const before = other.destroyCount();
    await other.destroy('customer-j1');
    expect(other.destroyCount()).to.equal(before + 2);
    storage.keys.set('customer-j1', wrapByHand(masterKey, 'customer-j1', key!));
    open();
    storage.gate = undefined;
    expect(await racing).to.deep.equal(key);
    storage.keys.delete('customer-j1');
    expect(await other.dataKey('customer-j1'), 'the key read during the destroy was not cached').to.equal(undefined);

    expect(other.destroyedSince('customer-j1', before)).to.equal(true);
    expect(other.destroyedSince('customer-j1', before + 1)).to.equal(true);
    expect(other.destroyedSince('customer-j1', before + 2)).to.equal(false);
    expect(other.destroyedSince('customer-k2', 0)).to.equal(false);
  });

  it('empties its cache and closes the storage on close', async () => {
    const storage = new StorageDouble();
    const keys = await openKeyStore(storage, masterKey);
    await keys.createDataKey('customer-l3');
    await keys.close();
    expect(storage.closed).to.equal(true);
    storage.reads = [];
    await keys.dataKey('customer-l3');
    expect(storage.reads).to.deep.equal(['customer-l3']);
  });
});
