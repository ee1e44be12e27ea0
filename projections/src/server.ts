/**
 * Production projections worker: follows EventStoreDB and writes MongoDB read models.
 * Answers GET /healthz on PORT (200 once caught up) for the container orchestrator.
 * Run one active worker per deployment (see README: scale-out).
 */
import { connectEventStoreDB } from '@stays/event-store';
import { connectMongoReadStore } from '@stays/read-store';
import { ConfigError, closeServer, loadConfig, runMain, serveHealth, stopOnSignals } from '@stays/service-kit';
import { ProjectionRunner } from './runner.ts';
import { allProjections } from './index.ts';

runMain(async () => {
  const config = loadConfig();
  if (!config.eventStoreUrl || !config.mongoUrl) throw new ConfigError('the projections worker needs EVENTSTORE_URL and MONGO_URL');
  const eventStore = connectEventStoreDB(config.eventStoreUrl);
  const readStore = await connectMongoReadStore(config.mongoUrl, config.mongoDb);
  const runner = new ProjectionRunner(eventStore, readStore, allProjections);
  await runner.start();
  const server = serveHealth(config.port, () => runner.isCaughtUp(), () => ({ projections: runner.status() }));
  stopOnSignals(closeServer(server), () => runner.stop(), () => eventStore.close(), () => readStore.close());
});
