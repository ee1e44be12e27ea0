/**
 * Makes appends durable with group commit: while one write + fdatasync is in flight,
 * newly submitted appends queue up, and the next round writes all of them with a single
 * write and a single fdatasync. Throughput then grows with concurrency instead of being
 * capped at the disk's fsync rate.
 *
 * Failure policy (the PostgreSQL "fsyncgate" lesson): after a failed write or fdatasync
 * the kernel may already have dropped the dirty pages and a retried fsync on the same
 * descriptor can report success for data that never reached the disk. So the failed
 * round is never retried: its appends and every queued one are rejected with
 * EventStoreUnavailableError ('disk-full' for ENOSPC), and so is every new one while the
 * writer recovers. Recovery, retried with backoff until it succeeds, takes a fresh
 * descriptor, cuts the file back to the end of the last acknowledged round and syncs that,
 * re-verifies the last acknowledged record, and proves the disk takes writes again with a
 * probe write it syncs and cuts; only then are appends accepted again. Nothing is ever
 * acknowledged that was not synced, and nothing rejected is ever written later.
 */
import { backoffDelayMs, type BackoffOptions } from '../backoff.ts';
import { EventStoreUnavailableError } from '../errors.ts';
import type { LogFile } from './log-file.ts';

interface Submission<T> {
  readonly bytes: Buffer;
  readonly item: T;
  readonly resolve: () => void;
  readonly reject: (error: unknown) => void;
}

/** Upper bound for one round's write, so a burst does not build one giant buffer. */
const MAX_GROUP_BYTES = 16 * 1024 * 1024;
/** Zeros the recovery writes, syncs and cuts: room for a few appends, so the first ones after it do not fail again at once. */
const PROBE_BYTES = 64 * 1024;
/** Recovery retries quickly at first, then every few seconds: a freed disk is noticed within this. */
const DEFAULT_RECOVERY_BACKOFF: BackoffOptions = { initialDelayMs: 100, maxDelayMs: 5000 };

export interface WriterRecovery {
  /** Checks that the acknowledged log ends at `end` with an intact record; throws if not. */
  readonly verifyTail: (end: number) => Promise<void>;
  /** Called once appends are accepted again (the store forgets the positions it gave to rejected appends). */
  readonly onRecovered: () => void;
  readonly backoff?: BackoffOptions;
  readonly log?: (line: string) => void;
}

export class GroupCommitWriter<T> {
  private queue: Submission<T>[] = [];
  private flushing = false;
  private drained: Promise<void> = Promise.resolve();
  private failure: EventStoreUnavailableError | undefined;
  /** A failure recovery cannot fix (the index disagrees with the disk): final. */
  private fatal = false;
  private recovering: Promise<void> | undefined;
  private stopped = false;
  private wakeRecovery: (() => void) | undefined;

  /**
   * @param end where the next byte goes (the verified length of the log)
   * @param onDurable called synchronously with each round's items, in submission order,
   *   after fdatasync succeeded and before any of their promises resolve
   * @param recovery how to recover from a failed write; without it a failure is final
   */
  constructor(
    private readonly file: LogFile,
    private end: number,
    private readonly onDurable: (items: T[]) => void,
    private readonly recovery?: WriterRecovery,
  ) {}

  /** Why the writer refuses submissions now, if it does. */
  get refusal(): EventStoreUnavailableError | undefined {
    return this.failure;
  }

  /** Ends recovery in progress (the store is closing). */
  async stop(): Promise<void> {
    this.stopped = true;
    this.wakeRecovery?.();
    await this.recovering;
  }

  /** Queues bytes to be appended to the log; resolves once they are durable. */
  submit(bytes: Buffer, item: T): Promise<void> {
    if (this.failure) return Promise.reject(this.failure);
    return new Promise<void>((resolve, reject) => {
      this.queue.push({ bytes, item, resolve, reject });
      if (!this.flushing) {
        this.flushing = true;
        // Start after the current macrotask: writers woken by the previous round's
        // acknowledgements run their continuations as microtasks, so by then their next
        // appends have all arrived and share one write and one fdatasync.
        this.drained = new Promise<void>((done) => setImmediate(() => void this.drain().finally(done)));
      }
    });
  }

