/**
 * Competing consumers on EventStoreDB: a persistent subscription group to `$all`, filtered
 * on the server to the group's event types (a regular expression of the exact names).
 *
 * - The group is created on first use, from the start of the log, so nothing appended
 *   before the first consumer joined is missed; it is never changed afterwards (settings
 *   of an existing group are the operator's, see docs/operations.md). A consumer that finds
 *   the group parking events sooner than it would says so once in its log.
 * - Up to `concurrency` events are handled at once; the gRPC stream is paused while all
 *   are busy, so a slow consumer leaves the events to the others instead of buffering.
 * - A handler that resolves acks its event; one that throws nacks it with `retry`, or with
 *   `park` once it was delivered `maxRetries` times after the first.
 * - A lost connection is retried with backoff; the events in flight then are redelivered
 *   by the server (their acks cannot reach it), to this consumer or another.
 */
import {
  EventStoreDBClient,
  PersistentSubscriptionExistsError,
  START,
  eventTypeFilter,
  persistentSubscriptionToAllSettingsFromDefaults,
  type PersistentSubscriptionToAll,
  type PersistentSubscriptionToAllResolvedEvent,
} from '@eventstore/db-client';
import { backoffDelayMs, describeError, type BackoffOptions } from '../backoff.ts';
import type {
  CompetingConsumer,
  CompetingConsumerHandler,
  CompetingConsumerOptions,
  CompetingConsumers,
  CompetingConsumerState,
} from '../competing-consumers.ts';
import { fromAllStreamEvent } from './event-mapping.ts';

const escapeRegExp = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** The server-side filter that lets exactly these event types through. */
export function exactEventTypesRegex(eventTypes: readonly string[]): string {
  if (eventTypes.length === 0) throw new Error('a competing consumer group needs at least one event type');
  return `^(?:${eventTypes.map(escapeRegExp).join('|')})$`;
}

/** Competing consumers on the EventStoreDB at `connectionString` (a client of their own, closed with `close`). */
export function connectEventStoreDBCompetingConsumers(connectionString: string, log?: (line: string) => void): CompetingConsumers & { close(): Promise<void> } {
  const client = EventStoreDBClient.connectionString(connectionString);
  return { ...eventStoreDBCompetingConsumers(client, log), close: () => client.dispose() };
}

/** `backoff`: the waits before joining again after a lost connection (default 0.2 s doubling to 30 s). */
export function eventStoreDBCompetingConsumers(
  client: EventStoreDBClient,
  log: (line: string) => void = console.warn,
  backoff: BackoffOptions = {},
): CompetingConsumers {
  return { subscribe: (options, handler) => new PersistentSubscriptionConsumer(client, options, handler, log, backoff) };
}

class PersistentSubscriptionConsumer implements CompetingConsumer {
  private stream: PersistentSubscriptionToAll | null = null;
  private state: CompetingConsumerState = 'connecting';
  private acknowledged = 0;
  private parked = 0;
  private inFlight = 0;
  private retries = 0;
  private error: string | null = null;
  private timer: NodeJS.Timeout | null = null;
  private drained: (() => void)[] = [];
  private settingsChecked = false;

  constructor(
    private readonly client: EventStoreDBClient,
    private readonly options: CompetingConsumerOptions,
    private readonly handler: CompetingConsumerHandler,
    private readonly log: (line: string) => void,
    private readonly backoff: BackoffOptions,
  ) {
    void this.join();
  }

  status() {
    return { state: this.state, acknowledged: this.acknowledged, parked: this.parked, inFlight: this.inFlight, error: this.error };
  }

  async close(): Promise<void> {
    this.state = 'closed';
    clearTimeout(this.timer ?? undefined);
    this.stream?.pause();
    if (this.inFlight > 0) await new Promise<void>((resolve) => this.drained.push(resolve));
    await this.stream?.unsubscribe();
  }

