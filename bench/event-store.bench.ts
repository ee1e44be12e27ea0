/**
 * Embedded event store benchmark, on a temporary directory of the real disk:
 * - the disk's raw write + fdatasync rate, for context (group commit is what lets
 *   appends per second exceed it);
 * - the canonical text of a record, written straight from plain data (what appends do) and
 *   through a JSON text round trip first (the general path, for data JSON has to convert),
 *   for comparison;
 * - durable appends per second with 1, 16 and 256 concurrent writers, each appending
 *   single-event appends to its own stream (with its expected revision) for ~2 s;
 *   only acknowledged (fdatasynced) events count;
 * - read-back speed over a log of 200,000 events: reopening it and reading it all, and a
 *   subscription catching up from the start;
 * - a large log (1,000,000 events; STAYS_BENCH_LOG_EVENTS for another size): opening it
 *   without its index file (every record verified) and with it, each in a process of its
 *   own for its memory, beside a 1,000-event log's open; then streams read at random and
 *   the whole log read in pages.
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, open, rm, stat } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { performance } from 'node:perf_hooks';
import { LOG_FILE_NAME, openEmbeddedEventStore, type EventStore, type RecordedEvent } from '../event-store/src/index.ts';
import { canonicalText, canonicalTextViaJson } from '../event-store/src/embedded/record-codec.ts';

import { openApart } from './event-store-open-process.ts';
import { atLeast, atMost, type Report } from './report.ts';

const APPEND_SECONDS = 2;
const REPLAY_EVENTS = 200_000;
const LARGE_LOG_EVENTS = Number(process.env.STAYS_BENCH_LOG_EVENTS ?? 1_000_000);
const SMALL_LOG_EVENTS = 1_000;
/** fillLog's streams hold this many events each. */
const EVENTS_PER_STREAM = 100;
/** Beside the log (event-store/src/embedded/index-file.ts). */
const INDEX_FILE_NAME = 'events.index';
const MB = 1024 * 1024;
const quiet = { warn: () => undefined };

export default async function benchEventStore(report: Report): Promise<void> {
  const root = await mkdtemp(join(tmpdir(), 'stays-bench-event-store-'));
  try {
    // Context for the append figures: what the disk does without any store in the way.
    report('event store: raw write + fdatasync rate of the disk (context)', await rawSyncRate(join(root, 'probe')), 'fsyncs/s');
    report('event store: canonical record text, plain data written straight', encodeRate(canonicalText), 'events/s');
    report('event store: canonical record text, through a JSON text round trip (general path)', encodeRate(canonicalTextViaJson), 'events/s');
    for (const writers of [1, 16, 256]) {
      const store = await openEmbeddedEventStore(join(root, `append-${writers}`), { logger: quiet });
      try {
        const { events, seconds } = await appendFor(store, writers, APPEND_SECONDS);
        report(
          `event store: durable appends, ${writers} concurrent writer${writers === 1 ? '' : 's'}`,
          Math.round(events / seconds),
          'events/s',
          writers === 256 ? atLeast(100_000) : undefined,
        );
      } finally {
        await store.close();
      }
    }

    const replayDir = join(root, 'replay');
    await fillLog(replayDir, REPLAY_EVENTS);
    report(`event store: reopen + readAll of ${REPLAY_EVENTS.toLocaleString('en')} events`, await reopenAndReadAll(replayDir), 'events/s');
    report(`event store: subscription catch-up through ${REPLAY_EVENTS.toLocaleString('en')} events`, await catchUp(replayDir), 'events/s');
    await rm(replayDir, { recursive: true, force: true });

    await benchLargeLog(report, root);
  } finally {
    await rm(root, { recursive: true, force: true });
  }
}

/**
 * Start-up and memory that do not grow with the log: the goals are the product's (healthy at
 * most 2 s later with 1,000,000 events than with 1,000, and at most 500 MB; 10,000,000
 * events open within 30 s in at most 2 GB), taken here for the log alone.
 */
