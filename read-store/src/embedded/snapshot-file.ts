/**
 * One snapshot of the embedded read store as a file: every collection's documents and
 * index definitions, with the log position they were taken at (its origin).
 *
 * Layout: an 8-byte magic, then frames (a 4-byte big-endian length and a V8-serialised
 * value): a header (format, origin, collections with their indexes and document counts),
 * then the documents, collection after collection, in chunks; last, the CRC-32 of every byte
 * before it (4 bytes, big-endian). V8's serialiser is structuredClone's, so whatever a stored
 * document may hold (see copy-value.ts: Dates, RegExps, typed arrays, Maps ...) comes back as
 * it was.
 *
 * The magic's last byte is the layout's version: 1, still read, ended with the SHA-256 of
 * every byte before it (32 bytes). The checksum guards against torn writes and damage, which
 * a CRC-32 catches as the log's records do; SHA-256 took 75 ms of a restart over 1,000,000
 * events against 6 ms (docs/decisions/0053).
 *
 * Writing serialises one chunk at a time and awaits its write, so the process keeps
 * serving requests while a large store is written; a file that is cut short or altered
 * fails its checksum and is refused whole.
 */
import { createHash } from 'node:crypto';
import { open, readFile, type FileHandle } from 'node:fs/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import v8 from 'node:v8';
import { crc32 } from 'node:zlib';
import type { Document } from '../port.ts';
import type { CollectionState, IndexDefinition } from './embedded-collection.ts';

const MAGIC = Buffer.from('STAYSRS\u0002', 'latin1');
/** The magic of the version that ended with a SHA-256. */
const MAGIC_SHA256 = Buffer.from('STAYSRS\u0001', 'latin1');
const FORMAT = 1;
const CHECKSUM_BYTES = 4;
const SHA256_BYTES = 32;
/** Documents serialised per frame: small enough that one frame is a short pause for the event loop. */
const CHUNK_DOCUMENTS = 1000;
/**
 * A pause after each chunk, read only here, at each snapshot: crash tests use it to kill the
 * process while a snapshot is being written, full-disk tests to free space between writes.
 * Never set in service.
 */
const chunkDelayMs = (): number => Number(process.env.STAYS_SNAPSHOT_CHUNK_DELAY_MS ?? 0);

/** Where in the log a snapshot was taken: the log's head and the id of the event there. */
export interface SnapshotOrigin {
  readonly position: number;
  readonly eventId: string;
}

export interface Snapshot {
  readonly origin: SnapshotOrigin;
  /** When it was written (for log lines). */
  readonly takenAt: Date;
  readonly collections: readonly CollectionState[];
}

interface Header {
  readonly format: number;
  readonly origin: SnapshotOrigin;
  readonly takenAt: Date;
  readonly collections: readonly { readonly name: string; readonly indexes: readonly IndexDefinition[]; readonly count: number }[];
}

/** The file is not a whole snapshot this code can read: cut short, altered, or of another format. */
export class SnapshotUnreadableError extends Error {
  override readonly name = 'SnapshotUnreadableError';
}

/** Writes `snapshot` to `file` (created with mode 0600, truncated if present) and fsyncs it. */
export async function writeSnapshotFile(file: string, snapshot: Snapshot): Promise<void> {
  const handle = await open(file, 'w', 0o600);
  const delayMs = chunkDelayMs();
  try {
    let checksum = 0;
    const put = async (bytes: Buffer) => {
      checksum = crc32(bytes, checksum);
      await writeWhole(handle, bytes);
    };
    await put(MAGIC);
    const header: Header = {
      format: FORMAT,
      origin: snapshot.origin,
      takenAt: snapshot.takenAt,
      collections: snapshot.collections.map(({ name, indexes, documents }) => ({ name, indexes, count: documents.length })),
    };
    await put(frame(header));
    for (const { documents } of snapshot.collections) {
      for (let start = 0; start < documents.length; start += CHUNK_DOCUMENTS) {
        await put(frame(documents.slice(start, start + CHUNK_DOCUMENTS)));
        if (delayMs > 0) await sleep(delayMs);
      }
    }
    const trailer = Buffer.alloc(CHECKSUM_BYTES);
    trailer.writeUInt32BE(checksum);
    await writeWhole(handle, trailer);
    await handle.sync();
  } finally {
    await handle.close();
  }
}

