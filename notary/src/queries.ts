/**
 * What the query side asks of the notary, and the only way it reads what the notary
 * keeps (as a read model's queries are for its collections): the auditors' log
 * (`audit_log`, one document per leaf, i.e. per event of the log in `readAll` order,
 * holding the record exactly as stored and the keys it is found by, each indexed by the
 * notary), the tree's size, public key and proofs, and the signed tree heads. The notary
 * writes; this module only reads.
 */
import type { ConsistencyProof, InclusionProof, NotaryPublicKey } from '@stays/contracts';
import type { Filter, ReadStore } from '@stays/read-store';
import { AUDIT_LOG_COLLECTION, StoredTree, type AuditLogDocument } from './stored-tree.ts';
import type { TreeHeadStore } from './tree-heads.ts';

export type { AuditLogDocument, TreeHeadStore };

export interface AuditLog {
  find(filter: Filter, options?: { readonly sort?: Record<string, 1 | -1>; readonly skip?: number; readonly limit?: number }): Promise<AuditLogDocument[]>;
  count(filter: Filter): Promise<number>;
  /** The first stream of `streamIds` the log has an event of, or null. */
  firstStreamOf(streamIds: readonly string[]): Promise<string | null>;
}

export interface NotaryQueries {
  readonly auditLog: AuditLog;
  /** Leaves notarised so far (0 before the notary has run). */
  treeSize(): Promise<number>;
  /** The key its tree heads are signed with (null before the notary has run). */
  publicKey(): Promise<NotaryPublicKey | null>;
  inclusionProof(leafIndex: number, treeSize: number): Promise<InclusionProof>;
  consistencyProof(first: number, second: number): Promise<ConsistencyProof>;
  /** The signed tree heads (a file in the one-process mode, MongoDB in production). */
  readonly treeHeads: Pick<TreeHeadStore, 'latest' | 'page'>;
}

export function notaryQueries(readStore: ReadStore, treeHeads: TreeHeadStore): NotaryQueries {
  const tree = new StoredTree(readStore);
  const log = readStore.collection<AuditLogDocument>(AUDIT_LOG_COLLECTION);
  return {
    auditLog: {
      find: (filter, options = {}) => log.find(filter, options),
      count: (filter) => log.countDocuments(filter),
      async firstStreamOf(streamIds) {
        // one equality each: an index serves it on either store, where $in may scan the whole log
        const found = await Promise.all(streamIds.map((streamId) => log.findOne({ streamId }, { projection: { _id: 1 } })));
        return streamIds[found.findIndex((document) => document !== null)] ?? null;
      },
    },
    treeSize: () => tree.size(),
    publicKey: () => tree.publicKey(),
    inclusionProof: (leafIndex, treeSize) => tree.inclusionProof(leafIndex, treeSize),
    consistencyProof: (first, second) => tree.consistencyProof(first, second),
    treeHeads,
  };
}
