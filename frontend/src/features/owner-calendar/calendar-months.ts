/**
 * The calendar's nights grouped month by month, with the blank days before each month's
 * first night so a week starts on Monday, and the names of days and months. Dates
 * are YYYY-MM-DD calendar dates (UTC), never shifted by the browser's zone. DOM-free.
 */
import type { CalendarNight } from '@stays/contracts';

const MONTH = new Intl.DateTimeFormat('en-IN', { month: 'long', year: 'numeric', timeZone: 'UTC' });
const DAY = new Intl.DateTimeFormat('en-IN', { weekday: 'long', day: 'numeric', month: 'long', year: 'numeric', timeZone: 'UTC' });
const WEEKDAY = new Intl.DateTimeFormat('en-IN', { weekday: 'short', timeZone: 'UTC' });

export const monthTitle = (month: string): string => MONTH.format(new Date(`${month}-01T00:00:00Z`));
export const nightName = (date: string): string => DAY.format(new Date(`${date}T00:00:00Z`));
export const weekdayShort = (date: string): string => WEEKDAY.format(new Date(`${date}T00:00:00Z`));
/** Monday first: 0 for a Monday, 6 for a Sunday. */
const weekdayIndex = (date: string): number => (new Date(`${date}T00:00:00Z`).getUTCDay() + 6) % 7;

export interface CalendarMonth {
  /** YYYY-MM */
  readonly month: string;
  readonly title: string;
  /** Blank cells before the first night shown, so it sits under its weekday. */
  readonly leadingBlanks: number;
  readonly nights: readonly CalendarNight[];
}

export function monthsOf(nights: readonly CalendarNight[]): CalendarMonth[] {
  const months: { month: string; nights: CalendarNight[] }[] = [];
  for (const night of nights) {
    const month = night.date.slice(0, 7);
    const last = months[months.length - 1];
    if (last?.month === month) last.nights.push(night);
    else months.push({ month, nights: [night] });
  }
  return months.map(({ month, nights: inMonth }) => ({ month, title: monthTitle(month), leadingBlanks: weekdayIndex(inMonth[0]!.date), nights: inMonth }));
}

/** How full a night is, for its colour (its text says the same in words). */
export const nightState = (night: CalendarNight): 'free' | 'some' | 'full' => (night.free === 0 ? 'full' : night.booked + night.closed > 0 ? 'some' : 'free');

/** The weekday names of a week from Monday. */
export const WEEKDAYS = ['2024-01-01', '2024-01-02', '2024-01-03', '2024-01-04', '2024-01-05', '2024-01-06', '2024-01-07'].map(weekdayShort);
