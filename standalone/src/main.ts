/** `npm start`: the whole product in one process on embedded stores (or real ones when configured). */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, lineLogger, loadConfig, processLogger, runMain, stopOnSignals } from '@stays/service-kit';
import { composeSystem } from './compose.ts';
import { seedDemo, seedDemoAuditor } from './demo/index.ts';

runMain(async () => {
  const config = loadConfig();
  const logger = processLogger();
  const log = lineLogger(logger);
  const system = await composeSystem(config, { logger });
  const server = http.createServer(system.host.callback());
  server.requestTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  // stop accepting and finish the requests in flight (idle keep-alive connections close at once),
  // then stop the followers at a batch boundary, store their checkpoints and close the stores
  stopOnSignals({ timeoutMs: config.shutdownTimeoutMs }, closeServer(server), () => system.close());
  const stores = `${config.eventStoreUrl ? 'EventStoreDB' : 'embedded event log'} + ${config.mongoUrl ? 'MongoDB' : 'embedded read store'}`;
  log(`Stays is running at http://localhost:${config.port}/ (API under ${config.apiPrefix}, data in ${config.dataDir}, ${stores})`);
  if (config.seedDemo && system.startedOnEmptyLog) {
    // demo data goes through the same HTTP commands as any user's (SEED_DEMO=0 turns it off)
    const { port } = server.address() as AddressInfo;
    await seedDemo(`http://127.0.0.1:${port}`, config.apiPrefix, log);
    await seedDemoAuditor(system, log);
  }
});
