/**
 * A listing's calendar as other sites read it (RFC 5545, written with ical.js): one all-day
 * VEVENT per run of consecutive nights a booking or a closure holds, DTSTART;VALUE=DATE and
 * DTEND;VALUE=DATE (the end exclusive: the morning after the last night). UIDs are made from
 * the booking's or closure's id and the run's first night, so a site sees the same event at
 * every fetch. Nothing about guests is written: a booking is "Booked", a closure "Closed".
 * Nights blocked from another site's feed are exported too, so that each site learns what the
 * others booked (a site reading its own blocks back sees nights it already holds).
 */
import ICAL from 'ical.js';
import { addDays } from '@stays/contracts';
import type { InventoryState } from '../booking/inventory.ts';

export const EXPORT_PRODID = '-//Stays//Calendar sync 1.0//EN';
const UID_DOMAIN = 'stays.calendar';

/** Consecutive nights in runs: ['24','25','27'] → [['24','25'], ['27']]. */
export function runsOf(nights: readonly string[]): string[][] {
  const runs: string[][] = [];
  for (const night of [...nights].sort()) {
    const run = runs[runs.length - 1];
    if (run !== undefined && addDays(run[run.length - 1]!, 1) === night) run.push(night);
    else runs.push([night]);
  }
  return runs;
}

const dateValue = (night: string) => ICAL.Time.fromDateString(night);

/** The feed's text: held nights from `fromNight` on, each run an event. `now` stamps DTSTAMP. */
export function exportFeed(inventory: InventoryState, roomId: string, fromNight: string, now: Date): string {
  const calendar = new ICAL.Component('vcalendar');
  calendar.addPropertyWithValue('prodid', EXPORT_PRODID);
  calendar.addPropertyWithValue('version', '2.0');
  calendar.addPropertyWithValue('calscale', 'GREGORIAN');
  calendar.addPropertyWithValue('method', 'PUBLISH');
  calendar.addPropertyWithValue('x-wr-calname', `Stays listing ${roomId}`);
  const stamp = ICAL.Time.fromJSDate(now, true);
  const held: { kind: 'booking' | 'closure'; id: string; nights: readonly string[] }[] = [
    ...[...inventory.holdings].map(([id, { nights }]) => ({ kind: 'booking' as const, id, nights })),
    ...[...inventory.closures].map(([id, { nights }]) => ({ kind: 'closure' as const, id, nights })),
  ];
  const events = held.flatMap(({ kind, id, nights }) =>
    runsOf(nights.filter((night) => night >= fromNight)).map((run) => ({ kind, id, first: run[0]!, last: run[run.length - 1]! })),
  );
  events.sort((a, b) => a.first.localeCompare(b.first) || a.id.localeCompare(b.id));
  for (const { kind, id, first, last } of events) {
    const event = new ICAL.Component('vevent');
    event.addPropertyWithValue('uid', `${kind}-${id}-${first}@${UID_DOMAIN}`);
    event.addPropertyWithValue('dtstamp', stamp);
    event.addPropertyWithValue('dtstart', dateValue(first));
    event.addPropertyWithValue('dtend', dateValue(addDays(last, 1)));
    event.addPropertyWithValue('summary', kind === 'booking' ? 'Booked' : 'Closed');
    event.addPropertyWithValue('transp', 'OPAQUE');
    calendar.addSubcomponent(event);
  }
  // ical.js joins lines with CRLF and folds them at 75 octets; the last line needs its CRLF too
  return `${calendar.toString()}\r\n`;
}
