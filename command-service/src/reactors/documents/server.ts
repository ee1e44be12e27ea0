/**
 * Production entry of the booking documents replicas: each process joins the
 * `booking-documents` persistent subscription group on EventStoreDB and renders invoices
 * (GridFS) and sends booking emails (SMTP) for its share of the bookings, so
 * `deploy.replicas` sets the throughput. INVOICE_WORKERS sizes its render pool (default:
 * one per spare core). Answers GET /healthz on PORT: 200 while it is in the group.
 */
import { MongoClient } from 'mongodb';
import { connectEventStoreDB, connectEventStoreDBCompetingConsumers } from '@stays/event-store';
import {
  ConfigError,
  assertMessagesDeliverable,
  closeServer,
  createGridFsMediaStore,
  loadConfig,
  mailerFor,
  runMain,
  serveHealth,
  stopOnSignals,
  processMetrics,
  withMetrics,
} from '@stays/service-kit';
import { connectKeyStore, withPersonalData } from '@stays/personal-data';
import { competingBookingDocuments } from '../booking-documents.ts';
import { createInvoiceWorkerPool, invoiceWorkersSetting } from '../invoice-renderer.ts';

runMain(async () => {
  const config = loadConfig();
  if (!config.eventStoreUrl || !config.mongoUrl) throw new ConfigError('the documents replicas need EVENTSTORE_URL and MONGO_URL');
  let workers: number | undefined;
  try {
    workers = invoiceWorkersSetting(process.env['INVOICE_WORKERS']);
  } catch (error) {
    throw new ConfigError((error as Error).message);
  }
  await assertMessagesDeliverable(config, { email: true, sms: false });
  const rawEventStore = connectEventStoreDB(config.eventStoreUrl);
  const consumers = connectEventStoreDBCompetingConsumers(config.eventStoreUrl);
  const keys = await connectKeyStore(config, rawEventStore, false);
  const eventStore = withPersonalData(rawEventStore, keys);
  const mongo = await new MongoClient(config.mongoUrl).connect();
  const media = createGridFsMediaStore({ db: mongo.db(config.mongoDb), publicBaseUrl: config.mediaPath });
  const renderer = createInvoiceWorkerPool(workers === undefined ? {} : { size: workers });
  const documents = competingBookingDocuments({ store: eventStore, media, mailer: mailerFor(config), publicUrl: config.publicUrl, consumers, renderer });
  documents.start();
  const server = serveHealth(
    config.port,
    async () => {
      const health = documents.health();
      return { healthy: health.healthy, bookingDocuments: health, invoiceWorkers: renderer.stats() };
    },
    withMetrics({ registry: processMetrics().registry, token: config.metricsToken }),
  );
  stopOnSignals(
    { timeoutMs: config.shutdownTimeoutMs },
    closeServer(server),
    () => documents.stop(),
    () => consumers.close(),
    () => eventStore.close(),
    () => keys.close(),
    () => mongo.close(),
  );
});
