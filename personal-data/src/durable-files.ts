/**
 * Files that must survive a crash: written whole into a fsynced temp file (mode 0600,
 * named `.<random>.tmp` beside the target), which is then put in place and the folder
 * synced so the new name lasts. A file that must never be overwritten (the master key, the
 * key store's check value) is put in place by a link, which fails when the name exists, so
 * the first writer's bytes stay; a file that is rewritten (a key shard) by a rename, which
 * replaces the old one at once, so a crash leaves either the old file or the new one.
 */
import { randomBytes } from 'node:crypto';
import { link, open, readFile, rename, rm } from 'node:fs/promises';
import path from 'node:path';
import { syncDirectory } from '@stays/event-store';

/** Names of the temp files below: what a crash may leave behind, removed by their folder's owner on open. */
export const isTempFileName = (name: string): boolean => /^\.[0-9a-f]{12}\.tmp$/.test(name);

/** The file's bytes, or undefined when there is no such file. */
export async function readIfPresent(file: string): Promise<Buffer | undefined> {
  try {
    return await readFile(file);
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function writeTempFile(dir: string, bytes: Buffer): Promise<string> {
  const temp = path.join(dir, `.${randomBytes(6).toString('hex')}.tmp`);
  const handle = await open(temp, 'wx', 0o600);
  try {
    await handle.writeFile(bytes);
    await handle.sync();
  } catch (error) {
    await handle.close();
    await rm(temp, { force: true });
    throw error;
  }
  await handle.close();
  return temp;
}

/** Creates the file with `bytes` unless it exists; resolves to the bytes it holds. */
export async function createIfAbsent(file: string, bytes: Buffer): Promise<Buffer> {
  const dir = path.dirname(file);
  const temp = await writeTempFile(dir, bytes);
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

/** Replaces the file's content with `bytes` (creating it if needed), durably once this resolves. */
export async function replaceFile(file: string, bytes: Buffer): Promise<void> {
  const dir = path.dirname(file);
  const temp = await writeTempFile(dir, bytes);
  try {
    await rename(temp, file);
  } catch (error) {
    await rm(temp, { force: true });
    throw error;
  }
  await syncDirectory(dir);
}
