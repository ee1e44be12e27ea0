/**
 * Wrapped data keys as files (the embedded mode), in 256 shard files `<dir>/<xx>.keys`
 * (key-shard.ts), the shard chosen by the CRC32 of the subject. One file per subject cost
 * a replay an open, stat, read and close per person (~12 µs each, a quarter of a 20,000
 * person replay); a shard is read once and then kept in memory, so reading a person's key
 * is a Map lookup. The check value stays `<dir>/.check`, in the same folder, so losing the
 * folder loses the check value too and the start refuses instead of reading everyone as
 * erased.
 *
 * A shard is rewritten whole (durable-files.ts: fsynced temp file renamed over it, folder
 * synced), so destroying a key leaves its bytes in no file of the folder once the delete
 * resolves. Rewrites are safe only with one writer: the folder is locked (`LOCK`, the
 * embedded log's lock) by the one process that opens it, and every handle this process
 * opens on the folder shares one state, released with the last handle.
 *
 * A folder of the layout before (`<subject>.key`, one per subject) is folded into the
 * shards on open: each shard rewritten once, then the old files unlinked and the folder
 * synced; a re-run after a crash at any step gives the same keys.
 */
import { readFileSync } from 'node:fs';
import { mkdir, readdir, rm, unlink } from 'node:fs/promises';
import path from 'node:path';
import { crc32 } from 'node:zlib';
import { LRUCache } from 'lru-cache';
import { acquireDirectoryLock, syncDirectory, type DirectoryLock, type LockedFolder } from '@stays/event-store';
import { createIfAbsent, isTempFileName, readIfPresent, replaceFile } from './durable-files.ts';
import { MAX_WRAPPED_BYTES, decodeShard, encodeShard } from './key-shard.ts';
import { assertSubject, type WrappedKeyStorage } from './key-store.ts';

/** The key folder is open in another live process. */
export class KeyStoreInUseError extends Error {
  override readonly name = 'KeyStoreInUseError';
  /** Its message says what to do; processes print it alone (service-kit's explainsItself). */
  readonly forOperator = true;
}

const CHECK_FILE = '.check';
const SHARD_COUNT = 256;
/**
 * Loaded shards kept in memory, counted by their file size. A person takes ~95 bytes in a
 * shard and ~320 in the heap (the Map entry, the subject, a Buffer view; measured over
 * 100,000), so 64 MB of shards is ~700,000 people in ~220 MB of heap: far past what the
 * embedded mode holds anyway (its log keeps every event in memory, ~470 bytes each, and
 * each person has many). Beyond it the least recently read shards are dropped and read
 * again when needed, which bounds the memory; MongoDB is the key store past that size.
 */
const SHARD_CACHE_BYTES = 64 * 1024 * 1024;
const PER_SUBJECT_FILE = /^([a-z0-9][a-z0-9-]{0,127})\.key$/;

const KEY_FOLDER: LockedFolder = {
  what: 'personal data key store',
  why: 'only one process may rewrite its key shards',
  refused: (message) => new KeyStoreInUseError(message),
};

const shardOf = (subject: string): number => crc32(subject) & (SHARD_COUNT - 1);

interface LoadedShard {
  readonly entries: ReadonlyMap<string, Buffer>;
  /** Its file's size, at least 1 (lru-cache's sizes are positive). */
  readonly bytes: number;
}

/** A put (wrapped) or delete (no wrapped) waiting for its shard's next rewrite. */
interface ShardChange {
  readonly subject: string;
  readonly wrapped?: Buffer;
  resolve(stored: Buffer | undefined): void;
  reject(error: unknown): void;
}

/** The state of one open key folder in this process, shared by all its handles. */
class KeyFolder {
  /**
   * The keys of every loaded shard, in one Map, so that reading a loaded key is one lookup
   * (hashing the subject to its shard cost ~0.3 µs more, checking it ~0.3 µs): a subject
   * found here was checked when its shard was decoded or its key put.
   */
  private readonly keys = new Map<string, Buffer>();
  private readonly shards = new LRUCache<number, LoadedShard>({
    maxSize: SHARD_CACHE_BYTES,
    sizeCalculation: (shard) => shard.bytes,
    dispose: (shard) => {
      for (const subject of shard.entries.keys()) this.keys.delete(subject);
    },
  });
  /** Changes waiting for their shard's next rewrite: those that arrive during one rewrite are made together in the next. */
  private readonly pending = new Map<number, ShardChange[]>();
  private readonly rewriting = new Map<number, Promise<void>>();

