export * from './accounts.ts';
export * from './auditors.ts';
export * from './booking.ts';
export * from './calendar-sync.ts';
export * from './hotels.ts';
export * from './unique-keys.ts';
export * from './streams.ts';
export * from './personal-data.ts';
export type { EventOf, Immutable } from './define.ts';
export { EventDataError } from './event-data-error.ts';
export { olderVersions, type OlderVersion, type StoredEvent } from './versions.ts';
export { eventCatalogue, type EventTypeEntry } from './catalogue.ts';
import { z } from 'zod';
import { accountEventSchemas, type AccountEvent } from './accounts.ts';
import { auditorEventSchemas, type AuditorEvent } from './auditors.ts';
import {
  bookingEventSchemas,
  contactEventSchemas,
  guestEventSchemas,
  inventoryEventSchemas,
  type BookingEvent,
  type ContactEvent,
  type GuestEvent,
  type InventoryEvent,
} from './booking.ts';
import { calendarSyncEventSchemas, type CalendarSyncEvent } from './calendar-sync.ts';
import { hotelEventSchemas, roomEventSchemas, type HotelEvent, type RoomEvent } from './hotels.ts';
import { uniqueKeyEventSchemas, type UniqueKeyEvent } from './unique-keys.ts';
import { EventDataError } from './event-data-error.ts';
import { olderVersions, type StoredEvent } from './versions.ts';
import { personalFieldsOf } from './personal-data.ts';

/** Every domain event of the product. */
export type DomainEvent =
  AccountEvent | AuditorEvent | UniqueKeyEvent | HotelEvent | RoomEvent | ContactEvent | GuestEvent | InventoryEvent | BookingEvent | CalendarSyncEvent;
export type DomainEventType = DomainEvent['type'];
export type EventOfType<Type extends DomainEventType> = Extract<DomainEvent, { readonly type: Type }>;

/** The schema of each event type's data at its current version. */
export const eventSchemas: { readonly [Type in DomainEventType]: z.ZodType<unknown, unknown> } = {
  ...accountEventSchemas,
  ...auditorEventSchemas,
  ...uniqueKeyEventSchemas,
  ...hotelEventSchemas,
  ...roomEventSchemas,
  ...contactEventSchemas,
  ...guestEventSchemas,
  ...inventoryEventSchemas,
  ...bookingEventSchemas,
  ...calendarSyncEventSchemas,
};

/** Current schema version of each event type: one past its older versions. Stored in each event's metadata. */
export const eventSchemaVersions = Object.fromEntries(
  Object.keys(eventSchemas).map((type) => [type, (olderVersions[type as DomainEventType]?.length ?? 0) + 1]),
) as Readonly<Record<DomainEventType, number>>;

export const isDomainEventType = (type: string): type is DomainEventType => Object.hasOwn(eventSchemas, type);

/** The event types of a group of schemas (e.g. one aggregate's), for `parseEvent`'s `types`. */
export const eventTypesOf = <Schemas extends { readonly [Type in DomainEventType]?: unknown }>(schemas: Schemas) =>
  Object.keys(schemas).filter(isDomainEventType) as readonly (keyof Schemas & DomainEventType)[];

/** The event types of each stream category: what an aggregate folding that stream expects. */
export const accountEventTypes = eventTypesOf(accountEventSchemas);
export const auditorEventTypes = eventTypesOf(auditorEventSchemas);
export const uniqueKeyEventTypes = eventTypesOf(uniqueKeyEventSchemas);
export const hotelEventTypes = eventTypesOf(hotelEventSchemas);
export const roomEventTypes = eventTypesOf(roomEventSchemas);
export const contactEventTypes = eventTypesOf(contactEventSchemas);
export const guestEventTypes = eventTypesOf(guestEventSchemas);
export const inventoryEventTypes = eventTypesOf(inventoryEventSchemas);
export const bookingEventTypes = eventTypesOf(bookingEventSchemas);
export const calendarSyncEventTypes = eventTypesOf(calendarSyncEventSchemas);

