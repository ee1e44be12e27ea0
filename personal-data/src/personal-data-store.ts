/**
 * The event store with personal data encrypted at rest: `withPersonalData(store, keys)`
 * encrypts the fields `contracts` declares personal (`personalDataOf`) on append, under
 * the subject's data key (created on the subject's first event), and decrypts them on
 * every read path, so deciders, projections and reactors see plain values and never
 * handle keys. A field whose key is destroyed reads as ERASED, never as an error; a field
 * that does not decrypt under an existing key (tampered, moved) is an error.
 * An event's fields are written sealed together (record-cipher.ts); fields encrypted one
 * by one (field-cipher.ts, the format before) and values written before encryption (plain
 * text) read as they are stored.
 */
import { LRUCache } from 'lru-cache';
import { ERASED, personalFieldsOf, type PersonalFields } from '@stays/contracts';
import type { EventData, EventStore, RecordedEvent, Subscription, SubscriptionHandler } from '@stays/event-store';
import { FieldIntegrityError, decryptField, isEncryptedField } from './field-cipher.ts';
import { DATA_KEY_CACHE_TTL_MS, type KeyStore } from './key-store.ts';
import { isSealedValue, openFields, sealFields } from './record-cipher.ts';
import { subscribeRevealingAhead } from './reveal-ahead-subscription.ts';

/**
 * Plain values of records this process encrypted or decrypted lately: one event is read by
 * every follower of the log (projections, each reactor) and by the command side's loads,
 * and decrypting it each time cost more than the rest of its reading. One entry per record,
 * found by its first encrypted value (unique: every value has a fresh random IV) and used
 * only when the record's subject, type, fields and every stored value are the ones cached,
 * so a value moved elsewhere is still refused; used only while the subject's key exists
 * (checked on every read), so a destroyed key erases at once. One lookup per record rather
 * than one per field under a joined place-and-value key: the personal data benchmark's full
 * replay spent ~320 ms of its 3.9 s in LRU lookups and stores (this cache and the keys'), and under
 * 70 ms of 3.3 s with this one (CPU profiles, load 5–8).
 */
interface PlainRecord {
  readonly subject: string;
  readonly type: string;
  readonly fields: readonly string[];
  readonly stored: readonly string[];
  readonly values: readonly unknown[];
}
type PlainValues = LRUCache<string, PlainRecord>;
const PLAIN_RECORDS_CACHED = 20_000;

function cachedValues(
  plainValues: PlainValues | undefined,
  subject: string,
  type: string,
  fields: readonly string[],
  data: Readonly<Record<string, unknown>>,
): readonly unknown[] | undefined {
  const cached = plainValues?.get(data[fields[0]!] as string);
  if (cached === undefined || cached.subject !== subject || cached.type !== type || cached.fields.length !== fields.length) return undefined;
  for (let i = 0; i < fields.length; i++) if (cached.fields[i] !== fields[i] || cached.stored[i] !== data[fields[i]!]) return undefined;
  return cached.values;
}

/**
 * Records this store revealed lately, by the stored record object. A log that hands every
 * reader the same frozen record (the embedded store does: each projection and reactor
 * follows the log through its own subscription) gets its personal fields decrypted once,
 * and each further reader receives the same revealed record. A frozen record cannot
 * change, so its revealed form cannot be of other stored values; records of a store that
 * builds new objects per read (EventStoreDB) miss here and go through PlainValues.
 * An entry serves only while no key was destroyed in this process since it was revealed
 * (so a destroyed key erases at once) and for at most DATA_KEY_CACHE_TTL_MS (the time a key
 * read from the store serves, which bounds how long a key destroyed by another process
 * still reads): two comparisons per record rather than a key lookup per subject.
 * Bounded like PlainValues, so plain values do not stay in memory for the whole log.
 */
interface Revealed {
  readonly record: RecordedEvent;
  /** The key store's destroyCount() and the time (ms) before the keys were read. */
  readonly destroyCount: number;
  readonly readAt: number;
}
type RevealedRecords = LRUCache<RecordedEvent, Revealed>;

interface RevealCaches {
  readonly plainValues: PlainValues;
  readonly revealed: RevealedRecords;
}

/** The revealed form of a record, when a recent read of its keys still vouches for it. */
function sharedReveal(caches: RevealCaches | undefined, record: RecordedEvent, destroyCount: number, now: number): RecordedEvent | undefined {
  const known = caches?.revealed.get(record);
  return known !== undefined && known.destroyCount === destroyCount && now - known.readAt < DATA_KEY_CACHE_TTL_MS ? known.record : undefined;
}

/**
 * The personal-data layer. Every read path reveals on the calling thread: a subscription's
 * batches ahead of its handler (reveal-ahead-subscription.ts), so the keys of the next batch
 * are read while the handler applies the one before; `readStream` and `readAll` (the command
 * side's loads, the audit API) as they are read.
 */
