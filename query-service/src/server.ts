/**
 * Production entry of the query service (stateless, N replicas): reads MongoDB read
 * models and GridFS media, verifies tokens with the public key only. It asks EventStoreDB
 * for the log's head position (to refuse an X-Min-Position the log has not reached), and
 * appends one kind of event to it: the record of each auditor's read (audit/audit-trail.ts).
 * Auditors read records as stored; their personal fields are decrypted with the data keys
 * in MongoDB (PERSONAL_DATA_KEY unlocks them).
 */
import http from 'node:http';
import { MongoClient } from 'mongodb';
import { connectEventStoreDB } from '@stays/event-store';
import { connectKeyStore, revealRecord, withPersonalData } from '@stays/personal-data';
import { connectMongoReadStore } from '@stays/read-store';
import { ReadStoreTreeHeadStore } from '@stays/notary';
import { accountsReadModel, bookingsReadModel, checkpointProgress, hotelsReadModel } from '@stays/projections';
import {
  ConfigError,
  TokenVerifier,
  createGridFsMediaStore,
  importPublicKey,
  loadConfig,
  logUnexpectedErrors,
  signingMediaLinksFor,
  runMain,
  securityHeadersFor,
  stopOnSignals,
  processLogger,
  processMetrics,
  withMetrics,
  closeServer,
  streamNamesFor,
  calendarFeedLinksFor,
  answerUnreadableRequests,
} from '@stays/service-kit';
import { createQueryApp } from './app.ts';
import { eventStoreAuditTrail } from './audit/audit-trail.ts';

runMain(async () => {
  const config = loadConfig();
  if (!config.mongoUrl || !config.eventStoreUrl) throw new ConfigError('the query service needs MONGO_URL and EVENTSTORE_URL');
  if (!config.jwtPublicKey) throw new ConfigError('the query service needs JWT_PUBLIC_KEY (npm run keys)');
  if (!config.mediaLinkKey) throw new ConfigError('the query service needs MEDIA_LINK_KEY (npm run keys)');
  if (!config.calendarFeedKey) throw new ConfigError('the query service needs CALENDAR_FEED_KEY (npm run keys)');
  if (!config.streamNameKey) throw new ConfigError('the query service needs STREAM_NAME_KEY (npm run keys)');
  const eventStore = connectEventStoreDB(config.eventStoreUrl);
  const keys = await connectKeyStore(config, eventStore, false);
  const readStore = await connectMongoReadStore(config.mongoUrl, config.mongoDb);
  const mongo = await new MongoClient(config.mongoUrl).connect();
  const app = createQueryApp(
    {
      readStore,
      media: createGridFsMediaStore({ db: mongo.db(config.mongoDb), publicBaseUrl: config.mediaPath }),
      mediaLinks: await signingMediaLinksFor(config),
      calendarFeedLinks: await calendarFeedLinksFor(config),
      tokenVerifier: new TokenVerifier(await importPublicKey(config.jwtPublicKey), config.token),
      readSide: checkpointProgress(
        readStore,
        [accountsReadModel, hotelsReadModel, bookingsReadModel].map((model) => model.name),
      ),
      logHead: () => eventStore.headPosition(),
      reveal: async (record) => (await revealRecord(record, keys)).data,
      auditTrail: eventStoreAuditTrail(withPersonalData(eventStore, keys), await streamNamesFor(config)),
      treeHeads: new ReadStoreTreeHeadStore(readStore),
      notarisedLog: eventStore,
    },
    { apiPrefix: config.apiPrefix, cors: config.cors, security: securityHeadersFor(config), internalRoutes: true },
  );
  logUnexpectedErrors(app);
  const server = answerUnreadableRequests(
    http.createServer(withMetrics({ registry: processMetrics().registry, token: config.metricsToken }, app.callback())),
  ).listen(config.port);
  processLogger().info(`query service listening on ${config.port}`);
  stopOnSignals(
    { timeoutMs: config.shutdownTimeoutMs },
    closeServer(server),
    () => readStore.close(),
    () => mongo.close(),
    () => keys.close(),
    () => eventStore.close(),
  );
});
