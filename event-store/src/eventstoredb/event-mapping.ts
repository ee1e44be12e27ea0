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
  return {
    id: event.id,
    streamId: event.streamId,
    type: event.type,
    revision: Number(event.revision),
    position,
    data: asJsonObject(event.data),
    metadata: event.metadata === undefined ? {} : asJsonObject(event.metadata),
    recordedAt: event.created.toISOString(),
  };
}

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
