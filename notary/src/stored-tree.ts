/**
 * The notary's tree in the read store, where a query service in another process answers
 * proofs from. It keeps hashes, not records (docs/decisions/0017):
 * - `audit_log`: one small document per leaf, the keys the auditors' reads filter and sort
 *   by and the record's position in the log, which is where the record is read from;
 * - `audit_leaf_blocks`: the leaf hashes, 2^STORED_BLOCK_LEVEL to a document (the last
 *   block, while incomplete, holds the leaves so far), with the block's subtree hash once
 *   it is complete;
 * - `audit_tree_nodes`: the hash of every complete subtree above the blocks' level,
 *   written once when its last leaf arrives. A subtree below that level is hashed from its
 *   block's leaves when a root or proof needs it;
 * - `audit_notary`: the notary's checkpoint (with the version of this layout) and its
 *   public key.
 */
import type { RecordedEvent } from '@stays/event-store';
import type { Document, IndexOptions, ReadStore, WriteOperation } from '@stays/read-store';
import type { ConsistencyProof, InclusionProof, NotaryPublicKey } from '@stays/contracts';
import { completeSubtreeHash, consistencyRanges, inclusionRanges, rangeHash, rangeNodes, type LeafRange, type NodeAddress } from './merkle.ts';

export const AUDIT_LOG_COLLECTION = 'audit_log';
export const TREE_NODES_COLLECTION = 'audit_tree_nodes';
export const LEAF_BLOCKS_COLLECTION = 'audit_leaf_blocks';
export const NOTARY_STATE_COLLECTION = 'audit_notary';
/** Every collection the notary writes. */
export const NOTARY_COLLECTIONS: readonly string[] = [AUDIT_LOG_COLLECTION, TREE_NODES_COLLECTION, LEAF_BLOCKS_COLLECTION, NOTARY_STATE_COLLECTION];

/**
 * The layout of the collections above. 1 (no version in the checkpoint): audit_log held the
 * record and its leaf hash, audit_tree_nodes every complete subtree, leaves included. The
 * notary rebuilds a store of another version from the log at start (see Notary.start).
 */
export const NOTARY_STATE_VERSION = 2;

/**
 * Leaves are kept 2^6 = 64 to a block: a proof hashes at most 63 nodes of a block (tens of
 * microseconds), the node collection holds about n/64 documents, and a block document is
 * 2.7 kB of base64 (bench/notary.bench.ts gives the figures for levels 4 to 8).
 */
export const STORED_BLOCK_LEVEL = 6;
export const STORED_BLOCK_LEAVES = 2 ** STORED_BLOCK_LEVEL;
const HASH_BYTES = 32;

/** One leaf of the tree: where the i-th record of the log is, and what the auditors filter it by. */
export interface AuditLogDocument extends Record<string, unknown> {
  /** The leaf index. */
  _id: number;
  /** Where the record is in the log (EventStore.readAt). */
  position: number;
  streamId: string;
  /** The stream name before the first '-'. */
  category: string;
  type: string;
  /** metadata.actor, or 'system'. */
  actor: string;
  /** metadata.correlationId, else data.bookingID; left out when neither is there. */
  bookingID?: string;
  recordedAt: string;
}

/** The leaf hashes of leaves [64·_id, 64·_id + 64). */
export interface LeafBlockDocument extends Record<string, unknown> {
  _id: number;
  /** base64 of the leaf hashes, 32 bytes each, in order (fewer than 64 in the last block while it fills). */
  leaves: string;
  /** hex of the block's subtree hash, once complete. */
  hash?: string;
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
  /** NOTARY_STATE_VERSION of the layout the collections are in (missing: 1). */
  version?: number;
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

/** The block a subtree at or below the blocks' level lies in. */
const blockOf = ({ level, index }: NodeAddress): number => Math.floor((index * 2 ** level) / STORED_BLOCK_LEAVES);

const text = (value: unknown): string | null => (typeof value === 'string' && value !== '' ? value : null);

/**
 * The few values most leaves repeat (categories, types, actors), one string each: the
 * one-process mode's read store holds every audit_log document in memory.
 */
export class KeyStrings {
  private readonly strings = new Map<string, string>();

  constructor(private readonly limit = 10_000) {}

