/**
 * The embedded log opened read-only, beside the process that writes it (`npm start`) or
 * with no writer at all: for tools that scan or follow the log (the export, a read
 * model built beside the live one) without taking the log's lock.
 *
 * Why it is safe: the writer only ever appends whole records at the end of the file and
 * never rewrites what lies before its end (record-codec.ts). The reader opens the file
 * O_RDONLY, takes no lock, never truncates or repairs, and hands out an append only once
 * all of its records are there with matching checksums; bytes after the last complete
 * append (a write still in flight, or a torn tail a crash left for the writer's recovery
 * to cut) are not consumed, and are read again on the next call, when the writer may have
 * finished them or written a new append in their place.
 *
 * What it can see that the writer's own readers cannot: an append is in the file once
 * written, one fdatasync before the writer acknowledges it. Only if that fdatasync never
 * completes (power loss; a failing disk, after which the writer cuts the file back and
 * refuses to write) does the log end up without an append the reader has seen. The cut is
 * detected (the file is shorter than what was read: LogCutBehindReaderError); after power
 * loss the reader's process is gone too, and a reader resuming from a saved position finds
 * it beyond the head.
 */
import { constants } from 'node:fs';
import { open, type FileHandle } from 'node:fs/promises';
import { join } from 'node:path';
import { crc32 } from 'node:zlib';
import type { RecordedEvent } from '../port.ts';
import { LOG_FILE_NAME } from './embedded-event-store.ts';
import { CONTINUED_MAGIC, HEADER_BYTES, MAX_PAYLOAD_BYTES, decodePayload, isRecordMagic } from './record-codec.ts';

const DEFAULT_READ_BYTES = 4 * 1024 * 1024;

/** One event's record as the log stores it: the UTF-8 JSON of its RecordedEvent, fields in a fixed order. */
export interface LogRecord {
  readonly position: number;
  readonly payload: Buffer;
}

/** The file became shorter than what the reader had already read: records it handed out are gone. */
export class LogCutBehindReaderError extends Error {
  override readonly name = 'LogCutBehindReaderError';
}

export class EmbeddedLogReader {
  /** Byte offset just after the last complete append handed out. */
  private offset = 0;
  private nextPosition = 0;

  private constructor(
    private readonly handle: FileHandle,
    readonly path: string,
  ) {}

  /** Opens the log in `dir` (the event store's directory) for reading; it must exist. */
  static async open(dir: string): Promise<EmbeddedLogReader> {
    const path = join(dir, LOG_FILE_NAME);
    return new EmbeddedLogReader(await open(path, constants.O_RDONLY), path);
  }

  /** Position of the next event to be read (the count of events read so far). */
  get position(): number {
    return this.nextPosition;
  }

  /**
   * The records of the complete appends written after those already read, about
   * `maxBytes` of them (at least one append when one is complete); an empty array when
   * nothing complete is there yet.
   */
  async readRecords(maxBytes = DEFAULT_READ_BYTES): Promise<LogRecord[]> {
    const size = (await this.handle.stat()).size;
    if (size < this.offset) {
      throw new LogCutBehindReaderError(
        `${this.path} is ${size} bytes, shorter than the ${this.offset} bytes already read: the writer cut appends it never acknowledged`,
      );
    }
    const records: LogRecord[] = [];
    let complete = 0; // records[0, complete) are whole appends; the rest belong to one not fully read yet
    let buffer = Buffer.alloc(0);
    let bufferStart = this.offset;
    let at = this.offset;
    let position = this.nextPosition;
    // Reads from `at` on into a fresh buffer; awaited only when the buffer runs out, not per record.
    const fill = async (length: number): Promise<boolean> => {
      if (at + length > size) return false;
      const want = Math.max(length, Math.min(maxBytes, size - at));
      const next = Buffer.allocUnsafe(want);
      const { bytesRead } = await this.handle.read(next, 0, want, at);
      buffer = next.subarray(0, bytesRead);
      bufferStart = at;
      return bytesRead >= length;
    };
    while (at - this.offset < maxBytes || records.length > complete) {
      if (at + HEADER_BYTES > bufferStart + buffer.length && !(await fill(HEADER_BYTES))) break;
      let index = at - bufferStart;
      const magic = buffer.readUInt32BE(index);
      const length = buffer.readUInt32BE(index + 4);
      if (!isRecordMagic(magic) || length > MAX_PAYLOAD_BYTES) break;
      if (at + HEADER_BYTES + length > bufferStart + buffer.length && !(await fill(HEADER_BYTES + length))) break;
      index = at - bufferStart;
      const payload = buffer.subarray(index + HEADER_BYTES, index + HEADER_BYTES + length);
      if (crc32(payload) !== buffer.readUInt32BE(index + 8)) break;
      records.push({ position: position++, payload });
      at += HEADER_BYTES + length;
      if (magic !== CONTINUED_MAGIC) {
        complete = records.length;
        this.offset = at;
        this.nextPosition = position;
      }
    }
    records.length = complete;
    return records;
  }

  /** As readRecords, decoded into events. */
  async readEvents(maxBytes = DEFAULT_READ_BYTES): Promise<RecordedEvent[]> {
    return (await this.readRecords(maxBytes)).map((record) => decodePayload(record.payload.toString('utf8')));
  }

  close(): Promise<void> {
    return this.handle.close();
  }
}
