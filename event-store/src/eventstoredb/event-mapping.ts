/** Converting between the port's events and the EventStoreDB client's. */
import { randomUUID } from 'node:crypto';
import { jsonEvent, type AllStreamResolvedEvent, type EventData as ClientEventData, type ResolvedEvent } from '@eventstore/db-client';
import type { EventData, RecordedEvent } from '../port.ts';
import { streamReadPosition, toPortPosition } from './positions.ts';

export function toClientEvent(event: EventData): ClientEventData {
  return jsonEvent({
    id: event.id ?? randomUUID(),
    type: event.type,
    data: event.data,
    metadata: event.metadata ?? {},
  });
}

/** System events ($-prefixed types: links, metadata, statistics...) are not ours. */
export function isSystemEventType(type: string): boolean {
  return type.startsWith('$');
}

/**
 * An event read from $all or a $all subscription, or undefined for what the port does
 * not show (system events, unresolved links).
 */
export function fromAllStreamEvent(resolved: AllStreamResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event || isSystemEventType(event.type)) return undefined;
  return toRecordedEvent(event, toPortPosition(event.position));
}

/** An event read from one stream. */
export function fromStreamEvent(resolved: ResolvedEvent): RecordedEvent | undefined {
  const event = resolved.event;
  if (!event) return undefined;
  return toRecordedEvent(event, streamReadPosition(event.position));
}

type ClientRecordedEvent = NonNullable<ResolvedEvent['event']>;

function toRecordedEvent(event: ClientRecordedEvent, position: number): RecordedEvent {
  const metadata = event.metadata === undefined ? {} : asJsonObject(event.metadata);
  return {
    id: event.id,
    streamId: event.streamId,
    type: event.type,
    revision: Number(event.revision),
    position,
    data: asJsonObject(event.data),
    metadata,
    recordedAt: originalTime(metadata) ?? event.created.toISOString(),
  };
}

/**
 * An event copied from another database (migrate-personal-data) keeps the time its first
 * server recorded in `metadata.recordedAt`: the copy's `created` is the time of the copy.
 * Both are immutable, so every read of the event (and the notary's leaf over it) sees
 * the same time.
 */
function originalTime(metadata: Record<string, unknown>): string | undefined {
  const time = metadata[ORIGINAL_TIME];
  return typeof time === 'string' && ISO_TIME.test(time) && !Number.isNaN(Date.parse(time)) ? time : undefined;
}

/** The metadata key that carries an event's original time into a copy. */
export const ORIGINAL_TIME = 'recordedAt';
const ISO_TIME = /^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(\.\d+)?Z$/;

/**
 * The port's data is a JSON object. We only ever write JSON objects; anything else
 * (written by another tool) is kept rather than dropped: binary bodies are parsed as
 * JSON when they are JSON, and other values are wrapped.
 */
function asJsonObject(value: unknown): Record<string, unknown> {
  if (value instanceof Uint8Array) {
    const text = Buffer.from(value).toString('utf8');
    try {
      return asJsonObject(JSON.parse(text));
    } catch {
      return { base64: Buffer.from(value).toString('base64') };
    }
  }
  if (typeof value === 'object' && value !== null && !Array.isArray(value)) return value as Record<string, unknown>;
  return { value };
}
