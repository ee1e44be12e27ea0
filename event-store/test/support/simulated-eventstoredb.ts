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
 * subscriptions apply the event-type regex on the server.
 *
 * Appends are idempotent the way the server's are: the same event ids appended again at
 * the expected revision they were first appended at succeed without writing anything (the
 * result of the first append). Stream metadata is the last `$metadata` event of the
 * stream's `$$<stream>` metastream, as the client reads and writes it.
 *
 * It also fails the way a server does, with the errors the client makes of gRPC
 * statuses (its own convertToCommandError): `stop()` takes the server down (live
 * subscriptions fail with UNAVAILABLE "Connection dropped", or the server ends them;
 * every later call fails with UNAVAILABLE "No connection established" until `start()`),
 * `dropSubscriptions()` is a network blip that kills live subscriptions only, and a
 * simulation created `available: false` is a server still starting. The log survives a
 * restart, as EventStoreDB's does.
 *
 * It proves the adapter is consistent with that model, not that the model matches a real
 * server: only running the contract suite with EVENTSTORE_URL does that.
 */
import { Readable } from 'node:stream';
import { randomUUID } from 'node:crypto';
import {
  END,
  START,
  StreamNotFoundError,
  WrongExpectedVersionError,
  convertToCommandError,
  type AllStreamResolvedEvent,
  type AppendExpectedRevision,
  type AppendResult,
  type EventData,
  type EventStoreDBClient,
  type Filter,
  type Position,
  type ReadPosition,
  type ReadRevision,
} from '@eventstore/db-client';
import { eventStoreOnClient } from '../../src/eventstoredb/eventstoredb-event-store.ts';
import { databaseOnClient, type EventStoreDBDatabase } from '../../src/eventstoredb/eventstoredb-database.ts';
import type { EventStore } from '../../src/port.ts';
import { SimulatedGroup, type GroupSettings, type MemberStream } from './simulated-persistent-subscriptions.ts';

export interface SimulationOptions {
  /** Servers >= 23.10 send 'caughtUp' on catch-up subscriptions; older ones do not. */
  readonly sendsCaughtUp: boolean;
  /** False: the server is not up yet (every call fails until start()). Default true. */
  readonly available?: boolean;
  /**
   * True: a subscription also sends the event at its fromPosition, which the adapter has
   * already handled (a server or proxy that replays a little after a reconnect); the
   * adapter must not hand it over again. Default false (exclusive, as researched).
   */
  readonly repeatsFromPosition?: boolean;
  /**
   * True: while a filtered subscription catches up, the server sends a checkpoint after each
   * event it scans (a real one every few), whether it passed the filter or not; before 23.10
   * that is a client's only sign of being live. Default false.
   */
  readonly sendsCheckpoints?: boolean;
}

/** How the server lets go of a live subscription. */
export type SubscriptionDrop =
  /** The connection breaks: the client emits UnavailableError. */
  | 'connection-dropped'
  /** The server cancels the call while shutting down: the client emits CancelledError. */
  | 'cancelled'
  /** The server completes the call: the stream ends without an error. */
  | 'ended';

/**
 * A gRPC failure as the client turns it into an error (codes from grpc status); `exception`:
 * the server's name for it in the call's metadata, from which the client picks its class.
 */
export function clientError(code: number, name: string, details: string, exception?: string): Error {
  const metadata = { getMap: () => (exception === undefined ? {} : { exception }) };
  const serviceError = Object.assign(new Error(`${code} ${name}: ${details}`), { code, details, metadata });
  return convertToCommandError(serviceError);
}

