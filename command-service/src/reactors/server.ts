/**
 * Production entry of the reactors (one active instance): follows EventStoreDB and
 * issues invoices (GridFS) and booking emails (SMTP), erases deleted accounts' personal data, keeping their checkpoints in
 * MongoDB. Answers GET /healthz on PORT: 200 while both reactors are subscribed to the log
 * and less than HEALTH_MAX_LAG_SECONDS behind it.
 */
import { MongoClient } from 'mongodb';
import { connectEventStoreDB } from '@stays/event-store';
import {
  ConfigError,
  assertMessagesDeliverable,
  closeServer,
  createGridFsMediaStore,
  loadConfig,
  mailerFor,
  mediaLinksFor,
  runMain,
  serveHealth,
  stopOnSignals,
} from '@stays/service-kit';
import { connectKeyStore, withPersonalData } from '@stays/personal-data';
import { bookingDocumentsReactor } from './booking-documents.ts';
import { orphanedUnitsReconciler } from './orphaned-units.ts';
import { personalDataErasureReactor } from './personal-data-erasure.ts';
import { mongoReactorCheckpoints } from './reactor-checkpoints.ts';

runMain(async () => {
  const config = loadConfig();
  if (!config.eventStoreUrl || !config.mongoUrl) throw new ConfigError('the reactors need EVENTSTORE_URL and MONGO_URL');
  await assertMessagesDeliverable(config, { email: true, sms: false });
  const rawEventStore = connectEventStoreDB(config.eventStoreUrl);
  const keys = await connectKeyStore(config, rawEventStore, false);
  const eventStore = withPersonalData(rawEventStore, keys);
  const mongo = await new MongoClient(config.mongoUrl).connect();
  const db = mongo.db(config.mongoDb);
  const checkpoints = mongoReactorCheckpoints(db);
  const media = createGridFsMediaStore({ db, publicBaseUrl: config.mediaPath });
  const reactor = bookingDocumentsReactor({
    store: eventStore,
    media,
    mailer: mailerFor(config),
    checkpoints,
  });
  await reactor.start();
  const reconciler = orphanedUnitsReconciler({ store: eventStore, checkpoints });
  await reconciler.start();
  const erasure = personalDataErasureReactor({ store: eventStore, keys, media, mediaLinks: mediaLinksFor(config), checkpoints });
  await erasure.start();
  const server = serveHealth(config.port, async () => {
    const [documents, orphanedUnits, personalDataErasure] = await Promise.all([
      reactor.health(config.healthMaxLagMs),
      reconciler.health(config.healthMaxLagMs),
      erasure.health(config.healthMaxLagMs),
    ]);
    return {
      healthy: documents.healthy && orphanedUnits.healthy && personalDataErasure.healthy,
      reactors: { bookingDocuments: documents, orphanedUnits, personalDataErasure },
    };
  });
  stopOnSignals(
    closeServer(server),
    () => reactor.stop(),
    () => reconciler.stop(),
    () => erasure.stop(),
    () => eventStore.close(),
    () => keys.close(),
    () => mongo.close(),
  );
});
