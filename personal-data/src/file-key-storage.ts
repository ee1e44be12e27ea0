/**
 * Wrapped data keys as files (the embedded mode): `<dir>/<subject>.key`, one per subject,
 * and the check value `<dir>/.check` in the same folder, so losing the folder loses the
 * check value too and the start refuses instead of reading everyone as erased.
 * A key is created by linking a fsynced temp file to its name (which fails when another
 * writer got there first, so the first key stays), then syncing the folder; destroying
 * unlinks it and syncs the folder, so the erasure outlives a crash.
 */
import { mkdir, unlink } from 'node:fs/promises';
import path from 'node:path';
import { syncDirectory } from '@stays/event-store';
import { createIfAbsent, readIfPresent } from './durable-files.ts';
import { assertSubject, type WrappedKeyStorage } from './key-store.ts';

const CHECK_FILE = '.check';

export async function createFileKeyStorage(dir: string): Promise<WrappedKeyStorage> {
  await mkdir(dir, { recursive: true, mode: 0o700 });
  // joined once: a replay names thousands of key files, and path.join per name showed in its profile
  const folder = path.resolve(dir) + path.sep;
  const fileOf = (subject: string) => {
    assertSubject(subject);
    return `${folder}${subject}.key`;
  };
  return {
    get: (subject) => readIfPresent(fileOf(subject)),
    getMany: (subjects) => Promise.all(subjects.map((subject) => readIfPresent(fileOf(subject)))),
    putIfAbsent: (subject, wrapped) => createIfAbsent(fileOf(subject), wrapped),
    async delete(subject) {
      try {
        await unlink(fileOf(subject));
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'ENOENT') return;
        throw error;
      }
      await syncDirectory(dir);
    },
    checkValue: () => readIfPresent(path.join(dir, CHECK_FILE)),
    putCheckValueIfAbsent: (value) => createIfAbsent(path.join(dir, CHECK_FILE), value),
    close: async () => undefined,
  };
}
