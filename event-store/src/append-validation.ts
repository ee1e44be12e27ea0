import type { EventData, ExpectedRevision } from './port.ts';

/**
 * Checks an append request before any adapter touches its log, so both adapters refuse
 * the same malformed input with the same message (EventStoreDB would refuse most of it
 * anyway, but only in production, where it is expensive to find out).
 */
export function validateAppendRequest(streamId: string, events: readonly EventData[], expectedRevision: ExpectedRevision): void {
  if (typeof streamId !== 'string' || streamId.length === 0) {
    throw new TypeError('append: streamId must be a non-empty string');
  }
  // Names starting with '$' are EventStoreDB system streams: not ours to write.
  if (streamId.startsWith('$')) {
    throw new TypeError(`append: stream ${streamId}: names starting with '$' are reserved for system streams`);
  }
  if (!Array.isArray(events) || events.length === 0) {
    throw new TypeError(`append: stream ${streamId}: at least one event is required`);
  }
  for (const event of events) validateEvent(streamId, event);
  validateExpectedRevision(streamId, expectedRevision);
}

function validateEvent(streamId: string, event: EventData): void {
  if (typeof event?.type !== 'string' || event.type.length === 0) {
    throw new TypeError(`append: stream ${streamId}: every event needs a non-empty type`);
  }
  // Types starting with '$' are system events, which readAll and subscriptions skip:
  // writing one would make an acknowledged event invisible to every projection.
  if (event.type.startsWith('$')) {
    throw new TypeError(`append: stream ${streamId}: event type ${event.type} is reserved (starts with '$')`);
  }
  if (!isPlainObject(event.data)) {
    throw new TypeError(`append: stream ${streamId}: event ${event.type} data must be a JSON object`);
  }
  if (event.metadata !== undefined && !isPlainObject(event.metadata)) {
    throw new TypeError(`append: stream ${streamId}: event ${event.type} metadata must be a JSON object`);
  }
  // EventStoreDB only accepts UUIDs as event ids; refusing others here keeps the
  // embedded store from accepting what production would reject.
  if (event.id !== undefined && !UUID.test(event.id)) {
    throw new TypeError(`append: stream ${streamId}: event id ${String(event.id)} is not a UUID`);
  }
}

function validateExpectedRevision(streamId: string, expected: ExpectedRevision): void {
  if (expected === 'any' || expected === 'no_stream' || expected === 'stream_exists') return;
  if (typeof expected === 'number' && Number.isSafeInteger(expected) && expected >= 0) return;
  throw new TypeError(`append: stream ${streamId}: invalid expected revision ${String(expected)}`);
}

function isPlainObject(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
