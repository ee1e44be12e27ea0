/** `npm start`: the whole product in one process on embedded stores (or real ones when configured). */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { closeServer, loadConfig, runMain, stopOnSignals } from '@stays/service-kit';
import { composeSystem } from './compose.ts';
import { seedDemo, seedDemoAuditor } from './demo/index.ts';

runMain(async () => {
  const config = loadConfig();
  const system = await composeSystem(config);
  const server = http.createServer(system.host.callback());
  server.requestTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  stopOnSignals(
    () => console.log('shutting down'),
    closeServer(server),
    () => server.closeAllConnections(),
    () => system.close(),
  );
  const stores = `${config.eventStoreUrl ? 'EventStoreDB' : 'embedded event log'} + ${config.mongoUrl ? 'MongoDB' : 'embedded read store'}`;
  console.log(`Stays is running at http://localhost:${config.port}/ (API under ${config.apiPrefix}, data in ${config.dataDir}, ${stores})`);
  if (config.seedDemo && system.startedOnEmptyLog) {
    // demo data goes through the same HTTP commands as any user's (SEED_DEMO=0 turns it off)
    const { port } = server.address() as AddressInfo;
    await seedDemo(`http://127.0.0.1:${port}`, config.apiPrefix, console.log);
    await seedDemoAuditor(system, console.log);
  }
});
