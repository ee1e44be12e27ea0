/**
 * Production projections worker: follows EventStoreDB and writes MongoDB read models.
 * Answers GET /healthz on PORT (200 once caught up) for the container orchestrator.
 * Run one active worker per deployment (see README: scale-out).
 */
import http from 'node:http';
import { connectEventStoreDB } from '@stays/event-store';
import { connectMongoReadStore } from '@stays/read-store';
import { ConfigError, loadConfig } from '@stays/service-kit';
import { ProjectionRunner } from './runner.ts';
import { allProjections } from './index.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.eventStoreUrl || !config.mongoUrl) throw new ConfigError('the projections worker needs EVENTSTORE_URL and MONGO_URL');
  const eventStore = connectEventStoreDB(config.eventStoreUrl);
  const readStore = await connectMongoReadStore(config.mongoUrl, config.mongoDb);
  const runner = new ProjectionRunner(eventStore, readStore, allProjections);
  await runner.start();
  const server = http.createServer((req, res) => {
    const ready = runner.isCaughtUp();
    res.writeHead(req.url === '/healthz' ? (ready ? 200 : 503) : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ success: ready, projections: runner.status() }));
  }).listen(config.port);
  const stop = async () => {
    server.close();
    await runner.stop();
    await Promise.all([eventStore.close(), readStore.close()]);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
