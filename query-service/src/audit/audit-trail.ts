/**
 * The query side's one write: recording that an auditor read a booking or personal data
 * (`AuditorReadRecorded` on the auditor's stream `auditor-{id}`). Append-only and
 * unconditional (expected revision 'any'): a read needs no decision, only a record. The
 * read is recorded before it is answered, so no answer leaves without its record.
 */
import { createHash } from 'node:crypto';
import { eventSchemaVersions, normaliseEmail, streams, type AuditorReadRecorded } from '@stays/contracts';

export type AuditorReadRecord = Omit<AuditorReadRecorded['data'], 'at'>;

export interface AuditTrail {
  recordRead(read: AuditorReadRecord): Promise<void>;
}

/**
 * The one call of the event store port the trail uses (the query side imports no event
 * store: it is given one, the embedded store or EventStoreDB, by its entry point).
 */
export interface AppendOnlyLog {
  append(streamId: string, events: readonly { type: string; data: Record<string, unknown>; metadata: Record<string, unknown> }[], options: { expectedRevision: 'any' }): Promise<unknown>;
}

/** An audit trail appending to the event log (embedded: the product's own store; production: EventStoreDB). */
export function eventStoreAuditTrail(store: AppendOnlyLog, now: () => Date = () => new Date()): AuditTrail {
  return {
    async recordRead(read) {
      const data: AuditorReadRecorded['data'] = { ...read, at: now().toISOString() };
      await store.append(streams.auditor(read.auditorId), [{
        type: 'AuditorReadRecorded',
        data: { ...data },
        metadata: { schemaVersion: eventSchemaVersions.AuditorReadRecorded, actor: read.auditorId },
      }], { expectedRevision: 'any' });
    },
  };
}

/**
 * The filters of a read as they are recorded: the query as validated, without defaults
 * the auditor did not send, and a guest's email replaced by its sha256 so that the
 * auditor's stream never holds it.
 */
export function recordedFilters(query: Record<string, unknown>): Record<string, string | number> {
  const filters: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(query)) {
    if (typeof value !== 'string' && typeof value !== 'number') continue;
    if (name === 'guestEmail' && typeof value === 'string') filters.guestEmailSha256 = createHash('sha256').update(normaliseEmail(value)).digest('hex');
    else filters[name] = value;
  }
  return filters;
}
