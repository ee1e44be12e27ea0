/**
 * The query side's one write: recording that an auditor read a booking or personal data
 * (`AuditorReadRecorded` on the auditor's stream `auditor-{id}`). Append-only and
 * unconditional (expected revision 'any'): a read needs no decision, only a record. The
 * read is recorded before it is answered, so no answer leaves without its record.
 */
import { eventSchemaVersions, streams, type AuditorReadRecorded } from '@stays/contracts';
import type { KeyedStreamNames } from '@stays/service-kit';

export type AuditorReadRecord = Omit<AuditorReadRecorded['data'], 'at'>;

export interface AuditTrail {
  recordRead(read: AuditorReadRecord): Promise<void>;
}

/**
 * The one call of the event store port the trail uses (the query side imports no event
 * store: it is given one, the embedded store or EventStoreDB, by its entry point).
 */
export interface AppendOnlyLog {
  append(
    streamId: string,
    events: readonly { type: string; data: Record<string, unknown>; metadata: Record<string, unknown> }[],
    options: { expectedRevision: 'any' },
  ): Promise<unknown>;
}

/**
 * An audit trail appending to the event log (embedded: the product's own store; production:
 * EventStoreDB). A guest's email in the filters is recorded as its keyed digest
 * (`guestEmailDigest`, the digest their email reservation is named by), so the auditor's
 * stream never holds it, nor a hash anyone could confirm a guessed email with.
 */
export function eventStoreAuditTrail(store: AppendOnlyLog, streamNames: KeyedStreamNames, now: () => Date = () => new Date()): AuditTrail {
  return {
    async recordRead(read) {
      const { guestEmail, ...filters } = read.filters ?? {};
      const recorded =
        read.filters === undefined
          ? read
          : { ...read, filters: { ...filters, ...(typeof guestEmail === 'string' && { guestEmailDigest: streamNames.email(guestEmail) }) } };
      const data: AuditorReadRecorded['data'] = { ...recorded, at: now().toISOString() };
      await store.append(
        streams.auditor(read.auditorId),
        [
          {
            type: 'AuditorReadRecorded',
            data: { ...data },
            metadata: { schemaVersion: eventSchemaVersions.AuditorReadRecorded, actor: read.auditorId },
          },
        ],
        { expectedRevision: 'any' },
      );
    },
  };
}

/**
 * The filters of a read as they are given to the trail: the query as validated, without
 * defaults the auditor did not send (the trail replaces a guest's email by its digest).
 */
export function recordedFilters(query: Record<string, unknown>): Record<string, string | number> {
  const filters: Record<string, string | number> = {};
  for (const [name, value] of Object.entries(query)) {
    if (typeof value === 'string' || typeof value === 'number') filters[name] = value;
  }
  return filters;
}
