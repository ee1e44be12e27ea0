/**
 * Files that hold people's messages and pictures (the outbox, media) are the owner's alone:
 * folders this process creates are 0700 and files 0600, set explicitly, since a umask may
 * be anything (0002 on many systems leaves new files readable by every local user).
 */
import { chmod, mkdir } from 'node:fs/promises';
import path from 'node:path';

export const PRIVATE_FILE_MODE = 0o600;
export const PRIVATE_DIRECTORY_MODE = 0o700;

/** Creates `dir` and any missing parents; each folder it creates is 0700 (existing ones are left as they are). */
export async function makePrivateDirectory(dir: string): Promise<void> {
  const first = await mkdir(dir, { recursive: true, mode: PRIVATE_DIRECTORY_MODE });
  if (first === undefined) return;
  for (let created = path.resolve(dir); ; created = path.dirname(created)) {
    await chmod(created, PRIVATE_DIRECTORY_MODE);
    if (created === path.resolve(first) || created === path.dirname(created)) return;
  }
}
