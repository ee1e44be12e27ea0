/**
 * Production entry of the reactors (one active instance): follows EventStoreDB and
 * issues invoices (GridFS) and booking emails (SMTP). Answers GET /healthz on PORT.
 */
import { MongoClient } from 'mongodb';
import { connectEventStoreDB } from '@stays/event-store';
import { ConfigError, closeServer, createGridFsMediaStore, loadConfig, mailerFor, runMain, serveHealth, stopOnSignals } from '@stays/service-kit';
import { BookingDocumentsReactor } from './booking-documents.ts';
import { OrphanedUnitsReconciler } from './orphaned-units.ts';

runMain(async () => {
  const config = loadConfig();
  if (!config.eventStoreUrl || !config.mongoUrl) throw new ConfigError('the reactors need EVENTSTORE_URL and MONGO_URL');
  if (!config.smtpUrl) console.warn('SMTP_URL is not set: booking emails go to DATA_DIR/outbox');
  const eventStore = connectEventStoreDB(config.eventStoreUrl);
  const mongo = await new MongoClient(config.mongoUrl).connect();
  const reactor = new BookingDocumentsReactor({
    store: eventStore,
    media: createGridFsMediaStore({ db: mongo.db(config.mongoDb), publicBaseUrl: config.mediaPath }),
    mailer: mailerFor(config),
  });
  reactor.start();
  const reconciler = new OrphanedUnitsReconciler({ store: eventStore });
  reconciler.start();
  const server = serveHealth(config.port, () => true);
  stopOnSignals(closeServer(server), () => reactor.stop(), () => reconciler.stop(), () => eventStore.close(), () => mongo.close());
});
