/**
 * The notary: follows the raw log (records as stored, personal fields as ciphertext) from
 * its own checkpoint and keeps the RFC 9162 Merkle tree over it in the read store (see
 * stored-tree.ts), signing a tree head when it has caught up and then at most
 * `headIntervalMs` after the tree grows, so heads come at least every 10 s while events
 * arrive.
 *
 * A batch's leaves, tree nodes and checkpoint are written before a head may cover them; a
 * batch written again after a crash writes the same documents. It never signs a tree that
 * contradicts what it signed before: when the log no longer gives the tree of its latest
 * head (an event altered or removed), or no longer gives the leaves it archived, it stops
 * signing and says why (status()).
 */
import { subscriptionHealth, type EventStore, type RecordedEvent, type Subscription, type SubscriptionHealth } from '@stays/event-store';
import type { ReadStore } from '@stays/read-store';
import type { SignedTreeHead } from '@stays/contracts';
import { MerkleFrontier, leafHash, rangeNodes } from './merkle.ts';
import {
  AUDIT_LOG_COLLECTION,
  KeyStrings,
  LEAF_BLOCKS_COLLECTION,
  NOTARY_STATE_VERSION,
  STORED_BLOCK_LEAVES,
  STORED_BLOCK_LEVEL,
  StoredTree,
  TREE_NODES_COLLECTION,
  auditLogDocument,
  leafBlockDocument,
  nodeId,
  upsert,
} from './stored-tree.ts';
import type { LeafArchive } from './leaf-archive.ts';
import type { NotarySigner, TreeHeadStore } from './tree-heads.ts';

/** Longest a grown tree waits for a signed head. */
export const TREE_HEAD_INTERVAL_MS = 10_000;

export interface NotaryOptions {
  /** The log as stored: never a decrypting view of it. */
  readonly eventStore: EventStore;
  readonly readStore: ReadStore;
  readonly heads: TreeHeadStore;
  readonly signer: NotarySigner;
  /** The one-process mode's archive of leaf hashes (its read store does not survive restarts). */
  readonly leafArchive?: LeafArchive;
  readonly headIntervalMs?: number;
  readonly maxBatchSize?: number;
  readonly now?: () => Date;
  readonly log?: (line: string) => void;
}

export interface NotaryStatus {
  readonly treeSize: number;
  /** Position of the last record in the tree. */
  readonly position: number | undefined;
  readonly caughtUp: boolean;
  /** Size of the latest signed head (null: none yet). */
  readonly signedSize: number | null;
  /** Why the notary stopped signing or following, if it did. */
  readonly failed: string | null;
}

export class Notary {
  private readonly tree: StoredTree;
  private frontier = new MerkleFrontier();
  private subscription: Subscription | null = null;
  private position: number | undefined;
  /** The size and root whose nodes are all stored: what a head may sign. */
  private stored = { size: 0, root: this.frontier.root() };
  private signedSize: number | null = null;
  private caughtUp = false;
  private failed: string | null = null;
  private headTimer: NodeJS.Timeout | null = null;
  private signing: Promise<void> = Promise.resolve();
  /** The batch being written, which stop() lets finish. */
  private batch: Promise<void> = Promise.resolve();
  private readonly caughtUpListeners: (() => void)[] = [];
  /** The leaves of the block being filled (the tree's last, incomplete block). */
  private blockLeaves: Buffer[] = [];
  private readonly keyStrings = new KeyStrings();

  constructor(private readonly options: NotaryOptions) {
    this.tree = new StoredTree(options.readStore);
  }

