/**
 * The durable events, held in memory and indexed for the port's reads.
 *
 * Memory: every event is kept (about its JSON size plus ~200 bytes of object overhead),
 * which suits a single-process product whose log is well below the machine's RAM. The
 * arrays are append-only and events are frozen, so reads hand out slices without copying
 * events.
 */
import { LogCorruptedError } from '../errors.ts';
import type { RecordedEvent } from '../port.ts';

export class CommittedEvents {
  /** Index = position: positions are 0-based and gap-free. */
  private readonly all: RecordedEvent[] = [];
  private readonly byStream = new Map<string, RecordedEvent[]>();

  get count(): number {
    return this.all.length;
  }

  /** Adds events that just became durable, in position order. */
  add(events: readonly RecordedEvent[]): void {
    for (const event of events) {
      const stream = this.byStream.get(event.streamId);
      const expectedRevision = stream ? stream.length : 0;
      // The writer assigns both numbers, and recovery replays them: a mismatch means
      // the log contradicts itself, and serving it would corrupt every projection.
      if (event.position !== this.all.length || event.revision !== expectedRevision) {
        throw new LogCorruptedError(
          `event ${event.id} claims ${event.streamId}@${event.revision} at position ${event.position}; ` +
            `expected revision ${expectedRevision} at position ${this.all.length}`,
        );
      }
      this.all.push(event);
      if (stream) stream.push(event);
      else this.byStream.set(event.streamId, [event]);
    }
  }

  /** Revision of the stream's last durable event, or undefined when it has none. */
  streamRevision(streamId: string): number | undefined {
    const stream = this.byStream.get(streamId);
    return stream ? stream.length - 1 : undefined;
  }

  streamIds(): IterableIterator<string> {
    return this.byStream.keys();
  }

  readStream(streamId: string, fromRevision = 0, maxCount = Infinity): RecordedEvent[] {
    const stream = this.byStream.get(streamId);
    if (!stream) return [];
    return stream.slice(Math.max(0, fromRevision), end(Math.max(0, fromRevision), maxCount));
  }

  /** Events with position > after (after = -1 reads from the start). */
  readAfter(after: number, maxCount = Infinity): RecordedEvent[] {
    const start = Math.max(0, Math.floor(after) + 1);
    return this.all.slice(start, end(start, maxCount));
  }

  at(position: number): RecordedEvent | undefined {
    return Number.isInteger(position) ? this.all[position] : undefined;
  }

  headPosition(): number | null {
    return this.all.length === 0 ? null : this.all.length - 1;
  }
}

function end(start: number, maxCount: number): number | undefined {
  return Number.isFinite(maxCount) ? start + Math.max(0, maxCount) : undefined;
}
