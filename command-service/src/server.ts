/**
 * Production entry of the command service (one container per replica): EventStoreDB for
 * the log (personal fields encrypted, keys in MongoDB), GridFS for media, keys from the environment. Waits for the query service to
 * show each write before answering (read-your-writes across processes).
 */
import http from 'node:http';
import { MongoClient } from 'mongodb';
import { connectEventStoreDB } from '@stays/event-store';
import { connectKeyStore, withPersonalData } from '@stays/personal-data';
import { checkpointProgress, occupancyReadModel, readModelQueries } from '@stays/projections';
import { connectMongoReadStore } from '@stays/read-store';
import {
  ConfigError,
  TokenIssuer,
  TokenVerifier,
  assertMessagesDeliverable,
  createGridFsMediaStore,
  importPrivateKey,
  importPublicKey,
  loadConfig,
  logUnexpectedErrors,
  runMain,
  securityHeadersFor,
  stopOnSignals,
  processLogger,
  processMetrics,
  withMetrics,
  closeServer,
  mailerFor,
  mediaLinksFor,
  otpKeyFor,
  smsFor,
  streamNamesFor,
  calendarFeedLinksFor,
  answerUnreadableRequests,
} from '@stays/service-kit';
import { createCommandApp } from './app.ts';
import { hotelStreamsFromReadSide } from './accounts/exporting-data/hotel-streams.ts';
import { createGoogleVerifier } from './accounts/google-id-token.ts';
import { healthRoute } from './health.ts';
import { bootstrapAuditor } from './auditors/adding-auditor/handler.ts';
import { createPasswords } from './accounts/passwords.ts';
import { assertLogUsesStreamNameKey } from './stream-name-key.ts';

runMain(async () => {
  const config = loadConfig();
  if (!config.eventStoreUrl || !config.mongoUrl) throw new ConfigError('the command service needs EVENTSTORE_URL and MONGO_URL');
  if (!config.jwtPrivateKey || !config.jwtPublicKey) throw new ConfigError('the command service needs JWT_PRIVATE_KEY and JWT_PUBLIC_KEY (npm run keys)');
  if (!config.otpHashKey) throw new ConfigError('the command service needs OTP_HASH_KEY (npm run keys)');
  if (!config.calendarFeedKey) throw new ConfigError('the command service needs CALENDAR_FEED_KEY (npm run keys)');
  if (!config.streamNameKey) throw new ConfigError('the command service needs STREAM_NAME_KEY (npm run keys)');
  await assertMessagesDeliverable(config, { email: true, sms: true });
  const rawEventStore = connectEventStoreDB(config.eventStoreUrl);
  const keys = await connectKeyStore(config, rawEventStore, false);
  const eventStore = withPersonalData(rawEventStore, keys);
  const mongo = await new MongoClient(config.mongoUrl).connect();
  const streamNames = await streamNamesFor(config);
  await assertLogUsesStreamNameKey(eventStore, streamNames);
  if (config.bootstrapAuditor !== null && (await bootstrapAuditor({ store: eventStore, streamNames }, createPasswords(), config.bootstrapAuditor))) {
    processLogger().info(`auditor ${config.bootstrapAuditor.email} added (BOOTSTRAP_AUDITOR_EMAIL)`);
  }
  const readStore = await connectMongoReadStore(config.mongoUrl, config.mongoDb);
  const occupancy = readModelQueries(readStore).occupancy;
  const occupancyProgress = checkpointProgress(readStore, [occupancyReadModel.name]);
  const hotelStreams = hotelStreamsFromReadSide({
    logHead: () => rawEventStore.headPosition(),
    waitFor: (position, timeoutMs) => occupancyProgress.waitFor(position, timeoutMs),
    roomsAndBookingsOf: (hotelId) => occupancy.roomsAndBookingsOf(hotelId),
  });
  const app = createCommandApp(
    {
      eventStore,
      hotelStreams,
      media: createGridFsMediaStore({ db: mongo.db(config.mongoDb), publicBaseUrl: config.mediaPath }),
      mediaLinks: mediaLinksFor(config),
      tokenIssuer: new TokenIssuer(await importPrivateKey(config.jwtPrivateKey), config.token),
      tokenVerifier: new TokenVerifier(await importPublicKey(config.jwtPublicKey), config.token),
      google: config.google ? createGoogleVerifier(config.google) : null,
      mailer: mailerFor(config),
      sms: smsFor(config),
      otpKey: await otpKeyFor(config),
      streamNames,
      calendarFeedLinks: await calendarFeedLinksFor(config),
      awaitProjected: config.queryServiceUrl ? waitForQueryService(config.queryServiceUrl) : async () => undefined,
    },
    { apiPrefix: config.apiPrefix, cors: config.cors, security: securityHeadersFor(config), trustProxy: config.trustProxy, imageLine: config.imageLine },
  );
  app.use(healthRoute(eventStore));
  logUnexpectedErrors(app);
  const server = answerUnreadableRequests(
    http.createServer(withMetrics({ registry: processMetrics().registry, token: config.metricsToken }, app.callback())),
  ).listen(config.port);
  processLogger().info(`command service listening on ${config.port}`);
  stopOnSignals(
    { timeoutMs: config.shutdownTimeoutMs },
    closeServer(server),
    () => readStore.close(),
    () => eventStore.close(),
    () => keys.close(),
    () => mongo.close(),
  );
});

/** Asks the query service to wait (bounded) until its read models reach the position; a miss is logged. */
function waitForQueryService(baseUrl: string) {
  return async (position: number): Promise<void> => {
    try {
      const response = await fetch(`${baseUrl}/internal/projected?position=${position}&timeoutMs=5000`, { signal: AbortSignal.timeout(6000) });
      await response.body?.cancel();
      if (!response.ok)
        processLogger().warn(`read-your-writes: the read side did not reach position ${position} within 5000 ms (query service answered ${response.status})`);
    } catch (error) {
      processLogger().warn(`read-your-writes wait for ${position} failed: ${String(error)}`);
    }
  };
}
