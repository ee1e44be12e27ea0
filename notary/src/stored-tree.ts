/**
 * The notary's tree in the read store, where a query service in another process answers
 * proofs from: `audit_log` (one document per leaf, the record as stored; the auditors' log
 * browser reads it too), `audit_tree_nodes` (the hash of every complete subtree, leaves
 * included, written once when its last leaf arrives) and `audit_notary` (the notary's
 * checkpoint and its public key).
 */
import type { RecordedEvent } from '@stays/event-store';
import type { Document, IndexOptions, ReadStore, WriteOperation } from '@stays/read-store';
import type { ConsistencyProof, InclusionProof, NotaryPublicKey } from '@stays/contracts';
import { consistencyRanges, inclusionRanges, leafRecord, rangeHash, rangeNodes, type LeafRange, type NodeAddress } from './merkle.ts';

export const AUDIT_LOG_COLLECTION = 'audit_log';
export const TREE_NODES_COLLECTION = 'audit_tree_nodes';
export const NOTARY_STATE_COLLECTION = 'audit_notary';

/** One leaf of the tree: the i-th record of the log, and what the auditors filter it by. */
export interface AuditLogDocument extends Record<string, unknown> {
  /** The leaf index. */
  _id: number;
  leafHash: string;
  record: RecordedEvent;
  position: number;
  streamId: string;
  /** The stream name before the first '-'. */
  category: string;
  type: string;
  /** metadata.actor, or 'system'. */
  actor: string;
  /** metadata.correlationId, else data.bookingID, else null. */
  bookingID: string | null;
  recordedAt: string;
}

export interface TreeNodeDocument extends Record<string, unknown> {
  /** `{level}.{index}`. */
  _id: string;
  hash: string;
}

export interface NotaryCheckpoint extends Record<string, unknown> {
  _id: 'checkpoint';
  /** Position of the last record notarised (-1: none yet). */
  position: number;
  treeSize: number;
  updatedAt: string;
}

type PublicKeyDocument = NotaryPublicKey & { _id: 'public-key' } & Record<string, unknown>;

export const AUDIT_LOG_INDEXES: readonly { keys: Record<string, 1 | -1>; options?: IndexOptions }[] = [
  { keys: { bookingID: 1 } },
  { keys: { streamId: 1 } },
  { keys: { category: 1, type: 1 } },
  { keys: { actor: 1 } },
  { keys: { recordedAt: 1 } },
];

export const nodeId = ({ level, index }: NodeAddress): string => `${level}.${index}`;

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

export function auditLogDocument(leafIndex: number, leaf: Buffer, event: RecordedEvent): AuditLogDocument {
  const dash = event.streamId.indexOf('-');
  return {
    _id: leafIndex,
    leafHash: leaf.toString('hex'),
    record: leafRecord(event),
    position: event.position,
    streamId: event.streamId,
    category: dash === -1 ? event.streamId : event.streamId.slice(0, dash),
    type: event.type,
    actor: text(event.metadata.actor) ?? 'system',
    bookingID: text(event.metadata.correlationId) ?? text(event.data.bookingID),
    recordedAt: event.recordedAt,
  };
}

/** Replaces by _id: writing a batch again (after a crash before its checkpoint) changes nothing. */
export const upsert = (document: Document): WriteOperation => ({ replaceOne: { filter: { _id: document._id }, replacement: document, upsert: true } });

/** The notary's tree as the read store holds it: sizes, roots and proofs. */
export class StoredTree {
  constructor(private readonly store: ReadStore) {}

  async createIndexes(): Promise<void> {
    const log = this.store.collection(AUDIT_LOG_COLLECTION);
    for (const index of AUDIT_LOG_INDEXES) await log.createIndex(index.keys, index.options);
  }

  async checkpoint(): Promise<NotaryCheckpoint | null> {
    return this.store.collection<NotaryCheckpoint>(NOTARY_STATE_COLLECTION).findOne({ _id: 'checkpoint' });
  }

  /** Leaves notarised so far (0 before the notary has run). */
  async size(): Promise<number> {
    return (await this.checkpoint())?.treeSize ?? 0;
  }

  async writeCheckpoint(position: number, treeSize: number): Promise<void> {
    await this.store
      .collection<NotaryCheckpoint>(NOTARY_STATE_COLLECTION)
      .replaceOne({ _id: 'checkpoint' }, { _id: 'checkpoint', position, treeSize, updatedAt: new Date().toISOString() }, { upsert: true });
  }

  async publishPublicKey(key: NotaryPublicKey): Promise<void> {
    await this.store.collection<PublicKeyDocument>(NOTARY_STATE_COLLECTION).replaceOne({ _id: 'public-key' }, { _id: 'public-key', ...key }, { upsert: true });
  }

  async publicKey(): Promise<NotaryPublicKey | null> {
    const document = await this.store.collection<PublicKeyDocument>(NOTARY_STATE_COLLECTION).findOne({ _id: 'public-key' });
    if (document === null) return null;
    const { _id: _, ...key } = document;
    return key;
  }

  /** The hashes of the given complete subtrees, in one read. */
  async nodes(addresses: readonly NodeAddress[]): Promise<Buffer[]> {
    const ids = [...new Set(addresses.map(nodeId))];
    const found = await this.store.collection<TreeNodeDocument>(TREE_NODES_COLLECTION).find({ _id: { $in: ids } });
    const byId = new Map(found.map((node) => [node._id, Buffer.from(node.hash, 'hex')]));
    return addresses.map((address) => {
      const hash = byId.get(nodeId(address));
      if (hash === undefined) throw new Error(`tree node ${nodeId(address)} is missing from ${TREE_NODES_COLLECTION}`);
      return hash;
    });
  }

  /** MTH of each range, reading every node they need at once. */
  async rangeHashes(ranges: readonly LeafRange[]): Promise<Buffer[]> {
    const addresses = ranges.flatMap(rangeNodes);
    const hashes = await this.nodes(addresses);
    const byId = new Map(addresses.map((address, i) => [nodeId(address), hashes[i]!]));
    return ranges.map((range) => rangeHash(range, (node) => byId.get(nodeId(node))!));
  }

  async rootAt(treeSize: number): Promise<Buffer> {
    return (await this.rangeHashes([{ start: 0, end: treeSize }]))[0]!;
  }

  async inclusionProof(leafIndex: number, treeSize: number): Promise<InclusionProof> {
    const path = await this.rangeHashes(inclusionRanges(leafIndex, treeSize));
    return { leafIndex, treeSize, auditPath: path.map((hash) => hash.toString('hex')) };
  }

  async consistencyProof(first: number, second: number): Promise<ConsistencyProof> {
    const path = await this.rangeHashes(consistencyRanges(first, second));
    return { first, second, path: path.map((hash) => hash.toString('hex')) };
  }
}
