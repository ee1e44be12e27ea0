/**
 * One EventStoreDB catch-up subscription to $all, for the port. It ends at the first
 * failure (gRPC error, the server ending the stream, a throwing handler) by calling
 * onError; ResumingSubscription opens the next one after a lost connection.
 *
 * - System events are filtered on the server (excludeSystemEvents) and again here.
 * - Micro-batching: events arriving while the handler is busy are queued and handed over
 *   together (up to maxBatchSize); the gRPC stream is paused when the queue grows, so a
 *   slow handler applies back-pressure instead of buffering the whole log.
 * - Caught up: servers >= 23.10 send a 'caughtUp' message, which the client emits as an
 *   event (client PR #354). Older servers do not, so we also compare delivered positions
 *   (and filter checkpoints) with the head position read when the subscription started.
 *   Whichever comes first wins; onCaughtUp is called once, and only after every event
 *   that was received before the signal has been delivered.
 */
import {
  START,
  excludeSystemEvents,
  type AllStreamResolvedEvent,
  type AllStreamSubscription,
  type EventStoreDBClient,
  type Position,
} from '@eventstore/db-client';
import { EventStoreConnectionError } from '../errors.ts';
import type { RecordedEvent, SubscriptionHandler } from '../port.ts';
import { fromAllStreamEvent } from './event-mapping.ts';
import { toEventStoreDBPosition } from './positions.ts';

export interface EventStoreDBSubscriptionOptions {
  readonly after: number | undefined;
  readonly maxBatchSize: number;
}

export class EventStoreDBSubscription {
  private stream: AllStreamSubscription | undefined;
  private readonly queue: AllStreamResolvedEvent[] = [];
  private received = 0; // raw events taken off the gRPC stream
  private processed = 0; // raw events whose batch has been handled (or that were skipped)
  private lastDelivered: number;
  private headAtStart: number | undefined;
  private caughtUpAfter: number | undefined; // caught up once `processed` reaches this
  private caughtUp = false;
  private pumping = false;
  private closed = false;

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly options: EventStoreDBSubscriptionOptions,
    private readonly handler: SubscriptionHandler,
    readHeadPosition: () => Promise<number | null>,
  ) {
    this.lastDelivered = options.after ?? -1;
    void this.start(readHeadPosition);
  }

  async close(): Promise<void> {
    if (this.closed) return;
    this.closed = true;
    await this.stream?.unsubscribe();
  }

  private async start(readHeadPosition: () => Promise<number | null>): Promise<void> {
    try {
      this.headAtStart = (await readHeadPosition()) ?? -1;
      if (this.closed) return;
      const stream = this.client.subscribeToAll({
        fromPosition: this.lastDelivered < 0 ? START : toEventStoreDBPosition(this.lastDelivered),
        filter: excludeSystemEvents({ checkpointReached: (_subscription, position) => this.onCheckpoint(position) }),
      });
      this.stream = stream;
      stream.on('data', (resolved: AllStreamResolvedEvent) => this.onEvent(resolved));
      stream.on('caughtUp', () => this.caughtUpAfterBufferedEvents());
      stream.on('error', (error: Error) => this.fail(error));
      // A server that shuts down may end the call instead of failing it.
      stream.on('end', () => this.fail(new EventStoreConnectionError('EventStoreDB ended the $all subscription')));
      // Nothing to catch up: the head is at or before the starting point.
      if (this.headAtStart <= this.lastDelivered) this.caughtUpAfter = 0;
      this.maybeCaughtUp();
    } catch (error) {
      this.fail(error);
    }
  }

  private onEvent(resolved: AllStreamResolvedEvent): void {
    if (this.closed) return;
    this.received++;
    this.queue.push(resolved);
    if (this.queue.length >= this.options.maxBatchSize * 2) this.stream?.pause();
    // On a microtask, so events arriving in the same tick form one batch.
    // Stryker disable next-line ConditionalExpression: pump() returns at once while it pumps; the check only saves a microtask per event
    if (!this.pumping) queueMicrotask(() => void this.pump());
  }

  private onCheckpoint(position: Position): void {
    if (this.headAtStart !== undefined && Number(position.commit) >= this.headAtStart) this.caughtUpAfterBufferedEvents();
  }

  /** The server says we are live: caught up once everything received before now is delivered. */
  private caughtUpAfterBufferedEvents(): void {
    // Events may still sit in the client stream's own buffer, not yet emitted to us.
    const mark = this.received + (this.stream?.readableLength ?? 0);
    this.caughtUpAfter = Math.min(this.caughtUpAfter ?? mark, mark);
    this.maybeCaughtUp();
  }

  private async pump(): Promise<void> {
    if (this.pumping) return;
    this.pumping = true;
    try {
      while (this.queue.length > 0 && !this.closed) {
        const raw = this.queue.splice(0, this.options.maxBatchSize);
        const batch = this.toDeliverable(raw);
        if (batch.length > 0) {
          await this.handler.onBatch(batch);
          this.lastDelivered = batch[batch.length - 1].position;
          if (this.headAtStart !== undefined && this.lastDelivered >= this.headAtStart) {
            this.caughtUpAfter = Math.min(this.caughtUpAfter ?? Infinity, this.processed + raw.length);
          }
        }
        this.processed += raw.length;
        if (this.stream?.isPaused() && this.queue.length < this.options.maxBatchSize) this.stream.resume();
        this.maybeCaughtUp();
      }
    } catch (error) {
      this.fail(error);
    } finally {
      this.pumping = false;
    }
  }

  /** Maps, drops system events, and drops anything at or before what was delivered. */
  private toDeliverable(raw: AllStreamResolvedEvent[]): RecordedEvent[] {
    const batch: RecordedEvent[] = [];
    let last = this.lastDelivered;
    for (const resolved of raw) {
      const event = fromAllStreamEvent(resolved);
      if (!event || event.position <= last) continue;
      batch.push(event);
      last = event.position;
    }
    return batch;
  }

  private maybeCaughtUp(): void {
    if (this.caughtUp || this.closed) return;
    if (this.caughtUpAfter === undefined || this.processed < this.caughtUpAfter) return;
    this.caughtUp = true;
    try {
      this.handler.onCaughtUp?.();
    } catch (error) {
      this.fail(error);
    }
  }

  private fail(error: unknown): void {
    if (this.closed) return;
    this.closed = true;
    void this.stream?.unsubscribe().catch(() => undefined);
    this.handler.onError?.(error);
  }
}
