/**
 * `npm run events -- migrate-stream-names [--to <esdb URL>]`: keys the stream names a log
 * written before STREAM_NAME_KEY holds (`customeremail-{sha256(email)}`,
 * `contact-{sha256(email|phone)}`, …; see stream-name-map.ts), then ties the log to the key
 * so the services start on it. The embedded log under DATA_DIR is rewritten in place (the
 * old one kept aside, as migrate-personal-data does); an EventStoreDB log at EVENTSTORE_URL
 * is copied into the empty database at --to, streams renamed.
 */
import { assertLogUsesStreamNameKey, tieLogToStreamNameKey } from '@stays/command-service';
import { connectEventStoreDBDatabase, openEmbeddedEventStore } from '@stays/event-store';
import { connectKeyStore, copyEventStoreDB, recordsOf, replaceEmbeddedLog } from '@stays/personal-data';
import { ConfigError, loadConfig, streamNamesFor, type Config } from '@stays/service-kit';
import path from 'node:path';
import { parseMigrationArgs, withoutCredentials } from './migrate-personal-data.ts';
import { StreamNameMap } from './stream-name-map.ts';

const COMMAND = 'migrate-stream-names';
const USAGE =
  'usage: npm run events -- migrate-stream-names                 (embedded log under DATA_DIR)\n' +
  '       npm run events -- migrate-stream-names --to <esdb://…>    (EventStoreDB at EVENTSTORE_URL into an empty database)';

export async function migrateStreamNamesCommand(args: readonly string[]): Promise<void> {
  const to = parseMigrationArgs(args, COMMAND, USAGE);
  const config = loadConfig();
  if (!config.eventStoreUrl) {
    if (to !== null)
      throw new ConfigError(
        `${COMMAND}: --to copies an EventStoreDB log (EVENTSTORE_URL is not set); the embedded log is rewritten in place, without arguments`,
      );
    return migrateEmbedded(config);
  }
  if (to === null) throw new ConfigError(`${COMMAND}: EVENTSTORE_URL is set: name the empty database to copy into with --to <esdb://…>\n${USAGE}`);
  if (withoutCredentials(to) === withoutCredentials(config.eventStoreUrl))
    throw new ConfigError(`${COMMAND}: --to names the database EVENTSTORE_URL already names; the copy goes into another, empty one`);
  // production: the key the services will be given, never one made up here
  if (!config.streamNameKey)
    throw new ConfigError(`${COMMAND}: STREAM_NAME_KEY is not set: give it the key the services will run with (npm run keys makes one)`);
  if (!config.mongoUrl)
    throw new ConfigError(`${COMMAND}: MONGO_URL is not set: the emails the old names were made from are read with the personal data keys in MongoDB`);
  await migrateIntoDatabase(config, config.eventStoreUrl, to);
}

async function migrateEmbedded(config: Config): Promise<void> {
  const names = await streamNamesFor(config);
  let events = 0;
  let changed = 0;
  let map: StreamNameMap | undefined;
  const done = await replaceEmbeddedLog(config.dataDir, { copying: 'keying-names', before: 'keyed-names' }, async function* (source) {
    const keys = await connectKeyStore(config, source, true);
    try {
      map = await StreamNameMap.of(source, keys, names);
    } finally {
      await keys.close();
    }
    for await (const record of recordsOf(source)) {
      const copy = map.copyOf(record);
      events++;
      if (copy !== record) changed++;
      yield copy;
    }
  });
  const log = await openEmbeddedEventStore(path.join(config.dataDir, 'events'));
  try {
    await tieLogToStreamNameKey(log, names);
    await assertLogUsesStreamNameKey(log, names);
  } finally {
    await log.close();
  }
  console.log(`Copied ${events} events into a new log at ${done.log}; ${changed} of them held an unkeyed stream name or hash, now keyed.`);
  console.log(
    `${map!.renamed.streams.size} streams renamed; ${map!.renamed.retired.size} hashes the log no longer holds the email or phone of were retired (freed reservations, contacts that never booked).`,
  );
  console.log(`The log as it was is kept at ${done.previousLog}. Its stream names still confirm guessed emails:`);
  console.log(`check the product on the new log (npm start), then delete it (rm -r '${done.previousLog}') and any backups of it.`);
  if (done.previousNotary !== null) {
    console.log(`The notary's signed tree heads over the old log are kept at ${done.previousNotary}; the notary starts a new tree over the new log.`);
  }
}

async function migrateIntoDatabase(config: Config, from: string, to: string): Promise<void> {
  const source = connectEventStoreDBDatabase(from);
  const target = connectEventStoreDBDatabase(to);
  try {
    const names = await streamNamesFor(config);
    const keys = await connectKeyStore(config, source.events, false);
    let map: StreamNameMap;
    try {
      map = await StreamNameMap.of(source.events, keys, names);
    } finally {
      await keys.close();
    }
    const done = await copyEventStoreDB({
      source,
      target,
      targetName: withoutCredentials(to),
      copyOf: async (record) => map.copyOf(record),
      streamIdOf: (streamId) => map.streamIdOf(streamId),
    });
    await tieLogToStreamNameKey(target.events, names);
    console.log(`${withoutCredentials(from)} → ${withoutCredentials(to)}: ${done.streams} streams, ${done.events} events.`);
    console.log(
      `Copied ${done.copied} events (${done.changed} of them held an unkeyed stream name or hash, now keyed); ${done.alreadyThere} already there from an earlier run, left as they were.`,
    );
    console.log(
      `${map.renamed.streams.size} streams renamed, ${map.renamed.retired.size} hashes retired; marked ${done.sealed} old streams with stays_migrated_to in their metadata (${done.alreadySealed} were marked already).`,
    );
    console.log(
      'Positions differ in the new database: point EVENTSTORE_URL at it and rebuild what follows the old positions before starting the services (docs/operations.md, "After migrate-personal-data").',
    );
    console.log(`The old database's stream names still confirm guessed emails: drop it, and its backups, once the product runs on ${withoutCredentials(to)}.`);
  } finally {
    await Promise.all([source.close(), target.close()]);
  }
}
