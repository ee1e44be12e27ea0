/** How the timeline shows times, the fields an event set and the as-of view's field names. DOM-free. */
import { auditMessages } from '@stays/contracts';

const INDIA = new Intl.DateTimeFormat('en-IN', {
  timeZone: 'Asia/Kolkata',
  day: '2-digit',
  month: 'short',
  year: 'numeric',
  hour: '2-digit',
  minute: '2-digit',
  second: '2-digit',
  hourCycle: 'h23',
});

/** An ISO time in India time, e.g. '22 Nov 2026, 15:30:05'; a text that is no time is shown as it is. */
export function indiaTime(iso: string): string {
  const time = Date.parse(iso);
  return Number.isNaN(time) ? iso : INDIA.format(time);
}

export interface FieldValue {
  readonly name: string;
  readonly value: string;
}

const shown = (value: unknown): string => {
  if (typeof value === 'string') return value;
  if (Array.isArray(value) && value.every((item) => typeof item !== 'object' || item === null)) return value.map(String).join(', ');
  return JSON.stringify(value) ?? String(value);
};

/**
 * The fields an event set, with their values: the ones an update names in `changedFields`
 * (it carries the whole listing after the change), otherwise every field it carries.
 */
export function fieldsSet(data: Readonly<Record<string, unknown>>): FieldValue[] {
  const changed = data['changedFields'];
  const names =
    Array.isArray(changed) && changed.every((name) => typeof name === 'string')
      ? (changed as string[])
      : Object.keys(data).filter((name) => data[name] !== undefined);
  return names.map((name) => ({ name, value: shown(data[name]) }));
}

const isPlainObject = (value: unknown): value is Record<string, unknown> => typeof value === 'object' && value !== null && !Array.isArray(value);

/** A folded state's fields, nested objects spelled out as dotted names ('booking.hotelName'). */
export function stateFields(state: Readonly<Record<string, unknown>>, prefix = ''): FieldValue[] {
  return Object.entries(state)
    .filter(([, value]) => value !== undefined)
    .flatMap(([name, value]) => (isPlainObject(value) ? stateFields(value, `${prefix}${name}.`) : [{ name: `${prefix}${name}`, value: shown(value) }]));
}

/** A key in words: 'numberOfNights' → 'Number of nights'. */
const spelledOut = (key: string): string => {
  const words = key
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/_/g, ' ')
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
};

/** A state field's dotted path in words: 'booking.numberOfNights' → 'Booking: Number of nights'; the catalogue names those it knows. */
export function fieldLabel(path: string): string {
  return path
    .split('.')
    .map((key) => auditMessages.stateFieldNames[key] ?? spelledOut(key))
    .join(': ');
}
