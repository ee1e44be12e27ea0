/**
 * Stays by dates at 10,000 hotels on the embedded stores: the availability answer for a
 * 30-night window and search for a stay, over HTTP from clients in another process (4, then
 * 64), each measured for 5 s after a 3 s warm-up. Hotels, listings and the units bookings took over
 * the next 120 days are written as events straight into the log (booking's own cost is
 * measured by the booking benchmark); everything after that is the product as it runs, measured once the reactors
 * and the notary have caught up with the log.
 * The search mix is long-tailed: queries drawn from a Zipf distribution (s = 1) over 2,000
 * distinct stays (city, check-in, nights, guests), so a few repeat often and most seldom.
 */
import http from 'node:http';
import { PerformanceObserver } from 'node:perf_hooks';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { addDays, earliestCommencement } from '@stays/contracts';
import { loadConfig } from '@stays/service-kit';
import { composeSystem } from '../standalone/src/compose.ts';
import { openBenchLog } from './bench-log.ts';
import { CITIES } from './indian-cities.ts';
import { runLoad, type PlannedRequest } from './load.ts';
import { atMost, percentile, type Report } from './report.ts';

const HOTELS = 10_000;
const CLIENTS = 64;
/** The clients latency is judged with: a busy site's steady trickle, not a queue. */
const FEW_CLIENTS = 4;
const WARM_UP_MS = 3_000;
const DURATION_MS = 5_000;
const HORIZON_DAYS = 120;
/** Bookings per listing over the horizon: about a third of its unit-nights taken. */
const BOOKINGS_PER_LISTING = 12;
const DISTINCT_SEARCHES = 2_000;

