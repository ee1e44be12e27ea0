/**
 * The Merkle tree of RFC 9162 §2.1 over the log: hashing, and which subtrees make up a
 * root, an inclusion path (§2.1.3.1 PATH) or a consistency proof (§2.1.4.1 SUBPROOF).
 *
 * Proofs are planned as ranges of leaves [start, end). Each range the RFC's recursion
 * produces starts at a multiple of a power of two at least its size, so it is either a
 * complete subtree (stored once, when its last leaf arrives) or a right edge made of at
 * most log2(n) complete subtrees: any root or proof needs O(log n) stored nodes.
 */
import { createHash, hash } from 'node:crypto';
import type { RecordedEvent } from '@stays/event-store';
// the writer alone, not the store's adapters: verify-log's worker threads load this module
import { canonicalRecord } from '@stays/event-store/record-format';

/** 0x01 ‖ left ‖ right, filled for each node hash: one allocation-free buffer per process. */
const nodeInput = Buffer.alloc(65, 0x01);

/** MTH({}) = SHA-256 of the empty string. */
export const EMPTY_TREE_ROOT: Buffer = createHash('sha256').digest();

/** The record as stored, and nothing else: what the leaf commits to. */
export const leafRecord = (event: RecordedEvent): RecordedEvent => ({
  id: event.id,
  streamId: event.streamId,
  type: event.type,
  revision: event.revision,
  position: event.position,
  data: event.data,
  metadata: event.metadata,
  recordedAt: event.recordedAt,
});

/** SHA-256(0x00 ‖ UTF-8 of the RFC 8785 JSON of the record). */
export function leafHash(event: RecordedEvent): Buffer {
  return leafHashOfText(canonicalRecord(event));
}

/** SHA-256(0x00 ‖ UTF-8 of `json`), `json` being the RFC 8785 text of a record. */
export function leafHashOfText(json: string): Buffer {
  // U+0000 is the one byte 0x00 in UTF-8: the prefix and the JSON hashed in one call, the fastest way node has
  return hash('sha256', `\u0000${json}`, 'buffer');
}

/** 0x00 ‖ a stored record's text, filled from its second byte for each leaf hashed from one shorter than it (nearly every record is). */
const leafInput = Buffer.alloc(4096);
const LEAF_PREFIX = Buffer.from([0]);

/**
 * SHA-256(0x00 ‖ `text`), `text` being the UTF-8 of a record's RFC 8785 text as the log
 * stores it (EventStore.storedTexts): leafHash without writing that text again.
 */
export function leafHashOfStoredText(text: Buffer): Buffer {
  if (text.length >= leafInput.length) return createHash('sha256').update(LEAF_PREFIX).update(text).digest();
  text.copy(leafInput, 1);
  return hash('sha256', leafInput.subarray(0, text.length + 1), 'buffer');
}

/** SHA-256(0x01 ‖ left ‖ right). */
export function nodeHash(left: Buffer, right: Buffer): Buffer {
  left.copy(nodeInput, 1);
  right.copy(nodeInput, 33);
  return hash('sha256', nodeInput, 'buffer');
}

/** MTH of `count` leaves from `from` on, `count` a power of two (a complete subtree when `from` is a multiple of it). */
export function completeSubtreeHash(leaves: readonly Buffer[], from: number, count: number): Buffer {
  let level = leaves.slice(from, from + count);
  while (level.length > 1) {
    const parents: Buffer[] = [];
    for (let i = 0; i < level.length; i += 2) parents.push(nodeHash(level[i]!, level[i + 1]!));
    level = parents;
  }
  return level[0]!;
}

/** A complete subtree: the 2^level leaves from index·2^level on. */
export interface NodeAddress {
  readonly level: number;
  readonly index: number;
}

export interface LeafRange {
  readonly start: number;
  readonly end: number;
}

/** The largest power of two smaller than n (n ≥ 2): the RFC's k. */
export function splitPoint(n: number): number {
  let k = 1;
  while (k * 2 < n) k *= 2;
  return k;
}

// Stryker disable next-line ConditionalExpression: for n below 1 the second test is false too (log2 of 0 is -Infinity, of a negative NaN)
const isPowerOfTwo = (n: number): boolean => n >= 1 && 2 ** Math.round(Math.log2(n)) === n;

/** The complete subtrees a range is made of, left to right (one when it is complete itself). */
export function rangeNodes({ start, end }: LeafRange): NodeAddress[] {
  const size = end - start;
  if (size <= 0) return [];
  if (isPowerOfTwo(size)) {
    if (start % size !== 0) throw new RangeError(`leaves [${start}, ${end}) are not a subtree of the log's tree`);
    return [{ level: Math.round(Math.log2(size)), index: start / size }];
  }
  const k = splitPoint(size);
  return [...rangeNodes({ start, end: start + k }), ...rangeNodes({ start: start + k, end })];
}

