/**
 * The embedded event store: an append-only log file in one directory, written by one
 * process. Memory holds an index of where each event's record is (log-index.ts), not the
 * events: reads and subscriptions fetch records from the file (record-reader.ts).
 *
 * An append goes through three steps:
 * 1. decided: synchronously, in the `append` call itself, against each stream's
 *    *accepted* revision (which includes appends still waiting for their fsync). That
 *    is what makes two concurrent appends with the same expected revision resolve to
 *    exactly one winner, and a refused append leaves no trace at all;
 * 2. durable: the group-commit writer writes and fdatasyncs it, together with whatever
 *    else arrived meanwhile;
 * 3. visible: only then is it added to the index (in position order), readers and
 *    subscribers see it, and the caller's promise resolves.
 *
 * The index is persisted beside the log (index-file.ts) at close and whenever the log has
 * grown by `indexEveryBytes` since the last one, so opening reads the index and verifies
 * only the log's tail after it.
 */
import { randomUUID } from 'node:crypto';
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { validateAppendRequest } from '../append-validation.ts';
import type { BackoffOptions } from '../backoff.ts';
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
import { acquireDirectoryLock, type DirectoryLock } from './directory-lock.ts';
import { GroupCommitWriter } from './group-commit-writer.ts';
import { loadIndexFile, writeIndexFile } from './index-file.ts';
import { MemoryLogFile, openDiskLogFile, type LogFile } from './log-file.ts';
import { LogIndex } from './log-index.ts';
import { recoverLog, verifyLastRecord, type AcknowledgedEvents, type RecoveryLogger } from './log-recovery.ts';
import { LogSubscription, NewEventsSignal, type DurableLog } from './log-subscription.ts';
import { ResumingSubscription } from '../resuming-subscription.ts';
import { encodeRecord } from './record-codec.ts';
import { DecodedBlocks } from './decoded-blocks.ts';
import { readRecords, readStoredTexts } from './record-reader.ts';
import { logBytesHold } from './log-text-scan.ts';
import { syncDirectory } from './sync-directory.ts';

export { syncDirectory } from './sync-directory.ts';
export const LOG_FILE_NAME = 'events.log';
const DEFAULT_MAX_BATCH_SIZE = 500;
/** How much the log grows between two writes of its index while running: what a crash leaves to verify at the next open. */
const DEFAULT_INDEX_EVERY_BYTES = 64 * 1024 * 1024;

export interface EmbeddedEventStoreOptions {
  /** Where recovery reports a cut torn tail, and an index file it ignored (info). Default: console. */
  readonly logger?: RecoveryLogger;
  /** Test hook: wraps the log file, e.g. to inject write or fdatasync failures. */
  readonly wrapLogFile?: (file: LogFile) => LogFile;
  /** Log bytes appended between two writes of the index file while running. Default 64 MiB. */
  readonly indexEveryBytes?: number;
  /**
   * The clock that stamps `recordedAt`. Default: real time. Only the demo seed sets it, in
   * its own process before the port opens, to write a past in time order (docs/decisions/0032).
   */
  readonly now?: () => Date;
  /**
   * How many events something outside the log saw acknowledged (the notary's leaf
   * archive): opening refuses, cutting nothing, when the log holds fewer intact ones.
   */
  readonly acknowledged?: AcknowledgedEvents;
  /** Delays between attempts to recover from a failed write (tests shorten them). */
  readonly recoveryBackoff?: BackoffOptions;
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
    const persisted = { dir, everyBytes: options.indexEveryBytes ?? DEFAULT_INDEX_EVERY_BYTES };
    return await EmbeddedEventStore.recover(file, options.logger ?? console, lock, persisted, options);
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
  return EmbeddedEventStore.recover(new MemoryLogFile(), console, { release: async () => undefined }, undefined);
}

/** Where the index file goes, and how often it is rewritten while running. */
interface PersistedIndex {
  readonly dir: string;
  readonly everyBytes: number;
}

/** One append on its way to the disk. */
interface PendingAppend {
  readonly streamId: string;
  readonly firstPosition: number;
  readonly firstRevision: number;
  readonly recordBytes: readonly number[];
}

/** A stream's latest append that is accepted but not yet durable. */
interface Unflushed {
  readonly revision: number;
  readonly durable: Promise<void>;
}

class EmbeddedEventStore implements EventStore {
  /** Streams with an accepted append still on its way to the disk; other streams' revisions are the index's. */
  private readonly unflushed = new Map<string, Unflushed>();
  private nextPosition: number;
  private readonly writer: GroupCommitWriter<PendingAppend>;
  private readonly newEvents = new NewEventsSignal();
  private readonly subscriptions = new Set<LogSubscription>();
  /** Reads of the file in progress: close waits for them before closing the file. */
  private readonly reads = new Set<Promise<unknown>>();
  /** Decoded stretches of the log shared by the readers that go through it in order (followers catching up). */
  private readonly blocks: DecodedBlocks;
  /** Log length the index file on disk covers. */
  private indexedLength: number;
  private indexing: Promise<void> | undefined;
  private closing: Promise<void> | undefined;

