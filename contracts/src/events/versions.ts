/**
 * The older versions of event types whose data changed shape, and how each is lifted to
 * the next version. Stored events are never rewritten: `parseEvent` reads a record at the
 * version it was written with (`metadata.schemaVersion`, 1 when absent) and upcasts it
 * step by step to the current one, so the rest of the product sees only current data.
 *
 * A new version earns its place when the current schema has to carry a gap of the past
 * (an optional field "older events lack", a renamed field): the past goes here as a
 * version with its upcaster, and the current schema states what every event now has.
 */
import { z } from 'zod';
import { TERMS_BEFORE_POLICIES } from '../cancellation-policy.ts';
import { maxGuestsOf } from '../rules.ts';
import { bookingCancelledWithoutCharge, bookingPlacedWithoutPolicy } from './booking.ts';
import { EventDataError } from './event-data-error.ts';
import { roomEventSchemas } from './hotels.ts';
import type { DomainEventType } from './index.ts';

/** What `parseEvent` reads of a stored record (the event store's RecordedEvent fits it). */
export interface StoredEvent {
  readonly type: string;
  readonly data: unknown;
  readonly metadata?: Readonly<Record<string, unknown>>;
  /** ISO 8601 time the store recorded the event. */
  readonly recordedAt: string;
}

export interface OlderVersion {
  /** The data as written at this version. */
  readonly schema: z.ZodType;
  /**
   * Reads data written at this version with its schema and returns it at the next version.
   * Throws EventDataError when the data does not fit this version's schema.
   */
  readonly toNext: (data: unknown, recorded: StoredEvent) => unknown;
}

const olderVersion = <Schema extends z.ZodType>(schema: Schema, upcast: (data: z.output<Schema>, recorded: StoredEvent) => unknown): OlderVersion => ({
  schema,
  toNext(data, recorded) {
    const parsed = schema.safeParse(data);
    if (!parsed.success) throw new EventDataError(recorded.type, parsed.error.issues);
    return upcast(parsed.data, recorded);
  },
});

/**
 * Data read at an older version with the fields the next one added: set on the object the
 * older schema's parse has just made (zod returns a new one, never the stored data). Not a
 * spread with added keys: for objects of a listing's or a booking's size V8 builds those on
 * its slow path, about 2 µs an event here, which made reading a RoomAdded of version 1
 * cost 5–6 µs against 0.7 for version 2, paid once per read model in every replay of an
 * older log (the search benchmark's rebuild of 35,000 events: about 0.4 s).
 */
const withAdded = <Data extends object, Added extends object>(data: Data, added: Added): Data & Added => Object.assign(data, added);

/** Per event type, its versions before the current one: index 0 is version 1. */
export const olderVersions: { readonly [Type in DomainEventType]?: readonly OlderVersion[] } = {
  // listings from before owners could say how many guests a unit sleeps: what their beds sleep
  RoomAdded: [olderVersion(roomEventSchemas.RoomAdded.omit({ maxGuests: true }), (data) => withAdded(data, { maxGuests: maxGuestsOf(data) }))],
  RoomUpdated: [olderVersion(roomEventSchemas.RoomUpdated.omit({ maxGuests: true }), (data) => withAdded(data, { maxGuests: maxGuestsOf(data) }))],
  OtpAttemptFailed: [
    olderVersion(
      z.object({
        customerId: z.string(),
        failedAt: z.string().optional().describe('ISO time of the wrong try; absent on tries recorded before tries were counted per day'),
      }),
      // a wrong try is recorded the moment it is made: the record's time is the try's time
      (data, recorded) => ({ customerId: data.customerId, failedAt: data.failedAt ?? recorded.recordedAt }),
    ),
  ],
  // bookings placed before hotels had policies keep the terms they were made under
  BookingPlaced: [olderVersion(bookingPlacedWithoutPolicy, (data) => withAdded(data, { cancellationPolicy: TERMS_BEFORE_POLICIES }))],
  // cancellations before policies were all free, and pay-at-hotel bookings had paid nothing to refund
  BookingCancelled: [olderVersion(bookingCancelledWithoutCharge, (data) => withAdded(data, { chargeAmount: 0, refundAmount: 0 }))],
};
