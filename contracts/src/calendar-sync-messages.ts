/**
 * The texts of calendar sync with other booking sites: the server's answers and the words of
 * the "Sync with other sites" part of the owner's calendar. A module of its own, like
 * closure-messages.ts, so the web client loads it with the calendar only.
 */

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/** The add-feed form's labels: what a problem with a field calls it. */
const labels = { roomID: 'Room', feedID: 'Calendar', url: 'Calendar address (iCal link)' } as const;

/** "1 Dec" or "24–26 Dec" or "30 Dec–2 Jan": a range of nights as an owner says it. */
export function nightsSaid(nights: readonly string[]): string {
  const day = (night: string) => Number(night.slice(8, 10));
  const month = (night: string) => ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'][Number(night.slice(5, 7)) - 1] ?? '';
  const first = nights[0];
  const last = nights[nights.length - 1];
  if (first === undefined || last === undefined) return '';
  if (first === last) return `${day(first)} ${month(first)}`;
  if (first.slice(0, 7) === last.slice(0, 7)) return `${day(first)}–${day(last)} ${month(first)}`;
  return `${day(first)} ${month(first)}–${day(last)} ${month(last)}`;
}

export const calendarSyncMessages = {
  labels,
  // answers of the server
  syncFound: 'Calendar sync found',
  feedAdded: 'Calendar added: it is read now, then every few minutes',
  feedRemoved: 'Calendar removed: the nights it blocked are open again',
  exportRenewed: 'New calendar link made: the old link no longer works',
  feedNotFound: 'This calendar is not among the listing’s calendars (it may have been removed already)',
  feedAlreadyAdded: 'This calendar is already added to the listing',
  tooManyFeeds: (max: number) => `A listing can read at most ${max} calendars: remove one first`,
  urlNotHttp: 'must be an http or https address (the iCal or .ics link the other site gives)',
  // why a fetch failed, as the owner reads it under the feed
  fetchRefusedAddress: (host: string) => `${host} is a private or local address: only public addresses are read`,
  fetchTimedOut: (seconds: number) => `The site did not answer within ${seconds} seconds`,
  fetchTooLarge: (megabytes: number) => `The calendar is larger than ${megabytes} MB: it was not read`,
  fetchStatus: (status: number) => `The site answered HTTP ${status}`,
  fetchTooManyRedirects: (max: number) => `The site redirected more than ${max} times`,
  fetchFailed: (reason: string) => `The calendar could not be fetched: ${reason}`,
  notACalendar: (reason: string) => `This is not an iCalendar feed: ${reason}`,

  // the "Sync with other sites" section of the calendar screen
  title: 'Sync with other sites',
  intro:
    'Give this link to Airbnb, Booking.com or Google Calendar so they see the nights booked or closed here. Add their calendar links so their bookings close nights here.',
  exportLabel: 'Your calendar link (keep it private)',
  copy: 'Copy link',
  copied: 'Link copied.',
  renew: 'Make a new link',
  renewConfirm: 'Make a new link? The old link stops working: every site that reads it must be given the new one.',
  renewCancel: 'Keep the link',
  renewed: 'A new link was made. Give it to the sites that read your calendar.',
  feedsTitle: 'Calendars of other sites',
  noFeeds: 'No other site’s calendar is read yet.',
  addLabel: 'Calendar address (iCal link)',
  addPlaceholder: 'https://www.airbnb.com/calendar/ical/…',
  add: 'Add calendar',
  remove: 'Remove',
  removeLabel: (url: string) => `Remove the calendar ${url}`,
  neverSynced: 'Not read yet',
  syncedOk: (at: string, closed: number, reopened: number) =>
    closed + reopened === 0 ? `Read ${at}: nothing changed` : `Read ${at}: ${plural(closed, 'night')} closed, ${plural(reopened, 'night')} reopened`,
  syncedNotModified: (at: string) => `Read ${at}: not changed since the last read`,
  syncedError: (at: string, error: string) => `Failed ${at}: ${error}`,
  conflictsTitle: 'Conflicts',
  conflict: (site: string, blocked: string, booked: string) =>
    `${site} blocks ${blocked}, but a guest booked ${booked} here: free a unit or tell the other site.`,
  loadFailed: 'Calendar sync could not be loaded.',
  changeFailed: 'That did not work. Please try again.',
  source: (kind: 'owner' | 'calendar') => (kind === 'owner' ? 'closed by you' : 'blocked by another site'),
};
