import type { Document, ReadCollection, ReadStore } from '../port.ts';
import { EmbeddedCollection, type CollectionState } from './embedded-collection.ts';

/** The in-process read store, with what snapshots need (see read-store-snapshot.ts). */
export interface EmbeddedReadStore extends ReadStore {
  /**
   * Every collection's documents and indexes as they are now, taken in one synchronous
   * call: a state the store really was in between two writes, whatever is written after.
   */
  capture(): readonly CollectionState[];
  /** Replaces everything the store holds by a captured state (loading a snapshot, before any follower starts). */
  load(state: readonly CollectionState[]): Promise<void>;
  /** A count of the writes that may have changed the store: equal counts mean nothing changed in between. */
  changes(): number;
}

/**
 * The in-process read store: collections held in memory, queried with MongoDB's language
 * (through mingo). Persisted only through snapshots (read-store-snapshot.ts); without one,
 * projections rebuild it from the event log at start.
 */
export function createEmbeddedReadStore(): EmbeddedReadStore {
  const collections = new Map<string, EmbeddedCollection>();
  let changes = 0;
  const changed = () => void changes++;
  const collection = (name: string): EmbeddedCollection => {
    let found = collections.get(name);
    if (!found) {
      found = new EmbeddedCollection(name, (other) => collection(other).snapshot(), changed);
      collections.set(name, found);
    }
    return found;
  };
  return {
    collection<T extends Document = Document>(name: string): ReadCollection<T> {
      return collection(name) as unknown as ReadCollection<T>;
    },
    capture: () => [...collections.values()].map((found) => found.state()),
    async load(state) {
      const named = new Map(state.map((captured) => [captured.name, captured]));
      // collections handed out before keep working: they are loaded, not replaced
      for (const [name, found] of collections) if (!named.has(name)) await found.load({ indexes: [], documents: [] });
      for (const { name, indexes, documents } of state) await collection(name).load({ indexes, documents });
    },
    changes: () => changes,
    async close(): Promise<void> {
      collections.clear();
    },
  };
}
