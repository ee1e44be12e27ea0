/**
 * The notary's `audit_log` collection, as the auditors' routes read it: one document per
 * leaf of the Merkle tree, i.e. per event of the log in `readAll` order, holding the
 * record exactly as stored (personal fields encrypted) and the keys it is found by
 * (bookingID, streamId, category and type, actor, recordedAt, each indexed by the notary).
 * The notary writes it; this module only reads.
 */
import type { AuditRecord } from '@stays/contracts';
import type { Filter, ReadStore } from '@stays/read-store';

export const AUDIT_LOG_COLLECTION = 'audit_log';

export interface AuditLogDocument {
  /** The leaf index: the event's place in log order, from 0. */
  readonly _id: number;
  readonly leafHash: string;
  readonly record: AuditRecord;
  readonly position: number;
  readonly streamId: string;
  /** The stream name before its first '-': 'booking', 'customer', 'auditor' … */
  readonly category: string;
  readonly type: string;
  /** metadata.actor, or 'system'. */
  readonly actor: string;
  /** metadata.correlationId ?? data.bookingID ?? null. */
  readonly bookingID: string | null;
  readonly recordedAt: string;
}

export interface AuditLog {
  find(filter: Filter, options?: { readonly sort?: Record<string, 1 | -1>; readonly skip?: number; readonly limit?: number }): Promise<AuditLogDocument[]>;
  count(filter: Filter): Promise<number>;
  /** The first stream of `streamIds` the log has an event of, or null. */
  firstStreamOf(streamIds: readonly string[]): Promise<string | null>;
}

export function auditLogOf(readStore: ReadStore): AuditLog {
  // the port types _id as a string; the notary keys leaves by their index, a number
  const collection = readStore.collection(AUDIT_LOG_COLLECTION);
  return {
    find: async (filter, options = {}) => (await collection.find(filter, options)) as unknown as AuditLogDocument[],
    count: (filter) => collection.countDocuments(filter),
    async firstStreamOf(streamIds) {
      // one equality each: an index serves it on either store, where $in may scan the whole log
      const found = await Promise.all(streamIds.map((streamId) => collection.findOne({ streamId }, { projection: { _id: 1 } })));
      return streamIds[found.findIndex((document) => document !== null)] ?? null;
    },
  };
}
