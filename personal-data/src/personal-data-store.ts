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
import type { EventData, EventStore, RecordedEvent, SubscriptionHandler } from '@stays/event-store';
import { FieldIntegrityError, decryptField, isEncryptedField } from './field-cipher.ts';
import type { KeyStore } from './key-store.ts';
import { isSealedValue, openFields, sealFields } from './record-cipher.ts';

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

function cachedValues(plainValues: PlainValues | undefined, subject: string, type: string, fields: readonly string[], data: Readonly<Record<string, unknown>>): readonly unknown[] | undefined {
  const cached = plainValues?.get(data[fields[0]!] as string);
  if (cached === undefined || cached.subject !== subject || cached.type !== type || cached.fields.length !== fields.length) return undefined;
  for (let i = 0; i < fields.length; i++) if (cached.fields[i] !== fields[i] || cached.stored[i] !== data[fields[i]!]) return undefined;
  return cached.values;
}

/**
 * Records this store revealed lately, by the stored record object. A log that hands every
 * reader the same frozen record (the embedded store does: each projection and reactor
 * follows the log through its own subscription) gets its personal fields decrypted once,
 * and each further reader receives the same revealed record after only the check that the
 * subject's key still exists (so a destroyed key still erases at once). A frozen record
 * cannot change, so its revealed form cannot be of other stored values; records of a store
 * that builds new objects per read (EventStoreDB) miss here and go through PlainValues.
 * Bounded like PlainValues, so plain values do not stay in memory for the whole log.
 * Each further read of a log of 8,000 accounts (80,000 events) cost 24–47 ms of CPU with
 * this, 36–66 ms with PlainValues alone (2026-11-22, load 7–10): the full replay's second
 * and third projection pay that.
 */
interface Revealed {
  readonly subject: string;
  readonly record: RecordedEvent;
}
type RevealedRecords = LRUCache<RecordedEvent, Revealed>;

interface RevealCaches {
  readonly plainValues: PlainValues;
  readonly revealed: RevealedRecords;
}

export function withPersonalData(store: EventStore, keys: KeyStore): EventStore {
  const caches: RevealCaches = { plainValues: new LRUCache({ max: PLAIN_RECORDS_CACHED }), revealed: new LRUCache({ max: PLAIN_RECORDS_CACHED }) };
  const revealAll = (records: readonly RecordedEvent[]) => revealRecords(records, keys, caches);
  return {
    append: async (streamId, events, options) =>
      store.append(streamId, await Promise.all(events.map((event) => encryptEvent(event, keys, caches.plainValues))), options),
    readStream: async (streamId, options) => revealAll(await store.readStream(streamId, options)),
    readAll: async (options) => revealAll(await store.readAll(options)),
    headPosition: () => store.headPosition(),
    subscribeToAll: (options, handler) => {
      const revealing: SubscriptionHandler = {
        onBatch: async (events) => handler.onBatch(await revealAll(events)),
        ...(handler.onCaughtUp && { onCaughtUp: () => handler.onCaughtUp!() }),
        ...(handler.onError && { onError: (error: unknown) => handler.onError!(error) }),
      };
      return store.subscribeToAll(options, revealing);
    },
    close: () => store.close(),
  };
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
 * The records with their personal fields decrypted. Each subject's key is asked for once
 * per call, all at once, and records without encrypted fields are handed on as they are
 * (a replay is mostly such records).
 */
async function revealRecords(records: readonly RecordedEvent[], keys: KeyStore, caches?: RevealCaches): Promise<RecordedEvent[]> {
  const revealed = records.slice();
  const encrypted: { readonly index: number; readonly subject: string; readonly fields: EncryptedFields | undefined; readonly shared: RecordedEvent | undefined }[] = [];
  const keyRequests = new Map<string, Promise<Buffer | undefined>>();
  records.forEach((record, index) => {
    const known = caches?.revealed.get(record);
    if (known !== undefined) {
      if (!keyRequests.has(known.subject)) keyRequests.set(known.subject, keys.dataKey(known.subject));
      encrypted.push({ index, subject: known.subject, fields: undefined, shared: known.record });
      return;
    }
    const declared = personalFieldsOf(record.type);
    if (declared === undefined) return;
    const fields = encryptedFieldsOf(record, declared);
    if (fields === undefined) return;
    const subject = declared.subject(record.data);
    if (!keyRequests.has(subject)) keyRequests.set(subject, keys.dataKey(subject));
    encrypted.push({ index, subject, fields, shared: undefined });
  });
  if (encrypted.length === 0) return revealed;
  const keyOf = new Map(await Promise.all([...keyRequests].map(async ([subject, request]) => [subject, await request] as const)));
  for (const { index, subject, fields, shared } of encrypted) {
    const record = revealed[index]!;
    const key = keyOf.get(subject);
    if (key === undefined) {
      const { names } = fields ?? encryptedFieldsOf(record, personalFieldsOf(record.type)!)!;
      revealed[index] = withValues(record, names, names.map(() => ERASED));
      // the plain values of an erased person are no longer kept once a read finds the key gone
      caches?.revealed.delete(record);
      caches?.plainValues.delete(record.data[names[0]!] as string);
    } else if (shared !== undefined) {
      revealed[index] = shared;
    } else {
      const plain = withValues(record, fields!.names, plainValuesOf(record, subject, fields!, key, caches?.plainValues));
      // a frozen record is the store's own, handed to every reader: its revealed form is shared the same way
      if (Object.isFrozen(record)) caches?.revealed.set(record, { subject, record: frozen(plain) });
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
  if (misplaced !== undefined) throw new FieldIntegrityError(`${record.type}.${misplaced} at ${record.position} holds sealed values moved from where they were sealed`);
  const names = present.filter((field) => isEncryptedField(record.data[field]));
  return names.length === 0 ? undefined : { names, sealed: false };
}

/** The plain values of the encrypted fields, from the cache when it holds this very record. */
function plainValuesOf(record: RecordedEvent, subject: string, fields: EncryptedFields, key: Buffer, plainValues: PlainValues | undefined): readonly unknown[] {
  const { names } = fields;
  const cached = cachedValues(plainValues, subject, record.type, names, record.data);
  if (cached !== undefined) return cached;
  const values = fields.sealed
    ? openFields(key, { subject, type: record.type, fields: names }, names.map((field) => record.data[field]))
    : names.map((field) => decryptField(key, { subject, type: record.type, field }, record.data[field] as string));
  plainValues?.set(record.data[names[0]!] as string, { subject, type: record.type, fields: names, stored: names.map((field) => record.data[field] as string), values });
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
