/**
 * What the query side asks of the notary, and the only way it reads what the notary
 * keeps (as a read model's queries are for its collections): the auditors' log (one
 * document per leaf, i.e. per event of the log in `readAll` order, holding the keys it is
 * found by, each indexed by the notary, with the record exactly as stored, read from the
 * log by its position), the tree's size, public key and proofs, and the signed tree heads.
 * The notary writes; this module only reads.
 */
import type { ConsistencyProof, InclusionProof, NotaryPublicKey } from '@stays/contracts';
import type { RecordedEvent } from '@stays/event-store';
import type { Filter, ReadStore } from '@stays/read-store';
import { leafRecord } from './merkle.ts';
import { AUDIT_LOG_COLLECTION, StoredTree, type AuditLogDocument } from './stored-tree.ts';
import type { TreeHeadStore } from './tree-heads.ts';

export type { AuditLogDocument, TreeHeadStore };

/** The log as stored (never a decrypting view of it): where the records the notary indexes are read. */
export interface NotarisedLog {
  /** The events at these positions, in the order asked (EventStore.readAt). */
  readAt(positions: readonly number[]): Promise<RecordedEvent[]>;
}

/** A leaf's keys and its record as stored, the one its leaf hash commits to. */
export interface LoggedRecord extends AuditLogDocument {
  readonly record: RecordedEvent;
}

export interface AuditLog {
  find(filter: Filter, options?: { readonly sort?: Record<string, 1 | -1>; readonly skip?: number; readonly limit?: number }): Promise<LoggedRecord[]>;
  count(filter: Filter): Promise<number>;
  /** The first stream of `streamIds` the log has an event of, or null. */
  firstStreamOf(streamIds: readonly string[]): Promise<string | null>;
  /** The index of the newest leaf in audit_log (-1 while it is empty). */
  newestLeaf(): Promise<number>;
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

/** The keys of older documents (layout 1 held the record and its leaf hash too) and the record from the log. */
function withRecord({ record: _record, leafHash: _leafHash, ...keys }: AuditLogDocument, record: RecordedEvent): LoggedRecord {
  return { ...keys, record: leafRecord(record) };
}

export function notaryQueries(readStore: ReadStore, treeHeads: TreeHeadStore, notarisedLog: NotarisedLog): NotaryQueries {
  const tree = new StoredTree(readStore);
  const log = readStore.collection<AuditLogDocument>(AUDIT_LOG_COLLECTION);

  async function withRecords(documents: readonly AuditLogDocument[]): Promise<LoggedRecord[]> {
    if (documents.length === 0) return [];
    const records = new Map((await notarisedLog.readAt(documents.map((document) => document.position))).map((record) => [record.position, record]));
    return documents.map((document) => {
      const record = records.get(document.position);
      // the notary indexed an event the log no longer holds: the log changed under it (verify-log names where)
      if (record === undefined) throw new Error(`leaf ${document._id}: the log holds no event at position ${document.position}; run npm run verify-log`);
      return withRecord(document, record);
    });
  }

  return {
    auditLog: {
      find: async (filter, options = {}) => withRecords(await log.find(filter, options)),
      count: (filter) => log.countDocuments(filter),
      async firstStreamOf(streamIds) {
        // one equality each: an index serves it on either store, where $in may scan the whole log
        const found = await Promise.all(streamIds.map((streamId) => log.findOne({ streamId }, { projection: { _id: 1 } })));
        return streamIds[found.findIndex((document) => document !== null)] ?? null;
      },
      async newestLeaf() {
        const [newest] = await log.find({}, { sort: { _id: -1 }, limit: 1, projection: { _id: 1 } });
        return newest?._id ?? -1;
      },
    },
    treeSize: () => tree.size(),
    publicKey: () => tree.publicKey(),
    inclusionProof: (leafIndex, treeSize) => tree.inclusionProof(leafIndex, treeSize),
    consistencyProof: (first, second) => tree.consistencyProof(first, second),
    treeHeads,
  };
}
