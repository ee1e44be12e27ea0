/**
 * Auditor accounts (streams `auditor-{id}`), kept apart from guests and hotel owners:
 * no sign-up (an auditor is added at start, by the CLI or by the demo data), read-only,
 * and each of their reads of a booking or of personal data is recorded here too.
 * One account per email, by unique-key streams `auditoremail-{keyed digest of the email}`.
 */
import { z } from 'zod';
import type { EventOf } from './define.ts';

/** How an auditor account came to be: `BOOTSTRAP_AUDITOR_*` at start, `npm run auditor -- add`, or the demo data. */
export const AUDITOR_ADDED_VIA = ['bootstrap', 'cli', 'demo'] as const;

/** What an auditor read: a search of bookings, one booking's history or state as of a time, the log browser, an export, a read model's documents. */
export const AUDITOR_READS = ['bookings', 'booking-history', 'booking-as-of', 'log-records', 'log-export', 'read-model-documents'] as const;
export type AuditorRead = (typeof AUDITOR_READS)[number];

export const auditorEventSchemas = {
  AuditorAdded: z.object({
    auditorId: z.string(),
    email: z.string(),
    passwordHash: z.string().describe('argon2id hash. Never projected.'),
    via: z.enum(AUDITOR_ADDED_VIA),
  }),
  AuditorSignedIn: z.object({ auditorId: z.string(), sessionId: z.string(), expiresAt: z.string() }),
  AuditorSignedOut: z.object({ auditorId: z.string(), sessionId: z.string() }),
  /**
   * Who looked at what, when. `filters` are the query as sent, except a guest's email,
   * which is kept as its keyed digest (`guestEmailDigest`, HMAC under STREAM_NAME_KEY) so
   * that reading about a guest never copies their email, nor a hash a guess could be
   * confirmed by, into an auditor's stream.
   */
  AuditorReadRecorded: z.object({
    auditorId: z.string(),
    what: z.enum(AUDITOR_READS),
    bookingID: z.string().optional(),
    filters: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
    at: z.string(),
  }),
};
type Schemas = typeof auditorEventSchemas;

export type AuditorAdded = EventOf<'AuditorAdded', Schemas['AuditorAdded']>;
export type AuditorSignedIn = EventOf<'AuditorSignedIn', Schemas['AuditorSignedIn']>;
export type AuditorSignedOut = EventOf<'AuditorSignedOut', Schemas['AuditorSignedOut']>;
export type AuditorReadRecorded = EventOf<'AuditorReadRecorded', Schemas['AuditorReadRecorded']>;

export type AuditorEvent = AuditorAdded | AuditorSignedIn | AuditorSignedOut | AuditorReadRecorded;