  /** Resolves when everything submitted so far has been written (or rejected). */
  async settled(): Promise<void> {
    while (this.flushing) await this.drained;
  }

  private async drain(): Promise<void> {
    try {
      while (this.queue.length > 0 && !this.failure) {
        const group = this.takeGroup();
        const bytes = group.length === 1 ? group[0].bytes : Buffer.concat(group.map((s) => s.bytes));
        try {
          await this.file.write(bytes, this.end);
          await this.file.datasync();
        } catch (error) {
          await this.poison(error, group);
          return;
        }
        this.end += bytes.length;
        this.publish(group);
      }
    } finally {
      this.flushing = false;
    }
  }

  private takeGroup(): Submission<T>[] {
    let size = 0;
    let count = 0;
    while (count < this.queue.length && (count === 0 || size + this.queue[count].bytes.length <= MAX_GROUP_BYTES)) {
      size += this.queue[count].bytes.length;
      count++;
    }
    return this.queue.splice(0, count);
  }

  private publish(group: Submission<T>[]): void {
    try {
      this.onDurable(group.map((s) => s.item));
    } catch (error) {
      // The bytes are durable but could not be indexed (a bug, or a contradiction in the
      // log): stop writing rather than build on an index that disagrees with the disk.
      this.fatal = true;
      this.failure = new EventStoreUnavailableError(`event log index failed: ${messageOf(error)}`, { cause: error, reason: 'write-failed' });
      for (const s of group) s.reject(this.failure);
      this.rejectQueued();
      return;
    }
    for (const s of group) s.resolve();
  }

  private async poison(error: unknown, group: Submission<T>[]): Promise<void> {
    this.failure = writeFailure(error);
    for (const s of group) s.reject(this.failure);
    this.rejectQueued();
    if (!this.recovery) {
      this.fatal = true;
      // Best effort: drop the rejected bytes; recovery at the next open verifies every record anyway.
      await this.file.truncate(this.end).catch(() => undefined);
      return;
    }
    this.recovery.log?.(`event log: ${this.failure.message}; refusing appends while it recovers`);
    this.recovering ??= this.recover(this.recovery).finally(() => (this.recovering = undefined));
  }

  private async recover(recovery: WriterRecovery): Promise<void> {
    for (let attempt = 1; !this.stopped; attempt++) {
      await this.pause(backoffDelayMs(attempt, recovery.backoff ?? DEFAULT_RECOVERY_BACKOFF));
      if (this.stopped) return;
      try {
        await this.file.reopen?.();
        await this.file.truncate(this.end);
        await this.file.datasync();
        await recovery.verifyTail(this.end);
        await this.file.write(Buffer.alloc(PROBE_BYTES), this.end);
        await this.file.datasync();
        await this.file.truncate(this.end);
        await this.file.datasync();
      } catch (error) {
        // Not retried on this descriptor: the next attempt starts with a fresh one.
        this.failure = writeFailure(error);
        continue;
      }
      if (this.fatal || this.stopped) return;
      recovery.onRecovered();
      this.failure = undefined;
      recovery.log?.(`event log: writes succeed again after ${attempt} recovery attempt(s); accepting appends`);
      return;
    }
  }

  private pause(ms: number): Promise<void> {
    return new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, ms);
      this.wakeRecovery = () => {
        clearTimeout(timer);
        resolve();
      };
    }).finally(() => (this.wakeRecovery = undefined));
  }

  private rejectQueued(): void {
    const queued = this.queue;
    this.queue = [];
    for (const s of queued) s.reject(this.failure);
  }
}

/** The refusal a failed write or sync leads to: a full disk is told apart, since freeing space is what fixes it. */
function writeFailure(error: unknown): EventStoreUnavailableError {
  const code = (error as NodeJS.ErrnoException | undefined)?.code;
  if (code === 'ENOSPC' || code === 'EDQUOT') {
    return new EventStoreUnavailableError(`the disk holding the event log is full (${messageOf(error)})`, { cause: error, reason: 'disk-full' });
  }
  return new EventStoreUnavailableError(`the event log could not be written (${messageOf(error)})`, { cause: error, reason: 'write-failed' });
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
