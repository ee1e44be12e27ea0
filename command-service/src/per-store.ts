/** A map per event store (held weakly): in-process state that must never leak from one store to another. */
import type { EventStore } from '@stays/event-store';

export function perStore<V>(): (store: EventStore) => Map<string, V> {
  const maps = new WeakMap<EventStore, Map<string, V>>();
  return (store) => {
    let map = maps.get(store);
    if (map === undefined) {
      map = new Map();
      maps.set(store, map);
    }
    return map;
  };
}