  async start(): Promise<void> {
    await this.tree.createIndexes();
    await this.tree.publishPublicKey(this.options.signer.publicJwk());
    let checkpoint = await this.tree.checkpoint();
    if (checkpoint !== null && checkpoint.version !== NOTARY_STATE_VERSION) {
      // Another layout (one that kept records): rebuilt from the log, and checked against the latest signed head when caught up.
      this.log(`notary: its collections are in layout ${checkpoint.version ?? 1}, not ${NOTARY_STATE_VERSION}: rebuilding them from the log`);
      await this.tree.clear();
      checkpoint = null;
    }
    const size = checkpoint?.treeSize ?? 0;
    this.frontier = new MerkleFrontier(size, await this.tree.nodes(rangeNodes({ start: 0, end: size })));
    this.blockLeaves = await this.tree.blockLeaves(Math.floor(size / STORED_BLOCK_LEAVES), size % STORED_BLOCK_LEAVES);
    this.position = checkpoint !== null && checkpoint.position >= 0 ? checkpoint.position : undefined;
    this.stored = { size, root: this.frontier.root() };
    this.signedSize = (await this.options.heads.latest())?.treeSize ?? null;
    this.subscription = this.options.eventStore.subscribeToAll(
      { ...(this.position !== undefined && { after: this.position }), maxBatchSize: this.options.maxBatchSize ?? 1000, name: 'notary' },
      {
        onBatch: (events) => {
          this.batch = this.notarise(events);
          return this.batch;
        },
        onCaughtUp: () =>
          void this.onCaughtUp().catch((error: unknown) =>
            this.fail(`could not check the log against its latest head: ${error instanceof Error ? error.message : String(error)}`),
          ),
        onError: (error) => this.fail(`stopped following the log: ${error instanceof Error ? error.message : String(error)}`),
      },
    );
  }

  async stop(): Promise<void> {
    if (this.headTimer) clearTimeout(this.headTimer);
    this.headTimer = null;
    await this.subscription?.close();
    this.subscription = null;
    await this.batch.catch(() => undefined);
    await this.signing;
  }

  status(): NotaryStatus {
    return { treeSize: this.stored.size, position: this.position, caughtUp: this.caughtUp, signedSize: this.signedSize, failed: this.failed };
  }

  /**
   * Healthy while it follows the log less than `maxLagMs` behind and still signs: a notary
   * that stopped signing (the log contradicts its heads) is unhealthy, saying why.
   */
  async health(maxLagMs: number): Promise<SubscriptionHealth & { readonly name: 'notary' }> {
    if (this.subscription === null)
      return { name: 'notary', healthy: false, state: 'closed', position: this.position, lagMs: null, error: this.failed ?? 'not started' };
    const health = await subscriptionHealth(this.options.eventStore, this.subscription, maxLagMs);
    return { ...health, name: 'notary', healthy: health.healthy && this.failed === null, error: this.failed ?? health.error };
  }

  /**
   * A health report with the notary's entry beside the read side's. The product serves its
   * users while the notary catches up (after a start over a long log, or behind a burst):
   * only auditors' proofs wait for it, so its lag does not make the service unhealthy (its
   * entry says how far behind it is). A notary that stopped following the log or stopped
   * signing (the log contradicts its heads) does: someone must look.
   */
  async besideReadSide<T extends { readonly healthy: boolean; readonly projections: readonly object[] }>(
    readSide: T,
    maxLagMs: number,
  ): Promise<{ healthy: boolean; projections: (T['projections'][number] | Awaited<ReturnType<Notary['health']>>)[] }> {
    const own = await this.health(maxLagMs);
    return { healthy: readSide.healthy && this.subscription !== null && this.failed === null, projections: [...readSide.projections, own] };
  }

  whenCaughtUp(): Promise<void> {
    if (this.caughtUp) return Promise.resolve();
    return new Promise((resolve) => this.caughtUpListeners.push(resolve));
  }

  /** Signs a head for the tree as stored now, unless one covers it already (tests and shutdown use it; the timer otherwise). */
  signHeadNow(): Promise<void> {
    this.signing = this.signing.then(() => this.signHead());
    return this.signing;
  }

