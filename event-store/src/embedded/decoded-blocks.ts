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
 *
 * A block that is not kept is not read whole either: only the positions asked for are
 * decoded. Read whole, the growing block at the head was decoded again from its first
 * event at every read of every follower there, about a hundred times an event under 100
 * bookings a second (a third of the process's CPU, and the booking answers' p99 at 265 ms
 * against 62 ms), and a follower reading alone decoded the block its batch began in twice.
 */
import type { RecordedEvent } from '../port.ts';
import type { LogIndex } from './log-index.ts';

const BLOCK_SHIFT = 8;
const BLOCK_EVENTS = 1 << BLOCK_SHIFT;
/** Bytes of records (as stored) whose decoded events are kept: about three times that in heap. */
const BUDGET_BYTES = 16 * 1024 * 1024;

const NOTHING: Promise<readonly RecordedEvent[]> = Promise.resolve([]);

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
   * Only a block that is kept is read whole: anything else is read from `start` to `end`
   * alone, so a follower at the head (whose block is still growing, never kept) decodes only
   * the events it has not seen, and one reading alone decodes no record twice.
   */
  async read(start: number, end: number, nextReader: number | null = start): Promise<RecordedEvent[]> {
    if (end <= start) return [];
    const keep = nextReader !== null && this.index.offsetOf(start) - this.index.offsetOf(Math.min(nextReader, start)) <= BUDGET_BYTES;
    const count = this.index.count;
    /** Each block's events in order, with the position of its first. */
    const parts: { from: number; events: Promise<readonly RecordedEvent[]> }[] = [];
    /** The stretches to read, one run of positions per block not held. */
    const missing: { part: number; from: number; to: number; block: number | null }[] = [];
    for (let block = start >>> BLOCK_SHIFT; block <= (end - 1) >>> BLOCK_SHIFT; block++) {
      const base = block * BLOCK_EVENTS;
      const held = this.touch(block);
      if (held) {
        parts.push({ from: base, events: held.events });
        continue;
      }
      const whole = keep && base + BLOCK_EVENTS <= count;
      const from = whole ? base : Math.max(start, base);
      missing.push({ part: parts.length, from, to: whole ? base + BLOCK_EVENTS : Math.min(end, base + BLOCK_EVENTS), block: whole ? block : null });
      parts.push({ from, events: NOTHING });
    }
    if (missing.length > 0) this.fetch(missing, parts);

    const decoded = await Promise.all(parts.map((part) => part.events));
    const result: RecordedEvent[] = [];
    parts.forEach(({ from }, i) => {
      const events = decoded[i]!;
      const to = Math.min(end, from + events.length) - from;
      for (let e = Math.max(start, from) - from; e < to; e++) result.push(events[e]!);
    });
    return result;
  }

  /** Reads these stretches (in ascending order) in one go, as their records lie side by side; keeps the whole blocks among them. */
  private fetch(
    missing: readonly { part: number; from: number; to: number; block: number | null }[],
    parts: { from: number; events: Promise<readonly RecordedEvent[]> }[],
  ): void {
    const fetched = this.readPositions(missing.flatMap(({ from, to }) => Array.from({ length: to - from }, (_, i) => from + i)));
    let at = 0;
    for (const { part, from, to, block } of missing) {
      const offset = at;
      at += to - from;
      const events = fetched.then((all) => all.slice(offset, offset + to - from));
      parts[part] = { from, events };
      // Stryker disable next-line ConditionalExpression: keep(null) would file one stray entry under null that no reader asks for: memory only
      if (block !== null) this.keep(block, events);
    }
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
