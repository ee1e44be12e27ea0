/**
 * Files that must survive a crash and never be overwritten: a key file is created by
 * linking a fsynced temp file (mode 0600) to its name, which fails when the name exists,
 * so the first writer's bytes stay; the folder is synced so the new name lasts.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { link, open, readFile, rm } from 'node:fs/promises';
import path from 'node:path';
import { syncDirectory } from '@stays/event-store';

/**
 * The file's bytes, or undefined when there is no such file. Read synchronously: key files
 * are tens of bytes, and a replay reads thousands of them, where a round trip through
 * the thread pool per file costs ten times the read.
 */
export async function readIfPresent(file: string): Promise<Buffer | undefined> {
  try {
    return readFileSync(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

/** Creates the file with `bytes` unless it exists; resolves to the bytes it holds. */
export async function createIfAbsent(file: string, bytes: Buffer): Promise<Buffer> {
  const dir = path.dirname(file);
  const temp = path.join(dir, `.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } finally {
    await handle.close();
  }
  try {
    await link(temp, file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
    return readFile(file);
  } finally {
    await rm(temp, { force: true });
  }
  await syncDirectory(dir);
  return bytes;
}
