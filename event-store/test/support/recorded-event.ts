import type { RecordedEvent } from '../../src/port.ts';

/** An event of stream `s` at `position` (its revision too), frozen as the log hands events out. */
export const recordedEvent = (position: number): RecordedEvent =>
  Object.freeze({
    id: `e${position}`,
    streamId: 's',
    type: 'Happened',
    revision: position,
    position,
    data: {},
    metadata: {},
    recordedAt: '2026-11-29T00:00:00.000Z',
  });
