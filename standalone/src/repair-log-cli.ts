/**
 * `npm run repair-log -- --truncate-to N`: cuts the embedded log back to its first N events,
 * for an operator who chose that over restoring a backup when start-up refused a damaged
 * log (docs/operations.md, "A damaged record"). The product must be stopped. The cut bytes
 * are kept beside the log, each repair is recorded in DATA_DIR/events/repairs.log, and when
 * the notary had notarised events that are now gone its folder is moved aside (its signed
 * heads cover them and can no longer be met): the notary then rebuilds its tree from the
 * log as it is and signs new heads.
 */
import { appendFile, rename } from 'node:fs/promises';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { repairEmbeddedLog } from '@stays/event-store';
import { LeafArchive } from '@stays/notary';
import { ConfigError, loadConfig, runMain } from '@stays/service-kit';

runMain(async () => {
  const config = loadConfig();
  if (config.eventStoreUrl) throw new ConfigError('repair-log repairs the embedded log; EventStoreDB is repaired with its own tools');
  const { values } = parseArgs({ options: { 'truncate-to': { type: 'string' } } });
  const keep = Number(values['truncate-to']);
  if (values['truncate-to'] === undefined || !Number.isSafeInteger(keep) || keep < 0) {
    throw new ConfigError('usage: npm run repair-log -- --truncate-to N (N: the events to keep, as the start-up message says)');
  }
  const now = new Date();
  const eventsDir = path.join(config.dataDir, 'events');
  const repair = await repairEmbeddedLog(eventsDir, keep, now);
  const notaryDir = path.join(config.dataDir, 'notary');
  const notarised = await LeafArchive.count(notaryDir);
  let notaryMovedTo: string | undefined;
  if (notarised > keep) {
    notaryMovedTo = `${notaryDir}.before-repair-${now.toISOString().replace(/[:.]/g, '-')}`;
    await rename(notaryDir, notaryMovedTo);
  }
  await appendFile(path.join(eventsDir, 'repairs.log'), `${JSON.stringify({ at: now.toISOString(), ...repair, notarised, notaryMovedTo })}\n`);
  console.log(
    `event log cut to its first ${repair.keptEvents} events: ${repair.cutEvents} events (${repair.cutBytes} bytes) cut` +
      (repair.savedTo ? `, kept in ${repair.savedTo}` : ''),
  );
  if (notaryMovedTo) {
    console.log(
      `the notary had notarised ${notarised} events; its heads and archive are kept in ${notaryMovedTo}, and it starts over from the log as it is now`,
    );
  }
  console.log(`recorded in ${path.join(eventsDir, 'repairs.log')}; start the product again`);
});
