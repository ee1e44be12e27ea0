/**
 * A reactor run as one of several competing consumers (production): the subscription
 * group hands each event to one consumer at a time, so the reactor keeps no checkpoint and
 * no pending work of its own; what it must do for an event is done before the event is
 * acknowledged. Within one process the work for one key (a booking) runs once at a time;
 * across processes the work itself must stay correct when two run it at once (a message
 * timeout redelivers an event while its first consumer still works on it).
 *
 * A failure is retried by the group (delivered again, to any consumer) after a backoff
 * taken here, for as long as the definition keeps trying, then parked; parked events wait
 * for an operator.
 */
import type { CompetingConsumer, CompetingConsumers, CompetingConsumerStatus, CompetingDelivery, RecordedEvent } from '@stays/event-store';
import { lineLogger, processMetrics } from '@stays/service-kit';

export interface CompetingReactorDefinition {
  /** The subscription group's name, shared by every replica. */
  readonly group: string;
  /** The event types that bring work, each mapped to the key of that work (undefined: none). */
  readonly keys: Readonly<Record<string, (event: RecordedEvent) => string | undefined>>;
  /** The work for one key; resolving acknowledges the event. */
  readonly work: (key: string, delivery: CompetingDelivery) => Promise<void>;
  /** Events handled at once by this process. */
  readonly concurrency: number;
  /** Wait before a failed event goes back to the group, by deliveries so far; the last one repeats. */
  readonly retryDelaysMs: readonly number[];
  /**
   * How long a failing event is tried again before the group parks it: as many retries as
   * the delays above fit in this time (retriesWithin). A failure that outlasts it needs an
   * operator; one that ends sooner (a mail server back after an hour) needs nobody.
   */
  readonly keepTryingMs: number;
  readonly messageTimeoutMs: number;
  readonly describeFailure: (key: string, error: unknown, delivery: CompetingDelivery) => string;
}

export interface CompetingReactorHealth extends CompetingConsumerStatus {
  readonly healthy: boolean;
}

export interface CompetingReactor {
  start(): void;
  /** Takes no new event and lets the work in progress finish. */
  stop(): Promise<void>;
  health(): CompetingReactorHealth;
}

export function defineCompetingReactor(
  definition: CompetingReactorDefinition,
  consumers: CompetingConsumers,
  log: (line: string) => void = lineLogger(),
): CompetingReactor {
  let consumer: CompetingConsumer | null = null;
  /** The work running per key in this process: the next for a key waits for it. */
  const running = new Map<string, Promise<void>>();

  const inTurn = async (key: string, work: () => Promise<void>): Promise<void> => {
    const previous = running.get(key) ?? Promise.resolve();
    const mine = previous.then(work, work);
    const settled = mine.catch(() => undefined);
    running.set(key, settled);
    try {
      await mine;
    } finally {
      if (running.get(key) === settled) running.delete(key);
    }
  };

  const handle = async (delivery: CompetingDelivery): Promise<void> => {
    const keyOf = Object.hasOwn(definition.keys, delivery.event.type) ? definition.keys[delivery.event.type] : undefined;
    const key = keyOf?.(delivery.event);
    if (key === undefined) return;
    try {
      await inTurn(key, () => definition.work(key, delivery));
    } catch (error) {
      const delays = definition.retryDelaysMs;
      const delay = delays[Math.min(delivery.retryCount, delays.length - 1)]!;
      processMetrics().reactorRetries.inc({ reactor: definition.group });
      log(definition.describeFailure(key, error, delivery));
      await new Promise((resolve) => setTimeout(resolve, delay));
      throw error;
    }
  };

  return {
    start() {
      if (definition.retryDelaysMs.length === 0) throw new Error(`${definition.group}: at least one retry delay is needed`);
      consumer = consumers.subscribe(
        {
          group: definition.group,
          eventTypes: Object.keys(definition.keys),
          concurrency: definition.concurrency,
          maxRetries: retriesWithin(definition.keepTryingMs, definition.retryDelaysMs),
          messageTimeoutMs: definition.messageTimeoutMs,
        },
        { handle, onError: (error) => log(`${definition.group}: ${error instanceof Error ? error.message : String(error)}`) },
      );
    },
    async stop() {
      await consumer?.close();
    },
    health() {
      if (consumer === null) return { healthy: false, state: 'closed', acknowledged: 0, parked: 0, inFlight: 0, error: 'not started' };
      const status = consumer.status();
      return { ...status, healthy: status.state === 'live' };
    },
  };
}

/** EventStoreDB keeps a group's retry limit in a 32-bit integer. */
const MOST_RETRIES = 2 ** 31 - 1;

/** How many retries, each after its delay in `delaysMs` (the last one repeating), fit in `durationMs`. */
export function retriesWithin(durationMs: number, delaysMs: readonly number[]): number {
  let left = durationMs;
  for (let i = 0; i < delaysMs.length - 1; i++) {
    if (delaysMs[i]! > left) return i;
    left -= delaysMs[i]!;
  }
  const last = delaysMs[delaysMs.length - 1]!;
  return Math.min(MOST_RETRIES, delaysMs.length - 1 + (last > 0 ? Math.floor(left / last) : MOST_RETRIES));
}
