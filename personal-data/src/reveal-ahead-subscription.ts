/**
 * A subscription that reveals its batches ahead of the handler: as soon as the store hands
 * it a batch it starts revealing it and takes the next one, while the handler applies the
 * one before. So reading a batch's keys (a MongoDB query) overlaps the projection's work
 * on the previous batch instead of following it.
 *
 * What the handler sees is what it would see without this: batches in log order, each
 * after the one before has settled; onCaughtUp after every batch before it; the store's
 * error after the batches before it; and a batch revealed before a key was destroyed in
 * this process is revealed again before it is handed over (`keysChanged` tells), so a
 * person erased while batches wait reads as erased in every batch applied after it. A batch
 * whose keys cannot be read for now (KeyStoreUnavailableError) is revealed again with backoff.
 * A batch that fails to reveal otherwise (a tampered value), or
 * a handler that throws, ends the subscription through onError like a throwing onBatch
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

/** How a batch is revealed, and the key store's count of destroys (KeyStore.destroyCount) that says whether a revealed batch is still current. */
export interface BatchRevealer {
  reveal(events: readonly RecordedEvent[]): Promise<RecordedEvent[]>;
  destroyCount(): number;
}

type Step =
  | { readonly kind: 'batch'; readonly events: readonly RecordedEvent[]; readonly revealed: Promise<RecordedEvent[]>; readonly destroyCount: number }
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
    const destroyCount = this.revealer.destroyCount();
    const revealed = this.revealer.reveal(events);
    revealed.catch(() => undefined); // its failure reaches the handler in order, through the pump
    this.push({ kind: 'batch', events, revealed, destroyCount });
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
          const events = await this.untilRevealed(step);
          if (this.closed || events === null) return;
          await this.handler.onBatch(events);
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
   * The batch revealed as of now: revealed again if a key was destroyed since it was
   * (so an erasure reaches every batch applied after it), and again with backoff while the
   * key store cannot be reached (KeyStoreUnavailableError), as the runner retries a read
   * store that says "not now". Null once the subscription is closed.
   */
  private async untilRevealed(step: Step & { readonly kind: 'batch' }): Promise<RecordedEvent[] | null> {
    let revealing = step.revealed;
    let since = step.destroyCount;
    for (let failures = 0; ;) {
      try {
        const events = await revealing;
        if (this.revealer.destroyCount() === since) return events;
      } catch (error) {
        if (!(error instanceof KeyStoreUnavailableError) || this.closed) throw error;
        await new Promise((resolve) => setTimeout(resolve, backoffDelayMs(++failures, KEY_STORE_BACKOFF)).unref());
      }
      if (this.closed) return null;
      since = this.revealer.destroyCount();
      revealing = this.revealer.reveal(step.events);
    }
  }

  private async fail(error: unknown): Promise<void> {
    this.failure = error instanceof Error ? error.message : String(error);
    await this.close();
    this.handler.onError?.(error);
  }
}
