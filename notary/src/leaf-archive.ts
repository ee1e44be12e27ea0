/**
 * The one-process mode's record of every leaf hash the notary has seen (32 bytes per leaf,
 * leaf i at byte 32·i, under DATA_DIR/notary), read from the file when asked, never held in
 * memory. The notary's tree may be rebuilt from the log; this file is not, so the notary's
 * check of the log (Notary.status().check) can tell a log that changed under it from the
 * one it notarised, and verify-log can name the first event that differs. It is itself
 * checked against the signed tree heads before it is trusted.
 */
import { mkdir, open, stat, type FileHandle } from 'node:fs/promises';
import path from 'node:path';
import { writeWhole } from '@stays/event-store';

export const LEAF_ARCHIVE_FILE = 'leaf-hashes.bin';
const HASH_BYTES = 32;

export class LeafArchive {
  private constructor(
    private readonly file: string,
    private handle: FileHandle,
    private count: number,
    private readonly faults: (operation: string) => void,
  ) {}

  /** `faults` (tests and fault campaigns): called before each write and sync, throws to fail it as a full or failing disk would. */
  static async open(dir: string, faults: (operation: string) => void = () => undefined): Promise<LeafArchive> {
    await mkdir(dir, { recursive: true });
    const file = path.join(dir, LEAF_ARCHIVE_FILE);
    const handle = await open(file, 'a+');
    // A write torn by a crash leaves a partial hash at the end: ignored, and overwritten by the next append.
    const count = Math.floor((await handle.stat()).size / HASH_BYTES);
    return new LeafArchive(file, handle, count, faults);
  }

  /**
   * After a write or sync failed: a fresh file descriptor (a failed sync is never retried on
   * the same one), the whole hashes it holds kept, and a sync as a probe that the disk takes
   * writes. Throws while the disk fails.
   */
  async reopen(): Promise<void> {
    await this.handle.close().catch(() => undefined);
    this.handle = await open(this.file, 'a+');
    this.count = Math.floor((await this.handle.stat()).size / HASH_BYTES);
    await this.sync();
  }

  /** Read-only view of an archive (verify-log); null when there is none. */
  static async read(dir: string): Promise<Buffer[] | null> {
    try {
      const handle = await open(path.join(dir, LEAF_ARCHIVE_FILE), 'r');
      try {
        return splitHashes(await handle.readFile());
      } finally {
        await handle.close();
      }
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return null;
      throw error;
    }
  }

  /**
   * How many leaves the archive in `dir` holds (0 when there is none): events the log
   * acknowledged, since the notary only sees durable events; the log must still hold them.
   */
  static async count(dir: string): Promise<number> {
    try {
      return Math.floor((await stat(path.join(dir, LEAF_ARCHIVE_FILE))).size / HASH_BYTES);
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code === 'ENOENT') return 0;
      throw error;
    }
  }

  get size(): number {
    return this.count;
  }

  /** The archived hashes of leaves [from, from + count) that the archive holds (fewer, or none, past its end). */
  async read(from: number, count: number): Promise<Buffer[]> {
    const held = Math.max(0, Math.min(count, this.count - from));
    if (held === 0) return [];
    const bytes = Buffer.alloc(held * HASH_BYTES);
    await this.handle.read(bytes, 0, bytes.length, from * HASH_BYTES);
    return splitHashes(bytes);
  }

  /** Writes the hashes of leaves `size`, `size + 1`, ... (durable after sync()). */
  async append(leaves: readonly Buffer[]): Promise<void> {
    if (leaves.length === 0) return;
    const bytes = Buffer.concat(leaves);
    this.faults('write');
    await this.handle.truncate(this.count * HASH_BYTES);
    await writeWhole(this.handle, bytes, this.count * HASH_BYTES);
    this.count += leaves.length;
  }

  async sync(): Promise<void> {
    this.faults('fdatasync');
    await this.handle.datasync();
  }

  async close(): Promise<void> {
    await this.handle.close();
  }
}

function splitHashes(bytes: Buffer): Buffer[] {
  const hashes: Buffer[] = [];
  for (let offset = 0; offset + HASH_BYTES <= bytes.length; offset += HASH_BYTES) hashes.push(bytes.subarray(offset, offset + HASH_BYTES));
  return hashes;
}
