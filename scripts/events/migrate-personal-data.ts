/**
 * `npm run events -- migrate-personal-data [--to <esdb URL>]`: the embedded log under
 * DATA_DIR is copied in place (no arguments); an EventStoreDB log at EVENTSTORE_URL is
 * copied into the empty database at --to (see personal-data/src/migrate-eventstoredb.ts).
 */
import { connectEventStoreDBDatabase } from '@stays/event-store';
import { connectKeyStore, migrateEmbeddedLog, migrateEventStoreDB } from '@stays/personal-data';
import { ConfigError, loadConfig, type Config } from '@stays/service-kit';

const USAGE =
  'usage: npm run events -- migrate-personal-data                 (embedded log under DATA_DIR)\n' +
  '       npm run events -- migrate-personal-data --to <esdb://…>    (EventStoreDB at EVENTSTORE_URL into an empty database)';

/** The --to URL, or null for none; a ConfigError (naming `command`, with its `usage`) for anything else. */
export function parseMigrationArgs(args: readonly string[], command = 'migrate-personal-data', usage = USAGE): string | null {
  if (args.length === 0) return null;
  const [flag, value, ...rest] = args;
  const url = flag?.startsWith('--to=') ? flag.slice('--to='.length) : flag === '--to' ? value : undefined;
  const extra = flag?.startsWith('--to=') ? [value, ...rest].filter((arg) => arg !== undefined) : rest;
  if (url === undefined || url === '' || extra.length > 0)
    throw new ConfigError(`${command}: unexpected arguments '${args.map(withoutCredentials).join(' ')}'\n${usage}`);
  if (!/^esdb(\+discover)?:\/\/[^/?#]+/.test(url))
    throw new ConfigError(`${command}: --to '${withoutCredentials(url)}' is not an EventStoreDB connection string (esdb://host:port?… or esdb+discover://…)`);
  return url;
}

/** A connection string as it may be printed and stored in stream metadata. */
export const withoutCredentials = (url: string): string => url.replace(/\/\/[^@/]*@/, '//');

export async function migratePersonalDataCommand(args: readonly string[]): Promise<void> {
  const to = parseMigrationArgs(args);
  const config = loadConfig();
  if (!config.eventStoreUrl) {
    if (to !== null)
      throw new ConfigError(
        'migrate-personal-data: --to copies an EventStoreDB log (EVENTSTORE_URL is not set); the embedded log is copied in place, without arguments',
      );
    return migrateEmbedded(config);
  }
  if (to === null) throw new ConfigError(`migrate-personal-data: EVENTSTORE_URL is set: name the empty database to copy into with --to <esdb://…>\n${USAGE}`);
  if (withoutCredentials(to) === withoutCredentials(config.eventStoreUrl))
    throw new ConfigError('migrate-personal-data: --to names the database EVENTSTORE_URL already names; the copy goes into another, empty one');
  if (!config.mongoUrl) {
    throw new ConfigError(
      'migrate-personal-data: MONGO_URL is not set: the keys the copy is encrypted with must be in the key store the services read (MongoDB personal_data_keys), never in files here',
    );
  }
  await migrateIntoDatabase(config, config.eventStoreUrl, to);
}

async function migrateEmbedded(config: Config): Promise<void> {
  const done = await migrateEmbeddedLog(config);
  console.log(`Copied ${done.events} events into a new log at ${done.log}, with the personal fields of ${done.encryptedEvents} of them encrypted.`);
  console.log(`The log as it was is kept at ${done.previousLog}. It still holds personal data in plain text:`);
  console.log(`check the product on the new log (npm start), then delete it (rm -r '${done.previousLog}') and any backups of it.`);
  if (done.previousNotary !== null) {
    console.log(`The notary's signed tree heads over the old log are kept at ${done.previousNotary}; the notary starts a new tree over the new log.`);
  }
}

async function migrateIntoDatabase(config: Config, from: string, to: string): Promise<void> {
  const source = connectEventStoreDBDatabase(from);
  const target = connectEventStoreDBDatabase(to);
  try {
    // Production: the master key must be given (never generated here), the key store is MongoDB's.
    const keys = await connectKeyStore(config, source.events, false);
    try {
      const done = await migrateEventStoreDB({ source, target, targetName: withoutCredentials(to), keys });
      console.log(`${withoutCredentials(from)} → ${withoutCredentials(to)}: ${done.streams} streams, ${done.events} events.`);
      console.log(
        `Copied ${done.copied} events (the personal fields of ${done.encryptedEvents} of them encrypted); ${done.alreadyThere} already there from an earlier run, left as they were.`,
      );
      console.log(`Marked ${done.sealed} old streams with stays_migrated_to in their metadata; ${done.alreadySealed} were marked already.`);
      console.log(
        'Positions differ in the new database: point EVENTSTORE_URL at it and rebuild what follows the old positions before starting the services (docs/operations.md, "After migrate-personal-data").',
      );
      console.log(`The old database still holds personal data in plain text: drop it, and its backups, once the product runs on ${withoutCredentials(to)}.`);
    } finally {
      await keys.close();
    }
  } finally {
    await Promise.all([source.close(), target.close()]);
  }
}