/**
 * Writes every byte, however many writes it takes: a disk with less room left than a write
 * takes part of it and succeeds (only the next write fails), and a writer that went on would
 * leave a hole in the file, and rename it over a whole snapshot once space came back.
 */
async function writeWhole(handle: FileHandle, bytes: Buffer): Promise<void> {
  for (let written = 0; written < bytes.length;) {
    const { bytesWritten } = await handle.write(bytes, written, bytes.length - written);
    if (bytesWritten === 0) throw Object.assign(new Error('ENOSPC: no space left on device, write took no bytes'), { code: 'ENOSPC' });
    written += bytesWritten;
  }
}

/** Reads a whole snapshot; SnapshotUnreadableError when the file is not one (ENOENT and other I/O errors pass through). */
export async function readSnapshotFile(file: string): Promise<Snapshot> {
  const bytes = await readFile(file);
  const magic = bytes.subarray(0, MAGIC.length);
  const trailerBytes = magic.equals(MAGIC) ? CHECKSUM_BYTES : magic.equals(MAGIC_SHA256) ? SHA256_BYTES : undefined;
  if (trailerBytes === undefined || bytes.length < MAGIC.length + trailerBytes) {
    throw new SnapshotUnreadableError('not a read store snapshot (or cut short before its first frame)');
  }
  const body = bytes.subarray(0, bytes.length - trailerBytes);
  const trailer = bytes.subarray(body.length);
  const intact = trailerBytes === CHECKSUM_BYTES ? crc32(body) === trailer.readUInt32BE(0) : createHash('sha256').update(body).digest().equals(trailer);
  if (!intact) throw new SnapshotUnreadableError('checksum mismatch (written only in part, or altered)');
  const frames = new FrameReader(body, MAGIC.length);
  const header = frames.next() as Header;
  if (header?.format !== FORMAT) throw new SnapshotUnreadableError(`format ${String(header?.format)}, not ${FORMAT}`);
  const collections = header.collections.map(({ name, indexes, count }): CollectionState => {
    const documents: Document[] = [];
    while (documents.length < count) {
      const chunk = frames.next();
      if (!Array.isArray(chunk) || chunk.length === 0) throw new SnapshotUnreadableError(`collection ${name}: a chunk of documents is not one`);
      for (const document of chunk as Document[]) documents.push(document);
    }
    if (documents.length !== count) throw new SnapshotUnreadableError(`collection ${name}: ${documents.length} documents, the header says ${count}`);
    return { name, indexes, documents };
  });
  if (!frames.done()) throw new SnapshotUnreadableError('bytes after the last collection');
  return { origin: header.origin, takenAt: header.takenAt, collections };
}

function frame(value: unknown): Buffer {
  const payload = v8.serialize(value);
  const length = Buffer.allocUnsafe(4);
  length.writeUInt32BE(payload.length);
  return Buffer.concat([length, payload]);
}

class FrameReader {
  constructor(
    private readonly bytes: Buffer,
    private offset: number,
  ) {}

  next(): unknown {
    if (this.offset + 4 > this.bytes.length) throw new SnapshotUnreadableError('a frame is missing');
    const length = this.bytes.readUInt32BE(this.offset);
    const end = this.offset + 4 + length;
    if (end > this.bytes.length) throw new SnapshotUnreadableError('a frame is cut short');
    const value: unknown = v8.deserialize(this.bytes.subarray(this.offset + 4, end));
    this.offset = end;
    return value;
  }

  done(): boolean {
    return this.offset === this.bytes.length;
  }
}
