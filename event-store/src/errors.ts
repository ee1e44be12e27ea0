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
  override readonly name: string = 'LogCorruptedError';
}

/**
 * Events the log had acknowledged are missing or damaged (storage damage, not a write a
 * crash interrupted): the store refuses to open rather than cut them silently.
 */
export class LogDamagedError extends LogCorruptedError {
  override readonly name: string = 'LogDamagedError';
  /** Its message says all an operator needs (printed without a stack). */
  readonly forOperator = true;
  constructor(
    message: string,
    /** Events that are intact, in order from the start: what `repair-log --truncate-to` would keep. */
    readonly intactEvents: number,
    /** Events the log had acknowledged. */
    readonly acknowledgedEvents: number,
  ) {
    super(message);
  }
}

/** Why a store refuses appends: its disk is full, a write failed, it cannot be reached, or it is closed. */
export type UnavailableReason = 'disk-full' | 'write-failed' | 'unreachable' | 'closed';

/**
 * The store cannot take appends now. 'disk-full' and 'write-failed' on the embedded log
 * pass by themselves once the disk takes writes again (the log recovers in the background).
 */
export class EventStoreUnavailableError extends Error {
  override readonly name = 'EventStoreUnavailableError';
  readonly reason: UnavailableReason;
  constructor(message: string, options: ErrorOptions & { reason?: UnavailableReason } = {}) {
    super(message, options);
    this.reason = options.reason ?? 'unreachable';
  }
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
