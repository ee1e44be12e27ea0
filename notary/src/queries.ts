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

/**
 * What the auditors' reads filter the log by (every key given must match): one shape both
 * the MongoDB collection and the one-process mode's on-disk index (leaf-index.ts) answer.
 * Answers are always in log order (by leaf index).
 */
export interface LeafQuery {
  readonly streamId?: string;
  readonly bookingID?: string;
  readonly category?: string;
  /** Leaves of every category but this one. */
  readonly notCategory?: string;
  readonly type?: string;
  readonly actor?: string;
  /** Only the product's own actors: 'system' and every 'system:{reactor}' (see PRODUCT_ACTORS). */
  readonly productActors?: true;
  /** recordedAt at or after this ISO UTC time. */
  readonly recordedFrom?: string;
  /** recordedAt at or before this ISO UTC time. */
  readonly recordedTo?: string;
  /** Leaf indexes above this one. */
  readonly afterLeaf?: number;
  /** Leaf indexes below this one. */
  readonly beforeLeaf?: number;
  /** Leaf indexes at or below this one. */
  readonly upToLeaf?: number;
}

/** The actors a LeafQuery's `productActors` stands for. */
export const PRODUCT_ACTORS = /^system(:|$)/;
export const isProductActor = (actor: string): boolean => PRODUCT_ACTORS.test(actor);

export interface AuditLog {
  /** The leaves matching `query`, in log order, `skip` and `limit` applied. */
  find(query: LeafQuery, page?: { readonly skip?: number; readonly limit?: number }): Promise<LoggedRecord[]>;
  count(query: LeafQuery): Promise<number>;
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

/** The MongoDB filter of a query on audit_log (the read store's documents). */
export function leafFilter(query: LeafQuery): Filter {
  const leaf = {
    ...(query.afterLeaf !== undefined && { $gt: query.afterLeaf }),
    ...(query.beforeLeaf !== undefined && { $lt: query.beforeLeaf }),
    ...(query.upToLeaf !== undefined && { $lte: query.upToLeaf }),
  };
  const recordedAt = {
    ...(query.recordedFrom !== undefined && { $gte: query.recordedFrom }),
    ...(query.recordedTo !== undefined && { $lte: query.recordedTo }),
  };
  return {
    ...(query.streamId !== undefined && { streamId: query.streamId }),
    ...(query.bookingID !== undefined && { bookingID: query.bookingID }),
    ...condition('category', query.category, query.notCategory !== undefined && { $ne: query.notCategory }),
    ...(query.type !== undefined && { type: query.type }),
    ...condition('actor', query.actor, query.productActors === true && { $regex: PRODUCT_ACTORS.source }),
    ...(Object.keys(recordedAt).length > 0 && { recordedAt }),
    ...(Object.keys(leaf).length > 0 && { _id: leaf }),
  };
}

/** `field: value` (what an index serves), or the operator, or both. */
function condition(field: string, value: string | undefined, operator: Record<string, unknown> | false): Filter {
  if (operator === false) return value === undefined ? {} : { [field]: value };
  return { [field]: value === undefined ? operator : { $eq: value, ...operator } };
}

/** Each logged record's keys and record: the record read from the log by its position. */
export async function withRecords(notarisedLog: NotarisedLog, documents: readonly AuditLogDocument[]): Promise<LoggedRecord[]> {
  if (documents.length === 0) return [];
  const records = new Map((await notarisedLog.readAt(documents.map((document) => document.position))).map((record) => [record.position, record]));
  return documents.map((document) => {
    const record = records.get(document.position);
    // the notary indexed an event the log no longer holds: the log changed under it (verify-log names where)
    if (record === undefined) throw new Error(`leaf ${document._id}: the log holds no event at position ${document.position}; run npm run verify-log`);
    return withRecord(document, record);
  });
}

export function notaryQueries(readStore: ReadStore, treeHeads: TreeHeadStore, notarisedLog: NotarisedLog): NotaryQueries {
  const tree = new StoredTree(readStore);
  const log = readStore.collection<AuditLogDocument>(AUDIT_LOG_COLLECTION);

  return {
    auditLog: {
      find: async (query, page = {}) => withRecords(notarisedLog, await log.find(leafFilter(query), { sort: { _id: 1 }, ...page })),
      count: (query) => log.countDocuments(leafFilter(query)),
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
