/**
 * One writer per folder (the embedded log's, the embedded key store's): an exclusive lock
 * file holding the owner's pid.
 *
 * The pid is written to a private file first, which is then hard-linked to LOCK: link
 * fails if LOCK exists, so of two processes opening at once exactly one wins, and LOCK
 * is never seen without its pid. A lock left behind by a dead process (SIGKILL, power
 * loss) is taken over; a lock held by a live process, including this one, is refused.
 * Known limits: two processes taking over the same stale lock at the same instant can
 * race; after a reboot a stale lock's pid may belong to an unrelated live process (the
 * error message then names the file to delete).
 */
import { randomUUID } from 'node:crypto';
import { link, readFile, unlink, writeFile } from 'node:fs/promises';
import { join } from 'node:path';

export const LOCK_FILE_NAME = 'LOCK';

/** The log directory is already open in a live process. */
export class EventStoreLockedError extends Error {
  override readonly name = 'EventStoreLockedError';
  /** Its message says what to do; processes print it alone (service-kit's explainsItself). */
  readonly forOperator = true;
}

export interface DirectoryLock {
  release(): Promise<void>;
}

/** What the locked folder holds, for the refusal: its name in the message, and the error to throw. */
export interface LockedFolder {
  /** e.g. "event store": the message reads "<what> at <dir> is already open in ...". */
  readonly what: string;
  /** Why only one process may hold it, for the message. */
  readonly why: string;
  readonly refused: (message: string) => Error;
}

const EVENT_LOG: LockedFolder = {
  what: 'event store',
  why: 'only one process may write the log',
  refused: (message) => new EventStoreLockedError(message),
};

export async function acquireDirectoryLock(dir: string, folder: LockedFolder = EVENT_LOG): Promise<DirectoryLock> {
  const path = join(dir, LOCK_FILE_NAME);
  // Two attempts: the second after removing a lock whose owner is dead.
  for (let attempt = 0; attempt < 2; attempt++) {
    if (await tryCreateLock(dir, path)) return lockAt(path);
    const owner = await readOwner(path);
    if (owner !== undefined && isAlive(owner)) {
      const who = owner === process.pid ? 'this process' : `live process ${owner}`;
      throw folder.refused(
        `${folder.what} at ${dir} is already open in ${who} (lock file ${path}); ` +
          `${folder.why}. Delete the lock file only if that pid is not a Stays process.`,
      );
    }
    await unlink(path).catch((error: NodeJS.ErrnoException) => {
      if (error.code !== 'ENOENT') throw error;
    });
  }
  throw folder.refused(`${folder.what} at ${dir}: another process took the lock ${path} while it was being recovered`);
}

async function tryCreateLock(dir: string, path: string): Promise<boolean> {
  const draft = join(dir, `${LOCK_FILE_NAME}.${process.pid}.${randomUUID()}`);
  await writeFile(draft, `${process.pid}\n`);
  try {
    await link(draft, path);
    return true;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'EEXIST') return false;
    throw error;
  } finally {
    await unlink(draft).catch(() => undefined);
  }
}

function lockAt(path: string): DirectoryLock {
  let released = false;
  return {
    async release() {
      if (released) return;
      released = true;
      // Only remove the lock if it is still ours.
      if ((await readOwner(path)) === process.pid) await unlink(path).catch(() => undefined);
    },
  };
}

async function readOwner(path: string): Promise<number | undefined> {
  try {
    const pid = Number.parseInt(await readFile(path, 'utf8'), 10);
    return Number.isSafeInteger(pid) && pid > 0 ? pid : undefined;
  } catch {
    return undefined;
  }
}

function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    // EPERM: the process exists but belongs to someone else.
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}
