/**
 * The one-process mode's notary state, on disk under DATA_DIR/notary (docs/decisions/0020),
 * so a start resumes where the last one stopped instead of rebuilding from the log:
 * - `tree-leaves.bin`: the tree's leaf hashes, 32 bytes a leaf (read back when a proof needs
 *   a subtree below the blocks' level);
 * - `tree-blocks.bin`: the hash of every complete subtree of 2^DISK_BLOCK_LEVEL leaves, 32
 *   bytes each, held in memory with every complete subtree above them (a hundredth of a
 *   byte a leaf);
 * - the auditors' log index (leaf-index.ts);
 * - `tree-checkpoint.json`: the position and tree size the files above hold, replaced
 *   (written, synced, renamed) only after they are synced. At open every file is cut to the
 *   checkpoint: what a crash left beyond it is written again from the log.
 *
 * The leaf archive (leaf-archive.ts) stays apart: it is what the log is checked against,
 * and keeps the leaves first notarised even while this tree, rebuilt from a log that
 * changed, holds others.
 */
import { mkdir, open, readFile, rename, writeFile, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import type { ConsistencyProof, InclusionProof, NotaryPublicKey } from '@stays/contracts';
import type { RecordedEvent } from '@stays/event-store';
import { completeSubtreeHash, consistencyRanges, inclusionRanges, nodeHash, rangeHash, rangeNodes, type LeafRange, type NodeAddress } from './merkle.ts';
import { LeafIndex } from './leaf-index.ts';
import type { AuditLog, NotarisedLog, NotaryQueries } from './queries.ts';
import type { TreeHeadStore } from './tree-heads.ts';
import { nodeId } from './stored-tree.ts';
import { lineLogger } from '@stays/service-kit';
import { writeWhole } from '@stays/event-store';

export const TREE_LEAVES_FILE = 'tree-leaves.bin';
export const TREE_BLOCKS_FILE = 'tree-blocks.bin';
export const TREE_CHECKPOINT_FILE = 'tree-checkpoint.json';
/** 2^8 leaves to a block: a proof reads and hashes at most 255 leaves of one (8 kB), memory holds n/128 hashes. */
export const DISK_BLOCK_LEVEL = 8;
const BLOCK_LEAVES = 2 ** DISK_BLOCK_LEVEL;
const HASH_BYTES = 32;
const CHECKPOINT_VERSION = 1;

interface Checkpoint {
  readonly version: number;
  /** Position of the last record in the tree (-1: none). */
  readonly position: number;
  readonly treeSize: number;
}

/** A leaf and the subtrees it completed (MerkleFrontier.append). */
export interface AppendedLeaf {
  readonly event: RecordedEvent;
  readonly leaf: Buffer;
  readonly completed: readonly (NodeAddress & { hash: Buffer })[];
}

/** Called before each write and sync of the notary's files; throws to fail it (fault injection). */
export type DiskFaults = (operation: string) => void;

export class DiskTree {
  /** levels[k]: the complete subtrees of level DISK_BLOCK_LEVEL + k, in order. */
  private levels: Buffer[][] = [[]];
  private size = 0;
  private position = -1;
  private publicJwk: NotaryPublicKey | null = null;

  private constructor(
    private readonly dir: string,
    private leaves: FileHandle,
    private blocks: FileHandle,
    private index: LeafIndex,
    private readonly log: (line: string) => void,
    private readonly faults: DiskFaults,
  ) {}

  /**
   * Opens the tree at its checkpoint; an empty tree when there is none or the files do not
   * hold what it covers. `faults` (tests and fault campaigns): called before each write and
   * sync, throws to fail it as a full or failing disk would.
   */
  static async open(dir: string, log: (line: string) => void = lineLogger(), faults: DiskFaults = () => undefined): Promise<DiskTree> {
    await mkdir(dir, { recursive: true });
    const files = await DiskTree.openFiles(dir, log);
    const tree = new DiskTree(dir, files.leaves, files.blocks, files.index, log, faults);
    await tree.load(files.size, files.position);
    return tree;
  }

  private static async openFiles(dir: string, log: (line: string) => void) {
    const checkpoint = await readCheckpoint(dir);
    const leaves = await open(path.join(dir, TREE_LEAVES_FILE), 'a+');
    const blocks = await open(path.join(dir, TREE_BLOCKS_FILE), 'a+');
    let size = checkpoint?.treeSize ?? 0;
    const blockCount = () => Math.floor(size / BLOCK_LEAVES);
    let index = await LeafIndex.open(dir, size);
    if (index === null || (await leaves.stat()).size < size * HASH_BYTES || (await blocks.stat()).size < blockCount() * HASH_BYTES) {
      log(`notary: its files under ${dir} do not hold the ${size} leaves of their checkpoint: rebuilding them from the log`);
      await index?.close();
      size = 0;
      index = await LeafIndex.reset(dir);
    }
    await leaves.truncate(size * HASH_BYTES);
    await blocks.truncate(blockCount() * HASH_BYTES);
    return { leaves, blocks, index, size, position: size === 0 ? -1 : checkpoint!.position };
  }

  private async load(size: number, position: number): Promise<void> {
    const blockCount = Math.floor(size / BLOCK_LEAVES);
    const blockBytes = Buffer.alloc(blockCount * HASH_BYTES);
    await this.blocks.read(blockBytes, 0, blockBytes.length, 0);
    this.levels = [[]];
    for (let b = 0; b < blockCount; b++) this.addBlock(Buffer.from(blockBytes.subarray(b * HASH_BYTES, (b + 1) * HASH_BYTES)));
    this.size = size;
    this.position = position;
  }

  /**
   * After a write or sync failed: fresh file descriptors (a failed sync is never retried on
   * the same one), the files cut back to the checkpoint, and the checkpoint written again as
   * a probe that the disk takes writes. The tree is then what a restart would resume from;
   * the notary writes again, from the log, what came after it. Throws while the disk fails.
   */
  async reopen(): Promise<void> {
    await Promise.allSettled([this.leaves.close(), this.blocks.close(), this.index.close()]);
    const files = await DiskTree.openFiles(this.dir, this.log);
    [this.leaves, this.blocks, this.index] = [files.leaves, files.blocks, files.index];
    await this.load(files.size, files.position);
    this.faults('write');
    await writeCheckpoint(this.dir, { version: CHECKPOINT_VERSION, position: this.position, treeSize: this.size });
  }

  get treeSize(): number {
    return this.size;
  }

  /** Position of the last record in the tree, undefined when it is empty. */
  get lastPosition(): number | undefined {
    return this.position >= 0 ? this.position : undefined;
  }

  /** Bytes held in memory: the log index and the subtrees above the blocks' level. */
  memoryBytes(): number {
    return this.index.memoryBytes() + this.levels.reduce((sum, level) => sum + level.length * (HASH_BYTES + 8), 0);
  }

  publishPublicKey(key: NotaryPublicKey): void {
    this.publicJwk = key;
  }

  private addBlock(hash: Buffer): void {
    let node = hash;
    for (let level = 0; ; level++) {
      this.levels[level] ??= [];
      const row = this.levels[level]!;
      row.push(node);
      if (row.length % 2 === 1) return;
      node = nodeHash(row[row.length - 2]!, node);
    }
  }

  /** Writes leaves `treeSize`, ... with their keys and completed blocks (durable, with the checkpoint, after checkpoint()). */
  async append(appended: readonly AppendedLeaf[], position: number): Promise<void> {
    if (appended.length === 0) return;
    const leafBytes = Buffer.concat(appended.map((entry) => entry.leaf));
    const blocks = appended.flatMap((entry) => entry.completed.filter((node) => node.level === DISK_BLOCK_LEVEL));
    this.faults('write');
    await writeWhole(this.leaves, leafBytes, this.size * HASH_BYTES);
    if (blocks.length > 0) {
      const blockBytes = Buffer.concat(blocks.map((node) => node.hash));
      await writeWhole(this.blocks, blockBytes);
    }
    await this.index.append(appended.map((entry) => entry.event));
    for (const block of blocks) this.addBlock(block.hash);
    this.size += appended.length;
    this.position = position;
  }

  /** Syncs every file, then replaces the checkpoint: a restart resumes from here. */
  async checkpoint(): Promise<void> {
    this.faults('fdatasync');
    await Promise.all([this.leaves.datasync(), this.blocks.datasync(), this.index.sync()]);
    await writeCheckpoint(this.dir, { version: CHECKPOINT_VERSION, position: this.position, treeSize: this.size });
  }

  /** Forgets every leaf (the notary rebuilds the tree from the log). */
  async clear(): Promise<void> {
    await writeCheckpoint(this.dir, { version: CHECKPOINT_VERSION, position: -1, treeSize: 0 });
    await this.leaves.truncate(0);
    await this.blocks.truncate(0);
    await this.index.close();
    this.index = await LeafIndex.reset(this.dir);
    this.levels = [[]];
    this.size = 0;
    this.position = -1;
  }

  async close(): Promise<void> {
    await this.leaves.close();
    await this.blocks.close();
    await this.index.close();
  }

  /** Leaf hashes [from, from + count), read from the file. */
  /** The log position of the record behind leaf `leaf`, as it was when notarised. */
  positionOfLeaf(leaf: number): number {
    return this.index.positionOf(leaf);
  }

  async leafHashes(from: number, count: number): Promise<Buffer[]> {
    const bytes = Buffer.alloc(count * HASH_BYTES);
    const { bytesRead } = await this.leaves.read(bytes, 0, bytes.length, from * HASH_BYTES);
    if (bytesRead < bytes.length) throw new Error(`${TREE_LEAVES_FILE} holds fewer than ${from + count} leaves`);
    return Array.from({ length: count }, (_, i) => bytes.subarray(i * HASH_BYTES, (i + 1) * HASH_BYTES));
  }

  /** The hashes of complete subtrees of the tree: above the blocks' level from memory, below from the leaves. */
  async nodes(addresses: readonly NodeAddress[]): Promise<Buffer[]> {
    return Promise.all(
      addresses.map(async ({ level, index }) => {
        if (level >= DISK_BLOCK_LEVEL) {
          const hash = this.levels[level - DISK_BLOCK_LEVEL]?.[index];
          if (hash === undefined) throw new Error(`tree node ${nodeId({ level, index })} is beyond the tree of ${this.size} leaves`);
          return hash;
        }
        const width = 2 ** level;
        return completeSubtreeHash(await this.leafHashes(index * width, width), 0, width);
      }),
    );
  }

  private async rangeHashes(ranges: readonly LeafRange[]): Promise<Buffer[]> {
    const addresses = ranges.flatMap(rangeNodes);
    const hashes = await this.nodes(addresses);
    const byId = new Map(addresses.map((address, i) => [nodeId(address), hashes[i]!]));
    return ranges.map((range) => rangeHash(range, (node) => byId.get(nodeId(node))!));
  }

  async rootAt(treeSize: number): Promise<Buffer> {
    return (await this.rangeHashes([{ start: 0, end: treeSize }]))[0]!;
  }

  /** The hashes of rangeNodes({start: 0, end: treeSize}): the frontier the notary resumes from. */
  edge(): Promise<Buffer[]> {
    return this.nodes(rangeNodes({ start: 0, end: this.size }));
  }

  /** What the query side asks, answered from these files and the log. */
  queries(treeHeads: Pick<TreeHeadStore, 'latest' | 'page'>, log: NotarisedLog): NotaryQueries {
    const auditLog: AuditLog = {
      find: (query, page) => this.index.find(query, log, page),
      count: (query) => this.index.count(query, log),
      firstStreamOf: (streamIds) => this.index.firstStreamOf(streamIds, log),
      newestLeaf: async () => this.index.size - 1,
    };
    return {
      auditLog,
      treeSize: async () => this.size,
      publicKey: async () => this.publicJwk,
      inclusionProof: async (leafIndex, treeSize): Promise<InclusionProof> => {
        const auditPath = await this.rangeHashes(inclusionRanges(leafIndex, treeSize));
        return { leafIndex, treeSize, auditPath: auditPath.map((hash) => hash.toString('hex')) };
      },
      consistencyProof: async (first, second): Promise<ConsistencyProof> => {
        const proof = await this.rangeHashes(consistencyRanges(first, second));
        return { first, second, path: proof.map((hash) => hash.toString('hex')) };
      },
      treeHeads,
    };
  }
}

async function readCheckpoint(dir: string): Promise<Checkpoint | null> {
  try {
    const checkpoint = JSON.parse(await readFile(path.join(dir, TREE_CHECKPOINT_FILE), 'utf8')) as Checkpoint;
    return checkpoint.version === CHECKPOINT_VERSION && Number.isSafeInteger(checkpoint.treeSize) && checkpoint.treeSize >= 0 ? checkpoint : null;
  } catch {
    return null; // none yet, or unreadable: the tree is rebuilt from the log
  }
}

async function writeCheckpoint(dir: string, checkpoint: Checkpoint): Promise<void> {
  const file = path.join(dir, TREE_CHECKPOINT_FILE);
  const temp = `${file}.tmp`;
  await writeFile(temp, JSON.stringify(checkpoint));
  const handle = await open(temp, 'r');
  await handle.datasync();
  await handle.close();
  await rename(temp, file);
  const directory = await open(dir, 'r');
  await directory.sync();
  await directory.close();
}
