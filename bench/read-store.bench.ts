/**
 * Read store benchmark (embedded adapter):
 * - idempotent projection upserts by _id, `updateOne({_id, _position: {$lt: p}}, ..., {upsert: true})`,
 *   200,000 events over 20,000 documents, then a replay of already-applied events
 *   (each one a duplicate key, as after a crash);
 * - latency of a case-insensitive, escaped `$regex` hotel search over 10,000 documents,
 *   sorted, limit 20;
 * - a snapshot of 200,000 bookings with the bookings read model's indexes (read-store-snapshots.ts):
 *   time to write it, the longest the event loop stalled meanwhile (requests wait that long at
 *   most), time to load it, and the heap the loaded store holds.
 */
import { mkdtemp, rm, stat } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { setFlagsFromString } from 'node:v8';
import { runInNewContext } from 'node:vm';
import {
  createEmbeddedReadStore,
  DuplicateKeyError,
  ReadStoreSnapshots,
  SNAPSHOT_FILE,
  type Document,
  type Filter,
  type Sort,
} from '../read-store/src/index.ts';
import { seededRandom } from '../service-kit/src/images/seeded-random.ts';
import { sortDocuments } from '../read-store/src/embedded/find-results.ts';
import { bookingCollections, bookingsReadModel } from '../projections/src/index.ts';
import { percentile, type Report } from './report.ts';

const UPSERT_EVENTS = 200_000;
const UPSERT_DOCUMENTS = 20_000;
const REPLAYED_EVENTS = 20_000;
const SEARCH_DOCUMENTS = 10_000;
const SEARCHES = 400;
const WARM_UP_SEARCHES = 40;
const SNAPSHOT_DOCUMENTS = 200_000;

const CITIES = [
  'Pune',
  'Mumbai',
  'Goa',
  'Manali',
  'Jaipur',
  'Udaipur',
  'Kochi',
  'Shimla',
  'Delhi',
  'Agra',
  'Rishikesh',
  'Varanasi',
  'Mysuru',
  'Ooty',
  'Munnar',
  'Darjeeling',
  'Gangtok',
  'Leh',
  'Puducherry',
  'Hampi',
];
const WORDS = [
  'Sea',
  'View',
  'Palace',
  'Residency',
  'Grand',
  'Inn',
  'Lodge',
  'Retreat',
  'Heritage',
  'Haveli',
  'Royal',
  'Orchid',
  'Lake',
  'Hill',
  'Top',
  'Garden',
  'Comfort',
  'Stay',
  'Suites',
  'Villa',
  'Homestay',
  'Nest',
];
const SEARCH_TERMS = ['pune', 'sea view', 'PALACE', 'hill top', 'grand (royal)', 'villa.', 'orchid+', 'goa', 'lake', 'nest*'];

export default async function benchReadStore(report: Report): Promise<void> {
  await benchIdempotentUpserts(report);
  await benchRegexSearch(report);
  benchPagePick(report);
  await benchSnapshot(report);
}

async function benchIdempotentUpserts(report: Report): Promise<void> {
  const store = createEmbeddedReadStore();
  const hotels = store.collection('bench_hotels');
  await hotels.createIndex({ ownerId: 1 });
  const project = (event: number) => {
    const id = `hotel-${event % UPSERT_DOCUMENTS}`;
    const position = event + 1;
    return hotels.updateOne(
      { _id: id, _position: { $lt: position } },
      {
        $set: { name: `Hotel ${event}`, city: CITIES[event % CITIES.length], startingPrice: 1000 + (event % 9000), _position: position },
        $setOnInsert: { ownerId: `owner-${event % UPSERT_DOCUMENTS}`, createdAt: new Date(0) },
        $inc: { revision: 1 },
      },
      { upsert: true },
    );
  };

  const started = performance.now();
  for (let event = 0; event < UPSERT_EVENTS; event++) await project(event);
  const seconds = (performance.now() - started) / 1000;
  report('read store (embedded): idempotent upserts by _id, 200k events over 20k documents', UPSERT_EVENTS / seconds, 'ops/s');

  const replayStarted = performance.now();
  let duplicates = 0;
  for (let event = UPSERT_EVENTS - REPLAYED_EVENTS; event < UPSERT_EVENTS; event++) {
    try {
      await project(event);
    } catch (error) {
      if (!(error instanceof DuplicateKeyError)) throw error;
      duplicates++;
    }
  }
  const replaySeconds = (performance.now() - replayStarted) / 1000;
  if (duplicates !== REPLAYED_EVENTS) throw new Error(`replay applied ${REPLAYED_EVENTS - duplicates} events twice`);
  report('read store (embedded): replayed already-applied events (duplicate key)', REPLAYED_EVENTS / replaySeconds, 'ops/s');
  await store.close();
}

