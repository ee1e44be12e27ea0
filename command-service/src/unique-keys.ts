/**
 * Unique keys through the event store (see contracts' events/unique-keys.ts): reserve a
 * key for a holder, release it, ask who holds it.
 */
import type { EventStore } from '@stays/event-store';
import { uniqueKeyEventTypes, type UniqueKeyEvent } from '@stays/contracts';
import { Conflict } from './domain-errors.ts';
import { fold, handle, load, type CommandMetadata } from './handle.ts';

interface UniqueKeyState {
  readonly holder: string | null;
}

const uniqueKeyAggregate = {
  eventTypes: uniqueKeyEventTypes,
  initialState: (): UniqueKeyState => ({ holder: null }),
  evolve: (state: UniqueKeyState, event: UniqueKeyEvent): UniqueKeyState => {
    switch (event.type) {
      case 'KeyReserved':
        return { holder: event.data.holder };
      case 'KeyReleased':
        return state.holder === event.data.holder ? { holder: null } : state;
      // Stryker disable next-line ConditionalExpression,BlockStatement: unreachable, the type checker proves the switch covers every event
      default: {
        const unknown: never = event;
        return unknown;
      }
    }
  },
};

/** Who holds the key, or null. */
export async function uniqueKeyHolder(store: EventStore, streamId: string): Promise<string | null> {
  return (await load(store, streamId, uniqueKeyAggregate)).state.holder;
}

/** How long a holder may take between reserving a key and recording what holds it. */
const ABANDONED_AFTER_MS = 5 * 60 * 1000;

/**
 * When another holder has the key: a holder that has recorded nothing
 * (`recordedNothing(holder)`) `ABANDONED_AFTER_MS` after reserving it was a command that
 * crashed in between, and its key may be taken over.
 */
export interface Abandonment {
  readonly now: Date;
  readonly recordedNothing: (holder: string) => Promise<boolean>;
}

/**
 * Reserves the key for `holder`, or throws Conflict(`takenMessage`) when another
 * holder has it and has not abandoned it.
 */
export async function reserveUniqueKey(
  store: EventStore,
  streamId: string,
  holder: string,
  takenMessage: string,
  metadata: CommandMetadata,
  abandonment?: Abandonment,
): Promise<number | null> {
  const recorded = await store.readStream(streamId);
  const current = fold(uniqueKeyAggregate, recorded).holder;
  const last = recorded.at(-1);
  const abandoned =
    current !== null &&
    current !== holder &&
    // Stryker disable next-line ConditionalExpression: a key with a holder has at least its reservation recorded; the test is for the type checker
    last !== undefined &&
    abandonment !== undefined &&
    abandonment.now.getTime() - Date.parse(last.recordedAt) >= ABANDONED_AFTER_MS &&
    (await abandonment.recordedNothing(current));
  const { position } = await handle(
    store,
    streamId,
    uniqueKeyAggregate,
    (state): UniqueKeyEvent[] => {
      if (state.holder === holder) return [];
      if (state.holder !== null && !(abandoned && state.holder === current)) throw new Conflict(takenMessage);
      return [{ type: 'KeyReserved', data: { holder } }];
    },
    metadata,
  );
  return position;
}

/** Frees the key if `holder` has it. */
export async function releaseUniqueKey(store: EventStore, streamId: string, holder: string, metadata: CommandMetadata): Promise<number | null> {
  const { position } = await handle(
    store,
    streamId,
    uniqueKeyAggregate,
    (state): UniqueKeyEvent[] => (state.holder === holder ? [{ type: 'KeyReleased', data: { holder } }] : []),
    metadata,
  );
  return position;
}
