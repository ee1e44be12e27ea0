/**
 * The embedded event store: an append-only log file in one directory, written by one
 * process, with every event also held in memory for reads and subscriptions.
 *
 * An append goes through three steps:
 * 1. decided: synchronously, in the `append` call itself, against each stream's
 *    *accepted* revision (which includes appends still waiting for their fsync). That
 *    is what makes two concurrent appends with the same expected revision resolve to
 *    exactly one winner, and a refused append leaves no trace at all;
 * 2. durable: the group-commit writer writes and fdatasyncs it, together with whatever
 *    else arrived meanwhile;
 * 3. visible: only then is it added to the in-memory log (in position order), readers
 *    and subscribers see it, and the caller's promise resolves.
 */
import { randomUUID } from 'node:crypto';
import { mkdir, open } from 'node:fs/promises';
import { join } from 'node:path';
import { validateAppendRequest } from '../append-validation.ts';
import { EventStoreUnavailableError, WrongExpectedRevisionError } from '../errors.ts';
import { checkExpectedRevision } from '../expected-revision.ts';
import type {
  AppendOptions,
  AppendResult,
  EventData,
  EventStore,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
  SubscriptionHandler,
} from '../port.ts';
import { CommittedEvents } from './committed-events.ts';
import { acquireDirectoryLock, type DirectoryLock } from './directory-lock.ts';
import { GroupCommitWriter } from './group-commit-writer.ts';
import { MemoryLogFile, openDiskLogFile, type LogFile } from './log-file.ts';
import { recoverLog, type RecoveryLogger } from './log-recovery.ts';
import { LogSubscription, NewEventsSignal } from './log-subscription.ts';
import { ResumingSubscription } from '../resuming-subscription.ts';
import { encodeRecord } from './record-codec.ts';

export const LOG_FILE_NAME = 'events.log';
const DEFAULT_MAX_BATCH_SIZE = 500;

export interface EmbeddedEventStoreOptions {
  /** Where recovery reports a cut torn tail. Default: console. */
  readonly logger?: RecoveryLogger;
  /** Test hook: wraps the log file, e.g. to inject write or fdatasync failures. */
  readonly wrapLogFile?: (file: LogFile) => LogFile;
}

/** Opens (creating if needed) the event log in `dir`, recovering it after a crash. */
export async function openEmbeddedEventStore(dir: string, options: EmbeddedEventStoreOptions = {}): Promise<EventStore> {
  await mkdir(dir, { recursive: true });
  const lock = await acquireDirectoryLock(dir);
  let file: LogFile | undefined;
  try {
    file = await openDiskLogFile(join(dir, LOG_FILE_NAME));
    // Make the file's directory entry durable too, or a crash could lose the whole log.
    await syncDirectory(dir);
    if (options.wrapLogFile) file = options.wrapLogFile(file);
    return await EmbeddedEventStore.recover(file, options.logger ?? console, lock);
  } catch (error) {
    await file?.close().catch(() => undefined);
    await lock.release();
    throw error;
  }
}

/**
 * A store with the embedded store's exact semantics, kept in memory only: for tests of
 * other packages that need a fast, disposable event store. Not durable.
 */
export async function openInMemoryEventStore(): Promise<EventStore> {
  return EmbeddedEventStore.recover(new MemoryLogFile(), console, { release: async () => undefined });
}

export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/** One append on its way to the disk. */
interface PendingAppend {
  readonly events: readonly RecordedEvent[];
}

class EmbeddedEventStore implements EventStore {
  /** Revision of each stream's last accepted event, durable or still being written. */
  private readonly acceptedRevisions = new Map<string, number>();
  /** Each stream's latest append that is accepted but not yet durable. */
  private readonly unflushed = new Map<string, Promise<void>>();
  private nextPosition: number;
  private readonly writer: GroupCommitWriter<PendingAppend>;
  private readonly newEvents = new NewEventsSignal();
  private readonly subscriptions = new Set<LogSubscription>();
  private closing: Promise<void> | undefined;

  static async recover(file: LogFile, logger: RecoveryLogger, lock: DirectoryLock): Promise<EmbeddedEventStore> {
    const committed = new CommittedEvents();
    const { validLength } = await recoverLog(file, (events) => committed.add(events), logger);
    return new EmbeddedEventStore(file, lock, committed, validLength);
  }

  private constructor(
    private readonly file: LogFile,
    private readonly lock: DirectoryLock,
    private readonly committed: CommittedEvents,
    logLength: number,
  ) {
    for (const streamId of committed.streamIds()) {
      this.acceptedRevisions.set(streamId, committed.streamRevision(streamId)!);
    }
    this.nextPosition = committed.count;
    this.writer = new GroupCommitWriter(file, logLength, (appends) => this.makeVisible(appends));
  }

