import { randomBytes } from 'node:crypto';
import { writeFileAtomically } from '../files/atomic-write.ts';
import { makePrivateDirectory } from '../files/private-files.ts';
import { readdir, rm } from 'node:fs/promises';
import { join } from 'node:path';

export const EMAIL_SUFFIX = '.eml';
export const SMS_SUFFIX = '.sms.txt';

let lastStamp = 0;

/**
 * `<ISO time with ':' and '.' as '-'>-<random><suffix>`, e.g. `2026-01-31T09-15-02-123Z-1f2e3d4c.eml`.
 * Fixed width, so name order is time order; the time is kept strictly increasing within a
 * process, so messages written in one millisecond still sort in the order they were sent.
 */
export function outboxFileName(suffix: typeof EMAIL_SUFFIX | typeof SMS_SUFFIX): string {
  lastStamp = Math.max(Date.now(), lastStamp + 1);
  const time = new Date(lastStamp).toISOString().replace(/[:.]/g, '-');
  return `${time}-${randomBytes(4).toString('hex')}${suffix}`;
}

/**
 * Writes `dir/name` atomically: a hidden temp file (never ending in a message suffix), fsync,
 * rename; the owner's only (0600, in a folder created 0700): messages carry codes and addresses.
 */
export async function writeOutboxFile(dir: string, name: string, bytes: Buffer): Promise<string> {
  await makePrivateDirectory(dir);
  const path = join(dir, name);
  await writeFileAtomically(path, bytes, join(dir, `.${name}.${randomBytes(4).toString('hex')}.tmp`));
  return path;
}

/** The outbox's temp files: hidden, ending in `.tmp` (writeOutboxFile). */
const isOutboxTempFile = (name: string): boolean => name.startsWith('.') && name.endsWith('.tmp');

/**
 * Removes the outbox's temp files: messages a crash cut short before their rename, which
 * nothing else removes (the message itself is sent again by whoever retries it). Only for a
 * process that alone writes `dir`, before its first message: another writer's may be in flight.
 */
export async function removeOutboxTempFiles(dir: string): Promise<void> {
  const names = await readdir(dir).catch((error: unknown) => {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return [];
    throw error;
  });
  for (const name of names.filter(isOutboxTempFile)) await rm(join(dir, name), { force: true });
}