  constructor(
    readonly dir: string,
    private readonly lock: DirectoryLock,
  ) {}

  fileOf(shard: number): string {
    return path.join(this.dir, `${shard.toString(16).padStart(2, '0')}.keys`);
  }

  /** The subject's wrapped key, loading its shard if it is not in memory; throws TypeError for a name that is not a subject. */
  wrappedKey(subject: string): Buffer | undefined {
    const found = this.keys.get(subject);
    if (found !== undefined) return found;
    assertSubject(subject);
    const shard = shardOf(subject);
    return this.shards.has(shard) ? undefined : this.entries(shard).get(subject);
  }

  /**
   * The shard's entries, read from its file when it is not in memory. Read synchronously:
   * a shard of ~8 kB (a store of 20,000 people) took 12–33 µs with readFileSync against
   * 85–122 µs each with readFile (256 at once; 104–234 µs one by one), at load 1.5–2.7.
   */
  private entries(shard: number): ReadonlyMap<string, Buffer> {
    const loaded = this.shards.get(shard);
    if (loaded !== undefined) return loaded.entries;
    const file = this.fileOf(shard);
    let bytes: Buffer;
    try {
      bytes = readFileSync(file);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'ENOENT') throw error;
      return this.remember(shard, new Map(), 1);
    }
    return this.remember(shard, decodeShard(bytes, file), bytes.length);
  }

  private remember(shard: number, entries: ReadonlyMap<string, Buffer>, bytes: number): ReadonlyMap<string, Buffer> {
    // replacing a shard disposes of the keys it had first
    this.shards.set(shard, { entries, bytes });
    for (const [subject, wrapped] of entries) this.keys.set(subject, wrapped);
    return entries;
  }

  /** Stores `wrapped` (undefined: deletes the subject's key) in a rewrite of its shard; resolves to the key stored after it. */
  change(subject: string, wrapped: Buffer | undefined): Promise<Buffer | undefined> {
    const shard = shardOf(subject);
    return new Promise((resolve, reject) => {
      const queue = this.pending.get(shard);
      const change = { subject, ...(wrapped !== undefined && { wrapped }), resolve, reject };
      if (queue !== undefined) queue.push(change);
      else this.pending.set(shard, [change]);
      if (!this.rewriting.has(shard)) this.rewriting.set(shard, this.rewriteWhilePending(shard));
    });
  }

  async close(): Promise<void> {
    while (this.rewriting.size > 0) await Promise.allSettled(this.rewriting.values());
    this.shards.clear();
    await this.lock.release();
  }

  /** Removes a crash's temp files and folds in the files of the layout before. */
  async recover(): Promise<void> {
    const names = await readdir(this.dir);
    const temps = names.filter(isTempFileName);
    await Promise.all(temps.map((name) => rm(path.join(this.dir, name), { force: true })));
    const perSubject = new Map<number, string[]>();
    for (const name of names) {
      const subject = PER_SUBJECT_FILE.exec(name)?.[1];
      if (subject === undefined) continue;
      const shard = shardOf(subject);
      const subjects = perSubject.get(shard);
      if (subjects !== undefined) subjects.push(subject);
      else perSubject.set(shard, [subject]);
    }
    await Promise.all([...perSubject].map(([shard, subjects]) => this.fold(shard, subjects)));
    if (temps.length > 0 || perSubject.size > 0) await syncDirectory(this.dir);
  }

  /** Folds `<subject>.key` files into their shard, then unlinks them (the caller syncs the folder). */
  private async fold(shard: number, subjects: readonly string[]): Promise<void> {
    const file = this.fileOf(shard);
    const entries = new Map(this.entries(shard));
    let added = false;
    for (const subject of subjects) {
      const old = path.join(this.dir, `${subject}.key`);
      // synchronously, as shards are read (entries): 20,000 small files in a fraction of the time readFile takes
      const wrapped = readFileSync(old);
      const stored = entries.get(subject);
      if (stored === undefined) {
        if (wrapped.length === 0 || wrapped.length > MAX_WRAPPED_BYTES)
          throw new Error(`the key file ${old} holds ${wrapped.length} bytes, not a wrapped key: restore the key store from a backup`);
        entries.set(subject, wrapped);
        added = true;
      } else if (!stored.equals(wrapped)) {
        throw new Error(
          `the data key of ${subject} differs between ${file} and ${old} (the layout before): one of them is damaged; restore the key store from a backup`,
        );
      }
    }
    if (added) await this.write(shard, entries);
    await Promise.all(subjects.map((subject) => unlink(path.join(this.dir, `${subject}.key`))));
  }

  private async rewriteWhilePending(shard: number): Promise<void> {
    // one turn of the event loop, so that the changes asked for together are made together
    await Promise.resolve();
    try {
      for (let changes = this.pending.get(shard); changes !== undefined; changes = this.pending.get(shard)) {
        this.pending.delete(shard);
        await this.rewrite(shard, changes);
      }
    } finally {
      // at once when none is pending (no await in between), so a change asked for later starts the next rewrite
      this.rewriting.delete(shard);
    }
  }

  private async rewrite(shard: number, changes: readonly ShardChange[]): Promise<void> {
    try {
      const entries = new Map(this.entries(shard));
      let changed = false;
      const stored = changes.map(({ subject, wrapped }) => {
        if (wrapped === undefined) {
          changed = entries.delete(subject) || changed;
          return undefined;
        }
        const kept = entries.get(subject);
        if (kept !== undefined) return kept;
        entries.set(subject, wrapped);
        changed = true;
        return wrapped;
      });
      if (changed) await this.write(shard, entries);
      changes.forEach((change, index) => change.resolve(stored[index]));
    } catch (error) {
      // the file holds the entries before or after: read it again when next needed
      this.shards.delete(shard);
      for (const change of changes) change.reject(error);
    }
  }

  private async write(shard: number, entries: ReadonlyMap<string, Buffer>): Promise<void> {
    const bytes = encodeShard(entries);
    await replaceFile(this.fileOf(shard), bytes);
    this.remember(shard, entries, bytes.length);
  }
}

