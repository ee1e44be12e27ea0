/**
 * Checks the log against what the notary signed: recomputes every leaf and the tree from
 * the records, checks each stored tree head (Ed25519 signature, and the root of the
 * recomputed tree at its size), and names the first event that does not match.
 *
 * The heads alone place a change between two heads. To name the event, the notary's own
 * record of the leaves (the archive file, or the audit_log documents) is compared leaf by
 * leaf, once it has itself been checked against the signed heads.
 */
import type { KeyObject } from 'node:crypto';
import type { RecordedEvent } from '@stays/event-store';
import type { SignedTreeHead } from '@stays/contracts';
import { MerkleFrontier, leafHash } from './merkle.ts';
import { verifyTreeHead } from './tree-heads.ts';
import { BLOCK_LEAVES, LEAF_BLOCK_LEVEL, firstBlockIn } from './record-leaves.ts';

const HASH_BYTES = 32;

export interface LogMismatch {
  readonly leafIndex: number;
  /** The event now at that place in the log (null when the log ends before it). */
  readonly position: number | null;
  readonly streamId: string | null;
  readonly type: string | null;
}

export interface VerifyLogReport {
  readonly ok: boolean;
  readonly events: number;
  readonly headsChecked: number;
  /** Everything that does not match, in the order found. */
  readonly problems: readonly string[];
  /** The first event that differs from what was notarised, when it can be named. */
  readonly firstMismatch: LogMismatch | null;
}

/** The record behind a leaf, to name it. */
export interface LeafPlace {
  readonly position: number;
  readonly streamId: string;
  readonly type: string;
}

/**
 * Feed it the log in order (add), or the leaves hashed elsewhere (addLeaves, then
 * nameLeavesBy: the embedded log's file, see log-file-leaves.ts), then check it against
 * the heads (finish). The tree grows as leaves come, so the roots of the heads' sizes, when
 * given first, are ready by the time the last leaf is in: on the embedded log, while worker
 * threads hash the file, this thread builds the tree rather than waiting for them.
 */
export class LogVerifier {
  private readonly leaves = new PackedHashes();
  private readonly places: LeafPlace[] = [];
  private placeOf = async (leafIndex: number): Promise<LeafPlace | null> => this.places[leafIndex] ?? null;
  private readonly frontier = new MerkleFrontier();
  /** The heads' sizes, ascending, and the first not yet reached. */
  private readonly wanted: readonly number[];
  private nextWanted = 0;
  private readonly roots = new Map<number, Buffer>();

  /** `treeSizes`: the sizes of the heads finish() will check, if known before the log is read. */
  constructor(treeSizes: readonly number[] = []) {
    this.wanted = [...new Set(treeSizes)].sort((a, b) => a - b);
  }

  add(records: readonly RecordedEvent[]): void {
    for (const record of records) {
      this.addLeaf(leafHash(record));
      this.places.push({ position: record.position, streamId: record.streamId, type: record.type });
    }
  }

