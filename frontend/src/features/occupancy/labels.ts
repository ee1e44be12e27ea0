/** How the charts name months and nights: 'Nov 2026', '22 Nov'. Dates are YYYY-MM(-DD), read as calendar dates (UTC), never shifted by the browser's zone. */
const MONTH = new Intl.DateTimeFormat('en-IN', { month: 'short', year: 'numeric', timeZone: 'UTC' });
const DAY = new Intl.DateTimeFormat('en-IN', { day: 'numeric', month: 'short', timeZone: 'UTC' });

export const monthName = (month: string): string => MONTH.format(new Date(`${month}-01T00:00:00Z`));
export const dayName = (date: string): string => DAY.format(new Date(`${date}T00:00:00Z`));
