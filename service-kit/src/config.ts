/**
 * Configuration from the environment, parsed once at start with a schema: a bad value
 * stops the process with a message naming the variable, instead of failing later.
 */
import path from 'node:path';
import { z } from 'zod';
import { API_PREFIX_DEFAULT } from '@stays/contracts';

const optionalText = z.preprocess((value) => (typeof value === 'string' && value.trim() === '' ? undefined : value), z.string().optional());

const schema = z.object({
  PORT: z.coerce.number().int().min(0).max(65535).default(8080),
  API_PREFIX: z
    .string()
    .regex(/^(\/[A-Za-z0-9._-]+)+$/, 'must look like /a/b/c')
    .default(API_PREFIX_DEFAULT),
  DATA_DIR: z.string().min(1).default('./data'),
  EVENTSTORE_URL: optionalText,
  MONGO_URL: optionalText,
  MONGO_DB: z.string().min(1).default('stays'),
  SMTP_URL: optionalText,
  MAIL_FROM: z.string().min(3).default('Stays <bookings@stays.local>'),
  SMS_WEBHOOK_URL: optionalText,
  /** Comma-separated origins allowed to call the API from a browser, or '*'. Empty: same origin only. */
  CORS_ORIGINS: z.string().default(''),
  GOOGLE_CLIENT_ID: optionalText,
  GOOGLE_JWKS_URL: z.string().url().default('https://www.googleapis.com/oauth2/v3/certs'),
  JWT_PRIVATE_KEY: optionalText,
  JWT_PUBLIC_KEY: optionalText,
  /** Base64 secret keying OTP hashes (production); embedded mode keeps one under DATA_DIR/keys. */
  OTP_HASH_KEY: optionalText,
  /**
   * Base64 of 32 random bytes keying the stream names made from an email or phone
   * (production; required by the command and query services); the embedded mode keeps one
   * in DATA_DIR/keys/stream-name.secret. Changing it loses every email's unique key: the
   * services refuse to start on a log whose names were made with another key.
   */
  STREAM_NAME_KEY: optionalText.refine(
    (value) => value === undefined || (/^[A-Za-z0-9+/]+={0,2}$/.test(value.trim()) && Buffer.from(value, 'base64').length === 32),
    'must be base64 of 32 bytes (npm run keys)',
  ),
  /** Base64 secret (32+ bytes) signing private media links (production); embedded mode keeps one under DATA_DIR/keys. */
  MEDIA_LINK_KEY: optionalText,
  /** Base64 secret keying the listings' secret calendar feed links (production); embedded mode keeps one under DATA_DIR/keys. Changing it changes every link. */
  CALENDAR_FEED_KEY: optionalText,
  /**
   * Base64 of 32 random bytes: the master key wrapping every person's data key (production);
   * the embedded mode keeps one in DATA_DIR/keys/personal-data.key.
   */
  PERSONAL_DATA_KEY: optionalText.refine(
    (value) => value === undefined || (/^[A-Za-z0-9+/]+={0,2}$/.test(value.trim()) && Buffer.from(value, 'base64').length === 32),
    'must be base64 of 32 bytes (npm run keys)',
  ),
  /** The notary's Ed25519 private key (PKCS#8 PEM) signing tree heads (production); embedded mode keeps one under DATA_DIR/keys. */
  NOTARY_SIGNING_KEY: optionalText,
  /**
   * Secret (24+ characters) the operator's `npm run projection` sends to the process that
   * runs projections (production: the projections worker's and the CLI's environment);
   * the one-process mode keeps one in DATA_DIR/keys/operator.token.
   */
  OPERATOR_TOKEN: optionalText.refine((value) => value === undefined || value.trim().length >= 24, 'must be at least 24 characters (npm run keys)'),
  /** Where `npm run projection` reaches the process that runs projections; default http://127.0.0.1:{PORT}. */
  OPERATOR_URL: optionalText,
  TOKEN_ISSUER: z.string().min(1).default('stays'),
  TOKEN_AUDIENCE: z.string().min(1).default('stays-api'),
  TOKEN_TTL_SECONDS: z.coerce
    .number()
    .int()
    .min(60)
    .max(30 * 24 * 3600)
    .default(8 * 3600),
  /** The query service's address, for a command service in another process (read-your-writes). */
  QUERY_SERVICE_URL: optionalText,
  SEED_DEMO: z.enum(['0', '1']).default('1'),
  /**
   * The address browsers reach the product at (the gateway's public address in production).
   * Media links are absolute URLs built from it, never from request headers.
   */
  PUBLIC_URL: z.preprocess(
    (value) => (typeof value === 'string' && value.trim() === '' ? undefined : value),
    z
      .string()
      .url()
      .refine((url) => /^https?:\/\/[^/?#]+(\/[^?#]*)?$/i.test(url), 'must be an http(s) address without query or fragment')
      .optional(),
  ),
  /** 1 behind our gateway only: the client address is the last X-Forwarded-For entry, not the socket's. */
  TRUST_PROXY: z.enum(['0', '1']).default('0'),
  /** Where messages go without SMTP_URL / SMS_WEBHOOK_URL; production servers refuse to start without one of them. */
  OUTBOX_DIR: optionalText,
  /** The first auditor, added at start when no auditor has this email (ignored from then on). Both or neither. */
  BOOTSTRAP_AUDITOR_EMAIL: optionalText,
  BOOTSTRAP_AUDITOR_PASSWORD: optionalText,
  /** A follower of the log more than this far behind (age of its oldest unhandled event) is unhealthy. */
  HEALTH_MAX_LAG_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 3600)
    .default(30),
  /**
   * One-process mode: the embedded read store is written to DATA_DIR/read-store this often
   * while anything changed (and at shutdown, and soon after a personal data erasure); a
   * crash replays the log written since. 0: only at shutdown and after erasures.
   */
  READ_STORE_SNAPSHOT_SECONDS: z.coerce
    .number()
    .int()
    .min(0)
    .max(24 * 3600)
    .default(300),
  /**
   * One-process mode: how far the JavaScript heap may grow past what the collector last found
   * live, in percent, once the read store's snapshot is loaded (V8's --heap-growing-percent).
   * 0: V8's own choice, which lets a rebuild of a long log take several times what it keeps.
   */
  HEAP_GROWTH_PERCENT: z.coerce.number().int().min(0).max(400).default(30),
  /** Calendar sync: other sites' calendar feeds are fetched this often (minutes). */
  CALENDAR_SYNC_MINUTES: z.coerce
    .number()
    .int()
    .min(1)
    .max(24 * 60)
    .default(15),
  /** Calendar sync, tests only: 1 lets feeds on loopback and private addresses be fetched (never in production: it opens the server's network to owners). */
  CALENDAR_ALLOW_PRIVATE_URLS: z.enum(['0', '1']).default('0'),
  /**
   * Fault campaigns only (docs/operations.md): while this file exists and names an error
   * (ENOSPC or EIO), the embedded log's writes and syncs fail with it, as a full or
   * failing disk would. Unset in production.
   */
  FAULT_INJECTION_FILE: z.string().min(1).optional(),
  /**
   * Fault campaigns only (docs/operations.md): while this file exists it holds a number of
   * milliseconds added to every reading of the one-process product's wall clock, as a step
   * of the host's clock would. Unset in production.
   */
  CLOCK_STEP_FILE: z.string().min(1).optional(),
  /**
   * A folder of read model files found beside the product's own (projections/src/read-models),
   * at start and by `npm run projection -- build` (docs/read-models.md): an analyst's models
   * kept out of the source tree. Unset: only the product's own.
   */
  READ_MODELS_DIR: z.string().min(1).optional(),
  /** How long a reservation may wait for its booking before the reconciler gives its units back (default 120 s; campaigns shorten it). */
  ORPHANED_UNITS_GRACE_SECONDS: z.coerce.number().int().min(1).max(86_400).default(120),
  /** Uploaded images decoded at once across all requests; default one per core but one, at most two (see command-service image-line.ts). */
  IMAGE_WORK_CONCURRENCY: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(1).max(64).optional()),
  /** Requests with images that may wait for a turn beyond those decoding; more are answered 503 with Retry-After. Default 8. */
  IMAGE_WORK_QUEUE: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(0).max(1000).optional()),
  /** Observability (docs/decisions/0034): the logger reads these itself at its first line; here a bad value fails the start. */
  LOG_LEVEL: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info'),
  ),
  LOG_FORMAT: z.preprocess((value) => (value === '' ? undefined : value), z.enum(['json', 'pretty']).optional()),
  /** A scrape of /metrics must carry it as a bearer token; unset: /metrics answers whoever reaches the port. */
  METRICS_TOKEN: optionalText,
  SHUTDOWN_TIMEOUT_MS: z.preprocess((value) => (value === '' ? undefined : value), z.coerce.number().int().min(0).max(600_000).default(10_000)),
});

