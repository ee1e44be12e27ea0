import { randomUUID } from 'node:crypto';
import { constants as fsConstants } from 'node:fs';
import { open, readdir, readFile, rm, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { assertMediaId, contentTypeForId, isValidMediaId, mediaIdForPut, mediaUrl } from './media-id.ts';
import type { MediaObject, MediaStore, StoredMedia } from './port.ts';
import { writeFileAtomically } from '../files/atomic-write.ts';
import { makePrivateDirectory } from '../files/private-files.ts';

export interface FileMediaStoreOptions {
  /** The app passes `DATA_DIR/media`. */
  readonly dir: string;
  /** The path links are recorded under, e.g. `/sharma/resident/stays/media`; answers make them absolute (MediaLinks). */
  readonly publicBaseUrl: string;
}

/**
 * Embedded adapter: one plain file per object at `dir/<id>`, its content type in the
 * sidecar `dir/.meta/<id>.json`, temp files in `dir/.tmp/`. Valid ids never start with a
 * dot, so no id can name a sidecar or a temp file.
 *
 * Files are the owner's only (0600, folders created 0700: people's photos and invoices).
 * Each file is replaced atomically (temp file, fsync, rename), so a reader never sees a
 * partial one. Writers of one id are serialised in this process; a replacement that
 * changes the content type under the same name can, for an instant, pair the new bytes
 * with the old type for a reader in between (deterministic names keep their type).
 */
export function createFileMediaStore(options: FileMediaStoreOptions): MediaStore {
  const dir = options.dir;
  const metaDir = join(dir, '.meta');
  const tmpDir = join(dir, '.tmp');
  const serialise = keyedMutex();
  let ready: Promise<void> | undefined;
  const ensureDirs = () =>
    (ready ??= makePrivateDirectory(dir)
      .then(() => Promise.all([makePrivateDirectory(metaDir), makePrivateDirectory(tmpDir)]))
      .then(
        () => undefined,
        (error: unknown) => {
          ready = undefined;
          throw error;
        },
      ));

  async function readContentType(id: string): Promise<string> {
    try {
      const meta = JSON.parse(await readFile(join(metaDir, `${id}.json`), 'utf8')) as { contentType?: unknown };
      if (typeof meta.contentType === 'string') return meta.contentType;
    } catch (error) {
      if (!isNotFound(error) && !(error instanceof SyntaxError)) throw error;
    }
    return contentTypeForId(id);
  }

  return {
    async put(input): Promise<StoredMedia> {
      const id = mediaIdForPut(input);
      await ensureDirs();
      const stored: StoredMedia = {
        id,
        contentType: input.contentType,
        size: input.bytes.length,
        url: mediaUrl(options.publicBaseUrl, id),
      };
      await serialise(id, async () => {
        // Sidecar first: a crash in between leaves an invisible sidecar, never bytes without a type.
        const meta = JSON.stringify({ contentType: stored.contentType, size: stored.size });
        await writeFileAtomic(join(metaDir, `${id}.json`), Buffer.from(meta), tmpDir);
        await writeFileAtomic(join(dir, id), input.bytes, tmpDir);
      });
      return stored;
    },

    async get(id): Promise<MediaObject | null> {
      if (!isValidMediaId(id)) return null;
      let handle: FileHandle;
      try {
        handle = await open(join(dir, id), fsConstants.O_RDONLY | fsConstants.O_NOFOLLOW);
      } catch (error) {
        // Stryker disable next-line ConditionalExpression: the other failures of an open (no descriptor left, an I/O error) cannot be made here
        if (isNotFound(error) || (error as NodeJS.ErrnoException).code === 'ELOOP') return null;
        throw error;
      }
      try {
        const stat = await handle.stat();
        if (!stat.isFile()) {
          await handle.close();
          return null;
        }
        const contentType = await readContentType(id);
        // The open handle keeps reading the version it opened, even if it is replaced or deleted meanwhile.
        return { contentType, size: stat.size, body: handle.createReadStream() };
        // Stryker disable next-line BlockStatement: a stat or sidecar read failing after the open; the descriptor it frees no test can see
      } catch (error) {
        await handle.close();
        throw error;
      }
    },

    async delete(id): Promise<void> {
      assertMediaId(id);
      await serialise(id, async () => {
        await rm(join(dir, id), { force: true });
        await rm(join(metaDir, `${id}.json`), { force: true });
      });
    },
  };
}

const writeFileAtomic = (path: string, bytes: Buffer, tmpDir: string): Promise<void> => writeFileAtomically(path, bytes, join(tmpDir, randomUUID()));

/**
 * Removes the temp files of `dir` (the store's `dir/.tmp/`): writes a crash cut short, which
 * nothing else removes. Only for a process that alone writes `dir`, before its first put (the
 * one-process product, which holds DATA_DIR's lock): another writer's temp file may be in flight.
 */
export async function removeMediaTempFiles(dir: string): Promise<void> {
  const tmpDir = join(dir, '.tmp');
  const names = await readdir(tmpDir).catch((error: unknown) => {
    // Stryker disable next-line ArrayDeclaration: removing a name that is not there is no failure either (force)
    if (isNotFound(error)) return [];
    throw error;
  });
  // Stryker disable next-line ObjectLiteral,BooleanLiteral: no file vanishes between the listing and its removal while this process alone writes
  for (const name of names) await rm(join(tmpDir, name), { force: true });
}

function isNotFound(error: unknown): boolean {
  // Stryker disable next-line OptionalChaining: every caller passes a Node error
  return (error as NodeJS.ErrnoException | undefined)?.code === 'ENOENT';
}

/** Runs tasks for the same key one after another, in call order. */
function keyedMutex() {
  const tails = new Map<string, Promise<void>>();
  return async function run<T>(key: string, task: () => Promise<T>): Promise<T> {
    const result = (tails.get(key) ?? Promise.resolve()).then(task);
    const tail = result.then(
      () => undefined,
      () => undefined,
    );
    tails.set(key, tail);
    // Stryker disable all: only frees the entry of a key no task waits on
    void tail.then(() => {
      if (tails.get(key) === tail) tails.delete(key);
    });
    // Stryker restore all
    return result;
  };
}
