/**
 * Closed nights: an owner takes units of a listing off sale for a range of nights (repairs,
 * their own use) and gives them back later. The bounds of a range; the texts are in
 * closure-messages.ts.
 */
import { closureMessages } from './closure-messages.ts';
import { addDays, indiaToday, nightsBetween } from './rules.ts';

export const closureLimits = {
  /** Nights one closure may hold. */
  maxNights: 365,
  /** How far ahead a closure may reach, and how far the calendar shows: days after today (India time). */
  horizonDays: 365,
  /** Characters of an owner's note on a closure. */
  noteMax: 200,
};

/** Each night from `first` to `last`, both included (YYYY-MM-DD). */
export function nightsFromTo(first: string, last: string): string[] {
  const count = nightsBetween(first, last) + 1;
  return Array.from({ length: Math.max(0, count) }, (_, index) => addDays(first, index));
}

/**
 * Why nights from `first` to `last` cannot be closed today: the field at fault and the reason
 * (worded with the form's labels where the request is checked), or null: the first is today
 * or later and the last at most `horizonDays` after today, India time.
 */
export function closureRangeProblem(first: string, last: string, now: Date): { field: 'from' | 'to'; reason: string } | null {
  const today = indiaToday(now);
  if (first < today) return { field: 'from', reason: closureMessages.startsToday(today) };
  const latest = addDays(today, closureLimits.horizonDays);
  if (last > latest) return { field: 'to', reason: closureMessages.endsTooFarAhead(closureLimits.horizonDays, latest) };
  return null;
}
