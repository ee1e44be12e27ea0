/** State per event store (held weakly): in-process state that must never leak from one store to another. */
import type { EventStore } from '@stays/event-store';

export function perStore<T extends object>(create: () => T): (store: EventStore) => T {
  const states = new WeakMap<EventStore, T>();
  return (store) => {
    let state = states.get(store);
    if (state === undefined) {
      state = create();
      states.set(store, state);
    }
    return state;
  };
}
