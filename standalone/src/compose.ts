/**
 * The composition root of the one-process mode: builds every part from the config —
 * embedded stores by default, EventStoreDB and MongoDB when their URLs are set — and
 * wires the command app, the projections and the query app together. Tests build the
 * same system on a temporary data directory.
 */
import path from 'node:path';
import type Koa from 'koa';
import { MongoClient } from 'mongodb';
import {
  LOG_FILE_NAME,
  connectEventStoreDB,
  diskFaultWhileFileExists,
  failingWhileFileExists,
  openEmbeddedEventStore,
  type AcknowledgedEvents,
  type EventStore,
  type Subscription,
} from '@stays/event-store';
import { ReadStoreSnapshots, connectMongoReadStore, createEmbeddedReadStore, type EmbeddedReadStore, type ReadStore } from '@stays/read-store';
import {
  TokenIssuer,
  TokenVerifier,
  createFileMediaStore,
  createGridFsMediaStore,
  removeMediaTempFiles,
  removeOutboxTempFiles,
  importPrivateKey,
  importPublicKey,
  loadOrCreateOperatorToken,
  loadOrCreateSigningKeys,
  followerGauges,
  lineLogger,
  loggerInto,
  logUnexpectedErrors,
  operatorApi,
  createOutboxMailer,
  processLogger,
  processMetrics,
  mailerFor,
  otpKeyFor,
  calendarFeedLinksFor,
  securityHeadersFor,
  streamNamesFor,
  signingMediaLinksFor,
  smsFor,
  DiskRefusals,
  watchCatchUp,
  type Config,
  type KeyedStreamNames,
  type Logger,
  type Mailer,
  type MediaStore,
  type SigningKeys,
  type SmsSender,
} from '@stays/service-kit';
import { ReadModelRunner, readModelOperatorRoute, discoverReadModels, findReadModels, readModelFolders, readModelQueries } from '@stays/projections';
import {
  DiskTree,
  FileTreeHeadStore,
  NOTARY_COLLECTIONS,
  LeafArchive,
  Notary,
  ReadStoreTreeHeadStore,
  loadOrCreateNotarySigner,
  streamLeavesOfLogFile,
  type LogFileLeavesSource,
  type TreeHeadStore,
} from '@stays/notary';
import { openKeyStoreFor, revealRecord, withPersonalData, type KeyStore } from '@stays/personal-data';
import {
  hotelStreamsFromReadSide,
  assertLogUsesStreamNameKey,
  bookingDocumentsReactor,
  healthOfReactors,
  orphanedUnitsReconciler,
  calendarImportReactor,
  type FetchFeedOptions,
  personalDataErasureReactor,
  readStoreReactorCheckpoints,
  auditorOperatorRoute,
  bootstrapAuditor,
  createCommandApp,
  createGoogleVerifier,
  createPasswords,
  type GoogleIdTokenVerifier,
  type Reactor,
} from '@stays/command-service';
import { createQueryApp, eventStoreAuditTrail } from '@stays/query-service';
import { createHost } from './host.ts';
import type { SeedingClock } from './demo/seeding-clock.ts';

/** How long a command waits for the read side to show its write before answering anyway. */
const READ_YOUR_WRITES_TIMEOUT_MS = 5000;

export interface System {
  readonly host: Koa;
  /** The two apps the host sends calls to (the OpenAPI test walks their routers). */
  readonly apps: { readonly command: Koa; readonly query: Koa };
  /** The booking documents reactor (invoices and emails). */
  readonly reactor: Reactor;
  /** The orphaned units reconciler. */
  readonly reconciler: Reactor;
  /** Reads other sites' calendar feeds on a schedule. */
  readonly calendarImport: Reactor;
  /** The personal data erasure reactor. */
  readonly erasure: Reactor;
  /** The log with personal fields decrypted (see @stays/personal-data): what every part but the notary uses. */
  readonly eventStore: EventStore;
  /** The log as stored, personal fields encrypted: the notary's. */
  readonly rawEventStore: EventStore;
  readonly keys: KeyStore;
  /** The names of the streams made from emails and phones (keyed with STREAM_NAME_KEY or DATA_DIR/keys). */
  readonly streamNames: KeyedStreamNames;
  readonly readStore: ReadStore;
  readonly media: MediaStore;
  /** Runs every read model's versions (and builds, switches and drops them for the operator). */
  readonly runner: ReadModelRunner;
  readonly notary: Notary;
  /** The log held nothing when the system started (before the bootstrap auditor was added): the demo data may be seeded. */
  readonly startedOnEmptyLog: boolean;
  close(): Promise<void>;
}

