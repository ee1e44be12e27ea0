/**
 * The command handler loop (Emmett's `handle`): load a stream, fold it into state,
 * decide new events with a pure function, append them with the revision that was read.
 * Another writer in between makes the append fail on concurrency; the whole cycle is
 * retried a few times, then reported as 409. Within this process, cycles on one stream
 * take turns (stream-turns.ts), so only other processes' writes can get in between.
 */
import { WrongExpectedRevisionError, type EventStore, type RecordedEvent } from '@stays/event-store';
import { eventSchemaVersions, messages, parseEvent, type DomainEvent } from '@stays/contracts';
import { Conflict } from './domain-errors.ts';
import { cachedFold, rememberFold } from './folded-states.ts';
import { inTurn } from './stream-turns.ts';
import { currentRequestId, processMetrics, streamCategory } from '@stays/service-kit';

export interface Aggregate<State, Event extends DomainEvent> {
  readonly initialState: () => State;
  readonly evolve: (state: State, event: Event) => State;
  /** The event types its streams hold: any other type in one is refused, never folded. */
  readonly eventTypes: readonly Event['type'][];
}

export interface CommandMetadata {
  /** Who asked: an account id, or 'system' for reactors. */
  readonly actor: string;
  readonly correlationId?: string;
  /** The contact stream (verified email and phone) a booking was placed on: the auditors' history shows that verification. */
  readonly contactStream?: string;
}

export interface HandleResult<State, Event> {
  readonly state: State;
  readonly newEvents: readonly Event[];
  /** Global position of the last appended event; null when nothing was appended. */
  readonly position: number | null;
}

/** What a use case answers: its value, and the log position the caller's next read must reflect. */
export interface Positioned<T> {
  readonly value: T;
  /** null when nothing was written. */
  readonly position: number | null;
}

/** The latest of several appends' positions (null ones wrote nothing). */
export const latestPosition = (...positions: (number | null)[]): number | null =>
  positions.reduce<number | null>((max, p) => (p === null ? max : max === null ? p : Math.max(max, p)), null);

const MAX_ATTEMPTS = 4;

export async function handle<State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  aggregate: Aggregate<State, Event>,
  decide: (state: State) => readonly Event[],
  metadata: CommandMetadata,
): Promise<HandleResult<State, Event>> {
  return inTurn(store, streamId, async () => {
    for (let attempt = 1; ; attempt++) {
      const { state, revision } = await load(store, streamId, aggregate);
      const newEvents = decide(state);
      if (newEvents.length === 0) return { state, newEvents, position: null };
      try {
        const result = await store.append(
          streamId,
          newEvents.map((event) => toEventData(event, metadata)),
          {
            expectedRevision: revision ?? 'no_stream',
          },
        );
        processMetrics().appends.inc({ category: streamCategory(streamId) });
        const next = newEvents.reduce(aggregate.evolve, state);
        rememberFold(store, streamId, aggregate, next, result.nextExpectedRevision);
        return { state: next, newEvents, position: result.position };
      } catch (error) {
        if (error instanceof WrongExpectedRevisionError) processMetrics().appendConflicts.inc({ category: streamCategory(streamId) });
        if (error instanceof WrongExpectedRevisionError && attempt < MAX_ATTEMPTS) continue;
        if (error instanceof WrongExpectedRevisionError) throw new Conflict(messages.server.busy);
        throw error;
      }
    }
  });
}

/**
 * Folds a stream into state; `revision` is the last event's revision, null for no stream.
 * Reads only the events after the last fold it remembers (folded-states.ts).
 */
export async function load<State, Event extends DomainEvent>(
  store: EventStore,
  streamId: string,
  aggregate: Aggregate<State, Event>,
): Promise<{ state: State; revision: number | null }> {
  const known = cachedFold(store, streamId, aggregate);
  const events = await store.readStream(streamId, known && { fromRevision: known.revision + 1 });
  if (events.length === 0) return known ? { state: known.state as State, revision: known.revision } : { state: aggregate.initialState(), revision: null };
  const state = fold(aggregate, events, known?.state as State | undefined);
  const revision = events[events.length - 1]!.revision;
  rememberFold(store, streamId, aggregate, state, revision);
  return { state, revision };
}

/** Folds events into state, from the aggregate's initial state or from a state already folded. */
export const fold = <State, Event extends DomainEvent>(aggregate: Aggregate<State, Event>, events: readonly RecordedEvent[], from?: State): State =>
  events.reduce((current, recorded) => aggregate.evolve(current, parseEvent<Event>(recorded, aggregate.eventTypes)), from ?? aggregate.initialState());

/**
 * The event as appended. `correlationId` is the business thread a handler names (the booking a
 * booking's events belong to); `requestId` is the HTTP request that caused the append (its log
 * line carries the same id), so an auditor can go from a log line to its events.
 */
export function toEventData(event: DomainEvent, metadata: CommandMetadata, requestId: string | undefined = currentRequestId()) {
  return {
    type: event.type,
    data: { ...event.data },
    metadata: {
      schemaVersion: eventSchemaVersions[event.type],
      actor: metadata.actor,
      ...(metadata.correlationId ? { correlationId: metadata.correlationId } : {}),
      ...(metadata.contactStream ? { contactStream: metadata.contactStream } : {}),
      ...(requestId !== undefined ? { requestId } : {}),
    },
  };
}
