/**
 * An in-process stand-in for an EventStoreDB server behind the @eventstore/db-client API,
 * covering only what the adapter calls. It exists because no server can run here: it
 * lets the adapter's own logic (mapping, paging, filtering, micro-batching, caught-up
 * detection, resuming after a position) run through the contract suite.
 *
 * It models the server behaviour the adapter relies on, as researched (see
 * src/eventstoredb/positions.ts): positions are byte offsets with commit == prepare for
 * every event; a forward $all read's fromPosition is inclusive, a subscription's is
 * exclusive; the log also holds system events (here a `$>` link per event, like the
 * $by_category projection writes, and a `$metadata` event now and then); filtered
 * subscriptions apply the event-type regex on the server. It proves the adapter is
 * consistent with that model, not that the model matches a real server: only running
 * the contract suite with EVENTSTORE_URL does that.
 */
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import {
  END, START, StreamNotFoundError, WrongExpectedVersionError,
  type AllStreamResolvedEvent, type AppendExpectedRevision, type AppendResult, type EventData, type EventStoreDBClient,
  type Filter, type Position, type ReadPosition, type ReadRevision,
} from '@eventstore/db-client';

export interface SimulationOptions {
  /** Servers >= 23.10 send 'caughtUp' on catch-up subscriptions; older ones do not. */
  readonly sendsCaughtUp: boolean;
}

interface StoredEvent {
  readonly streamId: string;
  readonly id: string;
  readonly isJson: true;
  readonly revision: bigint;
  readonly type: string;
  readonly created: Date;
  readonly data: Record<string, unknown>;
  readonly metadata: Record<string, unknown> | undefined;
  readonly position: Position;
}

type ResolvedLike = AllStreamResolvedEvent;

interface LiveSubscriber {
  after: bigint;
  readonly filter: Filter | undefined;
  readonly stream: Readable;
}

export class SimulatedEventStoreDB {
  private readonly log: StoredEvent[] = [];
  private readonly streams = new Map<string, StoredEvent[]>();
  private readonly subscribers = new Set<LiveSubscriber>();
  private nextByte = 4096n;

  constructor(private readonly options: SimulationOptions) {}

  /** The simulation, typed as the real client for the adapter. */
  client(): EventStoreDBClient {
    const api = {
      appendToStream: this.appendToStream.bind(this),
      readStream: this.readStream.bind(this),
      readAll: this.readAll.bind(this),
      subscribeToAll: this.subscribeToAll.bind(this),
      dispose: async () => undefined,
    };
    return api as unknown as EventStoreDBClient;
  }

  private async appendToStream(
    streamName: string,
    events: EventData | EventData[],
    options: { expectedRevision?: AppendExpectedRevision } = {},
  ): Promise<AppendResult> {
    await new Promise((resolve) => setImmediate(resolve)); // a network round trip
    const list = Array.isArray(events) ? events : [events];
    const stream = this.streams.get(streamName) ?? [];
    const current = stream.length === 0 ? 'no_stream' : BigInt(stream.length - 1);
    const expected = options.expectedRevision ?? 'any';
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && current === 'no_stream') ||
      (expected === 'stream_exists' && current !== 'no_stream') ||
      (typeof expected === 'bigint' && current === expected);
    if (!ok) throw new WrongExpectedVersionError(undefined, { streamName, expected, current } as never);

    let last: StoredEvent | undefined;
    for (const event of list) {
      last = this.write(streamName, event.type, event.data as Record<string, unknown>, event.metadata as Record<string, unknown>, event.id);
      this.write(`$ce-${streamName.split('-')[0]}`, '$>', { link: `${last.revision}@${streamName}` }, undefined);
      if (this.log.length % 7 === 0) this.write(`$$${streamName}`, '$metadata', {}, undefined);
    }
    return { success: true, nextExpectedRevision: last!.revision, position: last!.position };
  }

  private write(streamId: string, type: string, data: Record<string, unknown>, metadata: Record<string, unknown> | undefined, id: string = randomUUID()): StoredEvent {
    const stream = this.streams.get(streamId) ?? [];
    const event: StoredEvent = {
      streamId, id, isJson: true, revision: BigInt(stream.length), type, created: new Date(),
      data: structuredClone(data), metadata: metadata && structuredClone(metadata),
      position: { commit: this.nextByte, prepare: this.nextByte },
    };
    // Records have varying sizes: positions are offsets, not sequence numbers.
    this.nextByte += BigInt(120 + JSON.stringify(data).length);
    stream.push(event);
    this.streams.set(streamId, stream);
    this.log.push(event);
    for (const subscriber of this.subscribers) this.deliver(subscriber, event);
    return event;
  }

  private readStream(streamName: string, options: { fromRevision?: ReadRevision; maxCount?: number | bigint } = {}) {
    const stream = this.streams.get(streamName);
    if (!stream) return streamingRead([], new StreamNotFoundError(undefined, streamName));
    const from = typeof options.fromRevision === 'bigint' ? Number(options.fromRevision) : 0;
    const count = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    return streamingRead(stream.slice(from, from + count).map((event) => ({ event })));
  }

  private readAll(options: { fromPosition?: ReadPosition; maxCount?: number | bigint; direction?: 'forwards' | 'backwards' } = {}) {
    const count = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    if (options.direction === 'backwards') {
      if (options.fromPosition !== undefined && options.fromPosition !== END) throw new Error('simulation: backwards reads only from END');
      return streamingRead([...this.log].reverse().slice(0, count).map((event) => ({ event })));
    }
    const from = options.fromPosition === undefined || options.fromPosition === START ? -1n
      : options.fromPosition === END ? this.nextByte : options.fromPosition.commit;
    // Forward reads are inclusive of fromPosition.
    return streamingRead(this.log.filter((e) => e.position.commit >= from).slice(0, count).map((event) => ({ event })));
  }

  private subscribeToAll(options: { fromPosition?: ReadPosition; filter?: Filter } = {}) {
    const stream = new Readable({ objectMode: true, read() {} });
    const subscriber: LiveSubscriber = {
      after: options.fromPosition === undefined || options.fromPosition === START ? -1n
        : options.fromPosition === END ? this.nextByte : options.fromPosition.commit,
      filter: options.filter,
      stream,
    };
    Object.assign(stream, {
      unsubscribe: async () => {
        this.subscribers.delete(subscriber);
        stream.push(null);
      },
    });
    setImmediate(() => {
      // Catch up (exclusive of fromPosition), then go live.
      for (const event of this.log) this.deliver(subscriber, event);
      if (this.options.sendsCaughtUp) stream.emit('caughtUp');
      this.subscribers.add(subscriber);
    });
    return stream;
  }

  private deliver(subscriber: LiveSubscriber, event: StoredEvent): void {
    if (event.position.commit <= subscriber.after) return;
    subscriber.after = event.position.commit;
    if (subscriber.filter && 'regex' in subscriber.filter && !new RegExp(subscriber.filter.regex).test(event.type)) return;
    subscriber.stream.push({ event } satisfies ResolvedLike as ResolvedLike);
  }
}

/** A client-style streaming read: a Readable of resolved events with cancel(). */
function streamingRead(items: object[], error?: Error) {
  const stream = Readable.from(
    (async function* () {
      await new Promise((resolve) => setImmediate(resolve));
      if (error) throw error;
      yield* items;
    })(),
    { objectMode: true },
  );
  return Object.assign(stream, { cancel: async () => void stream.destroy() });
}