export interface ComposeOverrides {
  /** Google ID token verifier (tests use one backed by a local key set). */
  readonly google?: GoogleIdTokenVerifier | null;
  readonly now?: () => Date;
  readonly log?: (line: string) => void;
  /** Where the request lines go; by default into `log` when it is given, else the process's logger. */
  readonly logger?: Logger;
  /** Email and SMS adapters (tests use ones that fail on purpose). */
  readonly mailer?: Mailer;
  readonly sms?: SmsSender;
  /**
   * False only where a benchmark measures what encrypting personal data costs: the log
   * is then read and written as it is, with no personal data layer.
   */
  readonly encryptPersonalData?: boolean;
  /** Longest a grown tree waits for a signed head (tests shorten it). */
  readonly treeHeadIntervalMs?: number;
  /** Calendar import: its own clock (tests move it past the next fetch) and fetching limits (tests shorten the time-out and the size cap). */
  readonly calendarImport?: { readonly now?: () => Date; readonly fetch?: Partial<FetchFeedOptions> };
  /**
   * The demo seed's clock (embedded log only; docs/decisions/0032), started in the past when
   * the log is empty: the log's `recordedAt`, the commands, tokens, media links and the
   * reconciler read it, and while it is seeding emails go to DATA_DIR/outbox-demo instead
   * of the configured mailer.
   */
  readonly seedingClock?: SeedingClock;
}

