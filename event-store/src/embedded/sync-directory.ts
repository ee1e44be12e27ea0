import { open } from 'node:fs/promises';

/** fsyncs a folder, so the files just created or renamed in it survive a crash. */
export async function syncDirectory(dir: string): Promise<void> {
  const handle = await open(dir, 'r');
  try {
    await handle.sync();
  } finally {
    await handle.close();
  }
}
