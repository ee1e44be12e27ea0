/**
 * The leaf hashes of the embedded log, read straight from its file: verify-log's way to
 * read the one-process mode's log. It opens the file read-only and takes no lock, so it
 * runs beside `npm start`: it reads the records that were in the file when it began, up to
 * the last complete append (an append still being written, or a torn tail the store cuts
 * at its next open, is left out). Records are read sequentially in large chunks and hashed
 * by worker threads (leaf-hash-worker.ts), one per core: the checksum and SHA-256 of each
 * payload (its stored bytes are its RFC 8785 text) are nearly all of verify-log's time, and
 * leaves are independent of each other.
 *
 * Records in the log's former format (record-codec.ts) are accepted only before its first
 * canonical record: the store wrote the former format until it switched, and never after,
 * so a former-format record later in the log is one rewritten since, and its bytes are
 * hashed as they stand (which cannot give the notarised leaf).
 */
import { open, type FileHandle } from 'node:fs/promises';
import { availableParallelism } from 'node:os';
import { Worker } from 'node:worker_threads';
import { HEADER_BYTES, RECORD_MAGIC, isCanonicalPayload, isRecordMagic, readHeader, type RecordedEvent } from '@stays/event-store';
import type { LeafHashAnswer, LeafHashRequest } from './leaf-hash-worker.ts';
import { BLOCK_LEAVES, leavesOfRecords } from './record-leaves.ts';
import type { LeafPlace } from './verify-log.ts';

const CHUNK_BYTES = 16 * 1024 * 1024;
/** Bytes of records per message to a worker: small enough to spread a chunk over the workers. */
const BATCH_BYTES = 1024 * 1024;
/** Longer than any record the store accepts (record-codec's MAX_PAYLOAD_BYTES): anything longer is damage. */
const MAX_RECORD_BYTES = HEADER_BYTES + 64 * 1024 * 1024;
const HASH_BYTES = 32;

export interface LogFileLeaves {
  /** Leaf i: the hash of the i-th record of the file. */
  readonly leaves: Buffer[];
  /** Where the readable records end, when bytes after them are not a complete append (else null). */
  readonly unreadFrom: number | null;
  /** How many records, from the first, are in the former format (parsed to be hashed). */
  readonly formerRecords: number;
  /** The record behind leaf i (null past the end), read back from the file. */
  placeOf(leafIndex: number): Promise<LeafPlace | null>;
}

export interface LogFileLeavesOptions {
  /** Worker threads hashing (0: the calling thread hashes, between its reads); one per core unless given. */
  readonly threads?: number;
  /**
   * Called with the leaves in log order as they are hashed, while the file is still being
   * read (to build the tree meanwhile), with the roots of the complete blocks among them
   * (record-leaves.ts); both as 32-byte hashes laid end to end.
   */
  readonly onLeaves?: (leaves: Buffer, blocks: Buffer) => void;
}

export async function leavesOfLogFile(file: string, options: LogFileLeavesOptions = {}): Promise<LogFileLeaves> {
  const packed: Buffer[] = [];
  const starts: number[] = [];
  const { unreadFrom, formerRecords } = await streamLeavesOfLogFile(file, {
    threads: options.threads ?? availableParallelism(),
    onLeaves: (leaves, blocks) => {
      packed.push(leaves);
      options.onLeaves?.(leaves, blocks);
    },
    onRecordStarts: (recordStarts) => {
      for (const start of recordStarts) starts.push(start);
    },
  });
  let leaves: Buffer[] | null = null;
  return {
    get leaves() {
      leaves ??= packed.flatMap(eachHash);
      return leaves;
    },
    unreadFrom,
    formerRecords,
    placeOf: (leafIndex) => placeAt(file, starts[leafIndex]),
  };
}

export interface LeafStreamOptions {
  /** Worker threads hashing (0: the calling thread hashes, between its reads). */
  readonly threads: number;
  /**
   * Takes the leaves in log order, with the roots of the complete blocks among them, both as
   * 32-byte hashes laid end to end. Reading waits while a few runs are not taken yet, so
   * what is held stays bounded whatever the log's size; `'stop'` ends the reading.
   */
  readonly onLeaves: (leaves: Buffer, blocks: Buffer) => void | 'stop' | Promise<void | 'stop'>;
  /** The file offset of each record, in log order, as records are read. */
  readonly onRecordStarts?: (starts: readonly number[]) => void;
}

/**
 * The leaves of the log file handed on as they are hashed and kept nowhere: the one-process
 * notary's check of the log at start reads the file this way (its records' stored bytes
 * are hashed as they are, where reading them through the store would decode and re-encode
 * each one).
 */
