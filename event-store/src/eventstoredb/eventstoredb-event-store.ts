/**
 * The event store port on EventStoreDB (production, when EVENTSTORE_URL is set), through
 * the official gRPC client. Position mapping: see positions.ts.
 */
import {
  ANY,
  BACKWARDS,
  END,
  EventStoreDBClient,
  FORWARDS,
  NO_STREAM,
  START,
  STREAM_EXISTS,
  StreamNotFoundError,
  UnavailableError,
  WrongExpectedVersionError,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type CurrentRevision,
  type StreamingRead,
} from '@eventstore/db-client';
import { validateAppendRequest } from '../append-validation.ts';
import { EventStoreUnavailableError, WrongExpectedRevisionError } from '../errors.ts';
import type {
  AppendOptions,
  AppendResult,
  EventData,
  EventStore,
  ExpectedRevision,
  ReadAllOptions,
  ReadStreamOptions,
  RecordedEvent,
  SubscribeOptions,
  Subscription,
  SubscriptionHandler,
} from '../port.ts';
import { fromAllStreamEvent, fromStreamEvent, isSystemEventType, toClientEvent } from './event-mapping.ts';
import { EventStoreDBSubscription } from './eventstoredb-subscription.ts';
import { isTransientEventStoreDBError } from './transient-errors.ts';
import { ResumingSubscription } from '../resuming-subscription.ts';
import type { BackoffOptions } from '../backoff.ts';
import { appendPosition, toEventStoreDBPosition, toPortPosition } from './positions.ts';

const DEFAULT_MAX_BATCH_SIZE = 500;
/** Page size for $all reads; pages are filtered client-side (the client's readAll has no filter). */
const READ_ALL_PAGE = 1000;
const MIN_READ_ALL_PAGE = 64;

export interface EventStoreDBOptions {
  /** Delays between attempts to resubscribe after a lost connection. */
  readonly backoff?: BackoffOptions;
  /** Where lost and resumed subscriptions are logged. Default console.warn. */
  readonly log?: (line: string) => void;
}

/**
 * Connects lazily: the client opens its gRPC channel on the first call, so a server that
 * is still starting is not an error here (subscriptions retry until it answers).
 */
export function connectEventStoreDB(connectionString: string, options: EventStoreDBOptions = {}): EventStore {
  return eventStoreOnClient(EventStoreDBClient.connectionString(connectionString), options);
}

/** The adapter over a given client (tests pass a simulated one; not exported from the package). */
export function eventStoreOnClient(client: EventStoreDBClient, options: EventStoreDBOptions = {}): EventStore {
  return new EventStoreDBEventStore(client, options);
}

