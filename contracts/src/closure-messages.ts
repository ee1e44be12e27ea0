/**
 * The texts of closed nights and the owner's availability calendar: the server's answers and
 * the calendar screen's words. A module of its own, not a part of `messages`, like
 * occupancy-messages.ts: the web client bundles `messages` whole into its first download,
 * and these load with the owner's calendar only.
 */

const plural = (count: number, noun: string) => `${count} ${noun}${count === 1 ? '' : 's'}`;

/**
 * The close and reopen forms' own labels, registered on their request schemas (`formLabels`,
 * as the room and owner sign-up forms register theirs); every other field (`nights`, `note`)
 * takes the common `validation.labels` or its name in words. The close form shows the same words.
 */
const labels = {
  roomID: 'Room',
  closureID: 'Closed nights',
  from: 'First night',
  to: 'Last night',
  units: 'Units to close each night',
} as const;

export const closureMessages = {
  labels,
  // answers of the server
  nightsClosed: 'Nights closed',
  nightsReopened: 'Nights reopened',
  calendarFound: 'Calendar found',
  startsToday: (today: string) => `must be today (${today}) or later: past nights cannot be closed`,
  endsTooFarAhead: (days: number, latest: string) => `must be at most ${days} days from today (${latest} at the latest)`,
  toBeforeFrom: 'must be the first night or later',
  nightsAndToDiffer: 'do not match the first and last night: send the last night or a number of nights, not both',
  tooManyNights: (max: number) => `must be at most ${max} nights after the first night`,
  moreUnitsThanListing: (total: number) => `must be at most ${total}: the listing has ${plural(total, 'unit')}`,
  notEnoughFree: (night: string, free: number, units: number) =>
    free === 0
      ? `Every unit is booked or closed on ${night}: nothing is left to close. Choose other nights.`
      : `Only ${plural(free, 'unit')} ${free === 1 ? 'is' : 'are'} free on ${night}, so ${plural(units, 'unit')} cannot be closed. Close at most ${free} or choose other nights.`,
  closureNotFound: 'These nights are not closed (they may have been reopened already)',
  noNightOfClosureInRange: 'must leave at least one night of these closed nights between the first and the last night',

  // the calendar under ROOM's DATA
  calendarTitle: 'Availability calendar',
  calendarIntro: (days: number) => `Each night of the next ${days} days: units free, booked by guests and closed by you.`,
  legendFree: 'free',
  legendBooked: 'booked',
  legendClosed: 'closed',
  keyAllFree: 'every unit free',
  keySomeTaken: 'some booked or closed',
  keyNoneFree: 'none free',
  keyClosed: 'dashed edge: units closed',
  nightSummary: (free: number, booked: number, closed: number) => `${free} free, ${booked} booked, ${closed} closed`,
  previousMonth: 'Previous month',
  nextMonth: 'Next month',
  closeTitle: 'Close nights',
  closeHelp: 'Closed units cannot be booked by guests, for repairs or your own use. Bookings already made stay.',
  closeFrom: labels.from,
  closeTo: `${labels.to} (optional)`,
  closeUnits: labels.units,
  closeNote: 'Note (optional)',
  closeNotePlaceholder: 'e.g. Bathroom repairs',
  closeSubmit: 'Close these nights',
  closeMissingRange: 'Pick the first and the last night to close.',
  closedRange: (first: string, last: string, units: number) =>
    first === last ? `${plural(units, 'unit')} closed on ${first}.` : `${plural(units, 'unit')} closed from ${first} to ${last}.`,
  closuresTitle: 'Closed nights',
  noClosures: 'No night is closed.',
  closureRange: (first: string, last: string, nights: number) => (first === last ? first : `${first} to ${last} (${plural(nights, 'night')})`),
  closureUnits: (units: number) => `${plural(units, 'unit')} closed each night`,
  reopen: 'Reopen',
  reopenLabel: (range: string) => `Reopen ${range}`,
  reopened: (range: string) => `Reopened ${range}.`,
  loadFailed: 'The calendar could not be loaded.',
  changeFailed: 'The nights could not be changed. Please try again.',
  openCalendar: 'CALENDAR',
  legendLabel: 'What the colours mean',
  loading: 'Loading the calendar…',
};
