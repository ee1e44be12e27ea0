/**
 * Log documents → the AuditEntry an auditor reads: the record as stored (hash it to check
 * its proof), its data with personal fields decrypted, and who did it. The actor's role
 * is read off which account stream the log holds for the id (so it stays known after the
 * account is deleted); the name from the read models, '[erased]' once the account is gone.
 */
import { streams, type AuditActor, type AuditEntry, type AuditRecord } from '@stays/contracts';
import type { ReadModelQueries } from '@stays/projections/read-models';
import type { AuditLog, LoggedRecord } from '@stays/notary/queries';

/** What replaces a person's name or data once it is erased (the personal-data layer writes the same). */
const ERASED = '[erased]';
/** The product's own actors: 'system', or 'system:{reactor}' (e.g. 'system:booking-documents'). */
export const isSystemActor = (id: string): boolean => id === 'system' || id.startsWith('system:');

export type Reveal = (record: AuditRecord) => Promise<Record<string, unknown>>;

export interface EntryReader {
  entryOf(document: LoggedRecord): Promise<AuditEntry>;
}

/** An entry reader for one request: actors are looked up once each. */
export function entryReader(auditLog: AuditLog, accounts: ReadModelQueries['accounts'], reveal: Reveal): EntryReader {
  const actors = new Map<string, Promise<AuditActor>>();

  async function lookUp(id: string): Promise<AuditActor> {
    if (isSystemActor(id)) return { id, role: 'system', name: 'Stays' };
    const candidates = { customer: streams.account('customer', id), 'hotel-owner': streams.account('hotel-owner', id), auditor: streams.auditor(id) } as const;
    const stream = await auditLog.firstStreamOf(Object.values(candidates));
    const role = (Object.keys(candidates) as (keyof typeof candidates)[]).find((candidate) => candidates[candidate] === stream);
    if (role === undefined) return { id, role: 'system', name: id };
    return { id, role, name: (await accounts.displayName(role, id)) ?? ERASED };
  }

  const actorOf = (id: string): Promise<AuditActor> => {
    let actor = actors.get(id);
    if (actor === undefined) actors.set(id, (actor = lookUp(id)));
    return actor;
  };

  return {
    async entryOf(document) {
      const [data, actor] = await Promise.all([reveal(document.record), actorOf(document.actor)]);
      return { leafIndex: document._id, ...(document.bookingID !== undefined && { bookingID: document.bookingID }), record: document.record, data, actor };
    },
  };
}
