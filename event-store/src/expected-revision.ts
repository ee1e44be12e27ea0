import { WrongExpectedRevisionError } from './errors.ts';
import type { ExpectedRevision } from './port.ts';

/**
 * Decides an optimistic-concurrency check.
 * `current` is the revision of the stream's last event, or undefined when it has none.
 * Throws WrongExpectedRevisionError when the writer's belief is wrong.
 */
export function checkExpectedRevision(streamId: string, expected: ExpectedRevision, current: number | undefined): void {
  const accepted =
    expected === 'any' ||
    (expected === 'no_stream' && current === undefined) ||
    (expected === 'stream_exists' && current !== undefined) ||
    (typeof expected === 'number' && current === expected);
  if (!accepted) throw new WrongExpectedRevisionError(streamId, expected, current ?? 'no_stream');
}
