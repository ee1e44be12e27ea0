/**
 * Adapters chosen by configuration, shared by the one-process host and the production
 * servers: real SMTP / SMS webhook when configured, the outbox folder otherwise.
 */
import { randomBytes } from 'node:crypto';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { SIGNED_MEDIA_LINK_MINUTES } from '@stays/contracts';
import { ConfigError, type Config } from './config.ts';
import type { SecurityHeadersOptions } from './http/security-headers.ts';
import { createOutboxMailer, createOutboxSms, createSmtpMailer, createWebhookSms, type Mailer, type SmsSender } from './messaging/index.ts';
import { loadOrCreateSecret } from './auth/keys.ts';
import { MediaLinks } from './media/links.ts';
import { CalendarFeedLinks } from './calendar-feed-links.ts';
import { MEDIA_LINK_KEY_MIN_BYTES, MediaLinkSigner } from './media/signed-links.ts';
import { KeyedStreamNames, STREAM_NAME_KEY_BYTES } from './stream-names/keyed-stream-names.ts';
import { processMetrics } from './observability/metrics.ts';

export const outboxDir = (config: Config): string => config.outboxDir ?? path.join(config.dataDir, 'outbox');

/**
 * A production server refuses to start when a message it must send would go nowhere
 * anyone reads: without SMTP_URL (and, for `sms`, SMS_WEBHOOK_URL) it needs OUTBOX_DIR set
 * explicitly, to a directory it can write (checked by writing a file there), so a
 * misconfigured deployment fails at start instead of losing every OTP and booking email.
 */
export async function assertMessagesDeliverable(config: Config, needs: { readonly email: boolean; readonly sms: boolean }): Promise<void> {
  const missing = [needs.email && !config.smtpUrl && 'SMTP_URL', needs.sms && !config.smsWebhookUrl && 'SMS_WEBHOOK_URL'].filter(Boolean);
  if (missing.length === 0) return;
  if (config.outboxDir === undefined) {
    throw new ConfigError(
      `${missing.join(' and ')} not set: emails and SMS (OTP codes, booking confirmations) would not be sent. ` +
        `Set ${missing.join(' and ')}, or OUTBOX_DIR to a writable directory to keep them there as files.`,
    );
  }
  const probe = path.join(config.outboxDir, `.write-check-${randomBytes(4).toString('hex')}`);
  try {
    await mkdir(config.outboxDir, { recursive: true });
    await writeFile(probe, '');
    await rm(probe);
  } catch (error) {
    const who = typeof process.getuid === 'function' ? ` (uid ${process.getuid()})` : '';
    throw new ConfigError(
      `OUTBOX_DIR ${config.outboxDir} is not writable by this process${who}: ${(error as Error).message}. ` +
        `Without ${missing.join(' and ')} messages are written there: make it writable (a volume owned by this user), or set ${missing.join(' and ')}.`,
    );
  }
}

export const mailerFor = (config: Config): Mailer =>
  countedMailer(
    config.smtpUrl ? createSmtpMailer({ url: config.smtpUrl, from: config.mailFrom }) : createOutboxMailer({ dir: outboxDir(config), from: config.mailFrom }),
  );

export const smsFor = (config: Config): SmsSender =>
  countedSms(config.smsWebhookUrl ? createWebhookSms({ url: config.smsWebhookUrl }) : createOutboxSms({ dir: outboxDir(config) }));

/** Counts each message sent (stays_messages_sent_total) and each refused (stays_messages_failed_total). */
async function counted<T>(channel: 'email' | 'sms', send: Promise<T>): Promise<T> {
  try {
    const sent = await send;
    processMetrics().messagesSent.inc({ channel });
    return sent;
  } catch (error) {
    processMetrics().messagesFailed.inc({ channel });
    throw error;
  }
}
const countedMailer = (mailer: Mailer): Mailer => ({ send: (message) => counted('email', mailer.send(message)) });
const countedSms = (sms: SmsSender): SmsSender => ({ send: (message) => counted('sms', sms.send(message)) });

export const otpKeyFor = (config: Config): Promise<Buffer> => loadOrCreateSecret(path.join(config.dataDir, 'keys'), 'otp-hash', config.otpHashKey);

/**
 * The stream names made from emails and phones, keyed with STREAM_NAME_KEY, or with the
 * secret the embedded mode keeps in DATA_DIR/keys/stream-name.secret (created on first use).
 */
export const streamNamesFor = async (config: Config): Promise<KeyedStreamNames> =>
  new KeyedStreamNames(await loadOrCreateSecret(path.join(config.dataDir, 'keys'), 'stream-name', config.streamNameKey, STREAM_NAME_KEY_BYTES));

/** Media links on the configured public address (absolute, never from request headers). */
export const mediaLinksFor = (config: Config): MediaLinks => new MediaLinks({ publicUrl: config.publicUrl, apiPrefix: config.apiPrefix });

/** Media links that also sign and check private links (the query side), with the configured or kept secret. */
export async function signingMediaLinksFor(config: Config, now?: () => Date): Promise<MediaLinks> {
  const key = await loadOrCreateSecret(path.join(config.dataDir, 'keys'), 'media-link', config.mediaLinkKey);
  if (key.length < MEDIA_LINK_KEY_MIN_BYTES) throw new ConfigError(`MEDIA_LINK_KEY: must be at least ${MEDIA_LINK_KEY_MIN_BYTES} bytes (base64)`);
  const signer = new MediaLinkSigner(key, { lifetimeSeconds: SIGNED_MEDIA_LINK_MINUTES * 60, ...(now && { now }) });
  return new MediaLinks({ publicUrl: config.publicUrl, apiPrefix: config.apiPrefix, signer });
}

/** The secret calendar feed links, keyed with CALENDAR_FEED_KEY or the secret the embedded mode keeps in DATA_DIR/keys. */
export const calendarFeedLinksFor = async (config: Config): Promise<CalendarFeedLinks> =>
  new CalendarFeedLinks({
    key: await loadOrCreateSecret(path.join(config.dataDir, 'keys'), 'calendar-feed', config.calendarFeedKey),
    publicUrl: config.publicUrl,
    apiPrefix: config.apiPrefix,
  });

/** What the security headers depend on: the public address and whether Google sign-in is configured. */
export const securityHeadersFor = (config: Config): SecurityHeadersOptions => ({ publicUrl: config.publicUrl, googleSignIn: config.google !== null });
