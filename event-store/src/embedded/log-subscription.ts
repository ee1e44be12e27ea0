/**
 * A subscription to the embedded log: catch up from a position, then follow live.
 *
 * It is a cursor over the durable events: each round reads the events after the last
 * position it delivered. Positions are gap-free and events become visible strictly in
 * position order, so a cursor can neither skip an event nor deliver one twice, however
 * appends interleave with a slow handler; catching up and following live are the same
 * loop.
 */
import { setImmediate as nextMacrotask } from 'node:timers/promises';
import type { RecordedEvent, SubscriptionHandler } from '../port.ts';

/** The durable log as a subscription sees it. */
export interface DurableLog {
  /** Position of the newest durable event (-1 when there is none), known synchronously. */
  head(): number;
  /** Durable events with position > after, at most `maxCount`, read for `reader`. */
  readAfter(after: number, maxCount: number, reader: LogSubscription): Promise<RecordedEvent[]>;
}

/** Wakes waiting subscriptions when new events become durable. */
export class NewEventsSignal {
  private waiters: (() => void)[] = [];

  wait(): Promise<void> {
    return new Promise((resolve) => this.waiters.push(resolve));
  }

  notify(): void {
    const waiters = this.waiters;
    this.waiters = [];
    for (const wake of waiters) wake();
  }
}

export interface LogSubscriptionOptions {
  readonly after: number;
  readonly maxBatchSize: number;
}

export class LogSubscription {
  private closed = false;
  private wakeOnClose: () => void = () => undefined;
  private readonly whenClosed = new Promise<void>((resolve) => (this.wakeOnClose = resolve));
  /** The head when the subscription started: delivering it means caught up. */
  private readonly target: number;
  /** Position of the last event delivered (the starting point before any): the next read is of what follows it. */
  private cursor: number;

  constructor(
    private readonly log: DurableLog,
    private readonly signal: NewEventsSignal,
    private readonly options: LogSubscriptionOptions,
    private readonly handler: SubscriptionHandler,
    private readonly onClosed: (subscription: LogSubscription) => void,
  ) {
    this.target = log.head();
    this.cursor = options.after;
    // Delivery starts on a later tick: the caller gets the subscription object first.
    void nextMacrotask().then(() => this.run());
  }

  /** Stops delivery: no onBatch call starts after this. Does not wait for one in progress. */
  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    this.wakeOnClose();
    this.onClosed(this);
  }

  /** The position it reads next (null once closed). */
  nextToRead(): number | null {
    return this.closed ? null : this.cursor + 1;
  }

  private async run(): Promise<void> {
    let caughtUp = false;
    try {
      while (!this.closed) {
        if (!caughtUp && this.cursor >= this.target) {
          caughtUp = true;
          this.handler.onCaughtUp?.();
          continue; // the handler may have closed the subscription
        }
        if (this.log.head() <= this.cursor) {
          // Looking at the head and starting to wait happen in the same tick: no event can slip in between.
          await Promise.race([this.signal.wait(), this.whenClosed]);
          continue;
        }
        const batch = await this.log.readAfter(this.cursor, this.options.maxBatchSize, this);
        if (this.closed) return;
        await this.handler.onBatch(batch);
        this.cursor = batch[batch.length - 1].position;
        // Let I/O and timers run between batches of a long catch-up.
        await nextMacrotask();
      }
    } catch (error) {
      if (this.closed) return;
      await this.close();
      reportError(this.handler, error);
    }
  }
}

function reportError(handler: SubscriptionHandler, error: unknown): void {
  handler.onError?.(error);
}
