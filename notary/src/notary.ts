/**
 * The notary: follows the raw log (records as stored, personal fields as ciphertext) from
 * its own checkpoint and keeps the RFC 9162 Merkle tree over it, in the read store
 * (production, stored-tree.ts) or in files (the one-process mode, disk-tree.ts), signing a
 * tree head when it has caught up and then at most `headIntervalMs` after the tree grows,
 * so heads come at least every 10 s while events arrive.
 *
 * A batch's leaves, tree nodes and checkpoint are written before a head may cover them; a
 * batch written again after a crash writes the same leaves. It never signs a tree that
 * contradicts what it signed before: when the log no longer gives the tree of its latest
 * head (an event altered or removed), or no longer gives the leaves it archived, it stops
 * signing and says why (status()). A tree resumed from files was not built from the log in
 * this run: the log is checked against the leaf archive in the background first.
 *
 * Its files (the one-process mode) meet the disk the log meets: when a write or sync of them
 * fails because the disk is full or failing, it pauses (unhealthy, saying why), and retries
 * with backoff to reopen its files at their checkpoint; once they take writes it follows the
 * log again from that checkpoint, as a restart would, so no leaf is lost or written twice.
 */
import { subscriptionHealth, type EventStore, type RecordedEvent, type Subscription, type SubscriptionHealth } from '@stays/event-store';
import type { ReadStore } from '@stays/read-store';
import type { NotaryPublicKey, SignedTreeHead } from '@stays/contracts';
import { MerkleFrontier, leafHash, leafHashOfStoredText, rangeNodes } from './merkle.ts';
import { eachHash } from './log-file-leaves.ts';
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
import type { AppendedLeaf, DiskTree } from './disk-tree.ts';
import type { LeafArchive } from './leaf-archive.ts';
import type { NotarySigner, TreeHeadStore } from './tree-heads.ts';
import { lineLogger } from '@stays/service-kit';

/** Longest a grown tree waits for a signed head. */
export const TREE_HEAD_INTERVAL_MS = 10_000;

export interface NotaryOptions {
  /** The log as stored: never a decrypting view of it. */
  readonly eventStore: EventStore;
  /** Where the tree is kept (production: MongoDB), unless it is in `diskTree`. */
  readonly readStore?: ReadStore;
  /** The one-process mode's tree, in files under DATA_DIR/notary (its read store is held in memory). */
  readonly diskTree?: DiskTree;
  readonly heads: TreeHeadStore;
  readonly signer: NotarySigner;
  /** The one-process mode's archive of leaf hashes (its read store does not survive restarts). */
  readonly leafArchive?: LeafArchive;
  /** The one-process mode's log file read leaf by leaf, for the check at start (without it the check reads the log through the store). */
  readonly logFileLeaves?: LogFileLeavesSource;
  /**
   * Resolves once the read side has caught up with the log as it was at start: the notary's
   * own catch-up waits for it, so a start over a long log serves users first and the
   * notary's tree (which only auditors' proofs wait for) follows after, rather than both
   * sharing the event loop and the heap's growth. Without it the notary follows at once.
   */
  readonly readSideFirst?: () => Promise<unknown>;
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
  /** The check of the log against the leaf archive at start (null: none, the tree was built from the log). */
  readonly check: LogCheckStatus | null;
}

/** Where the notary keeps its tree: the read store's collections (stored-tree.ts) or, in the one-process mode, files (disk-tree.ts). */
interface TreeStorage {
  /** The checkpoint: tree size, position of its last record, and the hashes of rangeNodes({start: 0, end: size}). */
  resume(): Promise<{ size: number; position: number | undefined; edge: Buffer[] }>;
  /** Writes the leaves after the tree's, with the subtrees they complete; `position`: the last one's. */
  write(appended: readonly AppendedLeaf[], position: number): Promise<void>;
  /** Makes what was written durable: a head may then cover it. */
  flush(): Promise<void>;
  rootAt(size: number): Promise<Buffer>;
  /** Forgets the tree, for a rebuild from the log. */
  clear(): Promise<void>;
}

