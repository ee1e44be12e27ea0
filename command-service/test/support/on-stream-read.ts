import type { EventStore } from '@stays/event-store';

/** `store`, calling `beforeRead` with a stream's id before each read of it: to record reads, or to let another process act first. */
export function onStreamRead(store: EventStore, beforeRead: (streamId: string) => unknown): EventStore {
  return new Proxy(store, {
    get(target, property) {
      if (property === 'readStream')
        return async (streamId: string, options?: Parameters<EventStore['readStream']>[1]) => {
          await beforeRead(streamId);
          return target.readStream(streamId, options);
        };
      const value = Reflect.get(target, property) as unknown;
      return typeof value === 'function' ? value.bind(target) : value;
    },
  });
}