export async function composeSystem(config: Config, overrides: ComposeOverrides = {}): Promise<System> {
  const logger = overrides.logger ?? (overrides.log ? loggerInto(overrides.log) : processLogger());
  const log = overrides.log ?? lineLogger(logger);
  const seedingClock = config.eventStoreUrl ? undefined : overrides.seedingClock;
  const now = overrides.now ?? seedingClock?.now;
  const closers: (() => Promise<void>)[] = [];
  try {
    const faults = config.faultInjectionFile;
    const rawEventStore = config.eventStoreUrl
      ? connectEventStoreDB(config.eventStoreUrl)
      : await openEmbeddedEventStore(path.join(config.dataDir, 'events'), {
          logger: { warn: (line) => logger.warn(line), info: (line) => logger.info(line) },
          ...(seedingClock && { now: seedingClock.now }),
          // the notary saw these acknowledged: a log holding fewer was damaged, and is not cut (docs/operations.md)
          ...(!config.mongoUrl && { acknowledged: await notaryAcknowledged(config.dataDir) }),
          ...(faults && { wrapLogFile: (file) => failingWhileFileExists(file, faults) }),
        });
    let closeLog = () => rawEventStore.close();
    closers.push(() => closeLog());

    let mongo: MongoClient | null = null;
    if (config.mongoUrl) {
      mongo = await new MongoClient(config.mongoUrl).connect();
      closers.push(() => mongo!.close());
    }
    const keys = await openKeyStoreFor(config, { rawLog: rawEventStore, ...(mongo && { db: mongo.db(config.mongoDb) }), keepMasterKeyInDataDir: true });
    closers.push(() => keys.close());
    // Everything reads and writes through the personal-data layer; only the notary follows the log as stored.
    const eventStore = overrides.encryptPersonalData === false ? rawEventStore : withPersonalData(rawEventStore, keys);
    // the layer's close ends its subscriptions, then closes the log
    closeLog = () => eventStore.close();
    const embeddedReadStore = config.mongoUrl ? null : createEmbeddedReadStore();
    const readStore = embeddedReadStore ?? (await connectMongoReadStore(config.mongoUrl!, config.mongoDb));
    closers.push(() => readStore.close());
    // the embedded read store starts from its snapshot; the last one is written once every follower has stopped, before the log closes
    const snapshots = embeddedReadStore && (await openSnapshots(config, rawEventStore, embeddedReadStore, log));
    if (snapshots) closers.unshift(() => snapshots.close());
    // reactors resume from checkpoints in the embedded read store (the MongoDB mode keeps them in memory here, as before)
    const checkpoints = snapshots ? { checkpoints: readStoreReactorCheckpoints(readStore) } : {};
    // a full disk met by the media folder or the outbox turns /healthz 503 until the disk takes writes again
    const fileRefusals = new DiskRefusals({ dir: config.dataDir, log });
    closers.push(() => fileRefusals.close());
    const media = mongo
      ? createGridFsMediaStore({ db: mongo.db(config.mongoDb), publicBaseUrl: config.mediaPath })
      : watchedMediaStore(createFileMediaStore({ dir: path.join(config.dataDir, 'media'), publicBaseUrl: config.mediaPath }), fileRefusals);
    if (!config.eventStoreUrl) {
      // the embedded log's lock makes this process the only writer under DATA_DIR: a temp file there is a write a crash cut short
      if (!mongo) await removeMediaTempFiles(path.join(config.dataDir, 'media'));
      if (config.outboxDir === undefined) await removeOutboxTempFiles(path.join(config.dataDir, 'outbox'));
    }

    const mediaLinks = await signingMediaLinksFor(config, now);
    const security = securityHeadersFor(config);
    const configuredMailer = overrides.mailer ?? watchedMailer(mailerFor(config), fileRefusals);
    const mailer = seedingClock
      ? seedingMailer(seedingClock, configuredMailer, createOutboxMailer({ dir: path.join(config.dataDir, 'outbox-demo'), from: config.mailFrom }))
      : configuredMailer;
    const tokenKeys = await signingKeys(config);
    const tokenVerifier = new TokenVerifier(tokenKeys.publicKey, config.token, seedingClock && (() => seedingClock.now().getTime()));
    const tokenIssuer = new TokenIssuer(tokenKeys.privateKey, config.token);

    const startedOnEmptyLog = (await eventStore.headPosition()) === null;
    // the demo's past starts before the first record, so the log is in time order from its first
    if (startedOnEmptyLog) seedingClock?.startOnEmptyLog();
    const streamNames = await streamNamesFor(config);
    await assertLogUsesStreamNameKey(eventStore, streamNames);
    if (config.bootstrapAuditor !== null && (await bootstrapAuditor({ store: eventStore, streamNames }, createPasswords(), config.bootstrapAuditor))) {
      log(`auditor ${config.bootstrapAuditor.email} added (BOOTSTRAP_AUDITOR_EMAIL)`);
    }

    // models that read no personal field follow the log as stored: no key read, nothing decrypted;
    // `npm run projection -- build` finds a model file added or changed since the start
    const runner = new ReadModelRunner(eventStore, readStore, await discoverReadModels(readModelFolders(config.readModelsDir)), {
      log,
      storedLog: rawEventStore,
      rediscover: () => findReadModels(readModelFolders(config.readModelsDir), { fresh: true }),
    });
    await runner.start();
    closers.unshift(() => runner.stop());
    // The notary follows the log as stored. Its heads must outlive restarts; over the embedded
    // read store so must its tree, its auditors' index and its leaf archive: files under DATA_DIR/notary (docs/decisions/0020).
    const notaryDir = path.join(config.dataDir, 'notary');
    // the fault seam fails the notary's files with the log's (one disk under DATA_DIR), or alone (`ENOSPC notary`)
    const notaryFaults = faults ? diskFaultWhileFileExists(faults, 'notary') : undefined;
    const treeHeads: TreeHeadStore = config.mongoUrl ? new ReadStoreTreeHeadStore(readStore) : await FileTreeHeadStore.open(notaryDir, notaryFaults);
    const leafArchive = config.mongoUrl ? undefined : await LeafArchive.open(notaryDir, notaryFaults);
    if (leafArchive) closers.unshift(() => leafArchive.close());
    const diskTree = config.mongoUrl ? undefined : await DiskTree.open(notaryDir, log, notaryFaults);
    if (diskTree) closers.unshift(() => diskTree.close());
    const readSideFirst = readSideAtStart(rawEventStore, runner);
    const notary = new Notary({
      eventStore: rawEventStore,
      ...(diskTree ? { diskTree } : { readStore }),
      heads: treeHeads,
      signer: await loadOrCreateNotarySigner(config.notarySigningKey, path.join(config.dataDir, 'keys')),
      ...(leafArchive && { leafArchive }),
      ...(!config.eventStoreUrl && { logFileLeaves: logFileLeavesOf(path.join(config.dataDir, 'events', LOG_FILE_NAME)) }),
      ...(overrides.treeHeadIntervalMs !== undefined && { headIntervalMs: overrides.treeHeadIntervalMs }),
      readSideFirst,
      log,
    });
    await notary.start();
    closers.unshift(() => notary.stop());
    const reactor = bookingDocumentsReactor({ store: eventStore, media, mailer, publicUrl: config.publicUrl, log, readSideFirst, ...checkpoints });
    await reactor.start();
    closers.unshift(() => reactor.stop());
    const reconciler = orphanedUnitsReconciler({
      store: eventStore,
      log,
      readSideFirst,
      graceMs: config.orphanedUnitsGraceMs,
      intervalMs: Math.min(30_000, config.orphanedUnitsGraceMs),
      ...checkpoints,
      ...(now && { now }),
    });
    await reconciler.start();
    closers.unshift(() => reconciler.stop());
    const calendarImport = calendarImportReactor({
      store: eventStore,
      log,
      readSideFirst,
      ...checkpoints,
      intervalMs: config.calendarSync.intervalMs,
      fetch: { allowPrivateAddresses: config.calendarSync.allowPrivateAddresses, ...overrides.calendarImport?.fetch },
      ...((overrides.calendarImport?.now ?? now) && { now: overrides.calendarImport?.now ?? now }),
    });
    await calendarImport.start();
    closers.unshift(() => calendarImport.stop());
    const calendarFeedLinks = await calendarFeedLinksFor(config);
    const erasure = personalDataErasureReactor({ store: eventStore, keys, media, mediaLinks, log, readSideFirst, ...checkpoints });
    await erasure.start();
    closers.unshift(() => erasure.stop());
    const reactors = { 'booking-documents': reactor, 'orphaned-units': reconciler, 'personal-data-erasure': erasure, 'calendar-import': calendarImport };
    const reactorsHealth = () => healthOfReactors(reactors, config.healthMaxLagMs);
    const catchUp = watchCatchUp({
      followers: async () => [
        ...(await runner.health(config.healthMaxLagMs)).projections,
        ...(await reactorsHealth()),
        await notary.health(config.healthMaxLagMs),
      ],
      head: () => rawEventStore.headPosition(),
      log,
      unit: config.eventStoreUrl ? 'bytes' : 'events',
    });
    closers.unshift(async () => catchUp.stop());
    const occupancy = readModelQueries(readStore).occupancy;
    const hotelStreams = hotelStreamsFromReadSide({
      logHead: () => rawEventStore.headPosition(),
      waitFor: (position, timeoutMs) => runner.waitFor(position, timeoutMs),
      roomsAndBookingsOf: (hotelId) => occupancy.roomsAndBookingsOf(hotelId),
    });
    if (snapshots) {
      const erasures = await snapshotAfterErasures(rawEventStore, runner, snapshots);
      closers.unshift(() => erasures.close());
      snapshots.start();
      snapshotAfterLongCatchUp(readSideFirst, runner, snapshots).catch((error: unknown) =>
        log(`read store snapshot after the start's catch-up: ${error instanceof Error ? error.message : String(error)}`),
      );
    }

    const commandApp = createCommandApp(
      {
        eventStore,
        media,
        mediaLinks,
        hotelStreams,
        tokenIssuer,
        tokenVerifier,
        google: overrides.google !== undefined ? overrides.google : config.google ? createGoogleVerifier(config.google) : null,
        mailer,
        sms: overrides.sms ?? watchedSms(smsFor(config), fileRefusals),
        otpKey: await otpKeyFor(config),
        streamNames,
        calendarFeedLinks,
        awaitProjected: async (position) => {
          if (!(await runner.waitFor(position, READ_YOUR_WRITES_TIMEOUT_MS)))
            log(`read-your-writes: the read side did not reach position ${position} within ${READ_YOUR_WRITES_TIMEOUT_MS} ms`);
        },
        ...(now && { now }),
      },
      { apiPrefix: config.apiPrefix, cors: config.cors, security, trustProxy: config.trustProxy, imageLine: config.imageLine, logger },
    );
    const queryApp = createQueryApp(
      {
        readStore,
        media,
        mediaLinks,
        tokenVerifier,
        readSide: {
          health: async () => {
            const health = {
              ...(await notary.besideReadSide(await runner.health(config.healthMaxLagMs), config.healthMaxLagMs)),
              reactors: await reactorsHealth(),
            };
            const refusal = rawEventStore.refusingAppends?.();
            if (refusal) return { ...health, healthy: false, problem: `the event log refuses writes: ${refusal.message}` };
            const filesRefused = fileRefusals.current();
            return filesRefused ? { ...health, healthy: false, problem: `${filesRefused.what} refuses writes: ${filesRefused.error}` } : health;
          },
          waitFor: (position, timeoutMs) => runner.waitFor(position, timeoutMs),
          changedAt: async (projection) => runner.changedAt(projection),
        },
        logHead: () => eventStore.headPosition(),
        // a record as stored, personal fields decrypted ('[erased]' once the subject's key is destroyed)
        reveal: async (record) => (await revealRecord(record, keys)).data,
        auditTrail: eventStoreAuditTrail(eventStore, streamNames),
        calendarFeedLinks,
        treeHeads,
        notarisedLog: rawEventStore,
        ...(diskTree && { notary: diskTree.queries(treeHeads, rawEventStore) }),
        log,
      },
      { apiPrefix: config.apiPrefix, cors: config.cors, security, logger },
    );
    const operator = operatorApi(
      [readModelOperatorRoute(runner, readStore, log), auditorOperatorRoute({ store: eventStore, streamNames }, createPasswords())],
      await loadOrCreateOperatorToken(config.operatorToken, path.join(config.dataDir, 'keys')),
      log,
    );
    // before createHost takes the apps' callbacks: an app without an error listener then gets Koa's own, which prints every stack to stderr
    for (const app of [commandApp, queryApp]) logUnexpectedErrors(app, log);
    const metrics = processMetrics();
    metrics.addGaugeSource(followerGauges({ projections: async () => (await runner.health(config.healthMaxLagMs)).projections, reactors: reactorsHealth }));
    const host = createHost({
      apiPrefix: config.apiPrefix,
      commandApp,
      queryApp,
      security,
      operator,
      metrics: { registry: metrics.registry, token: config.metricsToken },
      frontendDir: path.resolve(import.meta.dirname, '../../frontend/dist'),
    });
    logUnexpectedErrors(host, log);
    return {
      host,
      apps: { command: commandApp, query: queryApp },
      eventStore,
      rawEventStore,
      keys,
      streamNames,
      readStore,
      media,
      runner,
      notary,
      reactor,
      reconciler,
      calendarImport,
      erasure,
      startedOnEmptyLog,
      close: async () => {
        for (const close of closers.splice(0)) await close();
      },
    };
  } catch (error) {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    throw error;
  }
}

