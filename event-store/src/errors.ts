import type { ExpectedRevision } from './port.ts';

/** The stream was not at the revision the writer expected; nothing was written. */
export class WrongExpectedRevisionError extends Error {
  override readonly name = 'WrongExpectedRevisionError';
  constructor(
    readonly streamId: string,
    readonly expected: ExpectedRevision,
    /** Revision of the stream's last event, or 'no_stream'. */
    readonly actual: number | 'no_stream',
  ) {
    super(`stream ${streamId}: expected revision ${String(expected)}, actual ${String(actual)}`);
  }
}

/** The log on disk is damaged somewhere other than a torn tail; refusing to guess. */
export class LogCorruptedError extends Error {
  override readonly name = 'LogCorruptedError';
}

/** The store failed to make a write durable and refuses further writes until reopened. */
export class EventStoreUnavailableError extends Error {
  override readonly name = 'EventStoreUnavailableError';
}

/**
 * The store could not be reached, or dropped a live subscription (server restarting,
 * leader change, network): retrying later may succeed. Subscriptions resume by
 * themselves after such errors; the adapter that knows its driver decides which errors
 * these are.
 */
export class EventStoreConnectionError extends Error {
  override readonly name = 'EventStoreConnectionError';
}