export function withPersonalData(store: EventStore, keys: KeyStore): EventStore {
  const caches: RevealCaches = { plainValues: new LRUCache({ max: PLAIN_RECORDS_CACHED }), revealed: new LRUCache({ max: PLAIN_RECORDS_CACHED }) };
  const revealAll = (records: readonly RecordedEvent[]) => revealRecords(records, keys, caches);
  const batches = new SharedBatches(keys);
  /** Subscriptions revealing ahead: closed before the store, so none hands on a batch it revealed before the store closed. */
  const following = new Set<Subscription>();
  let closed = false;
  return {
    append: async (streamId, events, options) =>
      store.append(streamId, await Promise.all(events.map((event) => encryptEvent(event, keys, caches.plainValues))), options),
    readStream: async (streamId, options) => revealAll(await store.readStream(streamId, options)),
    readAll: async (options) => revealAll(await store.readAll(options)),
    readAt: async (positions) => revealAll(await store.readAt(positions)),
    headPosition: () => store.headPosition(),
    subscribeToAll: (options, handler) => {
      if (!closed) {
        const subscription = subscribeRevealingAhead(
          store,
          options,
          handler,
          {
            reveal: (events) => batches.reveal(events, revealAll),
            destroyCount: () => keys.destroyCount(),
          },
          () => following.delete(subscription),
        );
        following.add(subscription);
        return subscription;
      }
      const revealing: SubscriptionHandler = {
        onBatch: async (events) => handler.onBatch(await batches.reveal(events, revealAll)),
        ...(handler.onCaughtUp && { onCaughtUp: () => handler.onCaughtUp!() }),
        ...(handler.onError && { onError: (error: unknown) => handler.onError!(error) }),
      };
      return store.subscribeToAll(options, revealing);
    },
    close: async () => {
      closed = true;
      await Promise.all([...following].map((subscription) => subscription.close()));
      await store.close();
    },
  };
}

/** A batch revealed for one subscription, for the others that read the same records. */
interface SharedBatch {
  readonly records: readonly RecordedEvent[];
  /** Resolves to undefined when the batch is not to be shared (a record in it read as erased). */
  readonly revealed: Promise<readonly RecordedEvent[] | undefined>;
  readonly destroyCount: number;
  readonly readAt: number;
}

/**
 * Subscription batches revealed lately, by their first record. Every projection and reactor
 * follows the log with its own subscription, and while they catch up they read the same
 * batches of the store's own frozen records: the first to ask reveals a batch (or is
 * revealing it), and the others get the result for a comparison per record instead of a
 * look at every record and a cache lookup for each personal one (the replay benchmark's four
 * projections read 200,000 records each). Shared like a revealed
 * record (see RevealedRecords): while no key was destroyed in this process since, for at
 * most DATA_KEY_CACHE_TTL_MS, and only a batch with no record read as erased, since a
 * missing key is never remembered (another process may create it a moment later).
 */
class SharedBatches {
  /**
   * Followers catching up read within a few batches of each other (each holds at most three,
   * reveal-ahead-subscription.ts), so 16 covers them; every batch kept keeps its revealed
   * records alive for the garbage collector to copy. With 64 the sign-ups replay's main thread
   * took 920–1,040 ms of CPU against 860–890 ms with 16 (best of six each, load 1.5–2).
   */
  private readonly batches = new LRUCache<RecordedEvent, SharedBatch>({ max: 16 });

  constructor(private readonly keys: KeyStore) {}

  async reveal(records: readonly RecordedEvent[], reveal: (records: readonly RecordedEvent[]) => Promise<RecordedEvent[]>): Promise<RecordedEvent[]> {
    const first = records[0];
    if (first === undefined || !Object.isFrozen(first)) return reveal(records);
    const destroyCount = this.keys.destroyCount();
    const readAt = Date.now();
    const known = this.batches.get(first);
    if (known !== undefined && known.destroyCount === destroyCount && readAt - known.readAt < DATA_KEY_CACHE_TTL_MS && sameRecords(known.records, records)) {
      const revealed = await known.revealed;
      if (revealed !== undefined && this.keys.destroyCount() === destroyCount) return revealed.slice();
    }
    const revealing = reveal(records);
    const shared = revealing.then((revealed) => (allShareable(revealed) ? revealed : undefined));
    const entry: SharedBatch = { records, destroyCount, readAt, revealed: shared };
    // a batch that fails to reveal fails whoever awaits it now, and is forgotten, so a retry (the key store back) reveals it
    // anew; no unhandled rejection when nobody awaits it
    shared.catch(() => {
      if (this.batches.get(first) === entry) this.batches.delete(first);
    });
    this.batches.set(first, entry);
    return revealing;
  }
}

