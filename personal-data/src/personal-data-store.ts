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
import type { EventData, EventStore, RecordedEvent, Subscription } from '@stays/event-store';
import { FieldIntegrityError, isEncryptedField } from './field-cipher.ts';
import { DATA_KEY_CACHE_TTL_MS, type KeyStore } from './key-store.ts';
import { readableRecord, SealedFields, withValues, type EncryptedPlace } from './readable-record.ts';
import { isSealedValue, sealFields } from './record-cipher.ts';
import { subscribeRevealingAhead, type ReadableBatch } from './reveal-ahead-subscription.ts';

/**
 * The personal-data layer. Every read path hands out records whose encrypted fields open
 * when read (readable-record.ts), their subjects' keys read ahead in one call per batch: a
 * subscription's batches ahead of its handler (reveal-ahead-subscription.ts), so the keys of
 * the next batch are read while the handler applies the one before; `readStream`, `readAll`
 * and `readAt` (the command side's loads, the audit API) as they are read.
 */
export function withPersonalData(store: EventStore, keys: KeyStore): EventStore {
  const readable = async (records: readonly RecordedEvent[]) => (await readableRecords(records, keys)).records;
  const batches = new SharedBatches();
  const reveal = (events: readonly RecordedEvent[]) => batches.reveal(events, (records) => readableRecords(records, keys));
  /** Subscriptions revealing ahead: closed before the store, so none hands on a batch it revealed before the store closed. */
  const following = new Set<Subscription>();
  return {
    append: async (streamId, events, options) => store.append(streamId, await Promise.all(events.map((event) => encryptEvent(event, keys))), options),
    readStream: async (streamId, options) => readable(await store.readStream(streamId, options)),
    readAll: async (options) => readable(await store.readAll(options)),
    readAt: async (positions) => readable(await store.readAt(positions)),
    headPosition: () => store.headPosition(),
    ...(store.refusingAppends && { refusingAppends: () => store.refusingAppends!() }),
    subscribeToAll: (options, handler) => {
      const subscription = subscribeRevealingAhead(store, options, handler, { reveal }, () => following.delete(subscription));
      following.add(subscription);
      return subscription;
    },
    close: async () => {
      await Promise.all([...following].map((subscription) => subscription.close()));
      await store.close();
    },
  };
}

/** A batch made readable for one subscription, for the others that read the same records. */
interface SharedBatch {
  readonly records: readonly RecordedEvent[];
  /** Resolves to undefined when the batch is not to be shared (a record in it read as erased). */
  readonly readable: Promise<ReadableBatch | undefined>;
  readonly readAt: number;
}

/**
 * Subscription batches made readable lately, by their first record. Every projection and
 * reactor follows the log with its own subscription, and while they catch up they read the
 * same batches of the store's own frozen records: the first to ask reads the batch's keys
 * and wraps its records, and the others get the same records for a comparison per record,
 * with the values any of them opened (so a name several read models show is decrypted once).
 * Shared for at most DATA_KEY_CACHE_TTL_MS (the time a key read from the store serves, which
 * bounds how long a key destroyed by another process still reads), and only a batch with no
 * record read as erased, since a missing key is never remembered (another process may create
 * it a moment later). A key destroyed in this process reads as erased in shared records too
 * (readable-record.ts).
 */
class SharedBatches {
  /**
   * Followers catching up read within a few batches of each other (each holds at most three,
   * reveal-ahead-subscription.ts), so 16 covers them; every batch kept keeps its records (and
   * the values opened in them) alive for the garbage collector to copy. With 64 the sign-ups
   * replay's main thread took 920–1,040 ms of CPU against 860–890 ms with 16 (best of six
   * each, load 1.5–2).
   */
  private readonly batches = new LRUCache<RecordedEvent, SharedBatch>({ max: 16 });

  async reveal(records: readonly RecordedEvent[], readable: (records: readonly RecordedEvent[]) => Promise<ReadableBatch>): Promise<ReadableBatch> {
    const first = records[0];
    if (first === undefined || !Object.isFrozen(first)) return readable(records);
    const readAt = Date.now();
    const known = this.batches.get(first);
    if (known !== undefined && readAt - known.readAt < DATA_KEY_CACHE_TTL_MS && sameRecords(known.records, records)) {
      const shared = await known.readable;
      if (shared !== undefined) return shared;
    }
    const reading = readable(records);
    const shared = reading.then((batch) => (allShareable(batch.records) ? batch : undefined));
    const entry: SharedBatch = { records, readAt, readable: shared };
    // a batch whose keys could not be read fails whoever awaits it now, and is forgotten, so a retry (the key store back) reads
    // them anew; no unhandled rejection when nobody awaits it
    shared.catch(() => {
      if (this.batches.get(first) === entry) this.batches.delete(first);
    });
    this.batches.set(first, entry);
    return reading;
  }
}

