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
import { decryptField, encryptField, isEncryptedField, type FieldPlace } from './field-cipher.ts';
import type { KeyStore } from './key-store.ts';

/**
 * Plain values of fields this process encrypted or decrypted lately, by place and stored
 * value: one event is read by every follower of the log (projections, each reactor) and
 * by the command side's loads, and decrypting it each time cost more than the rest of its
 * reading. Used only while the subject's key exists (checked on every read), so a
 * destroyed key erases at once; keyed by place too, so a value moved elsewhere is still
 * refused.
 */
type PlainValues = LRUCache<string, { readonly value: unknown }>;
const PLAIN_VALUES_CACHED = 50_000;

const cacheKey = (place: FieldPlace, stored: string) => `${place.subject}\n${place.type}\n${place.field}\n${stored}`;

export function withPersonalData(store: EventStore, keys: KeyStore): EventStore {
  const plainValues: PlainValues = new LRUCache({ max: PLAIN_VALUES_CACHED });
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
  for (const field of present) {
    const place = { subject, type: event.type, field };
    const stored = encryptField(key, place, data[field]);
    plainValues.set(cacheKey(place, stored), { value: data[field] });
    data[field] = stored;
  }
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
    for (const field of fields) {
      if (key === undefined) {
        data[field] = ERASED;
        continue;
      }
      const place = { subject, type: record.type, field };
      const stored = data[field] as string;
      const cached = plainValues?.get(cacheKey(place, stored));
      if (cached !== undefined) {
        data[field] = cached.value;
        continue;
      }
      data[field] = decryptField(key, place, stored);
      plainValues?.set(cacheKey(place, stored), { value: data[field] });
    }
    revealed[index] = { ...record, data };
  }
  return revealed;
}
