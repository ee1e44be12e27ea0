/**
 * Encrypts the personal fields of an embedded log written before they were encrypted:
 * the records are copied, in order and at the same positions, into a new log with every
 * declared personal field that is still plain text encrypted under its subject's key;
 * then the new log takes the old one's place under DATA_DIR/events and the old one is
 * kept beside it, renamed, for the operator to check and remove (it still holds the
 * personal data in plain text), with the notary's heads over it. The log must not be in
 * use (its directory lock says so).
 */
import { randomBytes } from 'node:crypto';
import { rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { personalFieldsOf } from '@stays/contracts';
import { openEmbeddedEventStore, syncDirectory, writeEmbeddedLog, type EventStore, type RecordedEvent } from '@stays/event-store';
import type { Config } from '@stays/service-kit';
import { decryptField, encryptField, isEncryptedField, type FieldPlace } from './field-cipher.ts';
import { DATA_KEY_BYTES, type KeyStore } from './key-store.ts';
import { isSealedValue, openFields, sealFields, type RecordPlace } from './record-cipher.ts';
import { connectKeyStore } from './open-keys.ts';

export interface EmbeddedMigration {
  readonly events: number;
  /** Events that had a plain personal field, now encrypted. */
  readonly encryptedEvents: number;
  readonly log: string;
  /** Where the log as it was now lies. */
  readonly previousLog: string;
  /** Where the notary's tree heads over the log as it was now lie, if it had any. */
  readonly previousNotary: string | null;
}

const PAGE = 2000;

export async function migrateEmbeddedLog(
  config: Pick<Config, 'dataDir' | 'personalDataKey' | 'mongoUrl' | 'mongoDb'>,
  now = new Date(),
): Promise<EmbeddedMigration> {
  let events = 0;
  let encryptedEvents = 0;
  const replaced = await replaceEmbeddedLog(
    config.dataDir,
    { copying: 'encrypting', before: 'encryption' },
    async function* (source) {
      const keys = await connectKeyStore(config, source, true);
      try {
        const erased = await erasedSubjects(source);
        for await (const record of recordsOf(source)) {
          const copy = await encryptPlainFields(record, keys, erased);
          events++;
          if (copy !== record) encryptedEvents++;
          yield copy;
        }
      } finally {
        await keys.close();
      }
    },
    now,
  );
  return { events, encryptedEvents, ...replaced };
}

export interface EmbeddedLogReplacement {
  readonly log: string;
  /** Where the log as it was now lies. */
  readonly previousLog: string;
  /** Where the notary's tree heads over the log as it was now lie, if it had any. */
  readonly previousNotary: string | null;
}

/**
 * Rewrites the embedded log under `dataDir/events`: `copy` gives the new log's records (in
 * log order, at the same positions) from the old one; the new log then takes the old one's
 * place, and the old one is kept beside it as `events-before-{before}-{time}`, with the
 * notary's heads over it, for the operator to check and remove. The log must not be in use
 * (its directory lock says so); a copy that fails leaves the log as it was.
 */
export async function replaceEmbeddedLog(
  dataDir: string,
  names: { readonly copying: string; readonly before: string },
  copy: (source: EventStore) => AsyncIterable<RecordedEvent>,
  now = new Date(),
): Promise<EmbeddedLogReplacement> {
  const logDir = path.join(dataDir, 'events');
  const copyDir = path.join(dataDir, `events.${names.copying}-${randomBytes(4).toString('hex')}`);
  const stamp = now.toISOString().replace(/[:.]/g, '-');
  const previousLog = path.join(dataDir, `events-before-${names.before}-${stamp}`);
  const source = await openEmbeddedEventStore(logDir);
  try {
    await writeEmbeddedLog(copyDir, copy(source));
  } catch (error) {
    await rm(copyDir, { recursive: true, force: true });
    throw error;
  } finally {
    await source.close();
  }
  await rename(logDir, previousLog);
  await rename(copyDir, logDir);
  // The notary's signed heads are over the records as they were: they stay with the old
  // log (still verifiable against it), and the notary starts a tree over the new one.
  const notaryDir = path.join(dataDir, 'notary');
  const previousNotary = path.join(dataDir, `notary-before-${names.before}-${stamp}`);
  const movedNotary = await rename(notaryDir, previousNotary).then(
    () => true,
    (error: NodeJS.ErrnoException) => {
      if (error.code === 'ENOENT') return false;
      throw error;
    },
  );
  await syncDirectory(dataDir);
  return { log: logDir, previousLog, previousNotary: movedNotary ? previousNotary : null };
}

function opens(key: Buffer, place: RecordPlace, stored: readonly unknown[]): boolean {
  if (!isSealedValue(stored[0])) return false;
  try {
    openFields(key, place, stored);
    return true;
  } catch {
    return false;
  }
}

function decrypts(key: Buffer, place: FieldPlace, value: unknown): boolean {
  if (!isEncryptedField(value)) return false;
  try {
    decryptField(key, place, value);
    return true;
  } catch {
    return false;
  }
}

export async function* recordsOf(store: EventStore): AsyncGenerator<RecordedEvent> {
  for (let after: number | undefined; ;) {
    const page = await store.readAll({ ...(after !== undefined && { after }), maxCount: PAGE });
    yield* page;
    if (page.length < PAGE) return;
    after = page[page.length - 1]!.position;
  }
}

/**
 * Subjects whose erasure the log records (PersonalDataErased): their plain fields are
 * encrypted under a key that is never stored, so they stay erased rather than becoming
 * readable under a new key.
 */
export async function erasedSubjects(store: EventStore): Promise<ReadonlySet<string>> {
  const erased = new Set<string>();
  for await (const record of recordsOf(store)) {
    if (record.type === 'PersonalDataErased' && typeof record.data.subject === 'string') erased.add(record.data.subject);
  }
  return erased;
}

/**
 * The record with its plain personal fields encrypted; the same record when it has none.
 * A value counts as encrypted only if it decrypts: plain text that merely looks like a
 * ciphertext (someone named themselves `pd1.…`) is encrypted like any other. A record whose
 * fields are all plain gets them sealed together, as the personal-data layer writes them;
 * one with some fields already encrypted one by one gets the rest encrypted the same way.
 */
export async function encryptPlainFields(record: RecordedEvent, keys: KeyStore, erased: ReadonlySet<string> = new Set()): Promise<RecordedEvent> {
  const declared = personalFieldsOf(record.type);
  if (declared === undefined) return record;
  const present = declared.fields.filter((field) => record.data[field] !== undefined && record.data[field] !== null);
  if (present.length === 0) return record;
  const subject = declared.subject(record.data);
  const isErased = erased.has(subject);
  const key = isErased ? randomBytes(DATA_KEY_BYTES) : await keys.createDataKey(subject);
  const place = { subject, type: record.type, fields: present };
  if (
    isErased
      ? isSealedValue(record.data[present[0]!])
      : opens(
          key,
          place,
          present.map((field) => record.data[field]),
        )
  )
    return record;
  const plain = present.filter((field) =>
    isErased ? !isEncryptedField(record.data[field]) : !decrypts(key, { subject, type: record.type, field }, record.data[field]),
  );
  if (plain.length === 0) return record;
  const data = { ...record.data };
  if (plain.length === present.length) {
    const stored = sealFields(
      key,
      place,
      present.map((field) => data[field]),
    );
    present.forEach((field, i) => (data[field] = stored[i]));
  } else {
    for (const field of plain) data[field] = encryptField(key, { subject, type: record.type, field }, data[field]);
  }
  return { ...record, data };
}
