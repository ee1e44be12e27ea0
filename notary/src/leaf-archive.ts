/**
 * The one-process mode's record of every leaf hash the notary has seen (32 bytes per leaf,
 * leaf i at byte 32·i, under DATA_DIR/notary). The read store is rebuilt from the log at
 * every start; this file is not, so a restarted notary can tell a log that changed under it
 * from the one it notarised, and verify-log can name the first event that differs. It is
 * itself checked against the signed tree heads before it is trusted.
 */
import { mkdir, open, type FileHandle } from 'node:fs/promises';
import path from 'node:path';

export const LEAF_ARCHIVE_FILE = 'leaf-hashes.bin';
const HASH_BYTES = 32;

export class LeafArchive {
  private constructor(
    private readonly handle: FileHandle,
    private hashes: Buffer,
    private count: number,
  ) {}

  static async open(dir: string): Promise<LeafArchive> {
    await mkdir(dir, { recursive: true });
    const handle = await open(path.join(dir, LEAF_ARCHIVE_FILE), 'a+');
    const bytes = await handle.readFile();
    // A write torn by a crash leaves a partial hash at the end: ignored, and overwritten by the next append.
    const count = Math.floor(bytes.length / HASH_BYTES);
    return new LeafArchive(handle, bytes, count);
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

  get size(): number {
    return this.count;
  }

  at(index: number): Buffer | undefined {
    return index < this.count ? this.hashes.subarray(index * HASH_BYTES, (index + 1) * HASH_BYTES) : undefined;
  }

  /** Writes the hashes of leaves `size`, `size + 1`, ... (durable after sync()). */
  async append(leaves: readonly Buffer[]): Promise<void> {
    if (leaves.length === 0) return;
    const bytes = Buffer.concat(leaves);
    await this.handle.truncate(this.count * HASH_BYTES);
    await this.handle.write(bytes, 0, bytes.length, this.count * HASH_BYTES);
    const used = this.count * HASH_BYTES;
    if (used + bytes.length > this.hashes.length) {
      const grown = Buffer.allocUnsafe(Math.max(2 * this.hashes.length, used + bytes.length, 64 * HASH_BYTES));
      this.hashes.copy(grown, 0, 0, used);
      this.hashes = grown;
    }
    bytes.copy(this.hashes, used);
    this.count += leaves.length;
  }

  async sync(): Promise<void> {
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
