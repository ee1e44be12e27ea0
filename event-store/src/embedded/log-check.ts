/**
 * The embedded log's state on disk, told the same way by everything that looks at it:
 * start-up (recovery), `npm run verify-log` (checkEmbeddedLog, read-only, without the
 * lock) and `npm run repair-log` (repairEmbeddedLog). A torn tail of unacknowledged bytes
 * is reported and left for the store to cut; fewer intact events than a witness saw
 * acknowledged is LogDamagedError, with what to do.
 */
import { constants } from 'node:fs';
import { open, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { acquireDirectoryLock } from './directory-lock.ts';
import { INDEX_FILE_NAME, loadIndexFile } from './index-file.ts';
import { openDiskLogFile, type LogFile } from './log-file.ts';
import { recoverLog, type AcknowledgedEvents } from './log-recovery.ts';
import { LOG_FILE_NAME as LOG_FILE } from './embedded-event-store.ts';
import { syncDirectory } from './sync-directory.ts';

export interface LogCheck {
  /** Events in complete, intact appends from the start. */
  readonly intactEvents: number;
  /** Where they end: the next write goes here once a torn tail is cut. */
  readonly intactLength: number;
  /** Bytes after them: a torn tail of an unacknowledged write, cut at the next open. */
  readonly tornBytes: number;
}

/**
 * Checks the log in `dir` without changing it. Throws LogDamagedError when fewer intact
 * events remain than the index file or `acknowledged` saw acknowledged, LogCorruptedError
 * for damage in the middle.
 */
export async function checkEmbeddedLog(dir: string, acknowledged: readonly AcknowledgedEvents[] = []): Promise<LogCheck> {
  const handle = await open(join(dir, LOG_FILE), constants.O_RDONLY).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return undefined;
    throw error;
  });
  if (!handle) return { intactEvents: 0, intactLength: 0, tornBytes: 0 };
  const file = readOnly(handle);
  try {
    return await check(dir, file, acknowledged);
  } finally {
    await handle.close();
  }
}

export interface LogRepair {
  readonly keptEvents: number;
  readonly cutEvents: number;
  readonly cutBytes: number;
  /** The bytes cut, kept for whoever wants to look at them; undefined when nothing was cut. */
  readonly savedTo: string | undefined;
}

/**
 * Cuts the log in `dir` back to its first `keepEvents` events, which must be intact and
 * end an append, keeping the cut bytes in a file beside it and removing the index file
 * (it covers what was cut). For an operator who chose this over restoring a backup.
 */
export async function repairEmbeddedLog(dir: string, keepEvents: number, now: Date = new Date()): Promise<LogRepair> {
  const lock = await acquireDirectoryLock(dir);
  const file = await openDiskLogFile(join(dir, LOG_FILE));
  try {
    const boundaries = new Map<number, number>([[0, 0]]);
    let events = 0;
    let length = 0;
    await recoverLog(
      file,
      (records) => {
        events += records.length;
        length += records.reduce((sum, record) => sum + record.recordBytes, 0);
        boundaries.set(events, length);
      },
      { warn: () => undefined },
      { dryRun: true },
    );
    const cutAt = boundaries.get(keepEvents);
    if (cutAt === undefined) {
      throw new RangeError(
        keepEvents > events
          ? `only ${events} events are intact: cannot keep ${keepEvents}`
          : `event ${keepEvents} is inside a multi-event append: keep ${[...boundaries.keys()].filter((n) => n < keepEvents).at(-1)} or ${[...boundaries.keys()].find((n) => n > keepEvents)}`,
      );
    }
    const size = await file.size();
    let savedTo: string | undefined;
    if (size > cutAt) {
      savedTo = join(dir, `${LOG_FILE}.cut-${now.toISOString().replace(/[:.]/g, '-')}`);
      const saved = await open(savedTo, 'wx', 0o600);
      try {
        const bytes = Buffer.alloc(size - cutAt);
        await file.read(bytes, 0, bytes.length, cutAt);
        await saved.writeFile(bytes);
        await saved.sync();
      } finally {
        await saved.close();
      }
      await file.truncate(cutAt);
      await file.datasync();
    }
    await rm(join(dir, INDEX_FILE_NAME), { force: true });
    await syncDirectory(dir);
    return { keptEvents: keepEvents, cutEvents: events - keepEvents, cutBytes: size - cutAt, savedTo };
  } finally {
    await file.close();
    await lock.release();
  }
}

async function check(dir: string, file: LogFile, acknowledged: readonly AcknowledgedEvents[]): Promise<LogCheck> {
  const loaded = await loadIndexFile(dir, file);
  const witnesses = [...acknowledged];
  if ('acknowledgedEvents' in loaded && loaded.acknowledgedEvents !== undefined) witnesses.push({ events: loaded.acknowledgedEvents, by: 'the index file' });
  let intactEvents = 0;
  const result = await recoverLog(
    file,
    (records) => (intactEvents += records.length),
    { warn: () => undefined },
    { acknowledged: witnesses, dryRun: true, dir },
  );
  return { intactEvents, intactLength: result.validLength, tornBytes: result.cutBytes };
}

function readOnly(handle: FileHandle): LogFile {
  const refuse = () => Promise.reject(new Error('the log is open read-only here'));
  return {
    size: async () => (await handle.stat()).size,
    read: async (buffer, offset, length, position) => (await handle.read(buffer, offset, length, position)).bytesRead,
    write: refuse,
    datasync: refuse,
    truncate: refuse,
    close: () => handle.close(),
  };
}
