/**
 * Where the durable events are in the log file, without the events themselves: each
 * position's byte offset, and each stream's positions (which also give its revision).
 * Reads then fetch the records from the file (record-reader.ts), so memory grows by
 * about 16 bytes per event plus each stream's name, not by the events' size.
 *
 * Everything here is append-only: offsets and positions below `count` never change, so a
 * read that took its positions in one tick may fetch them later.
 */
import { LogCorruptedError } from '../errors.ts';

/** Offsets are kept in fixed-size chunks: growing never copies, and nothing is over-allocated by more than a chunk. */
const CHUNK_SHIFT = 16;
const CHUNK_SIZE = 1 << CHUNK_SHIFT;
const CHUNK_MASK = CHUNK_SIZE - 1;

/**
 * A stream of one event holds its position alone, a longer stream an array: most streams in a
 * booking log are short. A stream loaded from the index file is a view into the file's
 * positions until it grows: copying 100,000 streams into arrays took 140–240 ms of a restart
 * over 1,000,000 events, the views 50 ms.
 */
type StreamPositions = number | number[] | Uint32Array;

export class LogIndex {
  private readonly offsetChunks: Float64Array[] = [];
  private readonly streams = new Map<string, StreamPositions>();
  private eventCount = 0;
  private byteLength = 0;

  /** Number of durable events (the next position). */
  get count(): number {
    return this.eventCount;
  }

  /** Bytes of log covered: where the next record starts. */
  get length(): number {
    return this.byteLength;
  }

  get streamCount(): number {
    return this.streams.size;
  }

  /**
   * Adds a record that just became durable (or was found at open), right after the last
   * one. Throws LogCorruptedError when its position or revision does not continue the log.
   */
  add(streamId: string, position: number, revision: number, recordBytes: number): void {
    const stream = this.streams.get(streamId);
    const expectedRevision = stream === undefined ? 0 : typeof stream === 'number' ? 1 : stream.length;
    // The writer assigns both numbers, and recovery replays them: a mismatch means the log
    // contradicts itself, and serving it would corrupt every projection.
    if (position !== this.eventCount || revision !== expectedRevision) {
      throw new LogCorruptedError(
        `record of ${streamId}@${revision} at position ${position}; expected revision ${expectedRevision} at position ${this.eventCount}`,
      );
    }
    if (stream === undefined) this.streams.set(streamId, position);
    else if (typeof stream === 'number') this.streams.set(streamId, [stream, position]);
    else if (stream instanceof Uint32Array) this.streams.set(streamId, [...stream, position]);
    else stream.push(position);
    this.pushOffset(this.byteLength);
    this.byteLength += recordBytes;
  }

  /** Adds a whole stream at once (loading a persisted index), keeping `positions` (never written to) as it is; offsets come separately. */
  addStream(streamId: string, positions: Uint32Array): void {
    this.streams.set(streamId, positions.length === 1 ? positions[0]! : positions);
  }

  /** Adds the offsets of the next positions at once (loading a persisted index), then sets the covered length. */
  addOffsets(offsets: Float64Array, length: number): void {
    for (let i = 0; i < offsets.length;) {
      const chunk = this.eventCount >>> CHUNK_SHIFT;
      if (chunk === this.offsetChunks.length) this.offsetChunks.push(new Float64Array(CHUNK_SIZE));
      const at = this.eventCount & CHUNK_MASK;
      const take = Math.min(CHUNK_SIZE - at, offsets.length - i);
      this.offsetChunks[chunk]!.set(offsets.subarray(i, i + take), at);
      this.eventCount += take;
      i += take;
    }
    this.byteLength = length;
  }

  private pushOffset(offset: number): void {
    const chunk = this.eventCount >>> CHUNK_SHIFT;
    if (chunk === this.offsetChunks.length) this.offsetChunks.push(new Float64Array(CHUNK_SIZE));
    this.offsetChunks[chunk]![this.eventCount & CHUNK_MASK] = offset;
    this.eventCount++;
  }

  /** Byte offset of the record at `position` (which must be below count). */
  offsetOf(position: number): number {
    return this.offsetChunks[position >>> CHUNK_SHIFT]![position & CHUNK_MASK]!;
  }

  /** Byte offset just after the record at `position`. */
  endOf(position: number): number {
    return position + 1 < this.eventCount ? this.offsetOf(position + 1) : this.byteLength;
  }

  /** Revision of the stream's last durable event, or undefined when it has none. */
  streamRevision(streamId: string): number | undefined {
    const stream = this.streams.get(streamId);
    return stream === undefined ? undefined : typeof stream === 'number' ? 0 : stream.length - 1;
  }

  /** Positions of the stream's events from revision `from`, at most `maxCount` of them (slice semantics). */
  streamPositions(streamId: string, from: number, maxCount: number): number[] {
    const stream = this.streams.get(streamId);
    if (stream === undefined) return [];
    const all = typeof stream === 'number' ? [stream] : stream;
    const start = Math.max(0, from);
    const taken = all.slice(start, Number.isFinite(maxCount) ? start + Math.max(0, maxCount) : undefined);
    return taken instanceof Uint32Array ? Array.from(taken) : taken;
  }

  /** Every stream with its positions, in the order streams first appeared (for persisting). */
  *streamEntries(): IterableIterator<[string, number | readonly number[] | Uint32Array]> {
    yield* this.streams.entries();
  }
}
