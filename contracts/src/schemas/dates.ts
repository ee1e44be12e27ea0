/**
 * Dates and times every request field is read as. Each check compares the written year,
 * month and day with the calendar's (2027-02-30 is not quietly read as 2 March) and never
 * throws, so an impossible date is a 400 naming its field like any other bad value.
 */
import { z } from 'zod';
import { indiaToday } from '../rules.ts';
import { validation } from '../messages.ts';

const DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const ISO_DATE_TIME = /^(\d{4}-\d{2}-\d{2})[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(\.\d{1,9})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?$/i;

const DAYS_IN_MONTH = [31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31] as const;
const isLeapYear = (year: number): boolean => (year % 4 === 0 && year % 100 !== 0) || year % 400 === 0;

/** True when `date` is YYYY-MM-DD and names a day the calendar has. */
export function isRealDate(date: string): boolean {
  const parts = DATE.exec(date);
  if (parts === null) return false;
  const [year, month, day] = [Number(parts[1]), Number(parts[2]), Number(parts[3])];
  if (month < 1 || month > 12 || day < 1) return false;
  return day <= (month === 2 && isLeapYear(year) ? 29 : DAYS_IN_MONTH[month - 1]!);
}

/**
 * The calendar date of YYYY-MM-DD or of an ISO date-time, or null. A date-time with a zone
 * is an instant (a client's `toISOString()` of a midnight pick in India arrives as the
 * previous day, 18:30Z): its date in India is taken. Without a zone it is India's own
 * clock time, so its date part.
 */
export function calendarDateOf(text: string): string | null {
  if (DATE.test(text)) return isRealDate(text) ? text : null;
  const dateTime = ISO_DATE_TIME.exec(text);
  if (dateTime === null || !isRealDate(dateTime[1]!)) return null;
  if (dateTime[6] === undefined) return dateTime[1]!;
  const instant = new Date(text);
  if (Number.isNaN(instant.getTime())) return null;
  const date = indiaToday(instant);
  return isRealDate(date) ? date : null;
}

/** True when `text` is a real date (YYYY-MM-DD) or a real ISO 8601 date-time. */
export const isIsoTime = (text: string): boolean =>
  isRealDate(text) || (ISO_DATE_TIME.exec(text) !== null && isRealDate(text.slice(0, 10)) && !Number.isNaN(Date.parse(text)));

/** A calendar date, sent as YYYY-MM-DD or as an ISO date-time; becomes YYYY-MM-DD (India). */
export const calendarDate = z
  .string({ error: (issue) => (issue.input === undefined ? validation.required : validation.date) })
  .trim()
  .transform((text, context) => {
    const date = calendarDateOf(text);
    if (date === null) context.addIssue({ code: 'custom', message: validation.date });
    return date ?? z.NEVER;
  });

/** An ISO 8601 time (a date or a date-time); kept as the text sent after checking it names a real moment. */
export const isoTime = z.string({ error: validation.isoTime }).trim().refine(isIsoTime, validation.isoTime);
