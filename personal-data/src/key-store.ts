/**
 * The data keys of personal data: one 32-byte random key per subject (an account stream
 * name), kept wrapped (AES-256-GCM under the master key, the subject as additional data)
 * in a storage adapter (files in the embedded mode, a MongoDB collection in production).
 * Destroying a subject's key is what erases them: every field encrypted under it reads as
 * erased from then on.
 *
 * The storage also holds a check value, wrapped like a key: it tells "the master key opens
 * this store" apart from "this is a store of another key" or "the store was lost", so a
 * wrong or missing key stops the process instead of showing everyone as erased.
 */
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto';
import { LRUCache } from 'lru-cache';
import { messages } from '@stays/contracts';
import { ServiceUnavailableError } from '@stays/service-kit';

export const DATA_KEY_BYTES = 32;
export const MASTER_KEY_BYTES = 32;

/** What an adapter keeps: wrapped keys by subject, and the check value. Knows nothing of crypto. */
export interface WrappedKeyStorage {
  get(subject: string): Promise<Buffer | undefined>;
  /** The wrapped keys of `subjects`, in their order (undefined where a subject has none), read together. */
  getMany(subjects: readonly string[]): Promise<(Buffer | undefined)[]>;
  /** Stores `wrapped` unless the subject has a key already; resolves to the one stored. */
  putIfAbsent(subject: string, wrapped: Buffer): Promise<Buffer>;
  /** Gone for good once this resolves (durable); a subject with no key is no error. */
  delete(subject: string): Promise<void>;
  checkValue(): Promise<Buffer | undefined>;
  /** Stores the check value unless there is one; resolves to the one stored. */
  putCheckValueIfAbsent(value: Buffer): Promise<Buffer>;
  close(): Promise<void>;
}

/** The key store port, as the personal-data layer and the erasure use it. */
export interface KeyStore {
  /** The subject's data key, or undefined when it has none (never had one, or it was destroyed). */
  dataKey(subject: string): Promise<Buffer | undefined>;
  /** dataKey of each of `subjects`, in order, those not cached read from the storage together (one MongoDB query for a replay's batch). */
  dataKeys(subjects: readonly string[]): Promise<(Buffer | undefined)[]>;
  /** The subject's data key, created when it has none; concurrent calls get the same key. */
  createDataKey(subject: string): Promise<Buffer>;
  /** Destroys the subject's key, durably; at once unreadable in this process. */
  destroy(subject: string): Promise<void>;
  /**
   * Grows whenever this process destroys a key, once before the key is deleted and once after:
   * a key read while it did not change (a batch revealed ahead of its handler) was not destroyed here.
   */
  destroyCount(): number;
  /**
   * Whether this process destroyed (or is destroying) the subject's key since destroyCount()
   * was `count`: a key read then may be one destroyed since. Synchronous, for records whose
   * fields are opened when read (readable-record.ts).
   */
  destroyedSince(subject: string, count: number): boolean;
  close(): Promise<void>;
}

/** The master key does not open the key store (another deployment's key, or a damaged store). */
export class KeyStoreLockedError extends Error {
  override readonly name = 'KeyStoreLockedError';
  /** Its message says what to do; processes print it alone (service-kit's explainsItself). */
  readonly forOperator = true;
}

/**
 * The key store cannot be reached for now (MongoDB without a primary, a dropped connection):
 * a retry may succeed. Subscriptions through the layer try again with backoff; a request
 * that needed the keys is answered 503.
 */
export class KeyStoreUnavailableError extends ServiceUnavailableError {
  override readonly name = 'KeyStoreUnavailableError';

  /** `cause`: the store's own error, for the logs (the message is the one clients see). */
  constructor(cause: unknown) {
    super(messages.server.personalDataUnavailable, 1);
    this.cause = cause;
  }
}

/** A subject's key does not unwrap under the master key: damage, never erasure. */
export const damagedKeyError = (subject: string): KeyStoreLockedError =>
  new KeyStoreLockedError(`the data key of ${subject} does not decrypt with the master key: the key store is damaged`);

/** Subjects are account stream names; adapters use them as file names and ids. */
const SUBJECT = /^[a-z0-9][a-z0-9-]{0,127}$/;

export function assertSubject(subject: string): void {
  if (!SUBJECT.test(subject)) throw new TypeError(`not a personal data subject: ${JSON.stringify(subject)}`);
}

/**
 * How long an unwrapped key stays cached. This process drops a key it destroys at once;
 * other processes (the production projections worker, reactors, other command replicas)
 * keep using a cached copy until it ages out, so this bounds how long an erased person
 * stays readable there after the erasure: one minute, against one key-store read per
 * subject per minute per process for subjects in use.
 */
export const DATA_KEY_CACHE_TTL_MS = 60_000;
const DATA_KEY_CACHE_ENTRIES = 10_000;

const CHECK_SUBJECT = '.check';
// Stryker disable next-line StringLiteral: Buffer.from reads an empty encoding name as UTF-8
const CHECK_PLAINTEXT = Buffer.from('stays personal data key store', 'utf8');
const IV_BYTES = 12;
const TAG_BYTES = 16;

function wrap(masterKey: Buffer, subject: string, plain: Buffer): Buffer {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv('aes-256-gcm', masterKey, iv);
  // Stryker disable next-line StringLiteral: Buffer.from reads an empty encoding name as UTF-8
  cipher.setAAD(Buffer.from(subject, 'utf8'));
  return Buffer.concat([iv, cipher.update(plain), cipher.final(), cipher.getAuthTag()]);
}