function sameRecords(a: readonly RecordedEvent[], b: readonly RecordedEvent[]): boolean {
  if (a.length !== b.length) return false;
  for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return false;
  return true;
}

/** Every record the store's own frozen one, or the frozen readable form of one; a record read as erased is neither. */
function allShareable(records: readonly RecordedEvent[]): boolean {
  for (const record of records) if (!Object.isFrozen(record)) return false;
  return true;
}

/** The event as it will be stored: its personal fields encrypted (null and absent ones left as they are). */
async function encryptEvent(event: EventData, keys: KeyStore): Promise<EventData> {
  const declared = personalFieldsOf(event.type);
  if (declared === undefined) return event;
  const present = declared.fields.filter((field) => event.data[field] !== undefined && event.data[field] !== null);
  if (present.length === 0) return event;
  const subject = declared.subject(event.data);
  const key = await keys.createDataKey(subject);
  const data = { ...event.data };
  const stored = sealFields(
    key,
    { subject, type: event.type, fields: present },
    present.map((field) => data[field]),
  );
  present.forEach((field, i) => (data[field] = stored[i]));
  return { ...event, data };
}

/**
 * A copy of one stored record with its personal fields decrypted at once, as plain properties
 * (ERASED where the key is gone); throws FieldIntegrityError for values that do not open.
 */
export async function revealRecord(record: RecordedEvent, keys: KeyStore): Promise<RecordedEvent> {
  const readable = (await readableRecords([record], keys)).records[0]!;
  const fields = personalFieldsOf(record.type)?.fields.filter((field) => field in readable.data) ?? [];
  return readable === record
    ? record
    : withValues(
        record,
        fields,
        fields.map((field) => readable.data[field]),
      );
}

/**
 * The records with their encrypted fields read through getters (readable-record.ts), ERASED
 * where the subject's key is gone. The subjects' keys are read in one call (with MongoDB,
 * one query for the keys not cached), and records without encrypted fields are handed on as
 * they are (a replay is mostly such records). Throws FieldIntegrityError for a sealed value
 * out of its place, which needs no key to see.
 */
async function readableRecords(records: readonly RecordedEvent[], keys: KeyStore): Promise<ReadableBatch & { readonly records: RecordedEvent[] }> {
  const readable = records.slice();
  const encrypted: { readonly index: number; readonly place: EncryptedPlace }[] = [];
  const subjects = new Set<string>();
  records.forEach((record, index) => {
    const declared = personalFieldsOf(record.type);
    if (declared === undefined) return;
    const place = encryptedPlaceOf(record, declared);
    if (place === undefined) return;
    subjects.add(place.subject);
    encrypted.push({ index, place });
  });
  if (encrypted.length === 0) return { records: readable, failure: () => undefined };
  const asked = [...subjects];
  const keyReadFrom = keys.destroyCount();
  const found = await keys.dataKeys(asked);
  const keyOf = new Map(asked.map((subject, i) => [subject, found[i]]));
  const sealed: SealedFields[] = [];
  for (const { index, place } of encrypted) {
    const key = keyOf.get(place.subject);
    if (key === undefined) {
      readable[index] = withValues(
        records[index]!,
        place.fields,
        place.fields.map(() => ERASED),
      );
    } else {
      const fields = new SealedFields(keys, place, key, keyReadFrom);
      sealed.push(fields);
      readable[index] = readableRecord(records[index]!, place.fields, fields);
    }
  }
  return { records: readable, failure: () => firstFailure(sealed) };
}

function firstFailure(sealed: readonly SealedFields[]): unknown {
  for (const fields of sealed) {
    const failure = fields.failure();
    if (failure !== undefined) return failure;
  }
  return undefined;
}

/**
 * Where a record's encrypted fields are: all present ones sealed together, or those encrypted
 * one by one. Throws FieldIntegrityError for a sealed value found anywhere but in the first
 * present field (where it is written).
 */
function encryptedPlaceOf(record: RecordedEvent, declared: PersonalFields): EncryptedPlace | undefined {
  const present = declared.fields.filter((field) => record.data[field] !== undefined && record.data[field] !== null);
  const misplaced = present.findIndex((field) => isSealedValue(record.data[field]));
  if (misplaced > 0)
    throw new FieldIntegrityError(`${record.type}.${present[misplaced]} at ${record.position} holds sealed values moved from where they were sealed`);
  const sealed = misplaced === 0;
  const fields = sealed ? present : present.filter((field) => isEncryptedField(record.data[field]));
  if (fields.length === 0) return undefined;
  return { subject: declared.subject(record.data), type: record.type, fields, stored: fields.map((field) => record.data[field]), sealed };
}