/** The tree in the read store: MongoDB in production (every write durable when done). */
class ReadStoreTreeStorage implements TreeStorage {
  private readonly tree: StoredTree;
  /** The leaves of the block being filled (the tree's last, incomplete block). */
  private blockLeaves: Buffer[] = [];
  private readonly keyStrings = new KeyStrings();

  constructor(
    private readonly readStore: ReadStore,
    private readonly publicKey: NotaryPublicKey,
    private readonly log: (line: string) => void,
  ) {
    this.tree = new StoredTree(readStore);
  }

  async resume(): Promise<{ size: number; position: number | undefined; edge: Buffer[] }> {
    await this.tree.createIndexes();
    await this.tree.publishPublicKey(this.publicKey);
    let checkpoint = await this.tree.checkpoint();
    if (checkpoint !== null && checkpoint.version !== NOTARY_STATE_VERSION) {
      // Another layout (one that kept records): rebuilt from the log, and checked against the latest signed head when caught up.
      this.log(`notary: its collections are in layout ${checkpoint.version ?? 1}, not ${NOTARY_STATE_VERSION}: rebuilding them from the log`);
      await this.tree.clear();
      checkpoint = null;
    }
    const size = checkpoint?.treeSize ?? 0;
    this.blockLeaves = await this.tree.blockLeaves(Math.floor(size / STORED_BLOCK_LEAVES), size % STORED_BLOCK_LEAVES);
    return {
      size,
      position: checkpoint !== null && checkpoint.position >= 0 ? checkpoint.position : undefined,
      edge: await this.tree.nodes(rangeNodes({ start: 0, end: size })),
    };
  }

  async write(appended: readonly AppendedLeaf[], position: number): Promise<void> {
    const logWrites = [];
    const nodeWrites = [];
    const blockWrites = [];
    let size = 0;
    for (const { event, leaf, completed } of appended) {
      const index = completed[0]!.index;
      size = index + 1;
      logWrites.push(upsert(auditLogDocument(index, event, this.keyStrings)));
      this.blockLeaves.push(leaf);
      for (const node of completed) {
        if (node.level > STORED_BLOCK_LEVEL) nodeWrites.push(upsert({ _id: nodeId(node), hash: node.hash.toString('hex') }));
        else if (node.level === STORED_BLOCK_LEVEL) blockWrites.push(upsert(leafBlockDocument(node.index, this.blockLeaves.splice(0), node.hash)));
      }
    }
    if (this.blockLeaves.length > 0) blockWrites.push(upsert(leafBlockDocument(Math.floor(size / STORED_BLOCK_LEAVES), this.blockLeaves)));
    await this.readStore.collection(LEAF_BLOCKS_COLLECTION).bulkWrite(blockWrites);
    if (nodeWrites.length > 0) await this.readStore.collection(TREE_NODES_COLLECTION).bulkWrite(nodeWrites);
    await this.readStore.collection(AUDIT_LOG_COLLECTION).bulkWrite(logWrites);
    await this.tree.writeCheckpoint(position, size);
  }

  async flush(): Promise<void> {}

  rootAt(size: number): Promise<Buffer> {
    return this.tree.rootAt(size);
  }

  async clear(): Promise<void> {
    await this.tree.clear();
    this.blockLeaves = [];
  }
}

/** Longest the disk tree's checkpoint lags what it wrote: a crash rewrites at most this much of the log. */
const DISK_CHECKPOINT_INTERVAL_MS = 1000;

/** The one-process mode's tree in files: written at every batch, checkpointed (synced) at most once a second and before a head. */
class DiskTreeStorage implements TreeStorage {
  // a monotonic clock: a wall clock stepped back would hold off checkpoints for as long as the step
  private checkpointedAt = -Infinity;
  private unsynced = false;

  constructor(
    private readonly tree: DiskTree,
    private readonly publicKey: NotaryPublicKey,
  ) {}