function unwrap(masterKey: Buffer, subject: string, wrapped: Buffer): Buffer | undefined {
  // Stryker disable next-line all: without it a value this short fails the tag check below, and a 28-byte one unwraps to no key at all: both damage
  if (wrapped.length < IV_BYTES + TAG_BYTES) return undefined;
  try {
    const decipher = createDecipheriv('aes-256-gcm', masterKey, wrapped.subarray(0, IV_BYTES));
    // Stryker disable next-line StringLiteral: Buffer.from reads an empty encoding name as UTF-8
    decipher.setAAD(Buffer.from(subject, 'utf8'));
    decipher.setAuthTag(wrapped.subarray(wrapped.length - TAG_BYTES));
    return Buffer.concat([decipher.update(wrapped.subarray(IV_BYTES, wrapped.length - TAG_BYTES)), decipher.final()]);
  } catch {
    return undefined;
  }
}

/** Whether the storage has a check value (a key store was set up there). */
export const isInitialised = async (storage: WrappedKeyStorage): Promise<boolean> => (await storage.checkValue()) !== undefined;

/**
 * The key store over `storage`, opened with `masterKey`: writes the check value into an
 * empty storage, and refuses (KeyStoreLockedError) a storage the master key does not open.
 */
export async function openKeyStore(storage: WrappedKeyStorage, masterKey: Buffer): Promise<KeyStore> {
  if (masterKey.length !== MASTER_KEY_BYTES)
    throw new KeyStoreLockedError(`the personal data master key must be ${MASTER_KEY_BYTES} bytes, not ${masterKey.length}`);
  const check = await storage.putCheckValueIfAbsent(wrap(masterKey, CHECK_SUBJECT, CHECK_PLAINTEXT));
  const opened = unwrap(masterKey, CHECK_SUBJECT, check);
  if (opened === undefined || !opened.equals(CHECK_PLAINTEXT)) {
    throw new KeyStoreLockedError(
      "the personal data master key does not open the key store (its check value does not decrypt): another deployment's key, or a damaged store",
    );
  }
  return new WrappedKeyStore(storage, masterKey);
}

class WrappedKeyStore implements KeyStore {
  private readonly cache = new LRUCache<string, Buffer>({ max: DATA_KEY_CACHE_ENTRIES, ttl: DATA_KEY_CACHE_TTL_MS });
  private readonly creating = new Map<string, Promise<Buffer>>();
  /**
   * Destroys in this process, counted before and after the storage deletes the key: a read
   * that started before a destroy had finished must not cache the key again.
   */
  private generation = 0;
  /**
   * The generation each subject's latest destroy in this process started at: one entry per
   * erasure in the process's life (a few bytes each; erasures are rare), so a record read
   * before it reads as erased however long it is held.
   */
  private readonly destroyed = new Map<string, number>();

  constructor(
    private readonly storage: WrappedKeyStorage,
    private readonly masterKey: Buffer,
  ) {}

  async dataKey(subject: string): Promise<Buffer | undefined> {
    assertSubject(subject);
    const cached = this.cache.get(subject);
    if (cached !== undefined) return cached;
    const generation = this.generation;
    const wrapped = await this.storage.get(subject);
    // Absence is never cached: another process may create the key a moment later.
    if (wrapped === undefined) return undefined;
    return this.remember(subject, this.unwrapOrThrow(subject, wrapped), generation);
  }

  async dataKeys(subjects: readonly string[]): Promise<(Buffer | undefined)[]> {
    subjects.forEach(assertSubject);
    const keys = subjects.map((subject) => this.cache.get(subject));
    const missing = subjects.filter((_, i) => keys[i] === undefined);
    if (missing.length === 0) return keys;
    const generation = this.generation;
    const wrapped = await this.storage.getMany(missing);
    let next = 0;
    return keys.map((cached, i) => {
      if (cached !== undefined) return cached;
      const stored = wrapped[next++];
      return stored === undefined ? undefined : this.remember(subjects[i]!, this.unwrapOrThrow(subjects[i]!, stored), generation);
    });
  }

  createDataKey(subject: string): Promise<Buffer> {
    const inFlight = this.creating.get(subject);
    if (inFlight !== undefined) return inFlight;
    const created = (async () => {
      const existing = await this.dataKey(subject);
      if (existing !== undefined) return existing;
      const generation = this.generation;
      const stored = await this.storage.putIfAbsent(subject, wrap(this.masterKey, subject, randomBytes(DATA_KEY_BYTES)));
      return this.remember(subject, this.unwrapOrThrow(subject, stored), generation);
    })().finally(() => this.creating.delete(subject));
    this.creating.set(subject, created);
    return created;
  }

  async destroy(subject: string): Promise<void> {
    assertSubject(subject);
    this.generation++;
    this.destroyed.set(subject, this.generation);
    this.cache.delete(subject);
    await this.storage.delete(subject);
    this.generation++;
    this.cache.delete(subject);
  }

  destroyCount(): number {
    return this.generation;
  }

  destroyedSince(subject: string, count: number): boolean {
    // a key read from `count` on may still be the one a destroy that started at `count` deletes
    return (this.destroyed.get(subject) ?? -1) >= count;
  }

  close(): Promise<void> {
    this.cache.clear();
    return this.storage.close();
  }

  private remember(subject: string, key: Buffer, generation: number): Buffer {
    if (generation === this.generation) this.cache.set(subject, key);
    return key;
  }

  /** A key the master key does not open is damage, never erasure: reading stops rather than showing the person as erased. */
  private unwrapOrThrow(subject: string, wrapped: Buffer): Buffer {
    const key = unwrap(this.masterKey, subject, wrapped);
    if (key === undefined || key.length !== DATA_KEY_BYTES) throw damagedKeyError(subject);
    return key;
  }
}