  private async join(): Promise<void> {
    try {
      await this.ensureGroup();
      if (this.state === 'closed') return;
      const stream = this.client.subscribeToPersistentSubscriptionToAll(this.options.group, { bufferSize: this.options.concurrency });
      this.stream = stream;
      stream.on('data', (resolved: PersistentSubscriptionToAllResolvedEvent) => void this.onEvent(stream, resolved));
      stream.on('confirmation', () => {
        this.state = 'live';
        this.retries = 0;
      });
      stream.on('error', (error: Error) => this.lost(stream, error));
      stream.on('end', () => this.lost(stream, new Error('EventStoreDB ended the persistent subscription')));
    } catch (error) {
      this.lost(null, error);
    }
  }

  private async ensureGroup(): Promise<void> {
    const settings = persistentSubscriptionToAllSettingsFromDefaults({
      startFrom: START,
      maxRetryCount: this.options.maxRetries,
      messageTimeout: this.options.messageTimeoutMs,
    });
    const filter = eventTypeFilter({ regex: exactEventTypesRegex(this.options.eventTypes) });
    try {
      await this.client.createPersistentSubscriptionToAll(this.options.group, settings, { filter });
    } catch (error) {
      if (!(error instanceof PersistentSubscriptionExistsError)) throw error;
      await this.checkRetryLimit();
    }
  }

  /**
   * The server parks an event at the group's own retry limit, whatever its consumers would
   * do: a group created by an older version (or set by hand) lower than `maxRetries` parks
   * events this version would still try, and only the operator may change it.
   */
  private async checkRetryLimit(): Promise<void> {
    if (this.settingsChecked) return;
    this.settingsChecked = true;
    const { group, maxRetries } = this.options;
    try {
      const { maxRetryCount } = (await this.client.getPersistentSubscriptionToAllInfo(group)).settings;
      if (maxRetryCount >= maxRetries) return;
      this.log(
        `${group}: the group parks an event after ${maxRetryCount} retries, these consumers would try ${maxRetries}: raise its maxRetryCount to ${maxRetries} (docs/operations.md)`,
      );
    } catch (error) {
      this.log(`${group}: the group's retry limit could not be read (${describeError(error)}); it may park events sooner than after ${maxRetries} retries`);
    }
  }

  private async onEvent(stream: PersistentSubscriptionToAll, resolved: PersistentSubscriptionToAllResolvedEvent): Promise<void> {
    const event = resolved.event && fromAllStreamEvent(resolved as Parameters<typeof fromAllStreamEvent>[0]);
    if (!event) {
      await stream.ack(resolved).catch(() => undefined);
      return;
    }
    this.inFlight++;
    if (this.inFlight >= this.options.concurrency) stream.pause();
    try {
      await this.handler.handle({ event, retryCount: resolved.retryCount });
      await stream.ack(resolved);
      this.acknowledged++;
    } catch (error) {
      this.error = describeError(error);
      const park = resolved.retryCount >= this.options.maxRetries;
      await stream.nack(park ? 'park' : 'retry', this.error.slice(0, 200), resolved).catch(() => undefined);
      if (park) {
        this.parked++;
        this.handler.onError?.(
          new Error(`${this.options.group}: event ${event.id} (${event.type}) parked after ${resolved.retryCount + 1} deliveries: ${this.error}`),
        );
      }
    } finally {
      this.inFlight--;
      if (this.inFlight === 0) for (const resolve of this.drained.splice(0)) resolve();
      // the stream now, not the one this event came on: after a lost connection the new one waits for the old handlers too
      if (this.state !== 'closed' && this.inFlight < this.options.concurrency) this.stream?.resume();
    }
  }

  private lost(stream: PersistentSubscriptionToAll | null, error: unknown): void {
    if (this.state === 'closed' || this.stream !== stream) return;
    this.stream = null;
    void stream?.unsubscribe().catch(() => undefined);
    this.state = 'retrying';
    this.retries++;
    this.error = describeError(error);
    const delay = backoffDelayMs(this.retries, this.backoff);
    this.log(`${this.options.group}: persistent subscription lost (${this.error}); joining again in ${delay} ms`);
    this.timer = setTimeout(() => {
      this.timer = null;
      void this.join();
    }, delay);
    this.timer.unref();
  }
}
