/**
 * The event store with personal data encrypted at rest: `withPersonalData(store, keys)`
 * encrypts the fields `contracts` declares personal (`personalDataOf`) on append, under
 * the subject's data key (created on the subject's first event), and decrypts them on
 * every read path, so deciders, projections and reactors see plain values and never
 * handle keys. A field whose key is destroyed reads as ERASED, never as an error; a field
 * that does not decrypt under an existing key (tampered, moved) is an error.
 * Values written before encryption (plain text) read as they are.
 */
import { LRUCache } from 'lru-cache';
import { ERASED, personalFieldsOf } from '@stays/contracts';
import type { EventData, EventStore, RecordedEvent, SubscriptionHandler } from '@stays/event-store';
import { decryptField, encryptField, isEncryptedField } from './field-cipher.ts';
import type { KeyStore } from './key-store.ts';

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

export function withPersonalData(store: EventStore, keys: KeyStore): EventStore {
  const plainValues: PlainValues = new LRUCache({ max: PLAIN_RECORDS_CACHED });
  const revealAll = (records: readonly RecordedEvent[]) => revealRecords(records, keys, plainValues);
  return {
    append: async (streamId, events, options) =>
      store.append(streamId, await Promise.all(events.map((event) => encryptEvent(event, keys, plainValues))), options),
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
  const stored = present.map((field) => (data[field] = encryptField(key, { subject, type: event.type, field }, data[field])));
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
async function revealRecords(records: readonly RecordedEvent[], keys: KeyStore, plainValues?: PlainValues): Promise<RecordedEvent[]> {
  const revealed = records.slice();
  const sealed: { readonly index: number; readonly subject: string; readonly fields: readonly string[] }[] = [];
  const keyRequests = new Map<string, Promise<Buffer | undefined>>();
  records.forEach((record, index) => {
    const declared = personalFieldsOf(record.type);
    if (declared === undefined) return;
    const fields = declared.fields.filter((field) => isEncryptedField(record.data[field]));
    if (fields.length === 0) return;
    const subject = declared.subject(record.data);
    if (!keyRequests.has(subject)) keyRequests.set(subject, keys.dataKey(subject));
    sealed.push({ index, subject, fields });
  });
  if (sealed.length === 0) return revealed;
  const keyOf = new Map(await Promise.all([...keyRequests].map(async ([subject, request]) => [subject, await request] as const)));
  for (const { index, subject, fields } of sealed) {
    const record = revealed[index]!;
    const key = keyOf.get(subject);
    const data = { ...record.data };
    if (key === undefined) {
      for (const field of fields) data[field] = ERASED;
    } else {
      const cached = cachedValues(plainValues, subject, record.type, fields, record.data);
      const values = cached ?? fields.map((field) => decryptField(key, { subject, type: record.type, field }, record.data[field] as string));
      if (cached === undefined) plainValues?.set(record.data[fields[0]!] as string, { subject, type: record.type, fields, stored: fields.map((field) => record.data[field] as string), values });
      fields.forEach((field, i) => (data[field] = values[i]));
    }
    revealed[index] = { ...record, data };
  }
  return revealed;
}
