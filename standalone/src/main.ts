/** `npm start`: the whole product in one process on embedded stores (or real ones when configured). */
import http from 'node:http';
import { answerUnreadableRequests, closeServer, lineLogger, loadConfig, processLogger, runMain, stopOnSignals } from '@stays/service-kit';
import { stepWallClockFrom } from './clock-step.ts';
import { composeSystem } from './compose.ts';
import { boundHeapGrowth } from './heap-growth.ts';
import { SeedingClock, demoHistoryStart, seedDemoOnFirstStart } from './demo/index.ts';

runMain(async () => {
  const config = loadConfig();
  if (config.clockStepFile) stepWallClockFrom(config.clockStepFile);
  const logger = processLogger();
  const log = lineLogger(logger);
  // the demo's past is written with a clock of its own, handed back before the port opens (docs/decisions/0032)
  const clock = config.seedDemo ? new SeedingClock(demoHistoryStart(new Date())) : undefined;
  const system = await composeSystem(config, { logger, ...(clock && { seedingClock: clock }) });
  // the read store is loaded from its snapshot; what a rebuild or the log's tail allocates from here on is bounded
  boundHeapGrowth(config.heapGrowthPercent);
  const server = answerUnreadableRequests(http.createServer(system.host.callback()));
  server.requestTimeout = 60_000;
  // stop accepting and finish the requests in flight (idle keep-alive connections close at once),
  // then stop the followers at a batch boundary, store their checkpoints and close the stores
  stopOnSignals({ timeoutMs: config.shutdownTimeoutMs }, closeServer(server), () => system.close());
  if (clock && system.startedOnEmptyLog) {
    // demo data goes through the same commands as any user's (SEED_DEMO=0 turns it off)
    log('Stays is seeding the demo data on its empty data directory before it opens its port');
    await seedDemoOnFirstStart(system, config, clock, log);
  }
  await new Promise<void>((resolve) => server.listen(config.port, resolve));
  const stores = `${config.eventStoreUrl ? 'EventStoreDB' : 'embedded event log'} + ${config.mongoUrl ? 'MongoDB' : 'embedded read store'}`;
  log(`Stays is running at http://localhost:${config.port}/ (API under ${config.apiPrefix}, data in ${config.dataDir}, ${stores})`);
});
