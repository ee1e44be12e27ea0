/**
 * Operations on the event log: `npm run events -- <command>`.
 *
 *   migrate-personal-data [--to <esdb URL>]
 *                           encrypt the personal fields of a log written before they were
 *                           encrypted: the embedded log under DATA_DIR in place (stop
 *                           `npm start` first), or EventStoreDB's into the empty database --to
 *   migrate-stream-names [--to <esdb URL>]
 *                           key the stream names of a log written before STREAM_NAME_KEY
 *                           (customeremail-{sha256(email)}, contact-{sha256(email|phone)}, …),
 *                           in place or into the empty database --to, as above
 *   export [filters]        the stored records as NDJSON on stdout (events/export.ts)
 *   catalogue               writes docs/events/: every event type and version (events/catalogue.ts)
 */
import { operatorMessage } from '@stays/service-kit';
import { catalogueCommand } from './events/catalogue.ts';
import { exportCommand } from './events/export.ts';
import { migratePersonalDataCommand } from './events/migrate-personal-data.ts';
import { migrateStreamNamesCommand } from './events/migrate-stream-names.ts';

const commands: Record<string, (args: readonly string[]) => Promise<void>> = {
  'migrate-personal-data': migratePersonalDataCommand,
  'migrate-stream-names': migrateStreamNamesCommand,
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
  console.error(operatorMessage(error));
  process.exit(1);
});