const UNAVAILABLE = 14;
const CANCELLED = 1;
const NOT_FOUND = 5;
const ALREADY_EXISTS = 6;
const notConnected = () => clientError(UNAVAILABLE, 'UNAVAILABLE', 'No connection established');

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
  private readonly groups = new Map<string, SimulatedGroup>();
  /** Each persistent subscription's stream, and its group: a drop lets go of both. */
  private readonly members = new Map<MemberStream, SimulatedGroup>();
  /** Groups asked to be created, including those that existed already. */
  groupCreations = 0;
  private nextByte = 4096n;
  private available: boolean;
  /** Subscriptions opened (including ones that failed at once): lets tests see resubscribes. */
  subscribeCalls = 0;
  /** Where each subscription asked to start: 'start', or the position it is exclusive of. */
  readonly subscribedFrom: ('start' | bigint)[] = [];
  /** Runs as a subscription is asked for: lets a test change the log between a client's calls. */
  beforeSubscribe: (() => void) | undefined;

  constructor(private readonly options: SimulationOptions) {
    this.available = options.available ?? true;
  }

  /** Takes the server down: live subscriptions are let go of, every call fails until start(). */
  stop(how: SubscriptionDrop = 'connection-dropped'): void {
    this.available = false;
    this.dropSubscriptions(how);
  }

  /** The server is up (again), with its log as it was. */
  start(): void {
    this.available = true;
  }

  /** A network blip: every live subscription is let go of (or fails with `how`, an error); the server stays up. */
  dropSubscriptions(how: SubscriptionDrop | Error = 'connection-dropped'): void {
    const failure = () =>
      how instanceof Error
        ? how
        : how === 'cancelled'
          ? clientError(CANCELLED, 'CANCELLED', 'Call cancelled')
          : clientError(UNAVAILABLE, 'UNAVAILABLE', 'Connection dropped');
    for (const subscriber of [...this.subscribers]) {
      this.subscribers.delete(subscriber);
      if (how === 'ended') endStream(subscriber.stream);
      else failCall(subscriber.stream, failure());
    }
    for (const [stream, group] of [...this.members]) {
      this.members.delete(stream);
      group.lose(stream);
      if (how === 'ended') endStream(stream);
      else failCall(stream, failure());
    }
  }

  /** The persistent subscription group of that name (undefined before it is created). */
  group(name: string): SimulatedGroup | undefined {
    return this.groups.get(name);
  }

  /** The newest event that is not a system event leaves the log, as a deleted stream's events do when the server scavenges. */
  scavengeNewest(): void {
    const event = this.log.findLast((candidate) => !candidate.type.startsWith('$'))!;
    this.log.splice(this.log.indexOf(event), 1);
    const stream = this.streams.get(event.streamId)!;
    stream.splice(stream.indexOf(event), 1);
  }

  /** Live subscriptions right now. */
  liveSubscriptions(): number {
    return this.subscribers.size;
  }

  /** Events sent on live subscriptions that the client has not taken yet (it paused the stream). */
  unreadBySubscribers(): number {
    let unread = 0;
    for (const subscriber of this.subscribers) unread += subscriber.stream.readableLength;
    return unread;
  }

  /** The simulation, typed as the real client for the adapter. */
  client(): EventStoreDBClient {
    const api = {
      appendToStream: this.appendToStream.bind(this),
      readStream: this.readStream.bind(this),
      readAll: this.readAll.bind(this),
      subscribeToAll: this.subscribeToAll.bind(this),
      createPersistentSubscriptionToAll: this.createPersistentSubscriptionToAll.bind(this),
      getPersistentSubscriptionToAllInfo: this.getPersistentSubscriptionToAllInfo.bind(this),
      subscribeToPersistentSubscriptionToAll: this.subscribeToPersistentSubscriptionToAll.bind(this),
      getStreamMetadata: this.getStreamMetadata.bind(this),
      setStreamMetadata: this.setStreamMetadata.bind(this),
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
    if (!this.available) throw notConnected();
    const list = Array.isArray(events) ? events : [events];
    const stream = this.streams.get(streamName) ?? [];
    const current = stream.length === 0 ? 'no_stream' : BigInt(stream.length - 1);
    const expected = options.expectedRevision ?? 'any';
    const ok =
      expected === 'any' ||
      (expected === 'no_stream' && current === 'no_stream') ||
      (expected === 'stream_exists' && current !== 'no_stream') ||
      (typeof expected === 'bigint' && current === expected);
    if (!ok) {
      const again = this.alreadyAppended(stream, list, expected);
      if (again) return again;
      throw new WrongExpectedVersionError(undefined, { streamName, expected, current } as never);
    }

    let last: StoredEvent | undefined;
    for (const event of list) {
      last = this.write(streamName, event.type, event.data as Record<string, unknown>, event.metadata as Record<string, unknown>, event.id);
      this.write(`$ce-${streamName.split('-')[0]}`, '$>', { link: `${last.revision}@${streamName}` }, undefined);
      if (this.log.length % 7 === 0) this.write(`$$${streamName}`, '$metadata', {}, undefined);
    }
    return { success: true, nextExpectedRevision: last!.revision, position: last!.position };
  }

  /** The result of the first append when the same ids follow the expected revision already. */
  private alreadyAppended(stream: readonly StoredEvent[], list: readonly EventData[], expected: AppendExpectedRevision): AppendResult | undefined {
    if (expected !== 'no_stream' && typeof expected !== 'bigint') return undefined;
    const from = expected === 'no_stream' ? 0 : Number(expected) + 1;
    const there = stream.slice(from, from + list.length);
    if (there.length !== list.length || there.some((event, i) => event.id !== list[i]!.id)) return undefined;
    const last = there[there.length - 1]!;
    return { success: true, nextExpectedRevision: last.revision, position: last.position };
  }

  private async getStreamMetadata(streamName: string): Promise<{ streamName: string; metadata?: Record<string, unknown> }> {
    await new Promise((resolve) => setImmediate(resolve));
    if (!this.available) throw notConnected();
    const last = this.streams.get(`$$${streamName}`)?.at(-1);
    return last === undefined ? { streamName } : { streamName, metadata: structuredClone(last.data) };
  }

  private async setStreamMetadata(streamName: string, metadata: Record<string, unknown>): Promise<AppendResult> {
    await new Promise((resolve) => setImmediate(resolve));
    if (!this.available) throw notConnected();
    const event = this.write(`$$${streamName}`, '$metadata', metadata, undefined);
    return { success: true, nextExpectedRevision: event.revision, position: event.position };
  }

  private write(
    streamId: string,
    type: string,
    data: Record<string, unknown>,
    metadata: Record<string, unknown> | undefined,
    id: string = randomUUID(),
  ): StoredEvent {
    const stream = this.streams.get(streamId) ?? [];
    const event: StoredEvent = {
      streamId,
      id,
      isJson: true,
      revision: BigInt(stream.length),
      type,
      created: new Date(),
      data: structuredClone(data),
      metadata: metadata && structuredClone(metadata),
      position: { commit: this.nextByte, prepare: this.nextByte },
    };
    // Records have varying sizes: positions are offsets, not sequence numbers.
    this.nextByte += BigInt(120 + JSON.stringify(data).length);
    stream.push(event);
    this.streams.set(streamId, stream);
    this.log.push(event);
    for (const subscriber of this.subscribers) this.deliver(subscriber, event);
    for (const group of this.groups.values()) group.push();
    return event;
  }

  private async createPersistentSubscriptionToAll(groupName: string, settings: GroupSettings, options: { filter?: Filter } = {}): Promise<void> {
    await new Promise((resolve) => setImmediate(resolve));
    this.groupCreations++;
    if (!this.available) throw notConnected();
    if (this.groups.has(groupName)) {
      throw clientError(ALREADY_EXISTS, 'ALREADY_EXISTS', `Subscription group ${groupName} on stream $all exists.`, 'persistent-subscription-exists');
    }
    const filter = options.filter && 'regex' in options.filter ? new RegExp(options.filter.regex) : undefined;
    this.groups.set(groupName, new SimulatedGroup({ log: this.log, end: () => this.nextByte }, settings, filter));
  }

  /** The group's settings, as the client maps the server's answer (only the fields the adapter reads). */
  private async getPersistentSubscriptionToAllInfo(groupName: string): Promise<{ groupName: string; settings: GroupSettings }> {
    await new Promise((resolve) => setImmediate(resolve));
    if (!this.available) throw notConnected();
    const group = this.groups.get(groupName);
    if (group === undefined) {
      throw clientError(NOT_FOUND, 'NOT_FOUND', `Subscription group ${groupName} on stream $all does not exist.`, 'persistent-subscription-does-not-exist');
    }
    return { groupName, settings: group.settings };
  }

  /** A member of the group: confirmed, then pushed its share, at most `bufferSize` unanswered at once. */
  private subscribeToPersistentSubscriptionToAll(groupName: string, { bufferSize = 10 }: { bufferSize?: number } = {}): MemberStream {
    const group = this.groups.get(groupName);
    const stream = group?.join(bufferSize) ?? (new Readable({ objectMode: true, read() {} }) as MemberStream);
    if (group !== undefined) this.members.set(stream, group);
    setImmediate(() => {
      if (stream.destroyed) return;
      if (!this.available) {
        this.members.delete(stream);
        group?.lose(stream);
        failCall(stream, notConnected());
      } else if (group === undefined) {
        failCall(
          stream,
          clientError(NOT_FOUND, 'NOT_FOUND', `Subscription group ${groupName} on stream $all does not exist.`, 'persistent-subscription-does-not-exist'),
        );
      } else if (group.admit(stream)) {
        stream.emit('confirmation');
        group.push();
      }
    });
    return stream;
  }

  private readStream(streamName: string, options: { fromRevision?: ReadRevision; maxCount?: number | bigint } = {}) {
    if (!this.available) return streamingRead([], notConnected());
    const stream = this.streams.get(streamName);
    if (!stream) return streamingRead([], new StreamNotFoundError(undefined, streamName));
    const from = typeof options.fromRevision === 'bigint' ? Number(options.fromRevision) : 0;
    const count = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    return streamingRead(stream.slice(from, from + count).map((event) => ({ event })));
  }

  private readAll(options: { fromPosition?: ReadPosition; maxCount?: number | bigint; direction?: 'forwards' | 'backwards' } = {}) {
    if (!this.available) return streamingRead([], notConnected());
    const count = Number(options.maxCount ?? Number.MAX_SAFE_INTEGER);
    if (options.direction === 'backwards') {
      if (options.fromPosition !== undefined && options.fromPosition !== END) throw new Error('simulation: backwards reads only from END');
      return streamingRead(
        [...this.log]
          .reverse()
          .slice(0, count)
          .map((event) => ({ event })),
      );
    }
    const from =
      options.fromPosition === undefined || options.fromPosition === START ? -1n : options.fromPosition === END ? this.nextByte : options.fromPosition.commit;
    // Forward reads are inclusive of fromPosition.
    return streamingRead(
      this.log
        .filter((e) => e.position.commit >= from)
        .slice(0, count)
        .map((event) => ({ event })),
    );
  }

  private subscribeToAll(options: { fromPosition?: ReadPosition; filter?: Filter } = {}) {
    const stream = new Readable({ objectMode: true, read() {} });
    const from =
      options.fromPosition === undefined || options.fromPosition === START ? -1n : options.fromPosition === END ? this.nextByte : options.fromPosition.commit;
    const subscriber: LiveSubscriber = { after: this.options.repeatsFromPosition === true && from >= 0n ? from - 1n : from, filter: options.filter, stream };
    Object.assign(stream, {
      unsubscribe: async () => {
        this.subscribers.delete(subscriber);
        endStream(stream);
      },
    });
    this.subscribeCalls++;
    this.subscribedFrom.push(from < 0n ? 'start' : from);
    this.beforeSubscribe?.();
    setImmediate(() => {
      if (stream.destroyed) return;
      if (!this.available) {
        failCall(stream, notConnected());
        return;
      }
      // Catch up (exclusive of fromPosition unless it repeats it), then go live.
      const filter = options.filter as { checkpointReached?: (subscription: unknown, position: Position) => Promise<void> | void } | undefined;
      for (const event of this.log) {
        this.deliver(subscriber, event);
        if (this.options.sendsCheckpoints === true) void filter?.checkpointReached?.(stream, event.position);
      }
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

/** Ends a subscription's stream once (a second end would be an error). */
function endStream(stream: Readable): void {
  if (stream.destroyed || (stream as Readable & { simulationEnded?: true }).simulationEnded) return;
  Object.assign(stream, { simulationEnded: true });
  stream.push(null);
}

/**
 * A subscription's call failing as the client shows it: its stream (catch-up or persistent)
 * is fed by the gRPC call, which ends on a status and then emits the status's error, so a
 * consumer sees both, the end once it reads on.
 */
function failCall(stream: Readable, error: Error): void {
  endStream(stream);
  stream.emit('error', error);
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

/** The EventStoreDB adapter over a simulation (other packages' tests): fast retries, log lines to `log`. */
export function eventStoreOnSimulation(
  simulation: SimulatedEventStoreDB,
  options: { backoff?: { initialDelayMs?: number; maxDelayMs?: number }; log?: (line: string) => void } = {},
): EventStore {
  return eventStoreOnClient(simulation.client(), { backoff: options.backoff ?? { initialDelayMs: 5, maxDelayMs: 40 }, log: options.log ?? (() => undefined) });
}

/** The whole database over a simulation (the event store and stream metadata). */
export function databaseOnSimulation(simulation: SimulatedEventStoreDB): EventStoreDBDatabase {
  return databaseOnClient(simulation.client(), { backoff: { initialDelayMs: 5, maxDelayMs: 40 }, log: () => undefined });
}
