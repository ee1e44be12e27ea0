/**
 * The event store port: what the rest of the system may ask of the log.
 *
 * Positions are global, strictly increasing in the order events are read from
 * `$all`; revisions are 0-based per stream. Both are plain numbers (EventStoreDB's
 * bigint positions fit: 2^53 bytes of log is far beyond any deployment).
 */

/** An event to append. `id` is generated when left out. */
export interface EventData {
  readonly id?: string;
  readonly type: string;
  readonly data: Record<string, unknown>;
  readonly metadata?: Record<string, unknown>;
}

/** An event as it was stored. */
export interface RecordedEvent {
  readonly id: string;
  readonly streamId: string;
  readonly type: string;
  /** 0-based index of the event in its stream. */
  readonly revision: number;
  /** Global position in the log; strictly increasing in `$all` order. */
  readonly position: number;
  readonly data: Record<string, unknown>;
  readonly metadata: Record<string, unknown>;
  /** ISO 8601 time the store recorded the event. */
  readonly recordedAt: string;
}

/**
 * What the writer believes about the stream:
 * - `'any'`: no check;
 * - `'no_stream'`: the stream must not exist yet;
 * - `'stream_exists'`: the stream must have at least one event;
 * - a number: the revision of the stream's last event.
 */
export type ExpectedRevision = 'any' | 'no_stream' | 'stream_exists' | number;

export interface AppendOptions {
  readonly expectedRevision?: ExpectedRevision;
}

export interface AppendResult {
  /** Revision of the last event appended; pass it as the next expected revision. */
  readonly nextExpectedRevision: number;
  /** Global position of the last event appended. */
  readonly position: number;
}

export interface ReadStreamOptions {
  /** First revision to read (inclusive). Default 0. */
  readonly fromRevision?: number;
  readonly maxCount?: number;
}

export interface ReadAllOptions {
  /** Read events strictly after this position. Default: from the very start. */
  readonly after?: number;
  readonly maxCount?: number;
}

export interface SubscriptionHandler {
  /** Called with events in log order; the next batch waits until the promise settles. */
  onBatch(events: readonly RecordedEvent[]): Promise<void>;
  /** Called once, after the subscription has delivered every event that existed when it started. */
  onCaughtUp?(): void;
  /**
   * Called when the subscription stops for good: an error a retry cannot fix, or a
   * throwing onBatch. A lost connection (server down, restarting, network) is not one:
   * the subscription resumes after the last delivered event by itself (see status()).
   */
  onError?(error: unknown): void;
}

export interface SubscribeOptions {
  /** Deliver events strictly after this position. Default: from the very start. */
  readonly after?: number;
  /** Largest batch handed to onBatch. Default 500. */
  readonly maxBatchSize?: number;
  /** Who follows the log, for the log lines about lost and resumed connections. */
  readonly name?: string;
}

/**
 * - `catching-up`: subscribed, delivering what was in the log when it (re)subscribed;
 * - `live`: subscribed and caught up;
 * - `retrying`: the connection was lost; it resubscribes after a backoff, until a new
 *   subscription delivers or is caught up;
 * - `failed`: stopped by an error a retry cannot fix (onError was called);
 * - `closed`: closed by its owner.
 */
export type SubscriptionState = 'catching-up' | 'live' | 'retrying' | 'failed' | 'closed';

export interface SubscriptionStatus {
  readonly state: SubscriptionState;
  /** Position of the last event whose batch onBatch finished (the starting point before any). */
  readonly position: number | undefined;
  /** Retries since the connection was last lost (0 while it is up). */
  readonly retries: number;
  /** The error that stopped it, or the last one it is retrying after. */
  readonly error: string | null;
}

export interface Subscription {
  close(): Promise<void>;
  status(): SubscriptionStatus;
}

export interface EventStore {
  /**
   * Appends events atomically to one stream, checking the expected revision.
   * Resolves only once the events are durable. Rejects with
   * WrongExpectedRevisionError when the check fails; nothing is written then.
   */
  append(streamId: string, events: readonly EventData[], options?: AppendOptions): Promise<AppendResult>;
  /** The stream's events in order; an empty array when the stream does not exist. */
  readStream(streamId: string, options?: ReadStreamOptions): Promise<RecordedEvent[]>;
  /** Events of all streams in log order (system events excluded). */
  readAll(options?: ReadAllOptions): Promise<RecordedEvent[]>;
  /**
   * The events at these positions, in the order asked; a position where the log holds no
   * event (or only a system event) is left out. For readers that keep positions, not records.
   */
  readAt(positions: readonly number[]): Promise<RecordedEvent[]>;
  /** Position of the newest event in the log, or null when the log is empty. */
  headPosition(): Promise<number | null>;
  /** Catch up from a position, then keep delivering new events live. */
  subscribeToAll(options: SubscribeOptions, handler: SubscriptionHandler): Subscription;
  close(): Promise<void>;
  /**
   * Why appends are refused right now (a full disk, a failed write the store is recovering
   * from), for health checks; undefined while they are taken. Only stores that can know
   * without a round trip have it.
   */
  refusingAppends?(): Error | undefined;
  /**
   * Whether a stored record may hold one of `texts` in its stored form (JSON, as the record's
   * bytes have it): false when none does, true when one may, so that the caller reads the
   * records to know. Lets a reader looking for a rare value through the whole log skip
   * decoding it. Only stores that can search their own bytes have it.
   */
  storedBytesMayHold?(texts: readonly string[]): Promise<boolean>;
  /**
   * The records at `positions` (each one the log holds) as the store keeps them: the UTF-8
   * of each one's RFC 8785 text (canonicalRecord), undefined for a record kept in another
   * form. A reader that hashes records (the notary) hashes these rather than write each
   * text again. Only stores that keep records as that text have it.
   */
  storedTexts?(positions: readonly number[]): Promise<(Buffer | undefined)[]>;
}
