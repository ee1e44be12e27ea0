/**
 * Files beside the log that a full disk refused, for `/healthz`. The embedded log notices a
 * full disk by itself (its appends are refused until it has recovered); the media folder and
 * the outbox only fail the write at hand, so a disk with room for a record but not for an
 * image or a message showed only in those answers (503). A write of theirs that fails with
 * ENOSPC or EDQUOT is noted here: the product is unhealthy, naming what was refused, until a
 * probe (64 KiB written, synced and removed in the folder, retried with backoff from 0.1 s to
 * 5 s) shows the disk takes writes again; nothing needs a restart.
 */
import { randomUUID } from 'node:crypto';
import { open, rm } from 'node:fs/promises';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';

const DISK_FULL_CODES = new Set(['ENOSPC', 'EDQUOT']);
const PROBE_BYTES = 64 * 1024;
const FIRST_DELAY_MS = 100;
const LAST_DELAY_MS = 5000;

/** Whether a write failed because the disk or the quota is full (it passes once space is back). */
export const isDiskFull = (error: unknown): boolean => DISK_FULL_CODES.has((error as NodeJS.ErrnoException | undefined)?.code ?? '');

export interface DiskRefusal {
  /** What was refused: the folder's part ("media", "the outbox"). */
  readonly what: string;
  /** The error, as the disk gave it. */
  readonly error: string;
}

export class DiskRefusals {
  private refusal: DiskRefusal | undefined;
  private probing: Promise<void> | undefined;
  private readonly stopping = new AbortController();

  constructor(private readonly options: { readonly dir: string; readonly log: (line: string) => void }) {}

  /** The refusal /healthz names, while the disk has not taken a write since. */
  current(): DiskRefusal | undefined {
    return this.refusal;
  }

  /** Runs a write of `what`; a full disk it meets is noted (and the error passed on). */
  async watch<T>(what: string, write: () => Promise<T>): Promise<T> {
    try {
      return await write();
    } catch (error) {
      if (isDiskFull(error) && !this.stopping.signal.aborted) this.note({ what, error: (error as Error).message });
      throw error;
    }
  }

  async close(): Promise<void> {
    this.stopping.abort();
    await this.probing;
  }

  private note(refusal: DiskRefusal): void {
    if (this.refusal === undefined)
      this.options.log(`${refusal.what} refused a write: ${refusal.error}; /healthz answers 503 until the disk takes writes again`);
    this.refusal = refusal;
    this.probing ??= this.probeUntilWritable();
  }

  private async probeUntilWritable(): Promise<void> {
    try {
      for (let delay = FIRST_DELAY_MS; ; delay = Math.min(delay * 2, LAST_DELAY_MS)) {
        try {
          await sleep(delay, undefined, { signal: this.stopping.signal });
        } catch {
          return;
        }
        if (await this.probe()) {
          this.options.log(`the disk takes writes again (${this.refusal?.what ?? 'files'} had been refused); /healthz no longer names it`);
          this.refusal = undefined;
          return;
        }
      }
    } finally {
      // in the same step as the refusal is cleared: a refusal noted after it starts a new probe
      this.probing = undefined;
    }
  }

  private async probe(): Promise<boolean> {
    const file = path.join(this.options.dir, `.disk-probe-${randomUUID()}`);
    try {
      const handle = await open(file, 'wx');
      try {
        await handle.writeFile(Buffer.alloc(PROBE_BYTES));
        await handle.sync();
      } finally {
        await handle.close();
      }
      return true;
    } catch {
      return false;
    } finally {
      await rm(file, { force: true }).catch(() => undefined);
    }
  }
}
