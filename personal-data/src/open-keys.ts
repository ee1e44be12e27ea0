/**
 * Opening the key store at start, from the configuration: MongoDB (`personal_data_keys`)
 * when a database is given, files under `DATA_DIR/keys/subjects/` otherwise; the master key
 * from PERSONAL_DATA_KEY, or (embedded mode only) from `DATA_DIR/keys/personal-data.key`,
 * created there on the first start.
 *
 * A lost or wrong key must never read as "everyone erased": the start is refused when the
 * key store has no check value while the log already holds encrypted fields, when the
 * master key is missing for an existing key store, or when it does not open the store.
 */
import { randomBytes } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import path from 'node:path';
import { MongoClient, type Db } from 'mongodb';
import { personalFieldsOf } from '@stays/contracts';
import type { EventStore } from '@stays/event-store';
import { ConfigError, type Config } from '@stays/service-kit';
import { createIfAbsent, readIfPresent } from './durable-files.ts';
import { ENCRYPTED_FIELD_PREFIX, isEncryptedField } from './field-cipher.ts';
import { SEALED_VALUE_PREFIX, isSealedValue } from './record-cipher.ts';
import { createFileKeyStorage } from './file-key-storage.ts';
import { KEY_COLLECTION, createMongoKeyStorage } from './mongo-key-storage.ts';
import { KeyStoreLockedError, MASTER_KEY_BYTES, isInitialised, openKeyStore, type KeyStore, type WrappedKeyStorage } from './key-store.ts';

/** The start is refused: the keys cannot read the personal data the log holds (a ConfigError, so it is printed as one line). */
export class PersonalDataKeysError extends ConfigError {}

export const keyStoreDir = (config: Pick<Config, 'dataDir'>): string => path.join(config.dataDir, 'keys', 'subjects');
export const masterKeyFile = (config: Pick<Config, 'dataDir'>): string => path.join(config.dataDir, 'keys', 'personal-data.key');

export interface KeyStoreOptions {
  /** The log as stored (not decrypted), read to tell a lost key store from a new one. */
  readonly rawLog: EventStore;
  /** Production database: the key store is its `personal_data_keys` collection. */
  readonly db?: Db;
  /** Embedded mode: keep the master key in DATA_DIR/keys when PERSONAL_DATA_KEY is not set. Production servers pass false. */
  readonly keepMasterKeyInDataDir: boolean;
}

export async function openKeyStoreFor(config: Pick<Config, 'dataDir' | 'personalDataKey'>, options: KeyStoreOptions): Promise<KeyStore> {
  const storage = options.db ? createMongoKeyStorage(options.db) : await createFileKeyStorage(keyStoreDir(config));
  const where = options.db ? `MongoDB collection ${KEY_COLLECTION}` : keyStoreDir(config);
  try {
    return await openChecked(config, options, storage, where);
  } catch (error) {
    await storage.close();
    if (error instanceof KeyStoreLockedError)
      throw new PersonalDataKeysError(`refusing to start: ${error.message} (${where}). Restore the key store and the PERSONAL_DATA_KEY it was made with.`);
    throw error;
  }
}

/**
 * The key store of a process that has no MongoDB connection of its own to share: in
 * MONGO_URL's database over a connection it opens (closed with the key store), else the
 * files under DATA_DIR. Production servers pass `keepMasterKeyInDataDir: false`, so they
 * need PERSONAL_DATA_KEY.
 */
export async function connectKeyStore(
  config: Pick<Config, 'dataDir' | 'personalDataKey' | 'mongoUrl' | 'mongoDb'>,
  rawLog: EventStore,
  keepMasterKeyInDataDir: boolean,
): Promise<KeyStore> {
  if (!keepMasterKeyInDataDir && !config.personalDataKey) {
    throw new ConfigError(
      'PERSONAL_DATA_KEY is not set: personal data in the log could be neither encrypted nor read (npm run keys makes one for a new deployment)',
    );
  }
  if (!config.mongoUrl) return openKeyStoreFor(config, { rawLog, keepMasterKeyInDataDir });
  const client = await new MongoClient(config.mongoUrl).connect();
  try {
    const keys = await openKeyStoreFor(config, { rawLog, db: client.db(config.mongoDb), keepMasterKeyInDataDir });
    return {
      ...bound(keys),
      close: async () => {
        await keys.close();
        await client.close();
      },
    };
  } catch (error) {
    await client.close();
    throw error;
  }
}

