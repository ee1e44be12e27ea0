/**
 * The notary's `audit_log` collection (projections/src/notary), as the auditors' routes
 * read it: one document per leaf of the Merkle tree, i.e. per event of the log in
 * `readAll` order, holding the record exactly as stored (personal fields encrypted) and
 * the keys it is found by (bookingID, streamId, category and type, actor, recordedAt, each
 * indexed by the notary). The notary writes it; this module only reads.
 */
import { AUDIT_LOG_COLLECTION, type AuditLogDocument } from '@stays/projections';
import type { Filter, ReadStore } from '@stays/read-store';

export type { AuditLogDocument };

export interface AuditLog {
  find(filter: Filter, options?: { readonly sort?: Record<string, 1 | -1>; readonly skip?: number; readonly limit?: number }): Promise<AuditLogDocument[]>;
  count(filter: Filter): Promise<number>;
  /** The first stream of `streamIds` the log has an event of, or null. */
  firstStreamOf(streamIds: readonly string[]): Promise<string | null>;
}

export function auditLogOf(readStore: ReadStore): AuditLog {
  const collection = readStore.collection<AuditLogDocument>(AUDIT_LOG_COLLECTION);
  return {
    find: (filter, options = {}) => collection.find(filter, options),
    count: (filter) => collection.countDocuments(filter),
    async firstStreamOf(streamIds) {
      // one equality each: an index serves it on either store, where $in may scan the whole log
      const found = await Promise.all(streamIds.map((streamId) => collection.findOne({ streamId }, { projection: { _id: 1 } })));
      return streamIds[found.findIndex((document) => document !== null)] ?? null;
    },
  };
}
