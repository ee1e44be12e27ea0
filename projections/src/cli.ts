/**
 * Rebuilds read models from the log: `npm run rebuild-projection -- <name|all>`.
 * With EVENTSTORE_URL and MONGO_URL set it rebuilds the production read models in place
 * (drop, replay from position 0); stop the projections worker first. Without them it
 * replays the embedded log under DATA_DIR into a fresh in-memory read store and prints
 * what it built (the embedded read models are rebuilt at every start anyway) — stop
 * `npm start` first, the log has one owner at a time.
 */
import path from 'node:path';
import { connectEventStoreDB, openEmbeddedEventStore } from '@stays/event-store';
import { connectMongoReadStore, createEmbeddedReadStore } from '@stays/read-store';
import { connectKeyStore, withPersonalData } from '@stays/personal-data';
import { loadConfig } from '@stays/service-kit';
import { ProjectionRunner } from './runner.ts';
import { allProjections } from './index.ts';

async function main(): Promise<void> {
  const name = process.argv[2];
  const known = allProjections.map((projection) => projection.name);
  if (name === undefined || (name !== 'all' && !known.includes(name))) {
    console.error(`usage: npm run rebuild-projection -- <${[...known, 'all'].join('|')}>`);
    process.exit(2);
  }
  const config = loadConfig();
  const rawEventStore = config.eventStoreUrl ? connectEventStoreDB(config.eventStoreUrl) : await openEmbeddedEventStore(path.join(config.dataDir, 'events'));
  const keys = await connectKeyStore(config, rawEventStore, true);
  const eventStore = withPersonalData(rawEventStore, keys);
  const readStore = config.mongoUrl ? await connectMongoReadStore(config.mongoUrl, config.mongoDb) : createEmbeddedReadStore();
  const selected = name === 'all' ? allProjections : allProjections.filter((projection) => projection.name === name);
  const started = performance.now();
  const runner = new ProjectionRunner(eventStore, readStore, selected, { log: () => undefined });
  await runner.start();
  for (const projection of selected) await runner.rebuild(projection.name);
  await runner.whenCaughtUp();
  const seconds = (performance.now() - started) / 1000;
  for (const projection of selected) {
    for (const collection of projection.collections) {
      console.log(`${projection.name}: ${collection} has ${await readStore.collection(collection).countDocuments()} documents`);
    }
  }
  console.log(`rebuilt ${selected.map((p) => p.name).join(', ')} up to position ${runner.position() ?? 'start'} in ${seconds.toFixed(2)} s`);
  await runner.stop();
  await Promise.all([eventStore.close(), keys.close(), readStore.close()]);
}

main().catch((error: unknown) => {
  console.error(error);
  process.exit(1);
});