  async resume(): Promise<{ size: number; position: number | undefined; edge: Buffer[] }> {
    this.tree.publishPublicKey(this.publicKey);
    return { size: this.tree.treeSize, position: this.tree.lastPosition, edge: await this.tree.edge() };
  }

  async write(appended: readonly AppendedLeaf[], position: number): Promise<void> {
    await this.tree.append(appended, position);
    this.unsynced = true;
    if (performance.now() - this.checkpointedAt >= DISK_CHECKPOINT_INTERVAL_MS) await this.flush();
  }

  async flush(): Promise<void> {
    if (!this.unsynced) return;
    this.unsynced = false;
    this.checkpointedAt = performance.now();
    await this.tree.checkpoint();
  }

  rootAt(size: number): Promise<Buffer> {
    return this.tree.rootAt(size);
  }

  clear(): Promise<void> {
    this.unsynced = false;
    return this.tree.clear();
  }
}

/** How far the check of the log against the leaf archive has come (the one-process mode's, at start). */
export interface LogCheckStatus {
  /** Leaves compared so far, of `of` (the tree's size at start). */
  readonly checked: number;
  readonly of: number;
  readonly done: boolean;
}

/** What the check found: a leaf that differs, every leaf of the tree equal, or the log ended first. */
type CheckOutcome = 'differs' | 'done' | 'more';

/**
 * The one-process mode's log file read leaf by leaf (log-file-leaves.ts): hands `onLeaves`
 * the leaves of the file's records in order, 32 bytes each laid end to end, until it says
 * `'stop'` or the file ends.
 */
export type LogFileLeavesSource = (onLeaves: (leaves: Buffer) => Promise<void | 'stop'>) => Promise<void>;

/** Error codes of a disk that is full or failing: the notary waits for the disk rather than stopping for good. */
const DISK_ERRORS = new Set(['ENOSPC', 'EDQUOT', 'EIO', 'EROFS']);
const isDiskError = (error: unknown): boolean => DISK_ERRORS.has((error as NodeJS.ErrnoException | undefined)?.code ?? '');
/** First and longest wait between attempts to reopen the files after a disk error. */
const DISK_RETRY_MS = { first: 100, longest: 5000 };

/** Records the check compares at a time, yielding to requests between batches. */
const CHECK_BATCH = 1000;

export class Notary {
  private storage: TreeStorage | null = null;
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
  private check: LogCheckStatus | null = null;
  private checkSubscription: Subscription | null = null;
  private checked: Promise<void> = Promise.resolve();
  /** The reading of the log file by the check, which stop() waits for. */
  private fileCheck: Promise<void> = Promise.resolve();
  private stopped = false;
  /** Why its files refuse writes, while it waits for the disk (null: they take them). */
  private diskFault: string | null = null;
  private recovering: Promise<void> = Promise.resolve();
  /** Ends the wait between two attempts at once (stop() does not wait out the backoff). */
  private wakeRecovery: (() => void) | null = null;
  /** Settles when the read side has caught up (readSideFirst) or the notary stops, whichever comes first. */
  private readSideCaughtUp: Promise<unknown> = Promise.resolve();
  private endReadSideWait: () => void = () => undefined;

  constructor(private readonly options: NotaryOptions) {
    if (options.diskTree === undefined && options.readStore === undefined) throw new Error('the notary needs a read store or a disk tree to keep its tree in');
  }

  async start(): Promise<void> {
    const key = this.options.signer.publicJwk();
    this.storage = this.options.diskTree
      ? new DiskTreeStorage(this.options.diskTree, key)
      : new ReadStoreTreeStorage(this.options.readStore!, key, (line) => this.log(line));
    const { size, position, edge } = await this.storage.resume();
    this.frontier = new MerkleFrontier(size, edge);
    this.position = position;
    this.stored = { size, root: this.frontier.root() };
    this.signedSize = (await this.options.heads.latest())?.treeSize ?? null;
    if (this.options.readSideFirst) {
      const stopped = new Promise<void>((resolve) => (this.endReadSideWait = resolve));
      this.readSideCaughtUp = Promise.race([this.options.readSideFirst().catch(() => undefined), stopped]);
    }
    this.follow();
    // A tree resumed from files was not rebuilt from the log: the log is checked against the leaf archive beside the work.
    this.checked = this.options.diskTree && size > 0 ? this.checkLog(size) : this.whenCaughtUp();
  }