/** The configured mailer, but the demo's outbox while the demo seed writes the past: its hundreds of confirmations are no one's mail. */
function seedingMailer(clock: SeedingClock, configured: Mailer, demoOutbox: Mailer): Mailer {
  return { send: (message) => (clock.seeding ? demoOutbox : configured).send(message) };
}

/** Longest the notary's and the reactors' catch-ups wait for the read side at start: a read side stuck longer does not hold them back. */
const FOLLOWERS_WAIT_FOR_READ_SIDE_MS = 120_000;

/**
 * When the read side has reached the log's head as it is at start (docs/decisions/0044,
 * 0056): the notary and the reactors catch up after it, so a first start over a long log is
 * healthy sooner and their rebuilds' garbage does not pile up in one heap at once. False when
 * it did not get there within FOLLOWERS_WAIT_FOR_READ_SIDE_MS or the runner stopped.
 */
function readSideAtStart(log: EventStore, runner: ReadModelRunner): () => Promise<boolean> {
  return async () => {
    const head = await log.headPosition();
    return head === null || runner.waitFor(head, FOLLOWERS_WAIT_FOR_READ_SIDE_MS);
  };
}

/** How many events the notary's leaf archive under DATA_DIR/notary saw: the log must still hold them. */
export async function notaryAcknowledged(dataDir: string): Promise<AcknowledgedEvents> {
  return { events: await LeafArchive.count(path.join(dataDir, 'notary')), by: "the notary's leaf archive" };
}