  static async recover(
    file: LogFile,
    logger: RecoveryLogger,
    lock: DirectoryLock,
    persisted: PersistedIndex | undefined,
    options: Pick<EmbeddedEventStoreOptions, 'acknowledged' | 'recoveryBackoff' | 'now'> = {},
  ): Promise<EmbeddedEventStore> {
    let index = new LogIndex();
    const acknowledged = options.acknowledged ? [options.acknowledged] : [];
    if (persisted) {
      const loaded = await loadIndexFile(persisted.dir, file);
      if ('index' in loaded) index = loaded.index;
      else if ((await file.size()) > 0) logger.info?.(`event log: not using the index file (${loaded.ignored}); reading the whole log`);
      if ('acknowledgedEvents' in loaded && loaded.acknowledgedEvents !== undefined)
        acknowledged.push({ events: loaded.acknowledgedEvents, by: 'the index file' });
    }
    const indexedLength = index.length;
    const { validLength } = await recoverLog(
      file,
      (records) => {
        for (const { event, recordBytes } of records) index.add(event.streamId, event.position, event.revision, recordBytes);
      },
      logger,
      { from: { length: index.length, eventCount: index.count }, acknowledged, ...(persisted && { dir: persisted.dir }) },
    );
    return new EmbeddedEventStore(file, lock, index, validLength, logger, persisted, indexedLength, options.now ?? (() => new Date()), options.recoveryBackoff);
  }

