/**
 * Encrypts the personal fields of an EventStoreDB log written before they were encrypted,
 * by copying it into another, empty database: renamed streams in the same database would
 * break every handler and category that reads streams by name, and only dropping the old
 * database as a whole removes the plain text (as the embedded log kept aside is removed).
 *
 * Records are appended in the old `$all` order, each run of one stream's records in one
 * append at its original revision with its original event id, so the server refuses a
 * copy out of place and accepts the same ids at the same revision again as a no-op. The
 * original time travels in `metadata.recordedAt` (the adapter reads it in place of the
 * copy's own time). A run cut short is resumed: the target's `$all` must be the start of
 * the source's, record for record, and the copy goes on after it; anything else in the
 * target is refused before a single write. Last, every old stream's metadata names the
 * database it moved to (a `$>` link cannot point into another database).
 */
import type { EventStoreDBDatabase, RecordedEvent } from '@stays/event-store';
import { ConfigError } from '@stays/service-kit';
import type { KeyStore } from './key-store.ts';
import { encryptPlainFields, erasedSubjects, recordsOf } from './migrate-embedded-log.ts';

/** The stream metadata key that names where an old stream's records now are. */
export const MOVED_TO = 'stays_migrated_to';

/** The target holds records that are not the source's (a ConfigError, so it is printed as one line). */
export class MigrationTargetError extends ConfigError {}

export interface EventStoreDBMigration {
  /** Streams of the source (all of them marked as moved at the end). */
  readonly streams: number;
  readonly events: number;
  /** Appended by this run. */
  readonly copied: number;
  /** Already in the target from an earlier run, left as they were. */
  readonly alreadyThere: number;
  /** Of the events copied by this run, those that had a plain personal field, now encrypted. */
  readonly encryptedEvents: number;
  /** Old streams marked as moved by this run. */
  readonly sealed: number;
  /** Old streams already marked by an earlier run. */
  readonly alreadySealed: number;
}

export interface EventStoreDBMigrationOptions {
  readonly source: EventStoreDBDatabase;
  readonly target: EventStoreDBDatabase;
  /** How the target is named in the old streams' metadata (its connection string without credentials). */
  readonly targetName: string;
  readonly keys: KeyStore;
  /** Largest run of one stream's records appended at once. */
  readonly batch?: number;
  readonly now?: () => Date;
}

const DEFAULT_BATCH = 200;

export async function migrateEventStoreDB(options: EventStoreDBMigrationOptions): Promise<EventStoreDBMigration> {
  const erased = await erasedSubjects(options.source.events);
  const { changed, ...copy } = await copyEventStoreDB({ ...options, copyOf: (record) => encryptPlainFields(record, options.keys, erased) });
  return { ...copy, encryptedEvents: changed };
}

export interface EventStoreDBCopyOptions extends Omit<EventStoreDBMigrationOptions, 'keys'> {
  /** The record as the target gets it (the same object when unchanged). Its stream is `streamIdOf`'s. */
  readonly copyOf: (record: RecordedEvent) => Promise<RecordedEvent>;
  /** The stream a source stream's records are copied into (default: the same). */
  readonly streamIdOf?: (streamId: string) => string;
}

export type EventStoreDBCopy = Omit<EventStoreDBMigration, 'encryptedEvents'> & {
  /** Of the events copied by this run, those `copyOf` changed. */
  readonly changed: number;
};

/**
 * Copies the source's log into the empty (or partly copied) target as the header says, each
 * record through `copyOf` and into the stream `streamIdOf` names; shared by the migrations
 * that rewrite what records hold (encrypting fields, keying stream names).
 */
export async function copyEventStoreDB(options: EventStoreDBCopyOptions): Promise<EventStoreDBCopy> {
  const { source, target } = options;
  const streamIdOf = options.streamIdOf ?? ((streamId: string) => streamId);
  const resumeAfter = await copiedBefore(source, target, streamIdOf);
  const streams = new Set<string>();
  let events = 0;
  let copied = 0;
  let changed = 0;
  let run: RecordedEvent[] = [];

  const flush = async (): Promise<void> => {
    if (run.length === 0) return;
    const first = run[0]!;
    const copies = await Promise.all(run.map((record) => options.copyOf(record)));
    changed += copies.filter((copy, i) => copy !== run[i]).length;
    await target.events.append(
      streamIdOf(first.streamId),
      copies.map((copy) => ({
        id: copy.id,
        type: copy.type,
        data: copy.data,
        metadata: { ...copy.metadata, recordedAt: copy.recordedAt },
      })),
      { expectedRevision: first.revision === 0 ? 'no_stream' : first.revision - 1 },
    );
    copied += run.length;
    run = [];
  };

  for await (const record of recordsOf(source.events)) {
    events++;
    streams.add(record.streamId);
    if (resumeAfter !== null && record.position <= resumeAfter.position) continue;
    const last = run.at(-1);
    if (last !== undefined && (last.streamId !== record.streamId || run.length >= (options.batch ?? DEFAULT_BATCH))) await flush();
    run.push(record);
  }
  await flush();

  let sealed = 0;
  let alreadySealed = 0;
  const at = (options.now ?? (() => new Date()))().toISOString();
  for (const streamId of streams) {
    const metadata = await source.streamMetadata(streamId);
    const moved = metadata[MOVED_TO] as { database?: unknown } | undefined;
    if (moved?.database === options.targetName) {
      alreadySealed++;
      continue;
    }
    await source.setStreamMetadata(streamId, { ...metadata, [MOVED_TO]: { database: options.targetName, streamId: streamIdOf(streamId), at } });
    sealed++;
  }
  return { streams: streams.size, events, copied, alreadyThere: resumeAfter?.count ?? 0, changed, sealed, alreadySealed };
}

/**
 * How far an earlier run got: the target's records must be the source's first ones, the
 * same event at the same stream and revision in the same order. Null for an empty target.
 */
async function copiedBefore(
  source: EventStoreDBDatabase,
  target: EventStoreDBDatabase,
  streamIdOf: (streamId: string) => string,
): Promise<{ position: number; count: number } | null> {
  const sourceRecords = recordsOf(source.events);
  let last: RecordedEvent | undefined;
  let count = 0;
  for await (const there of recordsOf(target.events)) {
    const next = await sourceRecords.next();
    const expected = next.done ? undefined : next.value;
    if (expected === undefined || expected.id !== there.id || streamIdOf(expected.streamId) !== there.streamId || expected.revision !== there.revision) {
      await sourceRecords.return(undefined);
      throw new MigrationTargetError(
        `refusing to copy: the target database holds other data (${there.streamId}@${there.revision}, event ${there.id}, is not the source's record #${count + 1}). ` +
          'Give --to an empty database, or the one an earlier run of this command was copying into.',
      );
    }
    last = expected;
    count++;
  }
  await sourceRecords.return(undefined);
  return last === undefined ? null : { position: last.position, count };
}
