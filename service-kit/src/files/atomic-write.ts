/**
 * Writes a file so that a reader sees either nothing or the whole file: bytes go to a
 * temp file (in `tmpPath`'s folder, under a name no reader looks for), are fsynced, and
 * the temp file is renamed into place; then the folder is synced so the new name lasts.
 * The file is the owner's only (0600, whatever the umask): what is written this way is
 * people's messages and media.
 */
import { open, rename, rm } from 'node:fs/promises';
import { dirname } from 'node:path';
import { PRIVATE_FILE_MODE } from './private-files.ts';

export async function writeFileAtomically(path: string, bytes: Buffer, tmpPath: string): Promise<void> {
  try {
    const handle = await open(tmpPath, 'wx', PRIVATE_FILE_MODE);
    try {
      await handle.chmod(PRIVATE_FILE_MODE);
      await handle.writeFile(bytes);
      await handle.sync();
    } finally {
      await handle.close();
    }
    await rename(tmpPath, path);
  } catch (error) {
    await rm(tmpPath, { force: true });
    throw error;
  }
  await syncDirectory(dirname(path));
}

async function syncDirectory(path: string): Promise<void> {
  try {
    const handle = await open(path, 'r');
    try {
      await handle.sync();
    } finally {
      await handle.close();
    }
  } catch {
    // ignored: the data is already fsynced, only the directory entry's durability is at stake
  }
}
