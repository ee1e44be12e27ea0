/**
 * A projection is a pure function from one event to the writes it causes, in MongoDB's
 * update language. The runner makes them idempotent and checkpointed; handlers only say
 * what an event means for the read models.
 *
 * Rule for handlers: at most one write per document per event (the idempotency guard
 * stamps each document with the position of the last event applied to it).
 */
import { parseEvent, type DomainEventType, type EventOfType } from '@stays/contracts';
import type { RecordedEvent } from '@stays/event-store';
import type { WriteOperation } from '@stays/read-store';

export interface ProjectedWrite {
  readonly collection: string;
  readonly operation: WriteOperation;
}

export interface IndexDefinition {
  readonly collection: string;
  readonly keys: Record<string, 1 | -1>;
  readonly unique?: boolean;
}

export interface ProjectionDefinition {
  /** Stable name; the checkpoint is stored under it. Bump `version` to rebuild into new collections. */
  readonly name: string;
  readonly version: number;
  /** Collections this projection owns (dropped on rebuild). */
  readonly collections: readonly string[];
  readonly indexes?: readonly IndexDefinition[];
  project(event: RecordedEvent): readonly ProjectedWrite[];
}

/** What a handler may know of an event besides its data: when and where it was recorded. */
export type EventMeta = Omit<RecordedEvent, 'type' | 'data'>;

/** A handler per event type the read model cares about; it gets the event's data as its contracts schema reads it. */
export type EventHandlers = {
  readonly [Type in DomainEventType]?: (data: EventOfType<Type>['data'], meta: EventMeta) => readonly ProjectedWrite[];
};

export interface DomainProjection extends ProjectionDefinition {
  readonly on: EventHandlers;
}

const NO_WRITES: readonly ProjectedWrite[] = [];

/**
 * A projection of domain events: an event of a type it has a handler for is parsed once,
 * with its contracts schema at its current version (`parseEvent`, which upcasts older
 * versions), and handed to that handler typed; other
 * events are not read at all. Data the schema does not read stops the projection
 * (EventDataError) rather than writing a wrong document.
 */
export function defineProjection(definition: Omit<DomainProjection, 'project'>): DomainProjection {
  const handlers = definition.on as Readonly<Record<string, ((data: unknown, meta: EventMeta) => readonly ProjectedWrite[]) | undefined>>;
  return {
    ...definition,
    project(event) {
      const handle = Object.hasOwn(handlers, event.type) ? handlers[event.type] : undefined;
      if (handle === undefined) return NO_WRITES;
      return handle(parseEvent(event).data, event);
    },
  };
}