async function benchLargeLog(report: Report, root: string): Promise<void> {
  const small = join(root, 'small');
  await fillLog(small, SMALL_LOG_EVENTS);
  await openApart(small); // the first open after fillLog's close finds its index; this one warms the loader
  const smallOpen = await openApart(small);
  report(`event store: open a ${SMALL_LOG_EVENTS.toLocaleString('en')}-event log (own process)`, smallOpen.openMs, 'ms');
  report(`event store: RSS after opening a ${SMALL_LOG_EVENTS.toLocaleString('en')}-event log`, smallOpen.rssBytes / MB, 'MB');

  const large = join(root, 'large');
  const events = LARGE_LOG_EVENTS.toLocaleString('en');
  const fillStarted = performance.now();
  await fillLog(large, LARGE_LOG_EVENTS);
  const logBytes = (await stat(join(large, LOG_FILE_NAME))).size;
  report(
    `event store: write a ${events}-event log (100-event appends, 16 writers)`,
    (performance.now() - fillStarted) / 1000,
    `s (${Math.round(logBytes / MB)} MB)`,
  );
  const big = LARGE_LOG_EVENTS >= 10_000_000;
  const openGoal = atMost(big ? 30_000 : smallOpen.openMs + 2_000);
  const memoryGoal = atMost(big ? 2048 : 500);

  await rm(join(large, INDEX_FILE_NAME));
  const scanned = await openApart(large);
  report(`event store: open ${events} events without the index file`, scanned.openMs, 'ms');
  report(`event store: RSS / heap after that open`, scanned.rssBytes / MB, `MB (heap ${Math.round(scanned.heapUsedBytes / MB)} MB)`, memoryGoal);
  const indexBytes = (await stat(join(large, INDEX_FILE_NAME))).size;
  const indexed = await openApart(large);
  report(`event store: open ${events} events with the index file (${Math.round(indexBytes / MB)} MB)`, indexed.openMs, 'ms', openGoal);
  report(`event store: RSS / heap after that open`, indexed.rssBytes / MB, `MB (heap ${Math.round(indexed.heapUsedBytes / MB)} MB)`, memoryGoal);

  const store = await openEmbeddedEventStore(large, { logger: quiet });
  try {
    report(`event store: readStream of random streams (${EVENTS_PER_STREAM} events each)`, await readRandomStreams(store, LARGE_LOG_EVENTS), 'streams/s');
    report(`event store: readAll of all ${events} events, pages of 10,000`, await readAllPaged(store), 'events/s', atLeast(200_000));
  } finally {
    await store.close();
  }
}

/** Whole streams at random for about two seconds: what a command handler does before it decides. */
async function readRandomStreams(store: EventStore, logEvents: number): Promise<number> {
  const streams = Math.floor(logEvents / EVENTS_PER_STREAM);
  let read = 0;
  const started = performance.now();
  while (performance.now() - started < 2000) {
    const first = Math.floor(Math.random() * streams) * EVENTS_PER_STREAM;
    const events = await store.readStream(`booking-${first}`);
    if (events.length === 0) throw new Error(`stream booking-${first} is empty`);
    read++;
  }
  return Math.round(read / ((performance.now() - started) / 1000));
}

async function readAllPaged(store: EventStore): Promise<number> {
  const started = performance.now();
  let read = 0;
  for (let after: number | undefined; ;) {
    const page = await store.readAll({ ...(after !== undefined && { after }), maxCount: 10_000 });
    read += page.length;
    if (page.length < 10_000) break;
    after = page[page.length - 1]!.position;
  }
  return Math.round(read / ((performance.now() - started) / 1000));
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

/** Canonical texts of booking events per second, for about a second. */
function encodeRate(encode: (event: RecordedEvent) => string): number {
  const events: RecordedEvent[] = Array.from({ length: 1000 }, (_, n) => ({
    ...bookingEvent(n, n),
    id: randomUUID(),
    streamId: `bench-${n}`,
    revision: n,
    position: n,
    recordedAt: new Date().toISOString(),
  }));
  let encoded = 0;
  const start = performance.now();
  while (performance.now() - start < 1000) {
    for (const event of events) encode(event);
    encoded += events.length;
  }
  return Math.round(encoded / ((performance.now() - start) / 1000));
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
    const perAppend = EVENTS_PER_STREAM;
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
