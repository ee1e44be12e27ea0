/**
 * A projection is a pure function from one event to the writes it causes, in MongoDB's
 * update language. The runner makes them idempotent and checkpointed; handlers only say
 * what an event means for the read models.
 *
 * Rule for handlers: at most one write per document per event (the idempotency guard
 * stamps each document with the position of the last event applied to it).
 */
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

/** Field holding the position of the last event applied to a document. */
export const POSITION_FIELD = '_position';