const checkedSchema = schema.refine((env) => (env.BOOTSTRAP_AUDITOR_EMAIL === undefined) === (env.BOOTSTRAP_AUDITOR_PASSWORD === undefined), {
  message: 'set both BOOTSTRAP_AUDITOR_EMAIL and BOOTSTRAP_AUDITOR_PASSWORD, or neither',
  path: ['BOOTSTRAP_AUDITOR_PASSWORD'],
});

export type Config = ReturnType<typeof toConfig>;

export class ConfigError extends Error {
  override readonly name = 'ConfigError';
}

export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = checkedSchema.safeParse(env);
  if (!result.success) {
    const problems = result.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`).join('; ');
    throw new ConfigError(`invalid configuration: ${problems}`);
  }
  return toConfig(result.data);
}

function toConfig(env: z.infer<typeof schema>) {
  const dataDir = path.resolve(env.DATA_DIR);
  const corsOrigins =
    env.CORS_ORIGINS.trim() === '*'
      ? ('*' as const)
      : env.CORS_ORIGINS.split(',')
          .map((o) => o.trim())
          .filter(Boolean);
  return {
    port: env.PORT,
    apiPrefix: env.API_PREFIX,
    dataDir,
    eventStoreUrl: env.EVENTSTORE_URL,
    mongoUrl: env.MONGO_URL,
    mongoDb: env.MONGO_DB,
    smtpUrl: env.SMTP_URL,
    mailFrom: env.MAIL_FROM,
    smsWebhookUrl: env.SMS_WEBHOOK_URL,
    /** CORS for browser clients on other origins; undefined: same origin only. */
    cors: corsOrigins === '*' || corsOrigins.length > 0 ? { allowedOrigins: corsOrigins } : undefined,
    google: env.GOOGLE_CLIENT_ID ? { clientId: env.GOOGLE_CLIENT_ID, jwksUrl: env.GOOGLE_JWKS_URL } : null,
    jwtPrivateKey: env.JWT_PRIVATE_KEY,
    jwtPublicKey: env.JWT_PUBLIC_KEY,
    otpHashKey: env.OTP_HASH_KEY,
    mediaLinkKey: env.MEDIA_LINK_KEY,
    calendarFeedKey: env.CALENDAR_FEED_KEY,
    streamNameKey: env.STREAM_NAME_KEY,
    personalDataKey: env.PERSONAL_DATA_KEY === undefined ? undefined : Buffer.from(env.PERSONAL_DATA_KEY, 'base64'),
    notarySigningKey: env.NOTARY_SIGNING_KEY,
    operatorToken: env.OPERATOR_TOKEN?.trim(),
    operatorUrl: (env.OPERATOR_URL ?? `http://127.0.0.1:${env.PORT}`).replace(/\/+$/, ''),
    token: { issuer: env.TOKEN_ISSUER, audience: env.TOKEN_AUDIENCE, ttlSeconds: env.TOKEN_TTL_SECONDS },
    queryServiceUrl: env.QUERY_SERVICE_URL,
    seedDemo: env.SEED_DEMO === '1',
    /** e.g. `https://stays.example.in` (no trailing slash); default `http://localhost:{PORT}`. */
    publicUrl: (env.PUBLIC_URL ?? `http://localhost:${env.PORT}`).replace(/\/+$/, ''),
    /** The server-relative path media are recorded under in events; answers make it absolute with `publicUrl`. */
    mediaPath: `${env.API_PREFIX}/media`,
    trustProxy: env.TRUST_PROXY === '1',
    /** Set only when OUTBOX_DIR is (embedded mode uses DATA_DIR/outbox, see wiring.ts). */
    outboxDir: env.OUTBOX_DIR === undefined ? undefined : path.resolve(env.OUTBOX_DIR),
    healthMaxLagMs: env.HEALTH_MAX_LAG_SECONDS * 1000,
    readStoreSnapshotIntervalMs: env.READ_STORE_SNAPSHOT_SECONDS * 1000,
    heapGrowthPercent: env.HEAP_GROWTH_PERCENT,
    calendarSync: { intervalMs: env.CALENDAR_SYNC_MINUTES * 60_000, allowPrivateAddresses: env.CALENDAR_ALLOW_PRIVATE_URLS === '1' },
    metricsToken: env.METRICS_TOKEN?.trim() || null,
    /** Longest a SIGTERM may take to finish requests and batches and close the stores before the process exits anyway. */
    shutdownTimeoutMs: env.SHUTDOWN_TIMEOUT_MS,
    faultInjectionFile: env.FAULT_INJECTION_FILE === undefined ? undefined : path.resolve(env.FAULT_INJECTION_FILE),
    clockStepFile: env.CLOCK_STEP_FILE === undefined ? undefined : path.resolve(env.CLOCK_STEP_FILE),
    readModelsDir: env.READ_MODELS_DIR === undefined ? undefined : path.resolve(env.READ_MODELS_DIR),
    orphanedUnitsGraceMs: env.ORPHANED_UNITS_GRACE_SECONDS * 1000,
    /** The image line's size; unset parts take the command service's defaults. */
    imageLine: {
      ...(env.IMAGE_WORK_CONCURRENCY !== undefined && { concurrency: env.IMAGE_WORK_CONCURRENCY }),
      ...(env.IMAGE_WORK_QUEUE !== undefined && { maxWaiting: env.IMAGE_WORK_QUEUE }),
    },
    bootstrapAuditor:
      env.BOOTSTRAP_AUDITOR_EMAIL !== undefined && env.BOOTSTRAP_AUDITOR_PASSWORD !== undefined
        ? { email: env.BOOTSTRAP_AUDITOR_EMAIL, password: env.BOOTSTRAP_AUDITOR_PASSWORD }
        : null,
  };
}