export async function streamLeavesOfLogFile(
  file: string,
  options: LeafStreamOptions,
): Promise<{ readonly unreadFrom: number | null; readonly formerRecords: number }> {
  const handle = await open(file, 'r');
  const pool = new HashingPool(options.threads, options.onLeaves);
  let firstLeaf = 0;
  try {
    const { end, size, formerRecords } = await readRecords(
      handle,
      (records, fileOffset, recordStarts, formerAllowed) => {
        const first = firstLeaf;
        firstLeaf += recordStarts.length;
        options.onRecordStarts?.(recordStarts.map((start) => fileOffset + start));
        return pool.hash(records, fileOffset, formerAllowed, first);
      },
      () => pool.stopped,
    );
    await pool.finish();
    return { unreadFrom: end < size ? end : null, formerRecords };
  } finally {
    await pool.close();
    await handle.close();
  }
}

/**
 * Hands `onRecords` the file's complete appends in order, in runs of whole records, with
 * the start of each record in the run and how many of its first records may be in the
 * former format. A run ends where the log's leaf index is a multiple of a block, so its
 * blocks are whole, except at the end of a chunk. Returns where the last complete append ends, the size of the file when
 * reading began, and how many records came before the first canonical one.
 */
async function readRecords(
  handle: FileHandle,
  onRecords: (records: Buffer, fileOffset: number, recordStarts: number[], formerAllowed: number) => Promise<void>,
  stopped: () => boolean = () => false,
): Promise<{ end: number; size: number; formerRecords: number }> {
  const size = (await handle.stat()).size; // what was written when verify began: a writer may go on appending
  let buffer = Buffer.allocUnsafe(CHUNK_BYTES);
  let bufferStart = 0; // file offset of buffer[0]
  let filled = 0;
  let damaged = false;
  let handed = 0; // records handed to onRecords so far
  let formerRecords = 0;
  let canonicalSeen = false;
  const hand = async (records: Buffer, fileOffset: number, recordStarts: number[]) => {
    const formerAllowed = Math.max(0, Math.min(recordStarts.length, formerRecords - handed));
    handed += recordStarts.length;
    await onRecords(records, fileOffset, recordStarts, formerAllowed);
  };
  while (!damaged && !stopped() && bufferStart + filled < size) {
    if (filled === buffer.length) buffer = Buffer.concat([buffer, Buffer.allocUnsafe(buffer.length)]);
    const { bytesRead } = await handle.read(buffer, filled, Math.min(buffer.length - filled, size - bufferStart - filled), bufferStart + filled);
    if (bytesRead === 0) break;
    filled += bytesRead;
    let at = 0;
    let appendEnd = 0;
    let pending: number[] = [];
    let run: number[] = [];
    let runStart = 0;
    while (at + HEADER_BYTES <= filled) {
      const { magic, length } = readHeader(buffer, at);
      if (!isRecordMagic(magic) || HEADER_BYTES + length > MAX_RECORD_BYTES) {
        damaged = true;
        break;
      }
      if (at + HEADER_BYTES + length > filled) break;
      pending.push(at);
      at += HEADER_BYTES + length;
      if (magic !== RECORD_MAGIC) continue;
      appendEnd = at;
      for (const start of pending) {
        if (canonicalSeen) break;
        const payload = buffer.subarray(start + HEADER_BYTES, start + HEADER_BYTES + readHeader(buffer, start).length);
        if (isCanonicalPayload(payload)) canonicalSeen = true;
        else formerRecords++;
      }
      run.push(...pending.map((start) => start - runStart));
      pending = [];
      if (appendEnd - runStart >= BATCH_BYTES) {
        const aligned = run.length - ((handed + run.length) % BLOCK_LEAVES);
        const count = aligned > 0 ? aligned : run.length;
        const cut = count < run.length ? runStart + run[count]! : appendEnd; // the records after it start the next run
        await hand(buffer.subarray(runStart, cut), bufferStart + runStart, run.slice(0, count));
        run = run.slice(count).map((start) => start - (cut - runStart));
        runStart = cut;
      }
    }
    if (runStart < appendEnd) await hand(buffer.subarray(runStart, appendEnd), bufferStart + runStart, run);
    // the incomplete append at the end of the chunk moves to the front, and the next read completes it
    buffer.copy(buffer, 0, appendEnd, filled);
    bufferStart += appendEnd;
    filled -= appendEnd;
  }
  return { end: bufferStart, size, formerRecords };
}

async function placeAt(file: string, start: number | undefined): Promise<LeafPlace | null> {
  if (start === undefined) return null;
  const handle = await open(file, 'r');
  try {
    const header = Buffer.alloc(HEADER_BYTES);
    await handle.read(header, 0, HEADER_BYTES, start);
    const payload = Buffer.alloc(readHeader(header, 0).length);
    await handle.read(payload, 0, payload.length, start + HEADER_BYTES);
    const record = JSON.parse(payload.toString('utf8')) as RecordedEvent;
    return { position: record.position, streamId: record.streamId, type: record.type };
  } finally {
    await handle.close();
  }
}

