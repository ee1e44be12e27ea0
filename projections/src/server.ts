/**
 * Production projections worker: follows EventStoreDB (personal fields decrypted, see
 * @stays/personal-data) and writes MongoDB read models.
 * Answers GET /healthz on PORT (200 while every projection is subscribed and less than
 * HEALTH_MAX_LAG_SECONDS behind the log) and reports the same, every few seconds, beside
 * the checkpoints, where query services read it. Run one active worker per deployment
 * (docs/operations.md, Scaling). It also runs the notary (NOTARY_SIGNING_KEY), whose state is
 * unhealthy once it stops signing. With OPERATOR_TOKEN set it answers the operator's calls
 * under /operator/ on the same port (`npm run projection`: build, switch, drop read model versions).
 */
import { createPrivateKey } from 'node:crypto';
import { connectEventStoreDB } from '@stays/event-store';
import { connectKeyStore, withPersonalData } from '@stays/personal-data';
import { connectMongoReadStore } from '@stays/read-store';
import {
  ConfigError,
  closeServer,
  loadConfig,
  operatorApi,
  followerGauges,
  lineLogger,
  processLogger,
  processMetrics,
  runMain,
  serveHealth,
  stopOnSignals,
  watchCatchUp,
  withMetrics,
} from '@stays/service-kit';
import { ReadModelRunner } from './read-model-runner.ts';
import { HEALTH_REPORT_INTERVAL_MS } from './checkpoints.ts';
import { discoverReadModels, findReadModels, readModelFolders } from './read-models/index.ts';
import { readModelOperatorRoute } from './operator/operator-api.ts';
import { Notary, NotarySigner, ReadStoreTreeHeadStore } from '@stays/notary';

runMain(async () => {
  const config = loadConfig();
  if (!config.eventStoreUrl || !config.mongoUrl) throw new ConfigError('the projections worker needs EVENTSTORE_URL and MONGO_URL');
  // refused before anything is connected: a production notary never makes a key of its own
  if (!config.notarySigningKey) throw new ConfigError('the projections worker needs NOTARY_SIGNING_KEY for the notary (npm run keys)');
  const signer = new NotarySigner(createPrivateKey(config.notarySigningKey));
  const rawEventStore = connectEventStoreDB(config.eventStoreUrl);
  const keys = await connectKeyStore(config, rawEventStore, false);
  const eventStore = withPersonalData(rawEventStore, keys);
  const readStore = await connectMongoReadStore(config.mongoUrl, config.mongoDb);
  // models that read no personal field follow the log as stored: no key read, nothing decrypted
  const runner = new ReadModelRunner(eventStore, readStore, await discoverReadModels(readModelFolders(config.readModelsDir)), {
    log: lineLogger(),
    storedLog: rawEventStore,
    rediscover: () => findReadModels(readModelFolders(config.readModelsDir), { fresh: true }),
  });
  await runner.start();
  const notary = new Notary({ eventStore: rawEventStore, readStore, heads: new ReadStoreTreeHeadStore(readStore), signer });
  await notary.start();
  const reporter = setInterval(() => {
    runner.publishHealth(config.healthMaxLagMs).catch((error: unknown) => processLogger().warn(`could not report projection health: ${String(error)}`));
  }, HEALTH_REPORT_INTERVAL_MS);
  const catchUp = watchCatchUp({
    followers: async () => [...(await runner.health(config.healthMaxLagMs)).projections, await notary.health(config.healthMaxLagMs)],
    head: () => rawEventStore.headPosition(),
    log: lineLogger(),
    // EventStoreDB's positions are byte offsets
    unit: 'bytes',
  });
  const metrics = processMetrics();
  metrics.addGaugeSource(followerGauges({ projections: async () => (await runner.health(config.healthMaxLagMs)).projections, reactors: async () => [] }));
  const server = serveHealth(
    config.port,
    async () => notary.besideReadSide(await runner.health(config.healthMaxLagMs), config.healthMaxLagMs),
    withMetrics(
      { registry: metrics.registry, token: config.metricsToken },
      config.operatorToken !== undefined ? operatorApi([readModelOperatorRoute(runner, readStore)], config.operatorToken) : undefined,
    ),
  );
  stopOnSignals(
    { timeoutMs: config.shutdownTimeoutMs },
    () => clearInterval(reporter),
    () => catchUp.stop(),
    closeServer(server),
    () => runner.stop(),
    () => notary.stop(),
    () => eventStore.close(),
    () => keys.close(),
    () => readStore.close(),
  );
});
