/**
 * Embedded event store benchmark, on a temporary directory of the real disk:
 * - the disk's raw write + fdatasync rate, for context (group commit is what lets
 *   appends per second exceed it);
 * - durable appends per second with 1, 16 and 256 concurrent writers, each appending
 *   single-event appends to its own stream (with its expected revision) for ~2 s;
 *   only acknowledged (fdatasynced) events count;
 * - read-back speed over a log of 200,000 events: reopening it (verify + index every
 *   record) and reading it all, and a subscription catching up from the start.
 */
import { mkdtemp, open, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { openEmbeddedEventStore, type EventStore } from '../event-store/src/index.ts';

import { atLeast, type Report } from './report.ts';

const APPEND_SECONDS = 2;
const REPLAY_EVENTS = 200_000;
const quiet = { warn: () => undefined };

export default async function benchEventStore(report: Report): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'stays-bench-event-store-'));
  try {
    // Context for the append figures: what the disk does without any store in the way.
    report('event store: raw write + fdatasync rate of the disk (context)', await rawSyncRate(join(root, 'probe')), 'fsyncs/s');
    for (const writers of [1, 16, 256]) {
      const store = await openEmbeddedEventStore(join(root, `append-${writers}`), { logger: quiet });
      try {
        const { events, seconds } = await appendFor(store, writers, APPEND_SECONDS);
        report(
          `event store: durable appends, ${writers} concurrent writer${writers === 1 ? '' : 's'}`,
          Math.round(events / seconds),
          'events/s',
          writers === 256 ? atLeast(50_000) : undefined,
        );
      } finally {
        await store.close();
      }
    }

    const replayDir = join(root, 'replay');
    await fillLog(replayDir, REPLAY_EVENTS);
    report(`event store: reopen + readAll of ${REPLAY_EVENTS.toLocaleString('en')} events`, await reopenAndReadAll(replayDir), 'events/s');
    report(`event store: subscription catch-up through ${REPLAY_EVENTS.toLocaleString('en')} events`, await catchUp(replayDir), 'events/s');
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/** Small writes, each followed by fdatasync, for one second. */
async function rawSyncRate(path: string): Promise<number> {
  const file = await open(path, 'w');
  try {
    const record = Buffer.alloc(400, 0x61);
    const start = performance.now();
    let syncs = 0;
    while (performance.now() - start < 1000) {
      await file.write(record);
      await file.datasync();
      syncs++;
    }
    return Math.round(syncs / ((performance.now() - start) / 1000));
  } finally {
    await file.close();
  }
}

/** Each writer appends one event at a time to its own stream until time is up. */
async function appendFor(store: EventStore, writers: number, seconds: number): Promise<{ events: number; seconds: number }> {
  let acknowledged = 0;
  const start = performance.now();
  const deadline = start + seconds * 1000;
  await Promise.all(
    Array.from({ length: writers }, async (_, writer) => {
      let revision: number | undefined;
      for (let n = 0; performance.now() < deadline; n++) {
        const result = await store.append(`bench-${writer}`, [bookingEvent(writer, n)], { expectedRevision: revision ?? 'no_stream' });
        revision = result.nextExpectedRevision;
        acknowledged++;
      }
    }),
  );
  return { events: acknowledged, seconds: (performance.now() - start) / 1000 };
}

/** Writes `count` events quickly (100-event appends from 16 writers). */
async function fillLog(dir: string, count: number): Promise<void> {
  const store = await openEmbeddedEventStore(dir, { logger: quiet });
  try {
    const perAppend = 100;
    let next = 0;
    await Promise.all(
      Array.from({ length: 16 }, async () => {
        while (next < count) {
          const first = next;
          next += perAppend;
          const events = Array.from({ length: Math.min(perAppend, count - first) }, (_, i) => bookingEvent(first + i, i));
          await store.append(`booking-${first}`, events, { expectedRevision: 'no_stream' });
        }
      }),
    );
  } finally {
    await store.close();
  }
}

async function reopenAndReadAll(dir: string): Promise<number> {
  const start = performance.now();
  const store = await openEmbeddedEventStore(dir, { logger: quiet });
  try {
    const events = await store.readAll();
    return Math.round(events.length / ((performance.now() - start) / 1000));
  } finally {
    await store.close();
  }
}

async function catchUp(dir: string): Promise<number> {
  const store = await openEmbeddedEventStore(dir, { logger: quiet });
  try {
    let delivered = 0;
    const start = performance.now();
    await new Promise<void>((resolve, reject) => {
      const subscription = store.subscribeToAll(
        { maxBatchSize: 500 },
        {
          onBatch: async (events) => void (delivered += events.length),
          onCaughtUp: () => void subscription.close().then(resolve),
          onError: reject,
        },
      );
    });
    return Math.round(delivered / ((performance.now() - start) / 1000));
  } finally {
    await store.close();
  }
}

/** A realistically sized event (~300 bytes of JSON). */
function bookingEvent(a: number, b: number) {
  return {
    type: 'BookingPlaced',
    data: {
      bookingId: `bk-${a}-${b}`,
      roomId: `room-${a % 997}`,
      customerId: `cust-${b % 5003}`,
      checkIn: '2026-03-14',
      checkOut: '2026-03-16',
      numberOfNights: 2,
      totalAmount: 8400,
      discountApplied: true,
    },
    metadata: { correlationId: `corr-${a}-${b}`, schemaVersion: 1 },
  };
}
