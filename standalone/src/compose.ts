/**
 * The composition root of the one-process mode: builds every part from the config —
 * embedded stores by default, EventStoreDB and MongoDB when their URLs are set — and
 * wires the command app, the projections and the query app together. Tests build the
 * same system on a temporary data directory.
 */
import path from 'node:path';
import type Koa from 'koa';
import { MongoClient } from 'mongodb';
import { connectEventStoreDB, openEmbeddedEventStore, type EventStore } from '@stays/event-store';
import { connectMongoReadStore, createEmbeddedReadStore, type ReadStore } from '@stays/read-store';
import {
  TokenIssuer, TokenVerifier, createFileMediaStore, createGridFsMediaStore, importPrivateKey, importPublicKey,
  loadOrCreateSigningKeys, logUnexpectedErrors, mailerFor, otpKeyFor, securityHeadersFor, signingMediaLinksFor, smsFor, type Config, type Mailer, type MediaStore, type SigningKeys,
} from '@stays/service-kit';
import { ProjectionRunner, allProjections } from '@stays/projections';
import { BookingDocumentsReactor, OrphanedUnitsReconciler, bootstrapAuditor, createCommandApp, createGoogleVerifier, createPasswords, type GoogleIdTokenVerifier } from '@stays/command-service';
import { createQueryApp, eventStoreAuditTrail } from '@stays/query-service';
import { createHost } from './host.ts';

/** How long a command waits for the read side to show its write before answering anyway. */
const READ_YOUR_WRITES_TIMEOUT_MS = 5000;

export interface System {
  readonly host: Koa;
  readonly reactor: BookingDocumentsReactor;
  readonly reconciler: OrphanedUnitsReconciler;
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly media: MediaStore;
  readonly runner: ProjectionRunner;
  /** The log held nothing when the system started (before the bootstrap auditor was added): the demo data may be seeded. */
  readonly startedOnEmptyLog: boolean;
  close(): Promise<void>;
}

export interface ComposeOverrides {
  /** Google ID token verifier (tests use one backed by a local key set). */
  readonly google?: GoogleIdTokenVerifier | null;
  readonly now?: () => Date;
  readonly log?: (line: string) => void;
  /** Email adapter (tests use one that fails on purpose). */
  readonly mailer?: Mailer;
}

export async function composeSystem(config: Config, overrides: ComposeOverrides = {}): Promise<System> {
  const log = overrides.log ?? console.log;
  const closers: (() => Promise<void>)[] = [];
  try {
    const eventStore = config.eventStoreUrl
      ? connectEventStoreDB(config.eventStoreUrl)
      : await openEmbeddedEventStore(path.join(config.dataDir, 'events'));
    closers.push(() => eventStore.close());

    let mongo: MongoClient | null = null;
    if (config.mongoUrl) {
      mongo = await new MongoClient(config.mongoUrl).connect();
      closers.push(() => mongo!.close());
    }
    const readStore = config.mongoUrl ? await connectMongoReadStore(config.mongoUrl, config.mongoDb) : createEmbeddedReadStore();
    closers.push(() => readStore.close());
    const media = mongo
      ? createGridFsMediaStore({ db: mongo.db(config.mongoDb), publicBaseUrl: config.mediaPath })
      : createFileMediaStore({ dir: path.join(config.dataDir, 'media'), publicBaseUrl: config.mediaPath });

    const mediaLinks = await signingMediaLinksFor(config, overrides.now);
    const security = securityHeadersFor(config);
    const mailer = overrides.mailer ?? mailerFor(config);
    const keys = await signingKeys(config);
    const tokenVerifier = new TokenVerifier(keys.publicKey, config.token);
    const tokenIssuer = new TokenIssuer(keys.privateKey, config.token);

    const startedOnEmptyLog = (await eventStore.headPosition()) === null;
    if (config.bootstrapAuditor !== null && (await bootstrapAuditor(eventStore, createPasswords(), config.bootstrapAuditor))) {
      log(`auditor ${config.bootstrapAuditor.email} added (BOOTSTRAP_AUDITOR_EMAIL)`);
    }

    const runner = new ProjectionRunner(eventStore, readStore, allProjections, { log });
    await runner.start();
    closers.unshift(() => runner.stop());
    const reactor = new BookingDocumentsReactor({ store: eventStore, media, mailer, log });
    await reactor.start();
    closers.unshift(() => reactor.stop());
    const reconciler = new OrphanedUnitsReconciler({ store: eventStore, log, ...(overrides.now && { now: overrides.now }) });
    await reconciler.start();
    closers.unshift(() => reconciler.stop());

    const commandApp = createCommandApp({
      eventStore, media, mediaLinks, tokenIssuer, tokenVerifier,
      google: overrides.google !== undefined ? overrides.google : config.google ? createGoogleVerifier(config.google) : null,
      mailer, sms: smsFor(config), otpKey: await otpKeyFor(config),
      awaitProjected: async (position) => {
        if (!(await runner.waitFor(position, READ_YOUR_WRITES_TIMEOUT_MS))) log(`read-your-writes: the read side did not reach position ${position} within ${READ_YOUR_WRITES_TIMEOUT_MS} ms`);
      },
      ...(overrides.now && { now: overrides.now }),
    }, { apiPrefix: config.apiPrefix, cors: config.cors, security, trustProxy: config.trustProxy });
    const queryApp = createQueryApp({
      readStore, media, mediaLinks, tokenVerifier,
      readSide: {
        health: () => runner.health(config.healthMaxLagMs),
        waitFor: (position, timeoutMs) => runner.waitFor(position, timeoutMs),
        changedAt: async (projection) => runner.changedAt(projection),
      },
      logHead: () => eventStore.headPosition(),
      // records are stored as appended until the personal-data layer (withPersonalData) wraps the store; its revealRecord goes here then
      reveal: async (record) => record.data,
      auditTrail: eventStoreAuditTrail(eventStore),
      log,
    }, { apiPrefix: config.apiPrefix, cors: config.cors, security });
    const host = createHost({ apiPrefix: config.apiPrefix, commandApp, queryApp, security, frontendDir: path.resolve(import.meta.dirname, '../../frontend/dist') });
    for (const app of [commandApp, queryApp, host]) logUnexpectedErrors(app, log);
    return {
      host, eventStore, readStore, media, runner, reactor, reconciler, startedOnEmptyLog,
      close: async () => {
        for (const close of closers.splice(0)) await close();
      },
    };
  } catch (error) {
    for (const close of closers.reverse()) await close().catch(() => undefined);
    throw error;
  }
}

async function signingKeys(config: Config): Promise<SigningKeys> {
  if (config.jwtPrivateKey && config.jwtPublicKey) {
    return { privateKey: await importPrivateKey(config.jwtPrivateKey), publicKey: await importPublicKey(config.jwtPublicKey) };
  }
  return loadOrCreateSigningKeys(path.join(config.dataDir, 'keys'));
}
