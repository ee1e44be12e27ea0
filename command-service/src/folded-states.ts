/**
 * Folded states of recently loaded streams, so that loading a stream again reads and folds
 * only the events appended since. A cached state is a plain fold of the stream's first
 * events (states are immutable: every `evolve` returns a new value), and a load always
 * reads the stream's tail from the store, so it sees every other writer's events: a command
 * never decides on less than the whole stream, and its append still names the revision it
 * read. Kept per event store, bounded, least recently used out.
 */
import type { EventStore } from '@stays/event-store';
import { perStore } from './per-store.ts';

const FOLDED_STATES_KEPT = 20_000;

interface FoldedState {
  /** The aggregate that folded it: another aggregate reading the same stream starts afresh. */
  readonly aggregate: object;
  readonly state: unknown;
  /** Revision of the last event folded in. */
  readonly revision: number;
}

const cacheOf = perStore<FoldedState>();

/** The latest cached fold of `streamId` by `aggregate`, if any. */
export function cachedFold(store: EventStore, streamId: string, aggregate: object): { state: unknown; revision: number } | undefined {
  const cache = cacheOf(store);
  const entry = cache.get(streamId);
  if (entry === undefined || entry.aggregate !== aggregate) return undefined;
  cache.delete(streamId); // re-inserted below: now the most recently used
  cache.set(streamId, entry);
  return entry;
}

/** Remembers a fold unless a later one of the same stream is already known. */
export function rememberFold(store: EventStore, streamId: string, aggregate: object, state: unknown, revision: number): void {
  const cache = cacheOf(store);
  const known = cache.get(streamId);
  if (known !== undefined && known.aggregate === aggregate && known.revision >= revision) return;
  cache.delete(streamId);
  cache.set(streamId, { aggregate, state, revision });
  if (cache.size > FOLDED_STATES_KEPT) cache.delete(cache.keys().next().value!);
}
