/** `npm start`: the whole product in one process on embedded stores (or real ones when configured). */
import http from 'node:http';
import { ConfigError, loadConfig } from '@stays/service-kit';
import { composeSystem } from './compose.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  const system = await composeSystem(config);
  const server = http.createServer(system.host.callback());
  server.requestTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  const stores = `${config.eventStoreUrl ? 'EventStoreDB' : 'embedded event log'} + ${config.mongoUrl ? 'MongoDB' : 'embedded read store'}`;
  console.log(`Stays is running at http://localhost:${config.port}/ (API under ${config.apiPrefix}, data in ${config.dataDir}, ${stores})`);

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    console.log(`${signal}: shutting down`);
    server.close();
    server.closeIdleConnections();
    await system.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
