/**
 * One EventStoreDB database as a whole, for operations that go beyond the port: the event
 * store over it, and its streams' metadata (what migrate-personal-data marks an old stream
 * with). Only the port is used by the services.
 */
import { EventStoreDBClient, UnavailableError } from '@eventstore/db-client';
import { EventStoreUnavailableError } from '../errors.ts';
import type { EventStore } from '../port.ts';
import { eventStoreOnClient, type EventStoreDBOptions } from './eventstoredb-event-store.ts';

export interface EventStoreDBDatabase {
  readonly events: EventStore;
  /** The stream's custom metadata (system keys such as maxAge included), {} when it has none. */
  streamMetadata(streamId: string): Promise<Record<string, unknown>>;
  /** Replaces the stream's metadata (a new `$metadata` event in `$$<streamId>`). */
  setStreamMetadata(streamId: string, metadata: Record<string, unknown>): Promise<void>;
  close(): Promise<void>;
}

export function connectEventStoreDBDatabase(connectionString: string, options: EventStoreDBOptions = {}): EventStoreDBDatabase {
  return databaseOnClient(EventStoreDBClient.connectionString(connectionString), options);
}

/** The database over a given client (tests pass a simulated one; not exported from the package). */
export function databaseOnClient(client: EventStoreDBClient, options: EventStoreDBOptions = {}): EventStoreDBDatabase {
  const events = eventStoreOnClient(client, options);
  return {
    events,
    streamMetadata: async (streamId) => {
      try {
        const { metadata } = await client.getStreamMetadata(streamId);
        return metadata === undefined ? {} : { ...metadata };
      } catch (error) {
        throw translate(error);
      }
    },
    setStreamMetadata: async (streamId, metadata) => {
      try {
        await client.setStreamMetadata(streamId, metadata);
      } catch (error) {
        throw translate(error);
      }
    },
    close: () => events.close(),
  };
}

function translate(error: unknown): unknown {
  return error instanceof UnavailableError ? new EventStoreUnavailableError(`EventStoreDB is unavailable: ${error.message}`, { cause: error }) : error;
}