/** The embedded read store's snapshots under DATA_DIR/read-store, tied to the log as stored; loads the latest one into `store`. */
function openSnapshots(config: Config, log: EventStore, store: EmbeddedReadStore, logLine: (line: string) => void): Promise<ReadStoreSnapshots> {
  return ReadStoreSnapshots.open({
    dir: path.join(config.dataDir, 'read-store'),
    store,
    logHead: async () => {
      const position = await log.headPosition();
      const [event] = position === null ? [] : await log.readAt([position]);
      return event ? { position: event.position, eventId: event.id } : null;
    },
    logHolds: async (origin) => (await log.readAt([origin.position]))[0]?.id === origin.eventId,
    // The notary keeps its state in files of its own beside (docs/decisions/0020); a store written before kept it in these collections.
    leaveOut: NOTARY_COLLECTIONS,
    intervalMs: config.readStoreSnapshotIntervalMs,
    log: logLine,
  });
}

/**
 * Events a start may read again before the read side's catch-up is worth a snapshot of its
 * own: about a tenth of a second of replay here (docs/benchmarks.md, replay).
 */
export const SNAPSHOT_AFTER_CATCH_UP_EVENTS = 10_000;

/**
 * Writes a snapshot once the read side has reached the log's head as it was at start, when
 * getting there read many events (no snapshot, an old one after a crash, a read model
 * rebuilt): a crash before the next periodic snapshot then does not read them all again
 * (a million events is about ten seconds of start-up here).
 */