  /**
   * The next leaves of the log, in order, with the roots of the complete blocks of
   * 2^LEAF_BLOCK_LEVEL leaves among them if they were hashed with them (record-leaves.ts),
   * both as 32-byte hashes laid end to end: a block is added to the tree whole, unless a
   * head's size falls inside it.
   */
  addLeaves(leaves: Buffer, blocks: Buffer = Buffer.alloc(0)): void {
    const count = leaves.length / HASH_BYTES;
    const leaf = (i: number) => leaves.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES);
    let i = 0;
    let start = firstBlockIn(this.frontier.size);
    for (let offset = 0; offset < blocks.length; offset += HASH_BYTES) {
      const end = start + BLOCK_LEAVES;
      for (; i < start; i++) this.addLeaf(leaf(i));
      this.rootIfWanted();
      if (this.nextWanted < this.wanted.length && this.wanted[this.nextWanted]! < this.frontier.size + BLOCK_LEAVES) {
        for (; i < end; i++) this.addLeaf(leaf(i));
      } else {
        this.leaves.push(leaves.subarray(i * HASH_BYTES, end * HASH_BYTES));
        this.frontier.appendSubtree(LEAF_BLOCK_LEVEL, blocks.subarray(offset, offset + HASH_BYTES));
        i = end;
      }
      start = end;
    }
    for (; i < count; i++) this.addLeaf(leaf(i));
  }

  /** Where to read the record behind a leaf added by addLeaves, to name it. */
  nameLeavesBy(placeOf: (leafIndex: number) => Promise<LeafPlace | null>): void {
    this.placeOf = placeOf;
  }

  private addLeaf(leaf: Buffer): void {
    this.rootIfWanted();
    this.leaves.push(leaf);
    this.frontier.append(leaf);
  }

  /** Keeps the root of the tree as it stands if a head has its size. */
  private rootIfWanted(): void {
    while (this.nextWanted < this.wanted.length && this.wanted[this.nextWanted]! < this.frontier.size) this.nextWanted++;
    if (this.wanted[this.nextWanted] === this.frontier.size) this.roots.set(this.wanted[this.nextWanted++]!, this.frontier.root());
  }

  /** The root of the log's first `size` leaves, for each size (sizes beyond the log are left out). */
  private rootsAt(sizes: readonly number[]): Map<number, Buffer> {
    const roots = new Map<number, Buffer>();
    const missing: number[] = [];
    for (const size of sizes) {
      const root = size === this.frontier.size ? this.frontier.root() : this.roots.get(size);
      if (root !== undefined) roots.set(size, root);
      else if (size < this.frontier.size) missing.push(size);
    }
    for (const [size, root] of rootsAt(this.leaves.count, (i) => this.leaves.at(i), missing)) roots.set(size, root);
    return roots;
  }

  get size(): number {
    return this.leaves.count;
  }

  /**
   * `notarisedLeaves`: the notary's record of the leaf hashes, if there is one; it is
   * trusted only as far as it agrees with every signed head it reaches.
   */
  async finish(heads: readonly SignedTreeHead[], publicKey: KeyObject, notarisedLeaves: readonly Buffer[] | null): Promise<VerifyLogReport> {
    const problems: string[] = [];
    heads.forEach((head, i) => {
      if (!verifyTreeHead(head, publicKey))
        problems.push(`tree head ${i} (size ${head.treeSize}, ${head.timestamp}) has a signature the notary's key does not verify`);
      if (i > 0 && head.treeSize < heads[i - 1]!.treeSize) problems.push(`tree head ${i} (size ${head.treeSize}) is smaller than the one before it`);
    });
    const roots = this.rootsAt(heads.map((head) => head.treeSize));
    let lastGood = 0;
    let firstBad: SignedTreeHead | null = null;
    for (const head of heads) {
      const root = roots.get(head.treeSize);
      const matches = root !== undefined && root.toString('hex') === head.rootHash;
      if (matches && firstBad === null) lastGood = Math.max(lastGood, head.treeSize);
      if (matches) continue;
      firstBad ??= head;
      problems.push(
        root === undefined
          ? `the log has ${this.leaves.count} events but the tree head signed at ${head.timestamp} covers ${head.treeSize}: events were removed`
          : `the log's tree at size ${head.treeSize} has root ${root.toString('hex')}, not ${head.rootHash} as signed at ${head.timestamp}`,
      );
    }
    let firstMismatch: LogMismatch | null = null;
    if (firstBad !== null) {
      const index = this.firstDifference(notarisedLeaves, heads);
      if (index !== null) {
        firstMismatch = await this.mismatchAt(index);
      } else {
        problems.push(
          `the first changed event is among leaves ${lastGood} to ${Math.min(firstBad.treeSize, this.leaves.count + 1) - 1} (between the last matching head and the first that does not)`,
        );
        firstMismatch = await this.mismatchAt(lastGood);
      }
    }
    return { ok: problems.length === 0, events: this.leaves.count, headsChecked: heads.length, problems, firstMismatch };
  }

  /** First leaf where the log and the notary's (head-checked) record of leaves differ, or null when that record cannot say. */
  private firstDifference(notarised: readonly Buffer[] | null, heads: readonly SignedTreeHead[]): number | null {
    if (notarised === null) return null;
    const covered = heads.filter((head) => head.treeSize <= notarised.length);
    const roots = rootsAt(
      notarised.length,
      (i) => notarised[i]!,
      covered.map((head) => head.treeSize),
    );
    if (covered.length === 0 || covered.some((head) => roots.get(head.treeSize)?.toString('hex') !== head.rootHash)) return null;
    const signedUpTo = covered[covered.length - 1]!.treeSize;
    for (let i = 0; i < signedUpTo; i++) {
      if (i >= this.leaves.count || !this.leaves.at(i).equals(notarised[i]!)) return i;
    }
    return null;
  }

  private async mismatchAt(leafIndex: number): Promise<LogMismatch> {
    const place = leafIndex < this.leaves.count ? await this.placeOf(leafIndex) : null;
    return { leafIndex, position: place?.position ?? null, streamId: place?.streamId ?? null, type: place?.type ?? null };
  }
}

/**
 * A million leaves kept as one buffer rather than a million small ones: the garbage
 * collector then has one object to mark, not a million, while the tree is being built.
 */
class PackedHashes {
  private bytes = Buffer.allocUnsafe(1024 * HASH_BYTES);
  count = 0;

  push(hashes: Buffer): void {
    const end = this.count * HASH_BYTES + hashes.length;
    if (end > this.bytes.length) {
      const grown = Buffer.allocUnsafe(Math.max(end, this.bytes.length * 2));
      this.bytes.copy(grown, 0, 0, this.count * HASH_BYTES);
      this.bytes = grown;
    }
    hashes.copy(this.bytes, this.count * HASH_BYTES);
    this.count += hashes.length / HASH_BYTES;
  }

  at(i: number): Buffer {
    return this.bytes.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES);
  }
}

/** The root of the first `size` of `count` leaves, for each size (sizes beyond the leaves are left out). */
function rootsAt(count: number, leafAt: (i: number) => Buffer, sizes: readonly number[]): Map<number, Buffer> {
  const wanted = [...new Set(sizes)].filter((size) => size <= count).sort((a, b) => a - b);
  const roots = new Map<number, Buffer>();
  const frontier = new MerkleFrontier();
  let next = 0;
  for (let i = 0; next < wanted.length; i++) {
    while (next < wanted.length && wanted[next] === frontier.size) roots.set(wanted[next++]!, frontier.root());
    if (i < count) frontier.append(leafAt(i));
    else break;
  }
  return roots;
}

export function describeReport(report: VerifyLogReport): string {
  const lines = [`${report.events} events, ${report.headsChecked} signed tree heads checked`];
  if (report.firstMismatch !== null) {
    const { leafIndex, position, streamId, type } = report.firstMismatch;
    lines.push(
      position === null
        ? `first event that does not match: leaf ${leafIndex}, past the end of the log (removed)`
        : `first event that does not match: leaf ${leafIndex}, position ${position}, stream ${streamId} (${type})`,
    );
  }
  for (const problem of report.problems) lines.push(`✘ ${problem}`);
  lines.push(report.ok ? '✔ the log matches every signed tree head' : '✘ the log does not match what the notary signed');
  return lines.join('\n');
}
