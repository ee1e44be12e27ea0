/**
 * A small filesystem of its own (tmpfs) mounted on a test's folder, so that a full disk is a
 * real one: every writer under it meets ENOSPC, not only those a fault seam reaches. Mounting
 * needs root; `mountSmallFilesystem` refuses with the reason otherwise, and never falls back
 * to the folder as it is (a test that meant a full disk would run on a roomy one).
 */
import { execFile, execFileSync } from 'node:child_process';
import { rmSync } from 'node:fs';
import { mkdir, open, rm, statfs } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

/** Why a small filesystem cannot be mounted here, or null when it can be tried. */
export function whyNoSmallFilesystem(): string | null {
  if (process.platform !== 'linux') return `mounting a tmpfs needs Linux (this is ${process.platform})`;
  const uid = process.getuid?.();
  if (uid !== 0) return `mounting a tmpfs needs root (running as uid ${uid})`;
  return null;
}

export class SmallFilesystemRefused extends Error {}

export interface SmallFilesystem {
  readonly dir: string;
  readonly sizeBytes: number;
  /** Bytes in use and bytes free, as `df` says. */
  usage(): Promise<{ used: number; free: number }>;
  /**
   * Writes a ballast file until the filesystem refuses with ENOSPC, then gives back
   * `leaveBytes` of it (whole pages: a write larger than that is taken in part); resolves the
   * ballast's size. Space other writers free meanwhile is theirs again (as on a disk that
   * hovers at full).
   */
  fill(leaveBytes?: number): Promise<number>;
  /** Deletes the ballast: space is back. */
  drain(): Promise<void>;
  /** Unmounts it (lazily when something still holds a file open) and removes the folder. */
  unmount(): Promise<void>;
  /** The same, synchronously: for a process about to exit on a signal. */
  unmountNow(): void;
}

export async function mountSmallFilesystem(dir: string, sizeBytes: number): Promise<SmallFilesystem> {
  const refusal = whyNoSmallFilesystem();
  if (refusal) throw new SmallFilesystemRefused(refusal);
  await mkdir(dir, { recursive: true });
  try {
    await run('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes},mode=0700`, 'tmpfs', dir]);
  } catch (error) {
    const failed = error as { stderr?: string; message: string };
    throw new SmallFilesystemRefused(`mount -t tmpfs on ${dir} failed: ${(failed.stderr || failed.message).trim()}`);
  }
  const ballast = path.join(dir, 'ballast');
  return {
    dir,
    sizeBytes,
    async usage() {
      const stats = await statfs(dir);
      return { used: (stats.blocks - stats.bfree) * stats.bsize, free: stats.bavail * stats.bsize };
    },
    async fill(leaveBytes = 0) {
      const handle = await open(ballast, 'a');
      const chunk = Buffer.alloc(1 << 20, 0x5a);
      let written = 0;
      try {
        for (;;) {
          const { bytesWritten } = await handle.write(chunk, 0, chunk.length);
          written += bytesWritten;
        }
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
        if (leaveBytes > 0) await handle.truncate((written = Math.max(0, written - leaveBytes)));
      } finally {
        await handle.close();
      }
      return written;
    },
    async drain() {
      await rm(ballast, { force: true });
    },
    async unmount() {
      await run('umount', [dir]).catch(() => run('umount', ['-l', dir]));
      await rm(dir, { recursive: true, force: true });
    },
    unmountNow() {
      execFileSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
