/**
 * Makes appends durable with group commit: while one write + fdatasync is in flight,
 * newly submitted appends queue up, and the next round writes all of them with a single
 * write and a single fdatasync. Throughput then grows with concurrency instead of being
 * capped at the disk's fsync rate.
 *
 * Failure policy (the PostgreSQL "fsyncgate" lesson): after a failed write or fdatasync
 * the kernel may already have dropped the dirty pages and a retried fsync can report
 * success for data that never reached the disk. So there is no retry: the writer is
 * poisoned, every pending and future submission is rejected with
 * EventStoreUnavailableError, and only reopening the store (which re-reads and verifies
 * the file) makes it writable again. Nothing is ever acknowledged that was not synced.
 */
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

export class GroupCommitWriter<T> {
  private queue: Submission<T>[] = [];
  private flushing = false;
  private drained: Promise<void> = Promise.resolve();
  private failure: EventStoreUnavailableError | undefined;

  /**
   * @param end where the next byte goes (the verified length of the log)
   * @param onDurable called synchronously with each round's items, in submission order,
   *   after fdatasync succeeded and before any of their promises resolve
   */
  constructor(
    private readonly file: LogFile,
    private end: number,
    private readonly onDurable: (items: T[]) => void,
  ) {}

  /** The error that poisoned the writer, if any. */
  get poisonedBy(): EventStoreUnavailableError | undefined {
    return this.failure;
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
      this.failure = new EventStoreUnavailableError(`event log index failed: ${messageOf(error)}`, { cause: error });
      for (const s of group) s.reject(this.failure);
      this.rejectQueued();
      return;
    }
    for (const s of group) s.resolve();
  }

  private async poison(error: unknown, group: Submission<T>[]): Promise<void> {
    this.failure = new EventStoreUnavailableError(`event log write failed, refusing further appends until reopened: ${messageOf(error)}`, { cause: error });
    for (const s of group) s.reject(this.failure);
    this.rejectQueued();
    // Best effort: drop the rejected bytes so they cannot resurface after a reopen. If
    // this fails too, recovery at the next open still verifies every record.
    await this.file.truncate(this.end).catch(() => undefined);
  }

  private rejectQueued(): void {
    const queued = this.queue;
    this.queue = [];
    for (const s of queued) s.reject(this.failure);
  }
}

function messageOf(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
