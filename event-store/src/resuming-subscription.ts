/**
 * A port subscription that outlives its connection, whatever the adapter.
 *
 * Adapters open one-shot subscriptions (any failure ends them); this keeps the handler's
 * view continuous across them: when one fails with an error the adapter calls transient
 * (server down or restarting, network), it waits with backoff and jitter and opens the
 * next one strictly after the last event whose batch the handler finished, forever,
 * logging each retry. Only an error a retry cannot fix, or a throwing onBatch, reaches
 * the handler's onError.
 *
 * Nothing is missed or delivered twice: the resume position only moves when onBatch
 * resolves, a batch still in the handler when the connection drops is waited for before
 * resubscribing, and a superseded subscription can no longer reach the handler.
 */
import { backoffDelayMs, describeError, type BackoffOptions } from './backoff.ts';
import type { RecordedEvent, SubscribeOptions, Subscription, SubscriptionHandler, SubscriptionState, SubscriptionStatus } from './port.ts';

/** Opens one subscription strictly after `after`; it reports its end through the handler's onError. */
export type OpenSubscription = (after: number | undefined, handler: SubscriptionHandler) => { close(): Promise<void> };

export interface ResumeOptions {
  /** Whether a retry may fix the error: the adapter's knowledge of its driver. */
  readonly isTransient: (error: unknown) => boolean;
  readonly backoff?: BackoffOptions;
  /** Where retries and recoveries are logged. Default console.warn. */
  readonly log?: (line: string) => void;
}

export class ResumingSubscription implements Subscription {
  private inner: { close(): Promise<void> } | null = null;
  /** Bumped for every subscription opened and on close: callbacks of older ones are ignored. */
  private generation = 0;
  private position: number | undefined;
  private state: SubscriptionState = 'catching-up';
  private caughtUpOnce = false;
  private retries = 0;
  private error: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  /** The batch the handler is working on, if any (settles, never rejects). */
  private inFlight: Promise<void> = Promise.resolve();
  /** What the handler threw, if it did: final, even when the connection was lost meanwhile. */
  private handlerFailure: { error: unknown } | null = null;

  constructor(
    private readonly open: OpenSubscription,
    private readonly options: SubscribeOptions,
    private readonly handler: SubscriptionHandler,
    private readonly resume: ResumeOptions,
  ) {
    this.position = options.after;
    this.connect();
  }

  status(): SubscriptionStatus {
    return { state: this.state, position: this.position, retries: this.retries, error: this.error };
  }

  async close(): Promise<void> {
    this.state = 'closed';
    this.generation++;
    clearTimeout(this.timer ?? undefined);
    const inner = this.inner;
    this.inner = null;
    await inner?.close();
  }

  private connect(): void {
    const generation = ++this.generation;
    // close(), a failure and a retry each move the generation on: an older subscription's callbacks then reach nothing
    const current = () => generation === this.generation;
    this.inner = this.open(this.position, {
      onBatch: (events) => {
        if (!current()) return Promise.resolve();
        const delivered = this.deliver(events).then(
          () => {
            if (current()) this.recovered();
          },
          (error: unknown) => {
            this.handlerFailure = { error };
            throw error;
          },
        );
        this.inFlight = delivered.then(
          () => undefined,
          () => undefined,
        );
        return delivered;
      },
      onCaughtUp: () => {
        if (!current()) return;
        this.state = 'live';
        this.recovered();
        if (this.caughtUpOnce) return;
        this.caughtUpOnce = true;
        this.handler.onCaughtUp?.();
      },
      onError: (error) => {
        if (!current()) return;
        if (this.handlerFailure !== null) this.fail(this.handlerFailure.error);
        else if (this.resume.isTransient(error)) this.retry(error);
        else this.fail(error);
      },
    });
  }

  private async deliver(events: readonly RecordedEvent[]): Promise<void> {
    await this.handler.onBatch(events);
    // The handler has the events, whatever happened to the connection meanwhile.
    if (this.state !== 'closed') this.position = events[events.length - 1]!.position;
  }

  private retry(error: unknown): void {
    this.generation++; // the failed subscription can no longer reach the handler
    this.state = 'retrying';
    this.retries++;
    this.error = describeError(error);
    const delay = backoffDelayMs(this.retries, this.resume.backoff);
    const failed = this.inner;
    this.inner = null;
    this.log(`${this.name()} lost after position ${this.position ?? 'start'} (${this.error}); resubscribing in ${delay} ms (retry ${this.retries})`);
    void (async () => {
      await failed?.close().catch(() => undefined);
      await this.inFlight; // resume after the batch the handler was given, not before it
      if (this.state !== 'retrying') return;
      if (this.handlerFailure !== null) {
        this.fail(this.handlerFailure.error);
        return;
      }
      // close() clears it; still 'retrying' until the new subscription delivers or is caught up
      this.timer = setTimeout(() => {
        this.timer = null;
        this.connect();
      }, delay);
    })();
  }

  /** The new subscription delivers or is caught up: the connection is back. */
  private recovered(): void {
    if (this.state === 'retrying') this.state = 'catching-up';
    if (this.retries === 0) return;
    this.log(`${this.name()} resumed after ${this.retries} ${this.retries === 1 ? 'retry' : 'retries'}, after position ${this.position ?? 'start'}`);
    this.retries = 0;
    this.error = null;
  }

  private fail(error: unknown): void {
    this.generation++;
    this.state = 'failed';
    this.error = describeError(error);
    const inner = this.inner;
    this.inner = null;
    void inner?.close().catch(() => undefined);
    if (this.handler.onError) this.handler.onError(error);
    else console.error(`${this.name()} stopped:`, error);
  }

  private name(): string {
    return `subscription ${this.options.name ?? 'to $all'}`;
  }

  private log(line: string): void {
    (this.resume.log ?? console.warn)(line);
  }
}
