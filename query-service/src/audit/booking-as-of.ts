/**
 * A booking as it stood at a moment: its own stream's events recorded at or before that
 * moment, decrypted and folded with the booking aggregate's `evolve` from contracts, the
 * very fold the command side decides on.
 */
import { bookingAggregate, parseEvent, type AuditBookingAsOf } from '@stays/contracts';
import type { LoggedRecord } from '@stays/notary/queries';
import type { Reveal } from './entries.ts';
import { changedFields } from './state-diff.ts';

/** A folded state as answered: null before the booking existed. */
const shown = (state: ReturnType<typeof bookingAggregate.initialState>) => (state.status === 'none' ? null : (state as unknown as Record<string, unknown>));

/**
 * `events`: the booking stream's logged records in log order; `asOf` an ISO UTC time. Also
 * answers which fields the last event folded changed (the state before it against after it).
 */
export async function bookingAsOf(bookingID: string, events: readonly LoggedRecord[], asOf: string, reveal: Reveal): Promise<AuditBookingAsOf> {
  const folded = events.filter((document) => Date.parse(document.recordedAt) <= Date.parse(asOf));
  let state = bookingAggregate.initialState();
  let before = state;
  for (const document of folded) {
    const event = parseEvent({ ...document, data: await reveal(document.record) }, bookingAggregate.eventTypes);
    before = state;
    state = bookingAggregate.evolve(state, event);
  }
  const last = folded.at(-1);
  return {
    bookingID,
    asOf,
    state: shown(state),
    changed: last === undefined ? [] : changedFields(shown(before), shown(state)),
    stoppedAt: last === undefined ? null : { leafIndex: last._id, type: last.type, position: last.position, recordedAt: last.recordedAt },
  };
}
