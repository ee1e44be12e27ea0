/**
 * Keeps the embedded read store on disk as one snapshot tied to the log, so a restart
 * loads it and the followers replay only the log after their checkpoints.
 *
 * Why a snapshot of the whole store is a state a restart may start from: every follower
 * that writes to the read store tolerates a crash between its document writes and its
 * checkpoint (they run on MongoDB in production), and the store's documents are never
 * mutated in place, so the references taken in one synchronous capture are a state the
 * store really was in, which a crash at that moment could have left. It is serialised
 * afterwards, in chunks, while requests are served.
 *
 * A snapshot is written to a temporary file, fsynced, renamed over the previous one and
 * the directory fsynced: there is at most the snapshot and the one being written, and a
 * crash leaves either the old or the new one whole. A file that is torn, altered or tied
 * to another log (replaced, truncated, restored from a backup) is ignored with one log
 * line, and the read models rebuild from the log.
 */
import { mkdir, readdir, rename, rm, open } from 'node:fs/promises';
import path from 'node:path';
import type { EmbeddedReadStore } from './embedded-read-store.ts';
import { readSnapshotFile, writeSnapshotFile, type SnapshotOrigin } from './snapshot-file.ts';

export const SNAPSHOT_FILE = 'read-models.snapshot';
const TEMP_SUFFIX = '.tmp';
/** How long `soon()` waits, so a burst of reasons makes one snapshot. */
const SOON_DELAY_MS = 1000;

export interface ReadStoreSnapshotsOptions {
  /** The folder of the snapshot (created with mode 0700). */
  readonly dir: string;
  readonly store: EmbeddedReadStore;
  /** The log's head now (position and event id), null while the log is empty. */
  readonly logHead: () => Promise<SnapshotOrigin | null>;
  /** Whether the log holds the event `origin.eventId` at `origin.position`. */
  readonly logHolds: (origin: SnapshotOrigin) => Promise<boolean>;
  /** Collections a snapshot leaves out: their follower rebuilds them from the log at every start. */
  readonly leaveOut?: readonly string[];
  /** A snapshot every this often while anything changed (0: only on close and soon()). */
  readonly intervalMs: number;
  readonly log: (line: string) => void;
}

export class ReadStoreSnapshots {
  private lastWrittenChanges: number;
  private timer: NodeJS.Timeout | null = null;
  private soonTimer: NodeJS.Timeout | null = null;
  private writing: Promise<void> = Promise.resolve();
  private closed = false;
  /** Set by start(): a system that failed to start writes no snapshot on its way out. */
  private started = false;

  private constructor(
    private readonly options: ReadStoreSnapshotsOptions,
    /** The log position the loaded snapshot was taken at; null when the store starts empty. */
    readonly loadedFrom: SnapshotOrigin | null,
  ) {
    this.lastWrittenChanges = options.store.changes();
  }

  /** Removes a snapshot left half-written, then loads the snapshot into the store when it is whole and tied to this log. */
  static async open(options: ReadStoreSnapshotsOptions): Promise<ReadStoreSnapshots> {
    await mkdir(options.dir, { recursive: true, mode: 0o700 });
    for (const name of await readdir(options.dir)) {
      if (name.endsWith(TEMP_SUFFIX)) await rm(path.join(options.dir, name), { force: true });
    }
    return new ReadStoreSnapshots(options, await load(options));
  }

  /** The system has started: from now on a snapshot is written every intervalMs while anything changed, and on close. */
  start(): void {
    this.started = true;
    if (this.options.intervalMs <= 0 || this.closed) return;
    this.timer = setInterval(() => void this.write(), this.options.intervalMs);
    this.timer.unref();
  }

  /** Writes a snapshot shortly (after a personal data erasure: the old one must not keep the erased values). */
  soon(): void {
    if (this.soonTimer !== null || this.closed) return;
    this.soonTimer = setTimeout(() => {
      this.soonTimer = null;
      void this.write();
    }, SOON_DELAY_MS);
    this.soonTimer.unref();
  }

  /** Writes a snapshot now if anything changed since the last one (one at a time). Never rejects: a failure is logged. */
  write(): Promise<void> {
    this.writing = this.writing.then(() => this.writeOnce());
    return this.writing;
  }

  /** Stops the timers and, once started, writes a last snapshot (the followers have stopped: it holds their last checkpoints). */
  async close(): Promise<void> {
    if (this.timer) clearInterval(this.timer);
    if (this.soonTimer) clearTimeout(this.soonTimer);
    this.timer = this.soonTimer = null;
    if (this.started) await this.write();
    this.closed = true;
  }

  private async writeOnce(): Promise<void> {
    if (this.closed || !this.started) return;
    const { store, dir, log } = this.options;
    const changes = store.changes();
    if (changes === this.lastWrittenChanges) return;
    const leftOut = new Set(this.options.leaveOut);
    const collections = store.capture().filter((collection) => !leftOut.has(collection.name));
    // The head read after the capture: the captured documents reflect no event after it.
    const origin = await this.options.logHead();
    if (origin === null) return;
    const file = path.join(dir, SNAPSHOT_FILE);
    const temp = file + TEMP_SUFFIX;
    const started = Date.now();
    try {
      await writeSnapshotFile(temp, { origin, takenAt: new Date(), collections });
      await rename(temp, file);
      await syncDirectory(dir);
      this.lastWrittenChanges = changes;
      const documents = collections.reduce((sum, collection) => sum + collection.documents.length, 0);
      log(`read store snapshot written: ${documents} documents at log position ${origin.position} in ${Date.now() - started} ms`);
    } catch (error) {
      await rm(temp, { force: true }).catch(() => undefined);
      log(`read store snapshot not written (the previous one stays): ${error instanceof Error ? error.message : String(error)}`);
    }
  }
}

async function load(options: ReadStoreSnapshotsOptions): Promise<SnapshotOrigin | null> {
  const file = path.join(options.dir, SNAPSHOT_FILE);
  const rebuild = 'the read models rebuild from the log';
  let snapshot;
  try {
    snapshot = await readSnapshotFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
    // whatever keeps it from being read (torn, altered, unreadable, written by a newer Node), a rebuild is always right
    options.log(`read store snapshot ${file} ignored: ${error instanceof Error ? error.message : String(error)}; ${rebuild}`);
    return null;
  }
  const { origin } = snapshot;
  if (!(await options.logHolds(origin))) {
    options.log(
      `read store snapshot ${file} ignored: the log does not hold event ${origin.eventId} at position ${origin.position} (replaced, truncated or restored from a backup); ${rebuild}`,
    );
    return null;
  }
  try {
    await options.store.load(snapshot.collections);
  } catch (error) {
    await options.store.load([]);
    options.log(`read store snapshot ${file} ignored: ${error instanceof Error ? error.message : String(error)}; ${rebuild}`);
    return null;
  }
  const documents = snapshot.collections.reduce((sum, collection) => sum + collection.documents.length, 0);
  options.log(`read store loaded from its snapshot: ${documents} documents at log position ${origin.position}, taken ${snapshot.takenAt.toISOString()}`);
  return origin;
}

/** Makes a rename in `dir` durable. */
async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
