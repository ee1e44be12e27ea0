/**
 * A projection is a pure function from one event to the writes it causes, in MongoDB's
 * update language. The runner makes them idempotent and checkpointed; handlers only say
 * what an event means for the read models.
 *
 * Rule for handlers: at most one write per document per event (the idempotency guard
 * stamps each document with the position of the last event applied to it).
 */
import type { DomainEventType, EventOfType } from '@stays/contracts';
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
  /** Stable name; the checkpoint is stored under it (a read model version's is `<model>@<version>`). */
  readonly name: string;
  readonly version: number;
  /** Collections this projection owns. */
  readonly collections: readonly string[];
  readonly indexes?: readonly IndexDefinition[];
  /** Reads the log as stored (the runner's `storedLog`, when it has one): it reads no personal field. */
  readonly fromStoredLog?: boolean;
  project(event: RecordedEvent): readonly ProjectedWrite[];
}

/** What a handler may know of an event besides its data: when and where it was recorded. */
export type EventMeta = Omit<RecordedEvent, 'type' | 'data'>;

/** A handler per event type the read model cares about; it gets the event's data as its contracts schema reads it. */
export type EventHandlers = {
  readonly [Type in DomainEventType]?: (data: EventOfType<Type>['data'], meta: EventMeta) => readonly ProjectedWrite[];
};