  private constructor(
    private readonly file: LogFile,
    private readonly lock: DirectoryLock,
    private readonly index: LogIndex,
    logLength: number,
    private readonly logger: RecoveryLogger,
    private readonly persisted: PersistedIndex | undefined,
    indexedLength: number,
    private readonly now: () => Date,
    recoveryBackoff: BackoffOptions | undefined,
  ) {
    this.nextPosition = index.count;
    this.indexedLength = indexedLength;
    this.blocks = new DecodedBlocks(index, (positions) => this.track(readRecords(file, index, positions)));
    this.writer = new GroupCommitWriter(file, logLength, (appends) => this.makeVisible(appends), {
      verifyTail: (end) => verifyLastRecord(file, index, end),
      // Rejected appends took positions and revisions that were never written: the index's are the truth again.
      onRecovered: () => {
        this.nextPosition = this.index.count;
        this.unflushed.clear();
      },
      ...(recoveryBackoff && { backoff: recoveryBackoff }),
      log: (line) => logger.warn(line),
    });
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
        return unflushed.durable.then(
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
    const current = this.unflushed.get(streamId)?.revision ?? this.index.streamRevision(streamId);
    checkExpectedRevision(streamId, expected, current);

    // Encode everything first: if any event cannot be serialised, nothing is accepted.
    const recordedAt = this.now().toISOString();
    const firstRevision = current === undefined ? 0 : current + 1;
    const firstPosition = this.nextPosition;
    const records = events.map((event, i) =>
      encodeRecord(
        {
          id: event.id ?? randomUUID(),
          streamId,
          type: event.type,
          revision: firstRevision + i,
          position: firstPosition + i,
          data: event.data,
          metadata: event.metadata ?? {},
          recordedAt,
        },
        i < events.length - 1,
      ),
    );

    const last = { revision: firstRevision + records.length - 1, position: firstPosition + records.length - 1 };
    this.nextPosition = last.position + 1;
    const bytes = records.length === 1 ? records[0] : Buffer.concat(records);
    const durable = this.writer.submit(bytes, { streamId, firstPosition, firstRevision, recordBytes: records.map((record) => record.length) });
    this.unflushed.set(streamId, { revision: last.revision, durable });
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
    if (this.unflushed.get(streamId)?.durable === durable) this.unflushed.delete(streamId);
  }

  private makeVisible(appends: PendingAppend[]): void {
    for (const append of appends) {
      append.recordBytes.forEach((bytes, i) => this.index.add(append.streamId, append.firstPosition + i, append.firstRevision + i, bytes));
    }
    this.newEvents.notify();
    if (this.persisted && !this.indexing && this.index.length - this.indexedLength >= this.persisted.everyBytes) {
      this.indexing = this.persistIndex().finally(() => (this.indexing = undefined));
    }
  }

  /** Writes the index file; a failure is reported and leaves the previous one (the log stays the truth). */
  private async persistIndex(): Promise<void> {
    if (!this.persisted || this.index.length === this.indexedLength) return;
    try {
      this.indexedLength = await this.track(writeIndexFile(this.persisted.dir, this.index, this.file));
    } catch (error) {
      this.logger.warn(`event log: could not write the index file (the next open reads more of the log): ${(error as Error).message}`);
    }
  }

  private assertWritable(): void {
    if (this.closing) throw new EventStoreUnavailableError('event store is closed', { reason: 'closed' });
    const failure = this.writer.refusal;
    if (failure) throw failure;
  }

  refusingAppends(): EventStoreUnavailableError | undefined {
    return this.closing ? undefined : this.writer.refusal;
  }

  /** Reads the records at these durable positions, counted as a read in progress. */
  private read(positions: readonly number[]): Promise<RecordedEvent[]> {
    if (this.closing) return Promise.reject(new EventStoreUnavailableError('event store is closed', { reason: 'closed' }));
    if (positions.length === 0) return Promise.resolve([]);
    return this.track(readRecords(this.file, this.index, positions));
  }

  private track<T>(work: Promise<T>): Promise<T> {
    this.reads.add(work);
    const forget = () => void this.reads.delete(work);
    work.then(forget, forget);
    return work;
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    return this.read(this.index.streamPositions(streamId, options.fromRevision ?? 0, options.maxCount ?? Infinity));
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    return this.readAfter(options.after ?? -1, options.maxCount ?? Infinity);
  }

  /** Events with position > after (after = -1 reads from the start); `nextReader`: where the nearest other reader behind reads next (null: none). */
  private readAfter(after: number, maxCount: number, nextReader?: number | null): Promise<RecordedEvent[]> {
    const start = Math.max(0, Math.floor(after) + 1) || 0; // NaN reads from the start
    const end = Math.min(this.index.count, Number.isFinite(maxCount) ? start + Math.max(0, Math.floor(maxCount)) : Infinity);
    if (this.closing) return Promise.reject(new EventStoreUnavailableError('event store is closed', { reason: 'closed' }));
    return this.blocks.read(start, end, nextReader === undefined ? start : nextReader);
  }

  async storedBytesMayHold(texts: readonly string[]): Promise<boolean> {
    if (this.closing) throw new EventStoreUnavailableError('event store is closed', { reason: 'closed' });
    const visibleEnd = this.index.count === 0 ? 0 : this.index.endOf(this.index.count - 1);
    return this.track(
      logBytesHold(
        this.file,
        visibleEnd,
        texts.map((text) => Buffer.from(text)),
      ),
    );
  }

  async storedTexts(positions: readonly number[]): Promise<(Buffer | undefined)[]> {
    if (this.closing) throw new EventStoreUnavailableError('event store is closed', { reason: 'closed' });
    if (positions.some((position) => !(Number.isInteger(position) && position >= 0 && position < this.index.count))) {
      throw new RangeError('storedTexts reads only positions the log holds');
    }
    return this.track(readStoredTexts(this.file, this.index, positions));
  }

  async readAt(positions: readonly number[]): Promise<RecordedEvent[]> {
    return this.read(positions.filter((position) => Number.isInteger(position) && position >= 0 && position < this.index.count));
  }

  async headPosition(): Promise<number | null> {
    return this.index.count === 0 ? null : this.index.count - 1;
  }

  subscribeToAll(options: SubscribeOptions, handler: SubscriptionHandler): Subscription {
    const maxBatchSize = Math.max(1, options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE);
    // Resubscribing fixes nothing here (a poisoned log needs a reopen): every error is final.
    return new ResumingSubscription((after, each) => this.openLogSubscription(after ?? -1, maxBatchSize, each), options, handler, {
      isTransient: () => false,
    });
  }

  private openLogSubscription(after: number, maxBatchSize: number, handler: SubscriptionHandler): LogSubscription {
    const log: DurableLog = {
      head: () => this.index.count - 1,
      // what a subscription reads is kept only for another one close enough behind to read it from memory
      readAfter: (cursor, max, reader) => this.readAfter(cursor, max, this.nearestSubscriptionBehind(reader, Math.min(cursor + max, this.index.count - 1))),
    };
    const subscription = new LogSubscription(log, this.newEvents, { after, maxBatchSize }, handler, (closed) => this.subscriptions.delete(closed));
    if (this.closing) void subscription.close();
    else this.subscriptions.add(subscription);
    return subscription;
  }

  /** The position the nearest other open subscription that has yet to deliver `last` reads next (null: none). */
  private nearestSubscriptionBehind(reader: LogSubscription, last: number): number | null {
    let nearest: number | null = null;
    for (const subscription of this.subscriptions) {
      const next = subscription === reader ? null : subscription.nextToRead();
      if (next !== null && next <= last && (nearest === null || next > nearest)) nearest = next;
    }
    return nearest;
  }

  /** Waits for appends and reads in flight to finish, stops subscriptions, writes the index, releases the log. */
  close(): Promise<void> {
    this.closing ??= (async () => {
      await this.writer.stop();
      await this.writer.settled();
      await Promise.all([...this.subscriptions].map((s) => s.close()));
      await this.indexing;
      await this.persistIndex();
      while (this.reads.size > 0) await Promise.allSettled([...this.reads]);
      await this.file.close();
      await this.lock.release();
    })();
    return this.closing;
  }
}