function sameRecords(a: readonly RecordedEvent[], b: readonly RecordedEvent[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Every record the store's own frozen one, or the frozen revealed form of one; a record read as erased is neither. */
function allShareable(records: readonly RecordedEvent[]): boolean {
  for (const record of records) if (!Object.isFrozen(record)) return false;
  return true;
}

/** The event as it will be stored: its personal fields encrypted (null and absent ones left as they are). */
async function encryptEvent(event: EventData, keys: KeyStore, plainValues: PlainValues): Promise<EventData> {
  const declared = personalFieldsOf(event.type);
  if (declared === undefined) return event;
  const present = declared.fields.filter((field) => event.data[field] !== undefined && event.data[field] !== null);
  if (present.length === 0) return event;
  const subject = declared.subject(event.data);
  const key = await keys.createDataKey(subject);
  const data = { ...event.data };
  const values = present.map((field) => data[field]);
  const stored = sealFields(key, { subject, type: event.type, fields: present }, values);
  present.forEach((field, i) => (data[field] = stored[i]));
  plainValues.set(stored[0]!, { subject, type: event.type, fields: present, stored, values });
  return { ...event, data };
}

/** A copy of one stored record with its personal fields decrypted (ERASED where the key is gone). */
export async function revealRecord(record: RecordedEvent, keys: KeyStore): Promise<RecordedEvent> {
  return (await revealRecords([record], keys))[0]!;
}

/**
 * The records with their personal fields decrypted, on this thread. The subjects' keys are
 * read in one call (with MongoDB, one query for the keys not cached), and records without
 * encrypted fields are handed on as they are (a replay is mostly such records).
 */
async function revealRecords(records: readonly RecordedEvent[], keys: KeyStore, caches?: RevealCaches): Promise<RecordedEvent[]> {
  const revealed = records.slice();
  const encrypted: { readonly index: number; readonly subject: string; readonly fields: EncryptedFields }[] = [];
  const subjects = new Set<string>();
  const destroyCount = keys.destroyCount();
  const readAt = Date.now();
  records.forEach((record, index) => {
    const declared = personalFieldsOf(record.type);
    if (declared === undefined) return;
    const shared = sharedReveal(caches, record, destroyCount, readAt);
    if (shared !== undefined) {
      revealed[index] = shared;
      return;
    }
    const fields = encryptedFieldsOf(record, declared);
    if (fields === undefined) return;
    const subject = declared.subject(record.data);
    subjects.add(subject);
    encrypted.push({ index, subject, fields });
  });
  if (encrypted.length === 0) return revealed;
  const asked = [...subjects];
  const found = await keys.dataKeys(asked);
  const keyOf = new Map(asked.map((subject, i) => [subject, found[i]]));
  for (const { index, subject, fields } of encrypted) {
    const record = revealed[index]!;
    const key = keyOf.get(subject);
    if (key === undefined) {
      revealed[index] = withValues(
        record,
        fields.names,
        fields.names.map(() => ERASED),
      );
      // the plain values of an erased person are no longer kept once a read finds the key gone
      caches?.revealed.delete(record);
      caches?.plainValues.delete(record.data[fields.names[0]!] as string);
    } else {
      const plain = withValues(record, fields.names, plainValuesOf(record, subject, fields, key, caches?.plainValues));
      // a frozen record is the store's own, handed to every reader: its revealed form is shared the same way
      if (Object.isFrozen(record)) caches?.revealed.set(record, { record: frozen(plain), destroyCount, readAt });
      revealed[index] = plain;
    }
  }
  return revealed;
}

/** Which of a record's fields are encrypted: all present ones sealed together, or those encrypted one by one. */
interface EncryptedFields {
  readonly names: readonly string[];
  readonly sealed: boolean;
}

/** Throws FieldIntegrityError for a sealed value found anywhere but in the first present field (where it is written). */
function encryptedFieldsOf(record: RecordedEvent, declared: PersonalFields): EncryptedFields | undefined {
  const present = declared.fields.filter((field) => record.data[field] !== undefined && record.data[field] !== null);
  if (present.length > 0 && isSealedValue(record.data[present[0]!])) return { names: present, sealed: true };
  const misplaced = present.find((field) => isSealedValue(record.data[field]));
  if (misplaced !== undefined)
    throw new FieldIntegrityError(`${record.type}.${misplaced} at ${record.position} holds sealed values moved from where they were sealed`);
  const names = present.filter((field) => isEncryptedField(record.data[field]));
  return names.length === 0 ? undefined : { names, sealed: false };
}

/** The plain values of the encrypted fields, from the cache when it holds this very record. */
function plainValuesOf(record: RecordedEvent, subject: string, fields: EncryptedFields, key: Buffer, plainValues: PlainValues | undefined): readonly unknown[] {
  const { names } = fields;
  const cached = cachedValues(plainValues, subject, record.type, names, record.data);
  if (cached !== undefined) return cached;
  const values = fields.sealed
    ? openFields(
        key,
        { subject, type: record.type, fields: names },
        names.map((field) => record.data[field]),
      )
    : names.map((field) => decryptField(key, { subject, type: record.type, field }, record.data[field] as string));
  plainValues?.set(record.data[names[0]!] as string, {
    subject,
    type: record.type,
    fields: names,
    stored: names.map((field) => record.data[field] as string),
    values,
  });
  return values;
}

function withValues(record: RecordedEvent, names: readonly string[], values: readonly unknown[]): RecordedEvent {
  const data = { ...record.data };
  names.forEach((field, i) => (data[field] = values[i]));
  return { ...record, data };
}

/** The record and its data frozen, like the store's own records. */
function frozen(record: RecordedEvent): RecordedEvent {
  Object.freeze(record.data);
  return Object.freeze(record);
}