class EventStoreDBEventStore implements EventStore {
  private readonly subscriptions = new Set<Subscription>();

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly options: EventStoreDBOptions,
  ) {}

  async append(streamId: string, events: readonly EventData[], options: AppendOptions = {}): Promise<AppendResult> {
    const expected = options.expectedRevision ?? 'any';
    validateAppendRequest(streamId, events, expected);
    try {
      const result = await this.client.appendToStream(streamId, events.map(toClientEvent), {
        expectedRevision: toClientExpectedRevision(expected),
      });
      if (!result.position) {
        throw new Error(`EventStoreDB accepted the append to ${streamId} but reported no position`);
      }
      return { nextExpectedRevision: Number(result.nextExpectedRevision), position: appendPosition(result.position) };
    } catch (error) {
      throw translateError(error, streamId, expected);
    }
  }

  async readStream(streamId: string, options: ReadStreamOptions = {}): Promise<RecordedEvent[]> {
    if (options.maxCount !== undefined && options.maxCount <= 0) return [];
    const read = this.client.readStream(streamId, {
      direction: FORWARDS,
      fromRevision: options.fromRevision ? BigInt(options.fromRevision) : START,
      ...(options.maxCount !== undefined && { maxCount: options.maxCount }),
    });
    const events: RecordedEvent[] = [];
    try {
      for await (const resolved of read) {
        const event = fromStreamEvent(resolved);
        if (event) events.push(event);
      }
    } catch (error) {
      if (error instanceof StreamNotFoundError) return [];
      throw translateError(error, streamId);
    }
    return events;
  }

  async readAll(options: ReadAllOptions = {}): Promise<RecordedEvent[]> {
    const wanted = options.maxCount ?? Infinity;
    const events: RecordedEvent[] = [];
    if (wanted <= 0) return events;
    // `after` is exclusive, the client's fromPosition inclusive: start at `after` and skip
    // everything at or before it. Pages continue from the last position seen, system
    // events included, so a long run of them cannot stall the read.
    let after = options.after ?? -1;
    // A small read (a health check's "next event") need not fetch a whole page.
    const pageSize = Math.min(READ_ALL_PAGE, Math.max(wanted, MIN_READ_ALL_PAGE));
    for (;;) {
      const page = await collect(
        this.client.readAll({
          direction: FORWARDS,
          fromPosition: after < 0 ? START : toEventStoreDBPosition(after),
          maxCount: pageSize,
        }),
      );
      let lastSeen = after;
      for (const resolved of page) {
        if (!resolved.event) continue;
        const position = toPortPosition(resolved.event.position);
        if (position <= after) continue;
        lastSeen = position;
        const event = fromAllStreamEvent(resolved);
        if (event) events.push(event);
        if (events.length >= wanted) return events;
      }
      if (page.length < pageSize || lastSeen === after) return events;
      after = lastSeen;
    }
  }

  async readAt(positions: readonly number[]): Promise<RecordedEvent[]> {
    // A forward $all read is inclusive of fromPosition: one event from {p, p} is the event at p, if p is one.
    const found = await Promise.all(
      positions.map(async (position) => {
        if (!Number.isSafeInteger(position) || position < 0) return [];
        const [resolved] = await collect(this.client.readAll({ direction: FORWARDS, fromPosition: toEventStoreDBPosition(position), maxCount: 1 }));
        if (!resolved?.event || toPortPosition(resolved.event.position) !== position) return [];
        const event = fromAllStreamEvent(resolved);
        return event ? [event] : [];
      }),
    );
    return found.flat();
  }

  async headPosition(): Promise<number | null> {
    // Read $all backwards until the first non-system event; the tail may be full of
    // system events (projection links, statistics), so stop early rather than page.
    const read = this.client.readAll({ direction: BACKWARDS, fromPosition: END });
    try {
      for await (const resolved of read) {
        const event = resolved.event;
        if (event && !isSystemEventType(event.type)) return toPortPosition(event.position);
      }
      return null;
    } finally {
      await read.cancel().catch(() => undefined);
    }
  }

  subscribeToAll(options: SubscribeOptions, handler: SubscriptionHandler): Subscription {
    const maxBatchSize = Math.max(1, options.maxBatchSize ?? DEFAULT_MAX_BATCH_SIZE);
    const subscription = new ResumingSubscription(
      (after, each) => new EventStoreDBSubscription(this.client, { after, maxBatchSize }, each, () => this.headPosition()),
      options,
      handler,
      { isTransient: isTransientEventStoreDBError, backoff: this.options.backoff, log: this.options.log },
    );
    this.subscriptions.add(subscription);
    return {
      status: () => subscription.status(),
      close: async () => {
        this.subscriptions.delete(subscription);
        await subscription.close();
      },
    };
  }

  async close(): Promise<void> {
    await Promise.all([...this.subscriptions].map((s) => s.close()));
    this.subscriptions.clear();
    await this.client.dispose();
  }
}

async function collect(read: StreamingRead<AllStreamResolvedEvent>): Promise<AllStreamResolvedEvent[]> {
  const events: AllStreamResolvedEvent[] = [];
  for await (const resolved of read) events.push(resolved);
  return events;
}

function toClientExpectedRevision(expected: ExpectedRevision): AppendExpectedRevision {
  switch (expected) {
    case 'any':
      return ANY;
    case 'no_stream':
      return NO_STREAM;
    case 'stream_exists':
      return STREAM_EXISTS;
    default:
      return BigInt(expected);
  }
}

function translateError(error: unknown, streamId: string, expected?: ExpectedRevision): unknown {
  if (error instanceof WrongExpectedVersionError && expected !== undefined) {
    return new WrongExpectedRevisionError(streamId, expected, fromCurrentRevision(error.actualVersion));
  }
  if (error instanceof UnavailableError) {
    return new EventStoreUnavailableError(`EventStoreDB is unavailable: ${error.message}`, { cause: error });
  }
  return error;
}

function fromCurrentRevision(actual: CurrentRevision): number | 'no_stream' {
  return actual === NO_STREAM ? 'no_stream' : Number(actual);
}