  private async notarise(events: readonly RecordedEvent[]): Promise<void> {
    const archive = this.options.leafArchive;
    const logWrites = [];
    const nodeWrites = [];
    const blockWrites = [];
    const archived: Buffer[] = [];
    for (const event of events) {
      const index = this.frontier.size;
      const leaf = leafHash(event);
      const known = archive?.at(index);
      if (known !== undefined && !known.equals(leaf)) {
        this.fail(
          `the log differs from the leaves this notary archived, from leaf ${index} (position ${event.position}, stream ${event.streamId}) on: run npm run verify-log`,
        );
      } else if (archive !== undefined && index >= archive.size) {
        archived.push(leaf);
      }
      logWrites.push(upsert(auditLogDocument(index, event, this.keyStrings)));
      this.blockLeaves.push(leaf);
      for (const node of this.frontier.append(leaf)) {
        if (node.level > STORED_BLOCK_LEVEL) nodeWrites.push(upsert({ _id: nodeId(node), hash: node.hash.toString('hex') }));
        else if (node.level === STORED_BLOCK_LEVEL) blockWrites.push(upsert(leafBlockDocument(node.index, this.blockLeaves.splice(0), node.hash)));
      }
    }
    if (this.blockLeaves.length > 0) blockWrites.push(upsert(leafBlockDocument(Math.floor(this.frontier.size / STORED_BLOCK_LEAVES), this.blockLeaves)));
    if (this.failed === null) await archive?.append(archived);
    await this.options.readStore.collection(LEAF_BLOCKS_COLLECTION).bulkWrite(blockWrites);
    if (nodeWrites.length > 0) await this.options.readStore.collection(TREE_NODES_COLLECTION).bulkWrite(nodeWrites);
    await this.options.readStore.collection(AUDIT_LOG_COLLECTION).bulkWrite(logWrites);
    const last = events[events.length - 1]!.position;
    await this.tree.writeCheckpoint(last, this.frontier.size);
    this.position = last;
    this.stored = { size: this.frontier.size, root: this.frontier.root() };
    if (this.caughtUp) this.scheduleHead();
  }

  private async onCaughtUp(): Promise<void> {
    await this.checkAgainstLatestHead();
    await this.signHeadNow();
    this.caughtUp = true;
    this.scheduleHead(); // for batches that came while the head was signed
    this.log(`notary caught up: ${this.stored.size} leaves`);
    for (const listener of this.caughtUpListeners.splice(0)) listener();
  }

  /** The tree rebuilt from the log must still have the root the latest head signed, at its size. */
  private async checkAgainstLatestHead(): Promise<void> {
    const head = await this.options.heads.latest();
    if (head === null) return;
    if (head.treeSize > this.stored.size) {
      this.fail(`the log has ${this.stored.size} events but the latest signed tree head covers ${head.treeSize}: run npm run verify-log`);
    } else if ((await this.tree.rootAt(head.treeSize)).toString('hex') !== head.rootHash) {
      this.fail(`the log no longer gives the root of the tree head signed at ${head.timestamp} (size ${head.treeSize}): run npm run verify-log`);
    }
  }

  private scheduleHead(): void {
    if (this.headTimer !== null || this.stored.size === this.signedSize) return;
    this.headTimer = setTimeout(() => {
      this.headTimer = null;
      void this.signHeadNow();
    }, this.options.headIntervalMs ?? TREE_HEAD_INTERVAL_MS);
    this.headTimer.unref();
  }

  private async signHead(): Promise<void> {
    const { size, root } = this.stored;
    if (this.failed !== null || size === this.signedSize) return;
    const head: SignedTreeHead = this.options.signer.sign({
      treeSize: size,
      rootHash: root.toString('hex'),
      timestamp: (this.options.now?.() ?? new Date()).toISOString(),
    });
    try {
      await this.options.leafArchive?.sync();
      await this.options.heads.append(head);
      this.signedSize = size;
    } catch (error) {
      this.log(`notary: could not store the tree head of size ${size}: ${error instanceof Error ? error.message : String(error)}`);
      this.scheduleHead();
    }
  }

  private fail(reason: string): void {
    if (this.failed !== null) return;
    this.failed = reason;
    if (this.headTimer) clearTimeout(this.headTimer);
    this.headTimer = null;
    this.log(`notary stopped signing: ${reason}`);
  }

  private log(line: string): void {
    (this.options.log ?? console.log)(line);
  }
}