/** MTH of a range from the hashes of its complete subtrees (`hashOf` must know every node rangeNodes names). */
export function rangeHash({ start, end }: LeafRange, hashOf: (node: NodeAddress) => Buffer): Buffer {
  const size = end - start;
  if (size === 0) return EMPTY_TREE_ROOT;
  if (isPowerOfTwo(size)) return hashOf(rangeNodes({ start, end })[0]!);
  const k = splitPoint(size);
  return nodeHash(rangeHash({ start, end: start + k }, hashOf), rangeHash({ start: start + k, end }, hashOf));
}

/** PATH(m, D[n]) as leaf ranges, from the leaf's sibling up to the root's child (§2.1.3.1). */
export function inclusionRanges(leafIndex: number, treeSize: number): LeafRange[] {
  if (!(leafIndex >= 0 && leafIndex < treeSize)) throw new RangeError(`leaf ${leafIndex} is not in a tree of ${treeSize}`);
  const path: LeafRange[] = [];
  const walk = (m: number, start: number, end: number): void => {
    const n = end - start;
    if (n <= 1) return;
    const k = splitPoint(n);
    if (m < k) {
      walk(m, start, start + k);
      path.push({ start: start + k, end });
    } else {
      walk(m - k, start + k, end);
      path.push({ start, end: start + k });
    }
  };
  walk(leafIndex, 0, treeSize);
  return path;
}

/** PROOF(m, D[n]) = SUBPROOF(m, D[n], true) as leaf ranges (§2.1.4.1); empty when m = n. */
export function consistencyRanges(first: number, second: number): LeafRange[] {
  if (!(first >= 1 && first <= second)) throw new RangeError(`no consistency proof from ${first} to ${second}`);
  const proof: LeafRange[] = [];
  const subproof = (m: number, start: number, end: number, whole: boolean): void => {
    const n = end - start;
    if (m === n) {
      if (!whole) proof.push({ start, end });
      return;
    }
    const k = splitPoint(n);
    if (m <= k) {
      subproof(m, start, start + k, whole);
      proof.push({ start: start + k, end });
    } else {
      subproof(m - k, start + k, end, false);
      proof.push({ start, end: start + k });
    }
  };
  subproof(first, 0, second, true);
  return proof;
}

/**
 * The right edge of a growing tree: the complete subtrees of the leaves so far, largest
 * first (one per 1-bit of the size). Appending a leaf completes the subtrees it closes,
 * which are returned so they can be stored.
 */
export class MerkleFrontier {
  private readonly edge: { level: number; index: number; hash: Buffer }[];
  private leaves: number;

  /** `edge`: the hashes of rangeNodes({start: 0, end: size}), in that order. */
  constructor(size = 0, edge: readonly Buffer[] = []) {
    const nodes = rangeNodes({ start: 0, end: size });
    if (nodes.length !== edge.length) throw new RangeError(`a tree of ${size} leaves has ${nodes.length} edge subtrees, not ${edge.length}`);
    this.edge = nodes.map((node, i) => ({ ...node, hash: edge[i]! }));
    this.leaves = size;
  }

  get size(): number {
    return this.leaves;
  }

  /** Adds leaf `size`; returns every subtree it completes, the leaf first. */
  append(leaf: Buffer): (NodeAddress & { hash: Buffer })[] {
    return this.appendSubtree(0, leaf);
  }

  /**
   * Adds the 2^level leaves from `size` on at once, given the hash of their complete
   * subtree (`size` must be a multiple of 2^level); returns every subtree it completes, it first.
   */
  appendSubtree(level: number, hash: Buffer): (NodeAddress & { hash: Buffer })[] {
    const width = 2 ** level;
    if (this.leaves % width !== 0) throw new RangeError(`a subtree of ${width} leaves cannot follow ${this.leaves} leaves`);
    const completed = [{ level, index: this.leaves / width, hash }];
    let node = completed[0]!;
    while (this.edge.length > 0 && this.edge[this.edge.length - 1]!.level === node.level) {
      const left = this.edge.pop()!;
      node = { level: node.level + 1, index: left.index / 2, hash: nodeHash(left.hash, node.hash) };
      completed.push(node);
    }
    this.edge.push(node);
    this.leaves += width;
    return completed;
  }

  /** MTH of the leaves so far. */
  root(): Buffer {
    if (this.edge.length === 0) return EMPTY_TREE_ROOT;
    let hash = this.edge[this.edge.length - 1]!.hash;
    for (let i = this.edge.length - 2; i >= 0; i--) hash = nodeHash(this.edge[i]!.hash, hash);
    return hash;
  }
}