async function snapshotAfterLongCatchUp(readSideFirst: () => Promise<boolean>, runner: ReadModelRunner, snapshots: ReadStoreSnapshots): Promise<void> {
  if (!(await readSideFirst())) return;
  const { models } = await runner.status();
  const readAgain = Math.max(0, ...models.flatMap((model) => model.versions.map((version) => version.events)));
  if (readAgain >= SNAPSHOT_AFTER_CATCH_UP_EVENTS) snapshots.soon();
}

/**
 * Writes a snapshot soon after each personal data erasure, once the read models have
 * blanked the erased fields, so the previous snapshot does not keep them on disk. Follows
 * the log from where the loaded snapshot was taken: an erasure a crash kept from being
 * snapshotted is snapshotted at the next start.
 */
async function snapshotAfterErasures(log: EventStore, runner: ReadModelRunner, snapshots: ReadStoreSnapshots): Promise<Pick<Subscription, 'close'>> {
  let closed = false;
  const snapshotOnceProjected = async (position: number) => {
    while (!closed && !(await runner.waitFor(position, READ_YOUR_WRITES_TIMEOUT_MS)));
    if (!closed) snapshots.soon();
  };
  const after = snapshots.loadedFrom?.position ?? (await log.headPosition());
  const subscription = log.subscribeToAll(
    { ...(after !== null && { after }), name: 'read store snapshot after erasures' },
    {
      onBatch: async (events) => {
        const erased = events.findLast((event) => event.type === 'PersonalDataErased');
        if (erased) void snapshotOnceProjected(erased.position);
      },
    },
  );
  return {
    close: async () => {
      closed = true;
      await subscription.close();
    },
  };
}

async function signingKeys(config: Config): Promise<SigningKeys> {
  if (config.jwtPrivateKey && config.jwtPublicKey) {
    return { privateKey: await importPrivateKey(config.jwtPrivateKey), publicKey: await importPublicKey(config.jwtPublicKey) };
  }
  return loadOrCreateSigningKeys(path.join(config.dataDir, 'keys'));
}

/**
 * The embedded log's leaves read from its file for the notary's check at start, hashed on
 * the main thread between reads, a run of about 1 MB of records at a time (a few ms; the
 * check yields to requests between runs while it reads its archive). A worker thread
 * checked no faster over a million events (about 3 s either way, quiet machine) and held
 * 50–120 MB more at its peak: 458–506 MB against 379–382 MB after a restart.
 */
function logFileLeavesOf(file: string): LogFileLeavesSource {
  return async (onLeaves) => {
    await streamLeavesOfLogFile(file, { threads: 0, onLeaves });
  };
}

/** The media store, its writes watched for a full disk (reads and deletes as they are). */
const watchedMediaStore = (store: MediaStore, refusals: DiskRefusals): MediaStore => ({
  ...store,
  put: (input) => refusals.watch('the media folder', () => store.put(input)),
});

const watchedMailer = (mailer: Mailer, refusals: DiskRefusals): Mailer => ({ send: (message) => refusals.watch('the outbox', () => mailer.send(message)) });

const watchedSms = (sms: SmsSender, refusals: DiskRefusals): SmsSender => ({ send: (message) => refusals.watch('the outbox', () => sms.send(message)) });