/** The worker is TypeScript, loaded through a bootstrap module that registers tsx in the thread. */
const WORKER_ENTRY = new URL('./leaf-hash-worker-bootstrap.mjs', import.meta.url);

/**
 * Worker threads hashing runs of records (or none: the caller's thread); the leaves are
 * handed on in the order the runs were given, one run after the other is taken.
 */
class HashingPool {
  private readonly workers: Worker[];
  private readonly inFlight: number[];
  /** Answers come back out of order: held here until those before them are in. */
  private readonly answers = new Map<number, { leaves: Buffer; blocks: Buffer }>();
  private delivered = 0;
  /** Runs handed to onLeaves one after the other; `untaken` of them not taken yet. */
  private taken: Promise<void> = Promise.resolve();
  private untaken = 0;
  private readonly waiting = new Map<number, { resolve: () => void; reject: (error: Error) => void }>();
  private readonly settled: Promise<void>[] = [];
  private failure: Error | null = null;
  private nextBatch = 0;
  private freed: (() => void) | null = null;
  /** onLeaves said 'stop': nothing more is hashed or handed on. */
  stopped = false;

  constructor(
    threads: number,
    private readonly onLeaves: LeafStreamOptions['onLeaves'],
  ) {
    this.workers = Array.from({ length: Math.max(0, threads) }, () => new Worker(WORKER_ENTRY));
    this.inFlight = this.workers.map(() => 0);
    this.workers.forEach((worker, i) => {
      worker.on('message', (answer: LeafHashAnswer) => {
        this.inFlight[i]!--;
        const waiter = this.waiting.get(answer.batch)!;
        this.waiting.delete(answer.batch);
        if ('error' in answer) waiter.reject(new Error(answer.error));
        else {
          this.answered(answer.batch, { leaves: Buffer.from(answer.leaves), blocks: Buffer.from(answer.blocks) });
          waiter.resolve();
        }
        this.freed?.();
      });
      worker.on('error', (error) => {
        this.failure ??= error;
        for (const waiter of this.waiting.values()) waiter.reject(error);
        this.waiting.clear();
        this.freed?.();
      });
    });
  }

  /** Sends a run to the least busy worker, waiting while every worker has a few runs queued or a few are not taken yet. */
  async hash(records: Buffer, fileOffset: number, formerAllowed: number, firstLeaf: number): Promise<void> {
    if (this.untaken >= 4) await this.taken;
    if (this.stopped) return;
    if (this.workers.length === 0) {
      const { leaves, blocks } = leavesOfRecords(records, fileOffset, formerAllowed, firstLeaf);
      this.answered(this.nextBatch++, { leaves: Buffer.from(leaves), blocks: Buffer.from(blocks) });
      return;
    }
    for (;;) {
      if (this.failure) throw this.failure;
      const idle = this.inFlight.indexOf(Math.min(...this.inFlight));
      if (this.inFlight[idle]! < 3) {
        const batch = this.nextBatch++;
        const copy = new Uint8Array(records); // the reader reuses its buffer: the worker gets bytes of its own
        const answered = new Promise<void>((resolve, reject) => this.waiting.set(batch, { resolve, reject }));
        answered.catch(() => undefined); // the failure is thrown by finish(), not reported as unhandled before it
        this.settled.push(answered);
        this.inFlight[idle]!++;
        const request: LeafHashRequest = { batch, records: copy.buffer, fileOffset, formerAllowed, firstLeaf };
        this.workers[idle]!.postMessage(request, [copy.buffer]);
        return;
      }
      await new Promise<void>((resolve) => (this.freed = resolve));
    }
  }

  private answered(batch: number, hashes: { leaves: Buffer; blocks: Buffer }): void {
    this.answers.set(batch, hashes);
    for (let next = this.answers.get(this.delivered); next !== undefined; next = this.answers.get(this.delivered)) {
      this.answers.delete(this.delivered++);
      const { leaves, blocks } = next;
      this.untaken++;
      this.taken = this.taken.then(async () => {
        if (!this.stopped && (await this.onLeaves(leaves, blocks)) === 'stop') this.stopped = true;
        this.untaken--;
      });
      this.taken.catch(() => undefined); // thrown by hash() or finish(), not reported as unhandled before
    }
  }

  async finish(): Promise<void> {
    await Promise.all(this.settled);
    await this.taken;
  }

  async close(): Promise<void> {
    await Promise.all(this.workers.map((worker) => worker.terminate()));
  }
}

/** 32-byte hashes laid end to end, one by one. */
export function eachHash(hashes: Buffer): Buffer[] {
  const each: Buffer[] = [];
  for (let offset = 0; offset < hashes.length; offset += HASH_BYTES) each.push(hashes.subarray(offset, offset + HASH_BYTES));
  return each;
}
