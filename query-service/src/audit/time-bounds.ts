/**
 * Times auditors filter by. A date-time is taken as written; a bare date (YYYY-MM-DD) is a
 * whole day in India time, as the dashboard shows times: from its first instant when it
 * opens a range, to its last when it closes one (or is an as-of moment). Answers an ISO
 * UTC time, comparable with the records' `recordedAt`.
 */
import { indiaToday } from '@stays/contracts';

const BARE_DATE = /^\d{4}-\d{2}-\d{2}$/;

export function timeBound(text: string, edge: 'start' | 'end'): string {
  if (!BARE_DATE.test(text)) return new Date(Date.parse(text)).toISOString();
  return new Date(Date.parse(`${text}T${edge === 'start' ? '00:00:00.000' : '23:59:59.999'}+05:30`)).toISOString();
}

/** The India date (YYYY-MM-DD) a bound of the stay's first night names: a bare date as is, a date-time by its India calendar date. */
export function indiaDateOf(text: string): string {
  if (BARE_DATE.test(text)) return text;
  return indiaToday(new Date(Date.parse(text)));
}
