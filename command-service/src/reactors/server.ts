/**
 * Production entry of the reactors (one active instance): follows EventStoreDB and
 * issues invoices (GridFS) and booking emails (SMTP). Answers GET /healthz on PORT.
 */
import http from 'node:http';
import { MongoClient } from 'mongodb';
import { connectEventStoreDB } from '@stays/event-store';
import { ConfigError, createGridFsMediaStore, loadConfig, mailerFor } from '@stays/service-kit';
import { BookingDocumentsReactor } from './booking-documents.ts';

async function main(): Promise<void> {
  const config = loadConfig();
  if (!config.eventStoreUrl || !config.mongoUrl) throw new ConfigError('the reactors need EVENTSTORE_URL and MONGO_URL');
  if (!config.smtpUrl) console.warn('SMTP_URL is not set: booking emails go to DATA_DIR/outbox');
  const eventStore = connectEventStoreDB(config.eventStoreUrl);
  const mongo = await new MongoClient(config.mongoUrl).connect();
  const reactor = new BookingDocumentsReactor({
    store: eventStore,
    media: createGridFsMediaStore({ db: mongo.db(config.mongoDb), publicBaseUrl: config.mediaPublicBase }),
    mailer: mailerFor(config),
  });
  reactor.start();
  const server = http.createServer((req, res) => {
    res.writeHead(req.url === '/healthz' ? 200 : 404, { 'content-type': 'application/json' });
    res.end(JSON.stringify({ success: req.url === '/healthz' }));
  }).listen(config.port);
  const stop = async () => {
    server.close();
    await reactor.stop();
    await Promise.all([eventStore.close(), mongo.close()]);
    process.exit(0);
  };
  process.on('SIGTERM', () => void stop());
  process.on('SIGINT', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof ConfigError ? error.message : error);
  process.exit(1);
});
