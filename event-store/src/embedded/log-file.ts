/**
 * The few file operations the embedded log needs, behind an interface so tests can
 * inject failures (a failing fdatasync, a short disk) and so an in-memory store can
 * run the very same code without a disk.
 */
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
}

/** Opens (creating if needed) a log file for reading and positioned writing. */
export async function openDiskLogFile(path: string): Promise<LogFile> {
  // Not O_APPEND: every write names its offset, so a truncated tail is overwritten in place.
  return new DiskLogFile(await open(path, constants.O_RDWR | constants.O_CREAT, 0o644));
}

class DiskLogFile implements LogFile {
  constructor(private readonly handle: FileHandle) {}

  async size(): Promise<number> {
    return (await this.handle.stat()).size;
  }

  async read(buffer: Buffer, offset: number, length: number, position: number): Promise<number> {
    return (await this.handle.read(buffer, offset, length, position)).bytesRead;
  }

  async write(data: Buffer, position: number): Promise<void> {
    let written = 0;
    while (written < data.length) {
      const { bytesWritten } = await this.handle.write(data, written, data.length - written, position + written);
      if (bytesWritten === 0) throw new Error('log write made no progress');
      written += bytesWritten;
    }
  }

  datasync(): Promise<void> {
    return this.handle.datasync();
  }

  truncate(length: number): Promise<void> {
    return this.handle.truncate(length);
  }

  close(): Promise<void> {
    return this.handle.close();
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