  private follow(): void {
    this.subscription = this.options.eventStore.subscribeToAll(
      { ...(this.position !== undefined && { after: this.position }), maxBatchSize: this.options.maxBatchSize ?? 1000, name: 'notary' },
      {
        onBatch: (events) => {
          // while paused for the disk, batches are let by: they are read again from the checkpoint once it takes writes
          if (this.diskFault !== null) return Promise.resolve();
          // a batch read while the read side still catches up waits for it; one cut short by stop() is read again from the checkpoint
          this.batch = this.readSideCaughtUp
            .then(() => (this.stopped ? undefined : this.notarise(events)))
            .catch((error: unknown) => {
              if (this.options.diskTree === undefined || !isDiskError(error)) throw error;
              this.pauseForDisk(error);
            });
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

  /**
   * Compares the leaf of every record of the log's first `size` with the leaf archive (the
   * tree's own leaves past its end), streaming: what a rebuild from the log compared. On a
   * difference the notary stops signing, says why, and rebuilds its tree from the log as it
   * is now, so its proofs describe the log it serves, as a rebuild's did. The leaves come
   * from the log file's bytes where the notary is given them (`logFileLeaves`), else from
   * records read through the store.
   */
  private checkLog(size: number): Promise<void> {
    const archive = this.options.leafArchive;
    const tree = this.options.diskTree!;
    this.check = { checked: 0, of: size, done: false };
    let index = 0;
    /** Compares the log's next leaves; a difference or the end of the tree ends the check. */
    const compare = async (leaves: readonly Buffer[]): Promise<CheckOutcome> => {
      const taken = leaves.slice(0, size - index);
      const archived = (await archive?.read(index, taken.length)) ?? [];
      const expected =
        archived.length < taken.length ? [...archived, ...(await tree.leafHashes(index + archived.length, taken.length - archived.length))] : archived;
      const differs = taken.findIndex((leaf, i) => !leaf.equals(expected[i]!));
      index += differs === -1 ? taken.length : differs;
      this.check = { checked: index, of: size, done: false };
      return differs !== -1 ? 'differs' : index >= size ? 'done' : 'more';
    };
    const differsAt = async (): Promise<string> => {
      const [event] = await this.options.eventStore.readAt([tree.positionOfLeaf(index)]).catch(() => []);
      const place = event ? ` (position ${event.position}, stream ${event.streamId})` : '';
      return `the log differs from the leaves this notary archived, from leaf ${index}${place} on: run npm run verify-log`;
    };
    const shortBy = () => `the log has ${index} events but the notary's tree holds ${size}: run npm run verify-log`;
    const checked = this.options.logFileLeaves ? this.checkLogFile(this.options.logFileLeaves, compare) : this.checkLogThroughStore(compare);
    return checked
      .then(async (outcome) => (outcome === 'differs' ? differsAt() : outcome === 'more' ? shortBy() : outcome === 'done' ? null : outcome.failed))
      .then(async (difference) => {
        this.check = { checked: index, of: size, done: true };
        if (difference !== null) await this.rebuild(difference);
        else {
          // held back while the check ran: the files' tree against the latest head, and a head over it
          await this.checkAgainstLatestHead();
          if (this.caughtUp) await this.signHeadNow();
        }
        await this.whenCaughtUp();
      })
      .catch((error: unknown) => this.fail(`could not check the log: ${error instanceof Error ? error.message : String(error)}`));
  }

  /** The check over the log file's bytes: each stored record hashed as it is. */
  private async checkLogFile(
    logFileLeaves: LogFileLeavesSource,
    compare: (leaves: readonly Buffer[]) => Promise<CheckOutcome>,
  ): Promise<CheckOutcome | { failed: string }> {
    let outcome: CheckOutcome = 'more';
    try {
      this.fileCheck = logFileLeaves(async (packed) => {
        if (this.stopped) return 'stop';
        outcome = await compare(eachHash(packed));
        return outcome === 'more' ? undefined : 'stop';
      });
      await this.fileCheck;
    } catch (error) {
      return { failed: `could not check the log: ${error instanceof Error ? error.message : String(error)}` };
    }
    return outcome;
  }

  /** The check over records read through the store (an EventStoreDB log), each one's canonical text hashed. */
  private checkLogThroughStore(compare: (leaves: readonly Buffer[]) => Promise<CheckOutcome>): Promise<CheckOutcome | { failed: string }> {
    return new Promise((resolve) => {
      let ended = false;
      const finish = (outcome: CheckOutcome | { failed: string }) => {
        if (ended) return;
        ended = true;
        const subscription = this.checkSubscription;
        this.checkSubscription = null;
        void subscription?.close();
        resolve(outcome);
      };
      this.checkSubscription = this.options.eventStore.subscribeToAll(
        { maxBatchSize: CHECK_BATCH, name: 'notary check' },
        {
          onBatch: async (events) => {
            if (ended) return;
            const outcome = await compare(events.map(leafHash));
            if (outcome !== 'more') return finish(outcome);
            await new Promise((next) => setImmediate(next));
          },
          onCaughtUp: () => finish('more'),
          onError: (error) => finish({ failed: `could not check the log: ${error instanceof Error ? error.message : String(error)}` }),
        },
      );
    });
  }

  private async rebuild(reason: string): Promise<void> {
    this.fail(reason);
    if (this.subscription === null) return; // stopped meanwhile
    await this.subscription.close();
    await this.batch.catch(() => undefined);
    if (this.stopped) return;
    this.caughtUp = false;
    await this.storage!.clear();
    this.frontier = new MerkleFrontier();
    this.position = undefined;
    this.stored = { size: 0, root: this.frontier.root() };
    this.log('notary: rebuilding its tree from the log as it is now');
    this.follow();
  }

  /** Unhealthy until the files take writes again (recover); nothing is signed meanwhile. */
  private pauseForDisk(error: unknown): void {
    if (this.diskFault !== null) return;
    this.diskFault = `the notary's files refuse writes: ${error instanceof Error ? error.message : String(error)}`;
    if (this.headTimer) clearTimeout(this.headTimer);
    this.headTimer = null;
    this.log(`notary paused: ${this.diskFault}; it resumes by itself once the disk takes writes`);
    this.recovering = this.recover();
  }

  /** Reopens the files at their checkpoint, with backoff, until the disk takes writes; then follows the log from there. */
  private async recover(): Promise<void> {
    const subscription = this.subscription;
    this.subscription = null;
    await subscription?.close();
    await this.batch.catch(() => undefined);
    for (let wait = DISK_RETRY_MS.first; ; wait = Math.min(wait * 2, DISK_RETRY_MS.longest)) {
      await new Promise<void>((resolve) => {
        const timer = setTimeout(resolve, wait);
        this.wakeRecovery = () => (clearTimeout(timer), resolve());
      });
      this.wakeRecovery = null;
      if (this.stopped) return;
      try {
        await this.options.leafArchive?.reopen();
        await this.options.diskTree!.reopen();
        if (this.stopped) return;
        const { size, position, edge } = await this.storage!.resume();
        this.frontier = new MerkleFrontier(size, edge);
        this.position = position;
        this.stored = { size, root: this.frontier.root() };
      } catch (error) {
        if (isDiskError(error)) continue;
        this.diskFault = null;
        this.fail(`could not reopen its files after a disk error: ${error instanceof Error ? error.message : String(error)}`);
        return;
      }
      this.diskFault = null;
      this.log(`notary: its files take writes again; following the log from leaf ${this.stored.size}`);
      this.follow();
      return;
    }
  }

  async stop(): Promise<void> {
    this.stopped = true;
    this.endReadSideWait();
    if (this.headTimer) clearTimeout(this.headTimer);
    this.headTimer = null;
    await this.checkSubscription?.close();
    this.checkSubscription = null;
    await this.fileCheck.catch(() => undefined);
    await this.subscription?.close();
    this.subscription = null;
    await this.batch.catch(() => undefined);
    await this.signing;
    this.wakeRecovery?.();
    await this.recovering;
    // while the disk refuses writes, the checkpoint on disk is where the next start resumes
    if (this.diskFault === null) await this.storage?.flush();
  }

  status(): NotaryStatus {
    return {
      treeSize: this.stored.size,
      position: this.position,
      caughtUp: this.caughtUp,
      signedSize: this.signedSize,
      failed: this.failed,
      check: this.check,
    };
  }

  /**
   * Healthy while it follows the log less than `maxLagMs` behind and still signs: a notary
   * that stopped signing (the log contradicts its heads) is unhealthy, saying why.
   */
  async health(maxLagMs: number): Promise<SubscriptionHealth & { readonly name: 'notary' }> {
    if (this.subscription === null)
      return { name: 'notary', healthy: false, state: 'closed', position: this.position, lagMs: null, error: this.failed ?? this.diskFault ?? 'not started' };
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
  ): Promise<{ healthy: boolean; projections: (T['projections'][number] | Awaited<ReturnType<Notary['health']>>)[]; problem?: string }> {
    const own = await this.health(maxLagMs);
    return {
      healthy: readSide.healthy && this.subscription !== null && this.failed === null && this.diskFault === null,
      projections: [...readSide.projections, own],
      ...(this.diskFault !== null && { problem: this.diskFault }),
    };
  }

  /** Resolves once the check of the log at start is done (and any rebuild it led to caught up), and the notary caught up. */
  whenChecked(): Promise<void> {
    return this.checked;
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
    const first = this.frontier.size;
    const known = (await archive?.read(first, events.length)) ?? [];
    // the records' texts as stored, where the log keeps them so: hashed as they are rather than written again (a third of a catch-up's work)
    const stored = (await this.options.eventStore.storedTexts?.(events.map((event) => event.position))) ?? [];
    const archived: Buffer[] = [];
    const appended: AppendedLeaf[] = events.map((event, i) => {
      const index = first + i;
      const text = stored[i];
      const leaf = text === undefined ? leafHash(event) : leafHashOfStoredText(text);
      if (known[i] !== undefined && !known[i].equals(leaf)) {
        this.fail(
          `the log differs from the leaves this notary archived, from leaf ${index} (position ${event.position}, stream ${event.streamId}) on: run npm run verify-log`,
        );
      } else if (archive !== undefined && index >= archive.size) {
        archived.push(leaf);
      }
      return { event, leaf, completed: this.frontier.append(leaf) };
    });
    if (this.failed === null) await archive?.append(archived);
    const last = events[events.length - 1]!.position;
    await this.storage!.write(appended, last);
    this.position = last;
    this.stored = { size: this.frontier.size, root: this.frontier.root() };
    if (this.caughtUp) this.scheduleHead();
  }

  private async onCaughtUp(): Promise<void> {
    // while the log is being checked, a difference it finds is the first thing to say
    if (this.check === null || this.check.done) await this.checkAgainstLatestHead();
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
    } else if ((await this.storage!.rootAt(head.treeSize)).toString('hex') !== head.rootHash) {
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
    // nothing is signed over a log not yet checked against the leaves already signed
    if (this.failed !== null || this.diskFault !== null || size === this.signedSize || (this.check !== null && !this.check.done)) return;
    const head: SignedTreeHead = this.options.signer.sign({
      treeSize: size,
      rootHash: root.toString('hex'),
      timestamp: (this.options.now?.() ?? new Date()).toISOString(),
    });
    try {
      await this.storage!.flush();
      await this.options.leafArchive?.sync();
      await this.options.heads.append(head);
      this.signedSize = size;
    } catch (error) {
      if (this.options.diskTree !== undefined && isDiskError(error)) return this.pauseForDisk(error);
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
    (this.options.log ?? lineLogger())(line);
  }
}
