/**
 * Operations on the event log: `npm run events -- <command>`.
 *
 *   migrate-personal-data   encrypt the personal fields of a log written before they were
 *                           encrypted (embedded log under DATA_DIR; stop `npm start` first)
 *   export [filters]        the stored records as NDJSON on stdout (events/export.ts)
 *   catalogue               writes docs/events/: every event type and version (events/catalogue.ts)
 */
import { ConfigError, loadConfig } from '@stays/service-kit';
import { migrateEmbeddedLog } from '@stays/personal-data';
import { catalogueCommand } from './events/catalogue.ts';
import { exportCommand } from './events/export.ts';

const commands: Record<string, (args: readonly string[]) => Promise<void>> = {
  'migrate-personal-data': async () => {
    const config = loadConfig();
    if (config.eventStoreUrl) {
      throw new ConfigError('migrate-personal-data copies the embedded log only; for EventStoreDB see README, "Personal data" (Migrating a log written before encryption)');
    }
    const done = await migrateEmbeddedLog(config);
    console.log(`Copied ${done.events} events into a new log at ${done.log}, with the personal fields of ${done.encryptedEvents} of them encrypted.`);
    console.log(`The log as it was is kept at ${done.previousLog}. It still holds personal data in plain text:`);
    console.log(`check the product on the new log (npm start), then delete it (rm -r '${done.previousLog}') and any backups of it.`);
    if (done.previousNotary !== null) {
      console.log(`The notary's signed tree heads over the old log are kept at ${done.previousNotary}; the notary starts a new tree over the new log.`);
    }
  },
  export: exportCommand,
  catalogue: catalogueCommand,
};

const [name, ...args] = process.argv.slice(2);
const command = name === undefined ? undefined : commands[name];
if (command === undefined) {
  console.error(`usage: npm run events -- <${Object.keys(commands).join('|')}>`);
  process.exit(2);
}
command(args).catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