  of(value: string): string {
    const known = this.strings.get(value);
    if (known !== undefined) return known;
    if (this.strings.size >= this.limit) this.strings.clear();
    this.strings.set(value, value);
    return value;
  }
}

export function auditLogDocument(leafIndex: number, event: RecordedEvent, keys: KeyStrings = new KeyStrings()): AuditLogDocument {
  const dash = event.streamId.indexOf('-');
  const bookingID = text(event.metadata.correlationId) ?? text(event.data.bookingID);
  return {
    _id: leafIndex,
    position: event.position,
    streamId: event.streamId,
    category: keys.of(dash === -1 ? event.streamId : event.streamId.slice(0, dash)),
    type: keys.of(event.type),
    actor: keys.of(text(event.metadata.actor) ?? 'system'),
    ...(bookingID !== null && { bookingID }),
    recordedAt: event.recordedAt,
  };
}

/** Replaces by _id: writing a batch again (after a crash before its checkpoint) changes nothing. */
export const upsert = (document: Document): WriteOperation => ({ replaceOne: { filter: { _id: document._id }, replacement: document, upsert: true } });

/** The block document of `leaves` (the block's leaves so far), with its hash when complete. */
export function leafBlockDocument(block: number, leaves: readonly Buffer[], hash?: Buffer): LeafBlockDocument {
  return { _id: block, leaves: Buffer.concat(leaves).toString('base64'), ...(hash !== undefined && { hash: hash.toString('hex') }) };
}

const leavesOf = (block: LeafBlockDocument): Buffer => Buffer.from(block.leaves, 'base64');

function splitLeaves(bytes: Buffer, count: number): Buffer[] {
  return Array.from({ length: Math.min(count, Math.floor(bytes.length / HASH_BYTES)) }, (_, i) => bytes.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES));
}

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
      .replaceOne(
        { _id: 'checkpoint' },
        { _id: 'checkpoint', position, treeSize, version: NOTARY_STATE_VERSION, updatedAt: new Date().toISOString() },
        { upsert: true },
      );
  }

  /**
   * Empties the tree's collections for a rebuild from the log. The checkpoint first says
   * the tree is empty (in the old version, so a crash midway starts over), so a query
   * service never asks for nodes that are being removed; then a checkpoint of this version.
   */
  async clear(): Promise<void> {
    await this.store
      .collection<NotaryCheckpoint>(NOTARY_STATE_COLLECTION)
      .replaceOne({ _id: 'checkpoint' }, { _id: 'checkpoint', position: -1, treeSize: 0, updatedAt: new Date().toISOString() }, { upsert: true });
    for (const name of [AUDIT_LOG_COLLECTION, TREE_NODES_COLLECTION, LEAF_BLOCKS_COLLECTION]) await this.store.collection(name).deleteMany({});
    await this.writeCheckpoint(-1, 0);
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

  /** The first `count` leaf hashes of a block (the notary's incomplete block, at start). */
  async blockLeaves(block: number, count: number): Promise<Buffer[]> {
    if (count === 0) return [];
    const found = await this.store.collection<LeafBlockDocument>(LEAF_BLOCKS_COLLECTION).findOne({ _id: block });
    const leaves = found === null ? [] : splitLeaves(leavesOf(found), count);
    if (leaves.length < count) throw new Error(`leaf block ${block} of ${LEAF_BLOCKS_COLLECTION} holds ${leaves.length} of the ${count} leaves notarised`);
    return leaves;
  }

  /** Every leaf hash of a tree of `treeSize`, in order (verify-log's record of what was notarised); null where the blocks do not hold them all. */
  async leafHashes(treeSize: number): Promise<Buffer[] | null> {
    const blocks = await this.store.collection<LeafBlockDocument>(LEAF_BLOCKS_COLLECTION).find({}, { sort: { _id: 1 } });
    const leaves: Buffer[] = [];
    for (const block of blocks) {
      if (block._id * STORED_BLOCK_LEAVES !== leaves.length) return null;
      leaves.push(...splitLeaves(leavesOf(block), STORED_BLOCK_LEAVES));
    }
    return leaves.length >= treeSize ? leaves.slice(0, treeSize) : null;
  }

  /**
   * The hashes of the given complete subtrees: those above the blocks' level as stored,
   * the others hashed from their block's leaves, in one read of each collection. A tree
   * written by layout 1 (every subtree stored) is read too, while the notary rebuilds it.
   */
  async nodes(addresses: readonly NodeAddress[]): Promise<Buffer[]> {
    const nodeIds = new Set<string>();
    const blockIds = new Set<number>();
    for (const address of addresses) {
      if (address.level > STORED_BLOCK_LEVEL) nodeIds.add(nodeId(address));
      else blockIds.add(blockOf(address));
    }
    const [nodes, blocks] = await Promise.all([this.storedNodes([...nodeIds]), this.blocks([...blockIds])]);
    const hashes = addresses.map((address) => (address.level > STORED_BLOCK_LEVEL ? nodes.get(nodeId(address)) : hashInBlock(address, blocks)));
    const unfound = addresses.filter((address, i) => hashes[i] === undefined && address.level <= STORED_BLOCK_LEVEL);
    const formerNodes = await this.storedNodes(unfound.map(nodeId));
    return addresses.map((address, i) => {
      const hash = hashes[i] ?? formerNodes.get(nodeId(address));
      if (hash === undefined) throw new Error(`tree node ${nodeId(address)} is missing from ${TREE_NODES_COLLECTION} and ${LEAF_BLOCKS_COLLECTION}`);
      return hash;
    });
  }

  private async storedNodes(ids: readonly string[]): Promise<Map<string, Buffer>> {
    if (ids.length === 0) return new Map();
    const found = await this.store.collection<TreeNodeDocument>(TREE_NODES_COLLECTION).find({ _id: { $in: ids } });
    return new Map(found.map((node) => [node._id, Buffer.from(node.hash, 'hex')]));
  }

  private async blocks(ids: readonly number[]): Promise<Map<number, StoredBlock>> {
    if (ids.length === 0) return new Map();
    const found = await this.store.collection<LeafBlockDocument>(LEAF_BLOCKS_COLLECTION).find({ _id: { $in: ids } });
    return new Map(found.map((block) => [block._id, { hash: block.hash, leaves: splitLeaves(leavesOf(block), STORED_BLOCK_LEAVES) }]));
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

interface StoredBlock {
  readonly hash: string | undefined;
  readonly leaves: readonly Buffer[];
}

/** A subtree at or below the blocks' level from its block, or undefined when the block does not hold its leaves. */
function hashInBlock(address: NodeAddress, blocks: ReadonlyMap<number, StoredBlock>): Buffer | undefined {
  const block = blocks.get(blockOf(address));
  if (block === undefined) return undefined;
  if (address.level === STORED_BLOCK_LEVEL && block.hash !== undefined) return Buffer.from(block.hash, 'hex');
  const width = 2 ** address.level;
  const from = address.index * width - blockOf(address) * STORED_BLOCK_LEAVES;
  return from + width <= block.leaves.length ? completeSubtreeHash(block.leaves, from, width) : undefined;
}