  // Not `async`: the expected-revision decision must happen synchronously, before any
  // other append can run.
  append(streamId: string, events: readonly EventData[], options: AppendOptions = {}): Promise<AppendResult> {
    try {
      return this.acceptAppend(streamId, events, options.expectedRevision ?? 'any');
    } catch (error) {
      const unflushed = this.unflushed.get(streamId);
      if (error instanceof WrongExpectedRevisionError && unflushed) {
        // The conflict is with an append still on its way to the disk. Report it once that
        // append is visible, so a caller that re-reads the stream and retries sees the
        // revision it lost to (and a retry loop cannot spin on microtasks while the write
        // it waits for never gets the event loop).
        return unflushed.then(
          () => Promise.reject(error),
          () => Promise.reject(error),
        );
      }
      return Promise.reject(error);
    }
  }

  private acceptAppend(streamId: string, events: readonly EventData[], expected: ExpectedRevision): Promise<AppendResult> {
    this.assertWritable();
    validateAppendRequest(streamId, events, expected);
    const current = this.acceptedRevisions.get(streamId);
    checkExpectedRevision(streamId, expected, current);

    // Encode everything first: if any event cannot be serialised, nothing is accepted.
    const recordedAt = new Date().toISOString();
    const firstRevision = current === undefined ? 0 : current + 1;
    const encoded = events.map((event, i) =>
      encodeRecord(
        {
          id: event.id ?? randomUUID(),
          streamId,
          type: event.type,
          revision: firstRevision + i,
          position: this.nextPosition + i,
          data: event.data,
          metadata: event.metadata ?? {},
          recordedAt,
        },
        i < events.length - 1,
      ),
    );

    const last = encoded[encoded.length - 1].event;
    this.acceptedRevisions.set(streamId, last.revision);
    this.nextPosition = last.position + 1;
    const bytes = encoded.length === 1 ? encoded[0].bytes : Buffer.concat(encoded.map((e) => e.bytes));
    const durable = this.writer.submit(bytes, { events: encoded.map((e) => e.event) });
    this.unflushed.set(streamId, durable);
    return durable.then(
      () => {
        this.forgetUnflushed(streamId, durable);
        return { nextExpectedRevision: last.revision, position: last.position };
      },
      (error: unknown) => {
        this.forgetUnflushed(streamId, durable);
        throw error;
      },
    );
  }

  private forgetUnflushed(streamId: string, durable: Promise<void>): void {
    if (this.unflushed.get(streamId) === durable) this.unflushed.delete(streamId);
  }

  private makeVisible(appends: PendingAppend[]): void {
    for (const append of appends) this.committed.add(append.events);
    this.newEvents.notify();
  }

  private assertWritable(): void {
    if (this.closing) throw new EventStoreUnavailableError('event store is closed');
    const failure = this.writer.poisonedBy;
    if (failure) throw failure;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    return this.committed.readStream(streamId, options.fromRevision ?? 0, options.maxCount ?? Infinity);
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.committed.readAfter(options.after ?? -1, options.maxCount ?? Infinity);
  }

  async readAt(positions: readonly number[]): Promise<RecordedEvent[]> {
    return positions.flatMap((position) => this.committed.at(position) ?? []);
  }

  async headPosition(): Promise<number | null> {
    return this.committed.headPosition();
  }

  subscribeToAll(options: SubscribeOptions, handler: SubscriptionHandler): Subscription {
    const maxBatchSize = Math.max(1, options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE);
    // Resubscribing fixes nothing here (a poisoned log needs a reopen): every error is final.
    return new ResumingSubscription((after, each) => this.openLogSubscription(after ?? -1, maxBatchSize, each), options, handler, {
      isTransient: () => false,
    });
  }

  private openLogSubscription(after: number, maxBatchSize: number, handler: SubscriptionHandler): LogSubscription {
    const subscription = new LogSubscription(this.committed, this.newEvents, { after, maxBatchSize }, handler, (closed) => this.subscriptions.delete(closed));
    if (this.closing) void subscription.close();
    else this.subscriptions.add(subscription);
    return subscription;
  }

  /** Waits for appends in flight to finish, stops subscriptions, releases the log. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.writer.settled();
      await Promise.all([...this.subscriptions].map((s) => s.close()));
      await this.file.close();
      await this.lock.release();
    })();
    return this.closing;
  }
}
