/**
 * The few file operations the embedded log needs, behind an interface so tests can
 * inject failures (a failing fdatasync, a short disk) and so an in-memory store can
 * run the very same code without a disk.
 */
import { writeWhole } from '../write-whole.ts';
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';

export interface LogFile {
  /** Current length of the file in bytes. */
  size(): Promise<number>;
  /** Reads up to `length` bytes at `position` into `buffer` at `offset`; resolves the count read. */
  read(buffer: Buffer, offset: number, length: number, position: number): Promise<number>;
  /** Writes all of `data` at `position` (loops over short writes). */
  write(data: Buffer, position: number): Promise<void>;
  /** fdatasync: resolves once everything written so far is on stable storage. */
  datasync(): Promise<void>;
  truncate(length: number): Promise<void>;
  close(): Promise<void>;
  /**
   * Swaps in a fresh descriptor of the same file (reads in flight finish on the old one).
   * After a failed write or fdatasync the old descriptor is never synced again: its error
   * may have been reported once and its dirty pages dropped (the "fsyncgate" lesson).
   * Absent where there is no descriptor (a file in memory).
   */
  reopen?(): Promise<void>;
}

/** Opens (creating if needed) a log file for reading and positioned writing. */
export async function openDiskLogFile(path: string): Promise<LogFile> {
  // Not O_APPEND: every write names its offset, so a truncated tail is overwritten in place.
  return new DiskLogFile(path, await open(path, constants.O_RDWR | constants.O_CREAT, 0o644));
}

/** One open descriptor, and how many operations still use it. */
interface Descriptor {
  readonly handle: FileHandle;
  inFlight: number;
  /** Replaced by a fresh descriptor: closed once its last operation ends. */
  retired: boolean;
}

class DiskLogFile implements LogFile {
  private current: Descriptor;

  constructor(
    private readonly path: string,
    handle: FileHandle,
  ) {
    this.current = { handle, inFlight: 0, retired: false };
  }

  size(): Promise<number> {
    return this.use(async (handle) => (await handle.stat()).size);
  }

  read(buffer: Buffer, offset: number, length: number, position: number): Promise<number> {
    return this.use(async (handle) => (await handle.read(buffer, offset, length, position)).bytesRead);
  }

  write(data: Buffer, position: number): Promise<void> {
    return this.use((handle) => writeWhole(handle, data, position));
  }

  datasync(): Promise<void> {
    return this.use((handle) => handle.datasync());
  }

  truncate(length: number): Promise<void> {
    return this.use((handle) => handle.truncate(length));
  }

  async reopen(): Promise<void> {
    const fresh = await open(this.path, constants.O_RDWR);
    const old = this.current;
    this.current = { handle: fresh, inFlight: 0, retired: false };
    old.retired = true;
    // Closing a descriptor whose writeback failed may report that error again: it is already known.
    if (old.inFlight === 0) await old.handle.close().catch(() => undefined);
  }

  close(): Promise<void> {
    return this.current.handle.close();
  }

  private async use<T>(operation: (handle: FileHandle) => Promise<T>): Promise<T> {
    const descriptor = this.current;
    descriptor.inFlight++;
    try {
      return await operation(descriptor.handle);
    } finally {
      descriptor.inFlight--;
      if (descriptor.retired && descriptor.inFlight === 0) await descriptor.handle.close().catch(() => undefined);
    }
  }
}

/** A log file held in memory: for the in-memory store and for tests. Not durable. */
export class MemoryLogFile implements LogFile {
  private bytes = Buffer.alloc(0);
  private length = 0;

  async size(): Promise<number> {
    return this.length;
  }

  async read(buffer: Buffer, offset: number, length: number, position: number): Promise<number> {
    const end = Math.min(this.length, position + length);
    if (end <= position) return 0;
    return this.bytes.copy(buffer, offset, position, end);
  }

  async write(data: Buffer, position: number): Promise<void> {
    const end = position + data.length;
    if (end > this.bytes.length) {
      const grown = Buffer.alloc(Math.max(end, this.bytes.length * 2));
      this.bytes.copy(grown, 0, 0, this.length);
      this.bytes = grown;
    }
    data.copy(this.bytes, position);
    this.length = Math.max(this.length, end);
  }

  async datasync(): Promise<void> {}

  async truncate(length: number): Promise<void> {
    if (length < this.length) this.bytes.fill(0, length, this.length);
    this.length = length;
  }

  async close(): Promise<void> {}
}
