/**
 * A subscription that reveals its batches ahead of the handler: as soon as the store hands
 * it a batch it starts reading the batch's keys (readable-record.ts: the fields open when
 * read, with keys read ahead) and takes the next one, while the handler applies the one
 * before. So reading a batch's keys (a MongoDB query) overlaps the projection's work on the
 * previous batch instead of following it.
 *
 * What the handler sees is what it would see without this: batches in log order, each
 * after the one before has settled; onCaughtUp after every batch before it; the store's
 * error after the batches before it. A person erased while batches wait reads as erased in
 * every batch applied after it: the records check for a destroyed key whenever they are
 * read. A batch whose keys cannot be read for now (KeyStoreUnavailableError) is revealed
 * again with backoff. A batch that fails to reveal otherwise (a sealed value out of place),
 * a handler that throws, or a handler that read a value that does not open (tampered) even
 * if it caught the error, ends the subscription through onError like a throwing onBatch
 * does. At most AHEAD batches wait behind the one being applied: the store's subscription
 * is held until the handler catches up, so memory stays bounded. Once closed, no onBatch
 * starts (one in progress is not waited for, as with the store's own subscriptions).
 */
import {
  backoffDelayMs,
  type EventStore,
  type RecordedEvent,
  type SubscribeOptions,
  type Subscription,
  type SubscriptionHandler,
  type SubscriptionStatus,
} from '@stays/event-store';
import { KeyStoreUnavailableError } from './key-store.ts';

/** Retries of a batch while the key store cannot be reached: a MongoDB election takes seconds, so from 100 ms up to 5 s apart. */
const KEY_STORE_BACKOFF = { initialDelayMs: 100, maxDelayMs: 5_000 };

/** Batches revealed or being revealed behind the one the handler applies: one hides a key read, two absorb uneven batches. */
const AHEAD = 2;

/** A batch's records, readable, and the error one of them gave when read, if any. */
export interface ReadableBatch {
  readonly records: readonly RecordedEvent[];
  failure(): unknown;
}

/** How a batch is made readable. */
export interface BatchRevealer {
  reveal(events: readonly RecordedEvent[]): Promise<ReadableBatch>;
}

type Step =
  | { readonly kind: 'batch'; readonly events: readonly RecordedEvent[]; readonly revealed: Promise<ReadableBatch> }
  | { readonly kind: 'caught-up' }
  | { readonly kind: 'error'; readonly error: unknown };

/** `onClosed` is called once the subscription is closed, by its owner or by a failure. */
export function subscribeRevealingAhead(
  store: EventStore,
  options: SubscribeOptions,
  handler: SubscriptionHandler,
  revealer: BatchRevealer,
  onClosed: () => void,
): Subscription {
  return new RevealAheadSubscription(store, options, handler, revealer, onClosed);
}

class RevealAheadSubscription implements Subscription {
  private readonly steps: Step[] = [];
  private readonly inner: Subscription;
  private pumping = false;
  private closed = false;
  private failure: string | null = null;
  /** Position of the last event of the last batch the handler finished. */
  private applied: number | undefined;
  private wakeStore: (() => void) | null = null;

  constructor(
    store: EventStore,
    options: SubscribeOptions,
    private readonly handler: SubscriptionHandler,
    private readonly revealer: BatchRevealer,
    private readonly onClosed: () => void,
  ) {
    this.applied = options.after;
    this.inner = store.subscribeToAll(options, {
      onBatch: (events) => this.take(events),
      onCaughtUp: () => this.push({ kind: 'caught-up' }),
      onError: (error) => this.push({ kind: 'error', error }),
    });
  }

  async close(): Promise<void> {
    this.closed = true;
    this.steps.length = 0;
    this.wakeStore?.();
    await this.inner.close();
    this.onClosed();
  }

  status(): SubscriptionStatus {
    const inner = this.inner.status();
    return {
      ...inner,
      position: this.applied,
      state: this.failure !== null ? 'failed' : this.closed ? 'closed' : inner.state,
      error: this.failure ?? inner.error,
    };
  }

  /** The store's onBatch: starts revealing the batch, and holds the store while AHEAD batches wait. */
  private async take(events: readonly RecordedEvent[]): Promise<void> {
    const revealed = this.revealer.reveal(events);
    revealed.catch(() => undefined); // its failure reaches the handler in order, through the pump
    this.push({ kind: 'batch', events, revealed });
    while (!this.closed && this.waitingBatches() > AHEAD) await new Promise<void>((resolve) => (this.wakeStore = resolve));
  }

  private waitingBatches(): number {
    let batches = 0;
    for (const step of this.steps) if (step.kind === 'batch') batches++;
    return batches;
  }

  private push(step: Step): void {
    if (this.closed) return;
    this.steps.push(step);
    void this.pump();
  }

  /** Hands the steps to the handler one after another. */
  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (!this.closed && this.steps.length > 0) {
        const step = this.steps.shift()!;
        const wake = this.wakeStore;
        this.wakeStore = null;
        wake?.();
        if (step.kind === 'batch') {
          const batch = await this.untilRevealed(step);
          if (this.closed || batch === null) return;
          await this.handler.onBatch(batch.records.slice());
          const failure = batch.failure();
          if (failure !== undefined) throw failure;
          this.applied = step.events[step.events.length - 1]!.position;
        } else if (step.kind === 'caught-up') {
          this.handler.onCaughtUp?.();
        } else {
          await this.fail(step.error);
        }
      }
    } catch (error) {
      if (!this.closed) await this.fail(error);
    } finally {
      this.pumping = false;
    }
  }

  /**
   * The batch readable: read again with backoff while the key store cannot be reached
   * (KeyStoreUnavailableError), as the runner retries a read store that says "not now".
   * Null once the subscription is closed.
   */
  private async untilRevealed(step: Step & { readonly kind: 'batch' }): Promise<ReadableBatch | null> {
    let revealing = step.revealed;
    for (let failures = 0; ;) {
      try {
        return await revealing;
      } catch (error) {
        if (!(error instanceof KeyStoreUnavailableError) || this.closed) throw error;
        await new Promise((resolve) => setTimeout(resolve, backoffDelayMs(++failures, KEY_STORE_BACKOFF)).unref());
      }
      if (this.closed) return null;
      revealing = this.revealer.reveal(step.events);
    }
  }

  private async fail(error: unknown): Promise<void> {
    this.failure = error instanceof Error ? error.message : String(error);
    await this.close();
    this.handler.onError?.(error);
  }
}
