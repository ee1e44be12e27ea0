import type { Document, ReadCollection, ReadStore } from '../port.ts';
import { EmbeddedCollection } from './embedded-collection.ts';

/**
 * The in-process read store: collections held in memory, queried with MongoDB's language
 * (through mingo). Not persisted: projections rebuild it from the event log at start.
 */
export function createEmbeddedReadStore(): ReadStore {
  const collections = new Map<string, EmbeddedCollection>();
  const collection = (name: string): EmbeddedCollection => {
    let found = collections.get(name);
    if (!found) {
      found = new EmbeddedCollection(name, (other) => collection(other).snapshot());
      collections.set(name, found);
    }
    return found;
  };
  return {
    collection<T extends Document = Document>(name: string): ReadCollection<T> {
      return collection(name) as unknown as ReadCollection<T>;
    },
    async close(): Promise<void> {
      collections.clear();
    },
  };
}
