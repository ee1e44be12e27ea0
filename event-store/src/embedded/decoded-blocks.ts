/**
 * The decoded events of recently read stretches of the log, shared by the readers that go
 * through the log in order: the followers (each read model, reactor and the notary has its
 * own subscription) catch up over the same positions at about the same time, and without
 * this each of them would read and decode every record again (five read models replayed
 * at a third of the speed of one).
 *
 * The log is cut into blocks of BLOCK_EVENTS positions; a complete block, once decoded, is
 * kept until the blocks read after it exceed the byte budget (least recently used first).
 * The block at the head is never kept: it is still growing. Nor is a block no other reader
 * will come for (the caller says so: a follower reading alone, far behind the others or after
 * them, as the notary catches up after a first start): kept, its events would outlive many
 * young-generation collections and be promoted, and the old generation would grow by about
 * three times the log's bytes between full collections, for nothing. Events here are handed to every
 * reader of the block, which is safe because they are frozen (record-codec.ts).
 */
import type { RecordedEvent } from '../port.ts';
import type { LogIndex } from './log-index.ts';

const BLOCK_SHIFT = 8;
const BLOCK_EVENTS = 1 << BLOCK_SHIFT;
/** Bytes of records (as stored) whose decoded events are kept: about three times that in heap. */
const BUDGET_BYTES = 16 * 1024 * 1024;

/** A block's events, or their read still in flight (readers arriving meanwhile wait for it rather than read it again). */
interface Held {
  readonly events: Promise<readonly RecordedEvent[]>;
  readonly bytes: number;
}

export class DecodedBlocks {
  /** In least recently used order. */
  private readonly blocks = new Map<number, Held>();
  private bytes = 0;

  constructor(
    private readonly index: LogIndex,
    private readonly readPositions: (positions: readonly number[]) => Promise<RecordedEvent[]>,
  ) {}

  /**
   * The durable events at positions [start, end) (end at most the index's count), in order.
   * `nextReader`: the position the nearest other reader behind will read next (null: none is
   * behind); blocks read now are kept only when it is near enough to find them still held.
   */
  async read(start: number, end: number, nextReader: number | null = start): Promise<RecordedEvent[]> {
    if (end <= start) return [];
    const keep = nextReader !== null && this.index.offsetOf(start) - this.index.offsetOf(Math.min(nextReader, start)) <= BUDGET_BYTES;
    const first = start >>> BLOCK_SHIFT;
    const last = (end - 1) >>> BLOCK_SHIFT;
    const count = this.index.count;
    const parts: Promise<readonly RecordedEvent[]>[] = [];
    const missing: number[] = [];
    for (let block = first; block <= last; block++) {
      const held = this.touch(block);
      if (held) parts.push(held.events);
      else missing.push(block);
    }
    this.fetch(missing, count, keep).forEach((events, i) => parts.splice(missing[i]! - first, 0, events));

    const blocks = await Promise.all(parts);
    const result: RecordedEvent[] = [];
    for (let i = 0; i < blocks.length; i++) {
      const events = blocks[i]!;
      const base = (first + i) * BLOCK_EVENTS;
      const to = Math.min(end, base + events.length) - base;
      for (let e = Math.max(start, base) - base; e < to; e++) result.push(events[e]!);
    }
    return result;
  }

  /** Reads these blocks (in ascending order) in one go, as their records lie side by side; keeps the complete ones. */
  private fetch(blocks: readonly number[], count: number, keep: boolean): Promise<readonly RecordedEvent[]>[] {
    if (blocks.length === 0) return [];
    const fetched = this.readPositions(blocks.flatMap((block) => positionsOf(block, count)));
    let at = 0;
    return blocks.map((block) => {
      const from = at;
      const size = Math.min(BLOCK_EVENTS, count - block * BLOCK_EVENTS);
      at += size;
      const events = fetched.then((all) => all.slice(from, from + size));
      if (keep && size === BLOCK_EVENTS) this.keep(block, events);
      return events;
    });
  }

  /** The block if held, marked as just used. */
  private touch(block: number): Held | undefined {
    const held = this.blocks.get(block);
    if (!held) return undefined;
    this.blocks.delete(block);
    this.blocks.set(block, held);
    return held;
  }

  private keep(block: number, events: Promise<readonly RecordedEvent[]>): void {
    const bytes = this.index.endOf(block * BLOCK_EVENTS + BLOCK_EVENTS - 1) - this.index.offsetOf(block * BLOCK_EVENTS);
    if (bytes > BUDGET_BYTES / 4 || this.blocks.has(block)) return;
    const held = { events, bytes };
    this.blocks.set(block, held);
    this.bytes += bytes;
    // A failed read is not kept: the next reader tries again (and meets the damage itself).
    events.catch(() => this.forget(block, held));
    for (const [oldest, kept] of this.blocks) {
      if (this.bytes <= BUDGET_BYTES) break;
      this.forget(oldest, kept);
    }
  }

  private forget(block: number, held: Held): void {
    if (this.blocks.get(block) !== held) return;
    this.blocks.delete(block);
    this.bytes -= held.bytes;
  }
}

function positionsOf(block: number, count: number): number[] {
  const base = block * BLOCK_EVENTS;
  return Array.from({ length: Math.min(BLOCK_EVENTS, count - base) }, (_, i) => base + i);
}