const fail = (type: string, message: string): never => {
  throw new EventDataError(type, [{ path: [], message }]);
};

/**
 * The one step from a stored record to a typed event: its data read at the version it was
 * written with (`metadata.schemaVersion`, 1 when absent), upcast through each later
 * version (versions.ts), and read with its type's current schema (fields the schema does
 * not know are left out). `types`, when given, are the only types expected here (an
 * aggregate's stream, a reactor's interest). Throws EventDataError when the record is not
 * one of them or its data does not fit.
 */
export function parseEvent<Type extends DomainEventType>(recorded: StoredEvent, types?: readonly Type[]): EventOfType<Type>;
/** For callers generic in the event union, e.g. the command handler loop over any aggregate. */
export function parseEvent<Event extends DomainEvent>(recorded: StoredEvent, types: readonly Event['type'][]): Event;
export function parseEvent(recorded: StoredEvent, types?: readonly DomainEventType[]): DomainEvent {
  const { type, data } = atCurrentVersion(recorded, types);
  return readWith(type, eventSchemas[type], data);
}

/** The record's type, checked, and its data upcast from the version it was written with to the current one. */
function atCurrentVersion(recorded: StoredEvent, types?: readonly DomainEventType[]): { type: DomainEventType; data: unknown } {
  const { type } = recorded;
  if (!isDomainEventType(type)) return fail(type, 'is not an event type of the product');
  if (types !== undefined && !(types as readonly string[]).includes(type)) return fail(type, `is not one of ${types.join(', ')}`);
  const version = recorded.metadata?.schemaVersion ?? 1;
  const current = eventSchemaVersions[type];
  if (!Number.isSafeInteger(version) || (version as number) < 1 || (version as number) > current) {
    return fail(type, `schema version ${String(version)} is not one of 1..${current}`);
  }
  let data = recorded.data;
  const older = olderVersions[type] ?? [];
  for (let at = (version as number) - 1; at < older.length; at++) data = older[at]!.toNext(data, recorded);
  return { type, data };
}

function readWith(type: DomainEventType, schema: z.ZodType<unknown, unknown>, data: unknown): DomainEvent {
  const parsed = schema.safeParse(data);
  if (!parsed.success) throw new EventDataError(type, parsed.error.issues);
  // the data passed the schema of `type`, which its event type was read off (see define.ts)
  return { type, data: parsed.data } as unknown as DomainEvent;
}

/** Each type's current schema without its personal fields, made when first asked for. */
const schemasWithoutPersonalFields = new Map<string, z.ZodType<unknown, unknown>>();

function schemaWithout(type: DomainEventType, fields: readonly string[]): z.ZodType<unknown, unknown> {
  let schema = schemasWithoutPersonalFields.get(type);
  if (schema === undefined) {
    const mask = Object.fromEntries(fields.map((field) => [field, true])) as Record<string, true> & Record<number, never>;
    schema = (eventSchemas[type] as z.ZodObject).omit(mask);
    schemasWithoutPersonalFields.set(type, schema);
  }
  return schema;
}

/**
 * parseEvent for a reader that reads no personal field, over a record as stored: the data
 * without the type's personal fields (personal-data.ts), read with the type's current schema
 * less those fields, so their stored ciphertext is never read, checked or handed on, and no
 * key is needed. Older versions are upcast first, as parseEvent does.
 */
export function parseEventWithoutPersonalFields(recorded: StoredEvent): DomainEvent {
  const personal = personalFieldsOf(recorded.type);
  if (personal === undefined) return parseEvent(recorded);
  const { type, data } = atCurrentVersion(recorded);
  let kept: unknown = data;
  if (typeof data === 'object' && data !== null && !Array.isArray(data)) {
    const without: Record<string, unknown> = {};
    // by key, so that a personal field that opens when read (a record of the personal-data layer) is not read
    for (const key of Object.keys(data)) if (!personal.fields.includes(key)) without[key] = (data as Record<string, unknown>)[key];
    kept = without;
  }
  return readWith(type, schemaWithout(type, personal.fields), kept);
}
