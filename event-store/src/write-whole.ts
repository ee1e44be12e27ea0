/**
 * Writes every byte given, however many writes it takes. One `write` may take fewer bytes
 * than it was handed and still succeed (a disk with less room left than the buffer: the
 * rest fails with ENOSPC on the next write); a caller that went on as if it took them all
 * would count leaves, keys or a head line that are not on disk, and a checkpoint or a sync
 * after it would make the gap durable.
 */
import type { FileHandle } from 'node:fs/promises';

/** Writes `bytes` at `position` (at the file's end or current position when null); rejects with the disk's error once it takes no more. */
export async function writeWhole(handle: FileHandle, bytes: Uint8Array, position: number | null = null): Promise<void> {
  for (let written = 0; written < bytes.length;) {
    const { bytesWritten } = await handle.write(bytes, written, bytes.length - written, position === null ? null : position + written);
    if (bytesWritten === 0) throw Object.assign(new Error('ENOSPC: no space left on device, write took no bytes'), { code: 'ENOSPC' });
    written += bytesWritten;
  }
}
