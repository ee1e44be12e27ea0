/**
 * Where a reactor keeps what it learned from the log, with the position it reflects, so a
 * restart resumes after that position instead of replaying the whole log. The state is
 * the reactor's own (bookings with work left, reservations waiting for their booking);
 * every step it drives is still idempotent, so a checkpoint that is a little old only
 * means a little work is looked at again.
 */
import type { Db } from 'mongodb';

export interface ReactorCheckpoint {
  /** Position of the last event the state reflects. */
  readonly position: number;
  /** The reactor's state format: a checkpoint of another version is ignored (the log is replayed). */
  readonly version: number;
  /** JSON-compatible state. */
  readonly state: unknown;
}

export interface ReactorCheckpointStore {
  read(name: string): Promise<ReactorCheckpoint | null>;
  write(name: string, checkpoint: ReactorCheckpoint): Promise<void>;
}

/** Checkpoints in memory: a restart of the process replays the log (tests; the one-process mode's erasure reactor, see standalone/src/compose.ts). */
export function memoryReactorCheckpoints(): ReactorCheckpointStore {
  const checkpoints = new Map<string, ReactorCheckpoint>();
  return {
    read: async (name) => structuredClone(checkpoints.get(name) ?? null),
    write: async (name, checkpoint) => void checkpoints.set(name, structuredClone(checkpoint)),
  };
}

interface CheckpointDocument {
  _id: string;
  position: number;
  version: number;
  state: unknown;
  updatedAt: Date;
}

/** The collection checkpoints are kept in; MongoDB's and the read store port's collections both fit. */
const CHECKPOINTS_COLLECTION = 'reactor_checkpoints';

/**
 * What the read store port offers that checkpoints need, written out here so this
 * package does not depend on the read store (`@stays/read-store`'s ReadStore fits).
 */
export interface CheckpointDocumentStore {
  collection(name: string): {
    findOne(filter: { _id: string }): Promise<unknown>;
    replaceOne(filter: { _id: string }, replacement: Omit<CheckpointDocument, '_id'>, options: { upsert: true }): Promise<unknown>;
  };
}

/**
 * Checkpoints in the read store's `reactor_checkpoints` collection, documents shaped as
 * mongoReactorCheckpoints writes them. The one-process mode's embedded read store is
 * persisted by snapshots, so its reactors resume from the checkpoint of the latest one.
 */
export function readStoreReactorCheckpoints(store: CheckpointDocumentStore): ReactorCheckpointStore {
  const collection = store.collection(CHECKPOINTS_COLLECTION);
  return {
    async read(name) {
      const doc = (await collection.findOne({ _id: name })) as CheckpointDocument | null;
      return doc === null ? null : { position: doc.position, version: doc.version, state: doc.state };
    },
    async write(name, { position, version, state }) {
      await collection.replaceOne({ _id: name }, { position, version, state, updatedAt: new Date() }, { upsert: true });
    },
  };
}

/** Checkpoints in MongoDB's `reactor_checkpoints` collection (production). */
export function mongoReactorCheckpoints(db: Db): ReactorCheckpointStore {
  const collection = db.collection<CheckpointDocument>(CHECKPOINTS_COLLECTION);
  return {
    async read(name) {
      const doc = await collection.findOne({ _id: name });
      return doc === null ? null : { position: doc.position, version: doc.version, state: doc.state };
    },
    async write(name, { position, version, state }) {
      await collection.replaceOne({ _id: name }, { position, version, state, updatedAt: new Date() }, { upsert: true });
    },
  };
}

/**
 * Saves a reactor's checkpoint after its batches, at most once per `intervalMs` (a
 * catch-up through a long log writes a handful, not one per batch). The state is taken
 * when the save runs; the reactors change it only inside a batch or by finishing work,
 * so it always reflects at least the position saved with it.
 */
export class CheckpointSaver {
  private latest: number | undefined;
  private saved: number | undefined;
  // a monotonic clock: a wall clock stepped back would hold off saves for as long as the step
  private lastSaveAt = -Infinity;
  private timer: NodeJS.Timeout | null = null;
  private saving: Promise<void> = Promise.resolve();

  constructor(
    private readonly store: ReactorCheckpointStore,
    private readonly name: string,
    private readonly version: number,
    private readonly snapshot: () => unknown,
    private readonly log: (line: string) => void,
    private readonly intervalMs = 1000,
  ) {}

  /** The stored state to start from, or null to replay the log from its start. */
  async restore(): Promise<{ position: number; state: unknown } | null> {
    const checkpoint = await this.store.read(this.name);
    if (checkpoint === null) return null;
    if (checkpoint.version !== this.version) {
      this.log(`${this.name}: checkpoint of format ${checkpoint.version} ignored (now ${this.version}); replaying the log`);
      return null;
    }
    this.saved = checkpoint.position;
    return { position: checkpoint.position, state: checkpoint.state };
  }

  /** The state now reflects the log up to `position`. */
  handled(position: number): void {
    this.latest = position;
    if (this.timer) return;
    const wait = Math.max(0, this.lastSaveAt + this.intervalMs - performance.now());
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.save();
    }, wait);
    this.timer.unref();
  }

  /**
   * Saves what is pending now (on stop), even at the position saved last: work finished since
   * then changed the state though no event came after it, and a restart would do it again.
   */
  async flush(): Promise<void> {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    await this.save(true);
  }

  private save(evenIfSamePosition = false): Promise<void> {
    this.saving = this.saving.then(async () => {
      const position = this.latest ?? this.saved;
      if (position === undefined || (position === this.saved && !evenIfSamePosition)) return;
      this.lastSaveAt = performance.now();
      try {
        await this.store.write(this.name, { position, version: this.version, state: this.snapshot() });
        this.saved = position;
      } catch (error) {
        // Not fatal: the next batch tries again, and a restart replays from the last saved one.
        this.log(`${this.name}: could not save the checkpoint at ${position}: ${String(error)}`);
      }
    });
    return this.saving;
  }
}
