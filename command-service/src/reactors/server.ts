/**
 * Production entry of the reactors (one active instance): follows EventStoreDB and
 * issues invoices (GridFS) and booking emails (SMTP), keeping their checkpoints in
 * MongoDB. Answers GET /healthz on PORT: 200 while both reactors are subscribed to the log
 * and less than HEALTH_MAX_LAG_SECONDS behind it.
 */
import { MongoClient } from 'mongodb';
import { connectEventStoreDB } from '@stays/event-store';
import {
  ConfigError, assertMessagesDeliverable, closeServer, createGridFsMediaStore, loadConfig, mailerFor, runMain, serveHealth, stopOnSignals,
} from '@stays/service-kit';
import { BookingDocumentsReactor } from './booking-documents.ts';
import { OrphanedUnitsReconciler } from './orphaned-units.ts';
import { mongoReactorCheckpoints } from './reactor-checkpoints.ts';

runMain(async () => {
  const config = loadConfig();
  if (!config.eventStoreUrl || !config.mongoUrl) throw new ConfigError('the reactors need EVENTSTORE_URL and MONGO_URL');
  await assertMessagesDeliverable(config, { email: true, sms: false });
  const eventStore = connectEventStoreDB(config.eventStoreUrl);
  const mongo = await new MongoClient(config.mongoUrl).connect();
  const db = mongo.db(config.mongoDb);
  const checkpoints = mongoReactorCheckpoints(db);
  const reactor = new BookingDocumentsReactor({
    store: eventStore,
    media: createGridFsMediaStore({ db, publicBaseUrl: config.mediaPath }),
    mailer: mailerFor(config),
    checkpoints,
  });
  await reactor.start();
  const reconciler = new OrphanedUnitsReconciler({ store: eventStore, checkpoints });
  await reconciler.start();
  const server = serveHealth(config.port, async () => {
    const [documents, orphanedUnits] = await Promise.all([reactor.health(config.healthMaxLagMs), reconciler.health(config.healthMaxLagMs)]);
    return { healthy: documents.healthy && orphanedUnits.healthy, reactors: { bookingDocuments: documents, orphanedUnits } };
  });
  stopOnSignals(closeServer(server), () => reactor.stop(), () => reconciler.stop(), () => eventStore.close(), () => mongo.close());
});