interface OpenFolder {
  readonly folder: Promise<KeyFolder>;
  handles: number;
}

/** This process's open key folders, by resolved path: handles on one folder share its state and lock. */
const openFolders = new Map<string, OpenFolder>();
/** Folders whose last handle is closing: opening one again waits until its lock is released. */
const closingFolders = new Map<string, Promise<void>>();

async function openFolder(dir: string): Promise<KeyFolder> {
  await closingFolders.get(dir);
  await mkdir(dir, { recursive: true, mode: 0o700 });
  const lock = await acquireDirectoryLock(dir, KEY_FOLDER);
  const folder = new KeyFolder(dir, lock);
  try {
    await folder.recover();
  } catch (error) {
    await lock.release();
    throw error;
  }
  return folder;
}

export async function createFileKeyStorage(dir: string): Promise<WrappedKeyStorage> {
  const resolved = path.resolve(dir);
  let open = openFolders.get(resolved);
  if (open === undefined) {
    const opening: OpenFolder = { folder: openFolder(resolved), handles: 0 };
    openFolders.set(resolved, opening);
    opening.folder.catch(() => {
      if (openFolders.get(resolved) === opening) openFolders.delete(resolved);
    });
    open = opening;
  }
  open.handles++;
  let folder: KeyFolder;
  try {
    folder = await open.folder;
  } catch (error) {
    open.handles--;
    throw error;
  }
  return handleOn(folder, open, resolved);
}

function handleOn(folder: KeyFolder, open: OpenFolder, dir: string): WrappedKeyStorage {
  let closed = false;
  const checkFile = path.join(dir, CHECK_FILE);
  const assertOpen = () => {
    if (closed) throw new Error(`this handle on the key store ${dir} is closed`);
  };
  return {
    async get(subject) {
      assertOpen();
      return folder.wrappedKey(subject);
    },
    async getMany(subjects) {
      assertOpen();
      return subjects.map((subject) => folder.wrappedKey(subject));
    },
    async putIfAbsent(subject, wrapped) {
      assertOpen();
      assertSubject(subject);
      if (wrapped.length === 0 || wrapped.length > MAX_WRAPPED_BYTES)
        throw new RangeError(`a wrapped key is 1 to ${MAX_WRAPPED_BYTES} bytes, not ${wrapped.length}`);
      return (await folder.change(subject, Buffer.from(wrapped)))!;
    },
    async delete(subject) {
      assertOpen();
      assertSubject(subject);
      await folder.change(subject, undefined);
    },
    async checkValue() {
      assertOpen();
      return readIfPresent(checkFile);
    },
    async putCheckValueIfAbsent(value) {
      assertOpen();
      return createIfAbsent(checkFile, value);
    },
    async close() {
      if (closed) return;
      closed = true;
      if (--open.handles > 0) return;
      openFolders.delete(dir);
      const closing = folder.close().finally(() => {
        if (closingFolders.get(dir) === closing) closingFolders.delete(dir);
      });
      closingFolders.set(dir, closing);
      await closing;
    },
  };
}