const bound = (keys: KeyStore): Omit<KeyStore, 'close'> => ({
  dataKey: (subject) => keys.dataKey(subject),
  dataKeys: (subjects) => keys.dataKeys(subjects),
  createDataKey: (subject) => keys.createDataKey(subject),
  destroy: (subject) => keys.destroy(subject),
  destroyCount: () => keys.destroyCount(),
  destroyedSince: (subject, count) => keys.destroyedSince(subject, count),
});

async function openChecked(
  config: Pick<Config, 'dataDir' | 'personalDataKey'>,
  options: KeyStoreOptions,
  storage: WrappedKeyStorage,
  where: string,
): Promise<KeyStore> {
  const initialised = await isInitialised(storage);
  if (!initialised && (await logHoldsEncryptedFields(options.rawLog))) {
    throw new PersonalDataKeysError(
      `refusing to start: the event log holds encrypted personal data but the key store (${where}) is missing or empty. ` +
        'Starting would show every person as erased: restore the key store from a backup.',
    );
  }
  const masterKey = config.personalDataKey ?? (options.keepMasterKeyInDataDir ? await readMasterKeyFile(config) : undefined);
  if (masterKey === undefined) {
    if (initialised || !options.keepMasterKeyInDataDir) {
      throw new PersonalDataKeysError(
        `refusing to start: no personal data master key (set PERSONAL_DATA_KEY${options.keepMasterKeyInDataDir ? ` or restore ${masterKeyFile(config)}` : ''}; npm run keys makes one for a new deployment)` +
          (initialised ? `, and the key store (${where}) needs the one it was made with` : ''),
      );
    }
    return openKeyStore(storage, await createMasterKeyFile(config));
  }
  return openKeyStore(storage, masterKey);
}

/** How an encrypted value starts in a record's JSON: a string opening with either format's prefix. */
const ENCRYPTED_VALUE_STARTS = [`"${ENCRYPTED_FIELD_PREFIX}`, `"${SEALED_VALUE_PREFIX}`];

/**
 * Whether any stored record carries an encrypted field. Runs only when the key store has
 * no check value (a first start, or a lost store), reading the log until the first one. A
 * log whose bytes hold no encrypted value's start (a log written before personal data was
 * encrypted, or holding none) is told by its store without a record decoded, where the
 * store can search its bytes (the embedded log): a million records take about 2.5 s to
 * decode here.
 */
export async function logHoldsEncryptedFields(rawLog: EventStore): Promise<boolean> {
  if (rawLog.storedBytesMayHold && !(await rawLog.storedBytesMayHold(ENCRYPTED_VALUE_STARTS))) return false;
  const page = 2000;
  for (let after: number | undefined; ;) {
    const records = await rawLog.readAll({ ...(after !== undefined && { after }), maxCount: page });
    for (const record of records) {
      const declared = personalFieldsOf(record.type);
      if (declared?.fields.some((field) => isEncryptedField(record.data[field]) || isSealedValue(record.data[field]))) return true;
    }
    if (records.length < page) return false;
    after = records[records.length - 1]!.position;
  }
}

async function readMasterKeyFile(config: Pick<Config, 'dataDir'>): Promise<Buffer | undefined> {
  const text = await readIfPresent(masterKeyFile(config));
  return text === undefined ? undefined : decodeMasterKey(text, masterKeyFile(config));
}

async function createMasterKeyFile(config: Pick<Config, 'dataDir'>): Promise<Buffer> {
  const file = masterKeyFile(config);
  await mkdir(path.dirname(file), { recursive: true, mode: 0o700 });
  return decodeMasterKey(await createIfAbsent(file, Buffer.from(randomBytes(MASTER_KEY_BYTES).toString('base64'), 'utf8')), file);
}

function decodeMasterKey(text: Buffer, file: string): Buffer {
  const key = Buffer.from(text.toString('utf8').trim(), 'base64');
  if (key.length !== MASTER_KEY_BYTES) throw new PersonalDataKeysError(`refusing to start: ${file} is not base64 of ${MASTER_KEY_BYTES} bytes`);
  return key;
}
