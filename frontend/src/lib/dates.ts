/** Calendar dates as local 'YYYY-MM-DD' text, the form the booking call takes. DOM-free. */
import { earliestCommencement } from '@stays/contracts';

const pad = (n: number) => String(n).padStart(2, '0');

export const isoDate = (date: Date): string => `${date.getFullYear()}-${pad(date.getMonth() + 1)}-${pad(date.getDate())}`;

/** The earliest day a stay can start (contracts rule: tomorrow in India), the date tiles' default. */
export const earliestBookable = (): string => earliestCommencement(new Date());

/** Local midnight of a 'YYYY-MM-DD' date. */
export function parseIsoDate(iso: string): Date {
  const [y, m, d] = iso.slice(0, 10).split('-').map(Number);
  return new Date(y!, (m ?? 1) - 1, d ?? 1);
}

/** 'Tue, 14 May 2024' style: short weekday, day, month and year. */
export const tileDate = (iso: string): { weekday: string; day: string; monthYear: string } => {
  const date = parseIsoDate(iso);
  return {
    weekday: date.toLocaleDateString('en-IN', { weekday: 'short' }),
    day: String(date.getDate()),
    monthYear: date.toLocaleDateString('en-IN', { month: 'short', year: 'numeric' }),
  };
};

/** '14:30' → '2:30 PM' (spec: check-in and check-out in 12-hour AM/PM). */
export function twelveHour(time: string): string {
  const [h, m] = time.split(':').map(Number);
  if (h === undefined || Number.isNaN(h)) return time;
  const suffix = h >= 12 ? 'PM' : 'AM';
  const hour = h % 12 === 0 ? 12 : h % 12;
  return `${hour}:${pad(m ?? 0)} ${suffix}`;
}