async function benchRegexSearch(report: Report): Promise<void> {
  const store = createEmbeddedReadStore();
  const hotels = store.collection('bench_search');
  const random = seededRandom(42);
  const pick = <T>(items: readonly T[]): T => items[Math.floor(random() * items.length)]!;
  for (let i = 0; i < SEARCH_DOCUMENTS; i++) {
    const city = pick(CITIES);
    const document: Document = {
      _id: `hotel-${i}`,
      name: `${pick(WORDS)} ${pick(WORDS)} ${city}`,
      city,
      startingPrice: 800 + Math.floor(random() * 20_000),
      rating: Math.round(random() * 50) / 10,
      amenities: [pick(WORDS), pick(WORDS)],
      address: { line: `${i} ${pick(WORDS)} Road`, pinCode: 400000 + i },
      _position: i + 1,
    };
    await hotels.insertOne(document);
  }
  const search = (term: string) => {
    const pattern = { $regex: escapeRegExp(term), $options: 'i' };
    const filter: Filter = { $or: [{ name: pattern }, { city: pattern }] };
    return hotels.find(filter, { sort: { startingPrice: 1, _id: 1 }, limit: 20 });
  };

  for (let i = 0; i < WARM_UP_SEARCHES; i++) await search(SEARCH_TERMS[i % SEARCH_TERMS.length]!);
  const latencies: number[] = [];
  for (let i = 0; i < SEARCHES; i++) {
    const started = performance.now();
    await search(SEARCH_TERMS[i % SEARCH_TERMS.length]!);
    latencies.push(performance.now() - started);
  }
  latencies.sort((a, b) => a - b);
  report('read store (embedded): $regex search, 10k documents, sort + limit 20, p50', percentile(latencies, 50), 'ms');
  report('read store (embedded): $regex search, 10k documents, sort + limit 20, p99', percentile(latencies, 99), 'ms');
  await store.close();
}

/**
 * A page of 20 from 10,000 matches, by price and newest first: picked without sorting the
 * rest (what find does for a small page) against sorting all and slicing (the simple path,
 * still what it does for large pages), on the same documents.
 */
function benchPagePick(report: Report): void {
  const random = seededRandom(7);
  const documents: Document[] = Array.from({ length: SEARCH_DOCUMENTS }, (_, i) => ({
    _id: `hotel-${i}`,
    startingPrice: 800 + Math.floor(random() * 20_000),
    created_at: new Date(1_700_000_000_000 + i * 60_000).toISOString(),
  }));
  const time = (pick: () => Document[]) => {
    for (let i = 0; i < WARM_UP_SEARCHES; i++) pick();
    const latencies: number[] = [];
    for (let i = 0; i < SEARCHES; i++) {
      const started = performance.now();
      pick();
      latencies.push(performance.now() - started);
    }
    return percentile(
      latencies.sort((a, b) => a - b),
      50,
    );
  };
  const page = (name: string, by: Sort) => {
    report(
      `read store (embedded): page of 20 from 10k matches ${name}, picked, p50`,
      time(() => sortDocuments(documents, by, 20).slice(0, 20)),
      'ms',
    );
    report(
      `read store (embedded): page of 20 from 10k matches ${name}, all sorted, p50`,
      time(() => sortDocuments(documents, by).slice(0, 20)),
      'ms',
    );
  };
  page('by price', { startingPrice: 1, _id: 1 });
  // stored oldest first, asked newest first: the order a full sort is quickest on
  page('newest first', { created_at: -1, _id: 1 });
}

