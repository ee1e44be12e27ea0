/**
 * A small filesystem of its own mounted on a test's folder, so that a full disk is a real one:
 * every writer under it meets ENOSPC, not only those a fault seam reaches. A tmpfs by default;
 * `ext4` is the filesystem production disks mostly carry (blocks of 4 KiB, a journal, delayed
 * allocation), made in an image file beside the folder and mounted through a loop device.
 * Mounting needs root; `mountSmallFilesystem` refuses with the reason otherwise, and never
 * falls back to the folder as it is (a test that meant a full disk would run on a roomy one).
 */
import { execFile, execFileSync } from 'node:child_process';
import { existsSync, rmSync } from 'node:fs';
import { mkdir, open, rm, statfs } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';

const run = promisify(execFile);

export type FilesystemKind = 'tmpfs' | 'ext4';

/** Why a small filesystem of that kind cannot be mounted here, or null when it can be tried. */
export function whyNoSmallFilesystem(kind: FilesystemKind = 'tmpfs'): string | null {
  if (process.platform !== 'linux') return `mounting a ${kind} needs Linux (this is ${process.platform})`;
  const uid = process.getuid?.();
  if (uid !== 0) return `mounting a ${kind} needs root (running as uid ${uid})`;
  if (kind === 'ext4' && !existsSync('/dev/loop-control')) return 'mounting an ext4 image needs loop devices (no /dev/loop-control)';
  if (kind === 'ext4' && !['/usr/sbin/mkfs.ext4', '/sbin/mkfs.ext4'].some((file) => existsSync(file))) return 'making an ext4 needs mkfs.ext4 (e2fsprogs)';
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

/** The commands that put a filesystem of `kind` on `dir`, in order; an ext4 lives in `image`. */
function mountCommands(kind: FilesystemKind, dir: string, sizeBytes: number, image: string): [string, string[]][] {
  if (kind === 'tmpfs') return [['mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes},mode=0700`, 'tmpfs', dir]]];
  return [
    ['truncate', ['-s', String(sizeBytes), image]],
    // no blocks reserved for root: the campaign runs as root, and a disk full for everyone else is not full for it
    ['mkfs.ext4', ['-q', '-F', '-m', '0', '-E', 'lazy_itable_init=0,lazy_journal_init=0', image]],
    ['mount', ['-o', 'loop', image, dir]],
    ['chmod', ['0700', dir]],
  ];
}

export async function mountSmallFilesystem(dir: string, sizeBytes: number, kind: FilesystemKind = 'tmpfs'): Promise<SmallFilesystem> {
  const refusal = whyNoSmallFilesystem(kind);
  if (refusal) throw new SmallFilesystemRefused(refusal);
  await mkdir(dir, { recursive: true });
  const image = `${dir}.ext4`;
  for (const [command, args] of mountCommands(kind, dir, sizeBytes, image)) {
    try {
      await run(command, args);
    } catch (error) {
      const failed = error as { stderr?: string; message: string };
      await run('umount', [dir]).catch(() => undefined);
      await rm(image, { force: true });
      throw new SmallFilesystemRefused(`${command} ${args.join(' ')} failed while mounting a ${kind} on ${dir}: ${(failed.stderr || failed.message).trim()}`);
    }
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
      let written = 0;
      /** Writes chunks of `size` until the filesystem refuses one. */
      const writeUntilFull = async (size: number) => {
        const chunk = Buffer.alloc(size, 0x5a);
        try {
          for (;;) written += (await handle.write(chunk, 0, chunk.length)).bytesWritten;
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'ENOSPC') throw error;
        }
      };
      try {
        // ext4 refuses a write while blocks are held for writes not yet on the disk, and frees what it
        // held once they are: full means a write refused right after the ballast reached the disk
        for (let before = -1; written !== before;) {
          before = written;
          await writeUntilFull(1 << 20);
          await writeUntilFull(4096);
          await handle.sync();
        }
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
      await rm(image, { force: true });
    },
    unmountNow() {
      execFileSync('umount', ['-l', dir]);
      rmSync(dir, { recursive: true, force: true });
      rmSync(image, { force: true });
    },
  };
}
