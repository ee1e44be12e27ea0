/**
 * Another site's calendar feed, read with ical.js, as the nights each of its events blocks.
 * Airbnb and Booking.com publish one all-day VEVENT per reservation or blocked range
 * (DTSTART;VALUE=DATE, DTEND;VALUE=DATE, the end exclusive: the check-out day); a timed event
 * blocks the nights from its start date to the date it ends on (a stay leaving at 11:00 on the
 * 26th holds the nights of the 24th and 25th). Cancelled events block nothing.
 */
import ICAL from 'ical.js';
import { addDays, calendarSyncMessages } from '@stays/contracts';
import { FeedFetchProblem } from './fetch-feed.ts';

/** One event of the feed: its UID and the nights it blocks (YYYY-MM-DD, in order). */
export interface FeedBlock {
  readonly uid: string;
  readonly nights: readonly string[];
}

/** Nights of one event read at most: a longer one is cut (nothing is bookable that far ahead anyway). */
const MAX_NIGHTS_PER_EVENT = 800;

const dateOf = (time: ICAL.Time) => `${String(time.year).padStart(4, '0')}-${String(time.month).padStart(2, '0')}-${String(time.day).padStart(2, '0')}`;

/** The blocks of a feed's text; throws FeedFetchProblem when it is not an iCalendar feed. */
export function feedBlocks(text: string): FeedBlock[] {
  let calendar: ICAL.Component;
  try {
    calendar = new ICAL.Component(ICAL.parse(text) as unknown[]);
  } catch (error) {
    // ical.js names the one line it could not read: cut, as a feed's line may be as long as the feed
    throw new FeedFetchProblem(calendarSyncMessages.notACalendar(String((error as Error).message).slice(0, 200)));
  }
  if (calendar.name !== 'vcalendar')
    throw new FeedFetchProblem(calendarSyncMessages.notACalendar(`it starts with ${calendar.name.toUpperCase()}, not VCALENDAR`));
  const byUid = new Map<string, Set<string>>();
  for (const event of calendar.getAllSubcomponents('vevent')) {
    const status = event.getFirstPropertyValue('status');
    if (typeof status === 'string' && status.toUpperCase() === 'CANCELLED') continue;
    const start = event.getFirstPropertyValue('dtstart');
    if (!(start instanceof ICAL.Time)) continue;
    const end = event.getFirstPropertyValue('dtend');
    const first = dateOf(start);
    const endDate = end instanceof ICAL.Time ? dateOf(end) : addDays(first, 1);
    const uidValue = event.getFirstPropertyValue('uid');
    const uid = typeof uidValue === 'string' && uidValue !== '' ? uidValue : `no-uid:${first}/${endDate}`;
    const nights = byUid.get(uid) ?? new Set<string>();
    let night = first;
    do {
      nights.add(night);
      night = addDays(night, 1);
    } while (night < endDate && nights.size < MAX_NIGHTS_PER_EVENT);
    byUid.set(uid, nights);
  }
  return [...byUid].map(([uid, nights]) => ({ uid, nights: [...nights].sort() }));
}