/** A seeded generator, so every run writes the same log. */
function seeded(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

async function writeLog(dataDir: string, firstNight: string): Promise<{ events: number; hotelIds: string[] }> {
  const store = await openBenchLog(dataDir);
  const random = seeded(27);
  const hotelIds: string[] = [];
  let events = 0;
  const pending: Promise<unknown>[] = [];
  for (let i = 0; i < HOTELS; i++) {
    const hotelId = randomUUID();
    hotelIds.push(hotelId);
    const city = CITIES[i % CITIES.length]!;
    const startingPrice = 1500 + ((i * 37) % 60) * 1000;
    pending.push(
      store.append(
        `hotel-${hotelId}`,
        [
          {
            type: 'HotelCreated',
            data: {
              hotelId,
              ownerId: randomUUID(),
              hotelName: `Hotel ${city} ${i}`,
              address: `${i} MG Road, Near Clock Tower`,
              country: 'India',
              state: 'State',
              city,
              pinCode: 400001,
              description: 'A comfortable stay in the heart of the city with friendly staff and good food.',
              imageURLs: [`/media/h-${i}.webp`],
              phoneNumber: '9822012345',
              amenities: ['Free WiFi'],
              checkInTime: '12:00',
              checkOutTime: '11:00',
              startingPrice,
              range: 0,
              restaurants: [],
              cinemaHalls: [],
              famousTouristPlaces: [],
              transportationFacilities: [],
            },
          },
        ],
        { expectedRevision: 'no_stream' },
      ),
    );
    events++;
    for (const [n, roomType] of (['Room', 'Flat', 'Room'] as const).slice(0, 1 + (i % 3)).entries()) {
      const roomId = randomUUID();
      const totalUnits = roomType === 'Flat' ? 2 : 5;
      pending.push(
        store.append(
          `room-${roomId}`,
          [
            {
              type: 'RoomAdded',
              data: {
                roomId,
                hotelId,
                ownerId: 'o',
                hotelName: `Hotel ${city} ${i}`,
                roomType,
                roomStandard: `Standard ${n}`,
                size: 30,
                bedType: n === 0 ? 'Queen' : 'King',
                amenities: ['AC'],
                pricePerNight: startingPrice + n * 1000,
                numberOfRooms: roomType === 'Flat' ? 2 : 1,
                hasKitchen: roomType === 'Flat',
                furnished: true,
                imageURLs: [],
                totalUnits,
                maxGuests: roomType === 'Flat' ? 4 : 2,
              },
            },
          ],
          { expectedRevision: 'no_stream' },
        ),
      );
      events++;
      const reservations = Array.from({ length: BOOKINGS_PER_LISTING }, () => {
        const start = Math.floor(random() * HORIZON_DAYS);
        const nights = Array.from({ length: 1 + Math.floor(random() * 5) }, (_, night) => addDays(firstNight, start + night));
        return { type: 'UnitsReserved', data: { bookingID: `BK-${randomUUID()}`, roomId, nights, units: 1 } };
      });
      pending.push(store.append(`inventory-${roomId}`, reservations, { expectedRevision: 'no_stream' }));
      events += reservations.length;
    }
    if (pending.length >= 1024) await Promise.all(pending.splice(0));
  }
  await Promise.all(pending);
  await store.close();
  return { events, hotelIds };
}

/** `count` draws of ranks 0…n−1 with probability ∝ 1/(rank+1): a long tail. */
function zipfDraws(n: number, count: number, random: () => number): number[] {
  const cumulative: number[] = [];
  let total = 0;
  for (let rank = 0; rank < n; rank++) cumulative.push((total += 1 / (rank + 1)));
  return Array.from({ length: count }, () => {
    const target = random() * total;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  });
}

/**
 * Latency with a few clients (the answer's own time: with 64 clients a request mostly waits
 * for the 63 before it, which the throughput line shows), then throughput with 64 clients.
 */
async function measure(report: Report, label: string, target: string, plans: PlannedRequest[][], goalMs: number): Promise<void> {
  for (const clients of [FEW_CLIENTS, CLIENTS]) {
    const plan = plans.slice(0, clients);
    await runLoad({ target, durationMs: WARM_UP_MS, clients: plan });
    const pauses = collectorPauses();
    const { latencies, failures, seconds, statuses } = await runLoad({ target, durationMs: DURATION_MS, clients: plan });
    const collector = pauses.stop();
    latencies.sort((a, b) => a - b);
    const named = `${label}, ${clients} clients`;
    report(`${named}: p50`, percentile(latencies, 50), 'ms');
    report(`${named}: p99`, percentile(latencies, 99), 'ms', clients === FEW_CLIENTS ? atMost(goalMs) : undefined);
    report(`${named}: throughput`, latencies.length / seconds, `answers/s (${failures} failed, statuses ${JSON.stringify(statuses)})`);
    report(`${named}: longest garbage collector pause`, collector.longestMs, `ms (${collector.over5Ms} of ${collector.count} pauses over 5 ms)`);
  }
}

/** The server's garbage collector pauses while a run lasts: what a slow answer may have waited for. */
function collectorPauses(): { stop(): { longestMs: number; over5Ms: number; count: number } } {
  const durations: number[] = [];
  const observer = new PerformanceObserver((list) => {
    for (const entry of list.getEntries()) durations.push(entry.duration);
  });
  observer.observe({ entryTypes: ['gc'] });
  return {
    stop() {
      observer.disconnect();
      return { longestMs: Math.max(0, ...durations), over5Ms: durations.filter((duration) => duration > 5).length, count: durations.length };
    },
  };
}

export default async function benchAvailability(report: Report): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stays-bench-availability-'));
  try {
    const firstNight = earliestCommencement(new Date());
    const { events, hotelIds } = await writeLog(dataDir, firstNight);
    const started = performance.now();
    // the log's reservations have no bookings (booking is measured elsewhere): the reconciler must not give them back mid-run
    const config = loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', ORPHANED_UNITS_GRACE_SECONDS: '86400' });
    const system = await composeSystem(config, { log: () => undefined });
    await system.runner.whenCaughtUp();
    report(`build the read models from the log (${HOTELS} hotels, ${events} events)`, performance.now() - started, 'ms');
    // The reactors and the notary follow the whole log too on a first start (no checkpoint yet): answers are measured
    // once they have caught up, as the product runs, not while that one-off replay fills the heap with garbage.
    const followersStarted = performance.now();
    const reactors = [system.reactor, system.reconciler, system.calendarImport, system.erasure];
    await Promise.all([...reactors.map((reactor) => reactor.whenCaughtUp()), system.notary.whenCaughtUp()]);
    report('the reactors and the notary caught up with the log, after the read models', performance.now() - followersStarted, 'ms');

    const server = http.createServer(system.host.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const target = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
    const api = '/sharma/resident/stays';
    const random = seeded(9);

    // the availability answer: any hotel, a 30-night window starting in the next 60 days (never cached)
    const windows = Array.from({ length: 2_000 }, () => {
      const checkIn = addDays(firstNight, Math.floor(random() * 60));
      return `${api}/hotel/room/availability/${hotelIds[Math.floor(random() * HOTELS)]!}?checkIn=${checkIn}&nights=30&guests=2`;
    });
    const availabilityClients = Array.from({ length: CLIENTS }, (_, c) =>
      windows.map((_, i) => ({ method: 'GET' as const, path: windows[(c * 31 + i) % windows.length]! })),
    );
    await measure(report, 'availability, 30 nights', target, availabilityClients, 10);

    // search for a stay: a long-tailed mix over distinct stays, a third of them room searches
    const stays = Array.from({ length: DISTINCT_SEARCHES }, (_, i) => {
      const stay = `checkIn=${addDays(firstNight, Math.floor(random() * 90))}&nights=${1 + Math.floor(random() * 7)}&guests=${1 + Math.floor(random() * 3)}`;
      const city = CITIES[Math.floor(random() * CITIES.length)]!;
      return i % 3 === 2
        ? `${api}/hotel/room/get/search/rooms?searchTerm=${city}&roomType=flat&${stay}&limit=20`
        : `${api}/hotel/data/get/search?searchTerm=${city}&${stay}&sort=startingPrice&order=asc&limit=20`;
    });
    const drawn = zipfDraws(DISTINCT_SEARCHES, 20_000, random);
    const searchClients = Array.from({ length: CLIENTS }, (_, c) =>
      drawn.slice(c * 300, c * 300 + 300).map((rank) => ({ method: 'GET' as const, path: stays[rank]! })),
    );
    await measure(report, `search for a stay, ${DISTINCT_SEARCHES} distinct (Zipf)`, target, searchClients, 30);

    server.closeAllConnections();
    server.close();
    await system.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
