/**
 * Competing consumers: processes that share one subscription group, each event of the
 * group handed to one of them at a time, so more processes mean more throughput. The
 * group, not the process, keeps what has been handled (EventStoreDB's persistent
 * subscriptions), so a consumer keeps no checkpoint of its own.
 *
 * Delivery is at least once: an event whose handler throws, or that is not answered
 * within the group's message timeout (the consumer died or stalled), is delivered again,
 * to this consumer or another, with `retryCount` one higher; after `maxRetries` it is
 * parked (kept aside until an operator replays it). Handlers must be idempotent, and
 * must not assume that no other consumer is handling the same event at the same time.
 */
import type { RecordedEvent } from './port.ts';

export interface CompetingConsumerOptions {
  /** The group's name: the consumers of one name share its events. */
  readonly group: string;
  /** The event types the group delivers; the store filters the others out. */
  readonly eventTypes: readonly string[];
  /** Events this consumer handles at once. */
  readonly concurrency: number;
  /** Deliveries after the first before an event is parked. */
  readonly maxRetries: number;
  /** An event not answered within this time is delivered again (to any consumer). */
  readonly messageTimeoutMs: number;
}

export interface CompetingDelivery {
  readonly event: RecordedEvent;
  /** Deliveries of this event before this one (0 the first time). */
  readonly retryCount: number;
}

export interface CompetingConsumerHandler {
  /** Resolving acknowledges the event; throwing has it delivered again (or parked after `maxRetries`). */
  handle(delivery: CompetingDelivery): Promise<void>;
  /** Told of each event parked, and of a subscription stopped by an error a retry cannot fix. */
  onError?(error: unknown): void;
}

/**
 * - `connecting`: joining the group (creating it if it does not exist yet);
 * - `live`: receiving the group's events;
 * - `retrying`: the connection was lost; it joins again after a backoff;
 * - `closed`: closed by its owner.
 */
export type CompetingConsumerState = 'connecting' | 'live' | 'retrying' | 'closed';

export interface CompetingConsumerStatus {
  readonly state: CompetingConsumerState;
  /** Events this consumer acknowledged. */
  readonly acknowledged: number;
  /** Events this consumer parked. */
  readonly parked: number;
  /** Events being handled now. */
  readonly inFlight: number;
  /** The last connection or handler error. */
  readonly error: string | null;
}

export interface CompetingConsumer {
  status(): CompetingConsumerStatus;
  /** Takes no new event, lets the handlers in progress answer theirs, then leaves the group. */
  close(): Promise<void>;
}

export interface CompetingConsumers {
  /** Joins (creating if needed) the group and hands this consumer its share of the events. */
  subscribe(options: CompetingConsumerOptions, handler: CompetingConsumerHandler): CompetingConsumer;
}