async function benchSnapshot(report: Report): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stays-bench-snapshot-'));
  try {
    const store = createEmbeddedReadStore();
    const options = {
      dir,
      store,
      logHead: async () => ({ position: SNAPSHOT_DOCUMENTS, eventId: 'bench' }),
      logHolds: async () => true,
      intervalMs: 0,
      log: () => undefined,
    };
    const snapshots = await ReadStoreSnapshots.open(options);
    snapshots.start();
    const bookings = store.collection('bench_bookings');
    for (const { keys, unique } of bookingsReadModel.collections[bookingCollections.bookings]!) await bookings.createIndex(keys, { unique: unique === true });
    for (let i = 0; i < SNAPSHOT_DOCUMENTS; i++) {
      await bookings.insertOne({
        _id: `BK-${i.toString(36).toUpperCase()}`,
        hotelID: `hotel-${i % 2000}`,
        customerID: `customer-${i % 50_000}`,
        customerName: 'Asha Rao',
        customerEmailKey: `guest${i % 50_000}@example.in`,
        created_at: new Date(Date.UTC(2025, 0, 1) + i * 60_000).toISOString(),
        dateOfCommencement: new Date(Date.UTC(2026, 0, 1 + (i % 300))).toISOString().slice(0, 10),
        city: CITIES[i % CITIES.length],
        totalAmount: 1000 + (i % 9000),
        nights: [new Date(Date.UTC(2026, 0, 1 + (i % 300)))],
        room: { standard: 'Deluxe', type: 'Room', units: 1 + (i % 3) },
        placedAt: new Date(Date.UTC(2025, 0, 1) + i * 60_000),
        _position: i + 1,
      });
    }
    const stalls = monitorEventLoopDelay({ resolution: 1 });
    stalls.enable();
    const started = performance.now();
    await snapshots.write();
    const writeMs = performance.now() - started;
    stalls.disable();
    const bytes = (await stat(path.join(dir, SNAPSHOT_FILE))).size;
    report('read store snapshot: write 200k documents', writeMs, 'ms');
    report('read store snapshot: longest event-loop stall while writing 200k documents', stalls.max / 1e6, 'ms');
    report('read store snapshot: file size for 200k documents', bytes / 1e6, 'MB');

    await store.close();
    const gc = exposedGc();
    gc();
    const heapBefore = process.memoryUsage().heapUsed;
    const loadStarted = performance.now();
    const loaded = createEmbeddedReadStore();
    const reopened = await ReadStoreSnapshots.open({ ...options, store: loaded });
    const loadMs = performance.now() - loadStarted;
    if (reopened.loadedFrom === null || (await loaded.collection('bench_bookings').estimatedDocumentCount()) !== SNAPSHOT_DOCUMENTS) {
      throw new Error('the snapshot did not load whole');
    }
    gc();
    const heldMb = (process.memoryUsage().heapUsed - heapBefore) / 1e6;
    report('read store snapshot: load 200k documents (indexes rebuilt)', loadMs, 'ms');
    report("read store snapshot: heap held by the loaded 200k documents and the bookings model's four indexes", heldMb, 'MB');
    await loaded.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

/** V8's collector, to measure what stays live (the flag is set at run time, as the tests do). */
function exposedGc(): () => void {
  setFlagsFromString('--expose-gc');
  return runInNewContext('gc') as () => void;
}

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}
