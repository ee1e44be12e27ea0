/**
 * Production entry of the single-instance reactors: follows EventStoreDB, erases deleted
 * accounts' personal data, gives back orphaned units and reads other sites' calendar feeds, keeping their checkpoints in
 * MongoDB. (Invoices and booking emails are the documents replicas' work: documents/server.ts.)
 * Answers GET /healthz on PORT: 200 while the reactors are subscribed to the log and less
 * than HEALTH_MAX_LAG_SECONDS behind it.
 */
import { MongoClient } from 'mongodb';
import { connectEventStoreDB } from '@stays/event-store';
import {
  ConfigError,
  closeServer,
  createGridFsMediaStore,
  followerGauges,
  lineLogger,
  loadConfig,
  mediaLinksFor,
  processMetrics,
  runMain,
  serveHealth,
  stopOnSignals,
  watchCatchUp,
  withMetrics,
} from '@stays/service-kit';
import { connectKeyStore, withPersonalData } from '@stays/personal-data';
import { orphanedUnitsReconciler } from './orphaned-units.ts';
import { calendarImportReactor } from './calendar-import.ts';
import { personalDataErasureReactor } from './personal-data-erasure.ts';
import { mongoReactorCheckpoints } from './reactor-checkpoints.ts';
import { healthOfReactors } from './reactor.ts';

runMain(async () => {
  const config = loadConfig();
  if (!config.eventStoreUrl || !config.mongoUrl) throw new ConfigError('the reactors need EVENTSTORE_URL and MONGO_URL');
  const rawEventStore = connectEventStoreDB(config.eventStoreUrl);
  const keys = await connectKeyStore(config, rawEventStore, false);
  const eventStore = withPersonalData(rawEventStore, keys);
  const mongo = await new MongoClient(config.mongoUrl).connect();
  const db = mongo.db(config.mongoDb);
  const checkpoints = mongoReactorCheckpoints(db);
  const media = createGridFsMediaStore({ db, publicBaseUrl: config.mediaPath });
  const reconciler = orphanedUnitsReconciler({ store: eventStore, checkpoints });
  await reconciler.start();
  const calendarImport = calendarImportReactor({
    store: eventStore,
    checkpoints,
    intervalMs: config.calendarSync.intervalMs,
    fetch: { allowPrivateAddresses: config.calendarSync.allowPrivateAddresses },
  });
  await calendarImport.start();
  const erasure = personalDataErasureReactor({ store: eventStore, keys, media, mediaLinks: mediaLinksFor(config), checkpoints });
  await erasure.start();
  const metrics = processMetrics();
  const reactors = { 'orphaned-units': reconciler, 'personal-data-erasure': erasure, 'calendar-import': calendarImport };
  const reactorsHealth = () => healthOfReactors(reactors, config.healthMaxLagMs);
  metrics.addGaugeSource(followerGauges({ projections: async () => [], reactors: reactorsHealth }));
  const catchUp = watchCatchUp({ followers: reactorsHealth, head: () => rawEventStore.headPosition(), log: lineLogger(), unit: 'bytes' });
  const server = serveHealth(
    config.port,
    async () => {
      const [orphanedUnits, personalDataErasure, calendarSync] = await Promise.all([
        reconciler.health(config.healthMaxLagMs),
        erasure.health(config.healthMaxLagMs),
        calendarImport.health(config.healthMaxLagMs),
      ]);
      return {
        healthy: orphanedUnits.healthy && personalDataErasure.healthy && calendarSync.healthy,
        reactors: { orphanedUnits, personalDataErasure, calendarSync },
      };
    },
    withMetrics({ registry: metrics.registry, token: config.metricsToken }),
  );
  stopOnSignals(
    { timeoutMs: config.shutdownTimeoutMs },
    () => catchUp.stop(),
    closeServer(server),
    () => reconciler.stop(),
    () => calendarImport.stop(),
    () => erasure.stop(),
    () => eventStore.close(),
    () => keys.close(),
    () => mongo.close(),
  );
});
