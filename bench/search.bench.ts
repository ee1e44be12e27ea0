/**
 * Search at 10,000 hotels on the embedded stores: rebuild time of the read models from the
 * log, then search latency (p50, p99) and throughput over HTTP with 64 concurrent clients,
 * measured for 5 s after a 3 s warm-up under the same load. Hotels are written as events
 * straight into the log (the commands' own cost is measured elsewhere); everything after
 * that is the product as it runs.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { loadConfig } from '@stays/service-kit';
import { averageDistance } from '../command-service/src/hotels/nearby-places.ts';
import { composeSystem } from '../standalone/src/compose.ts';
import { openBenchLog } from './bench-log.ts';
import { CITIES } from './indian-cities.ts';
import { runLoad } from './load.ts';
import { atMost, below, percentile, type Report } from './report.ts';

const HOTELS = 10_000;
const CLIENTS = 64;
const WARM_UP_MS = 3_000;
const DURATION_MS = 5_000;
const WORDS = ['Grand', 'Royal', 'Heritage', 'Residency', 'Palace', 'Inn', 'Suites', 'Retreat', 'Comforts', 'Regency', 'Vista', 'Crown'];
/** What a browser sends with every request: it accepts compressed answers. */
const BROWSER_HEADERS = { 'accept-encoding': 'gzip, deflate, br' };
const QUERIES = [
  (i: number) => `/hotel/data/get/search?searchTerm=${CITIES[i % CITIES.length]}`,
  (i: number) => `/hotel/data/get/search?searchTerm=${WORDS[i % WORDS.length]!.toLowerCase()}&sort=startingPrice&order=asc&limit=20`,
  (i: number) => `/hotel/data/get/search?minPrice=${(i % 10) * 5000}&maxPrice=${(i % 10) * 5000 + 8000}&limit=20`,
  (i: number) => `/hotel/room/get/search/rooms?searchTerm=${CITIES[i % CITIES.length]}&roomType=flat&hasKitchen=true`,
  () => `/hotel/data/get/search?searchTerm=station&limit=20`,
];

async function writeHotels(dataDir: string): Promise<number> {
  const store = await openBenchLog(dataDir);
  let events = 0;
  const pending: Promise<unknown>[] = [];
  for (let i = 0; i < HOTELS; i++) {
    const hotelId = randomUUID();
    const city = CITIES[i % CITIES.length]!;
    const places = {
      restaurants: [{ _id: randomUUID(), name: `${WORDS[i % 12]} Thali House`, distance: 1 + (i % 9) }],
      cinemaHalls: [{ _id: randomUUID(), name: 'PVR Cinemas', distance: 3 }],
      famousTouristPlaces: [{ _id: randomUUID(), name: `${city} Fort`, distance: 6 }],
      transportationFacilities: [{ _id: randomUUID(), name: `${city} Junction`, type: 'Railway Station', distance: 4 }],
    };
    const details = {
      hotelName: `${WORDS[i % 12]} ${WORDS[(i * 7) % 12]} ${city} ${i}`,
      address: `${i} MG Road, Near Clock Tower, ${city}`,
      country: 'India',
      state: 'State',
      city,
      pinCode: 400001 + (i % 500),
      description: 'A comfortable stay in the heart of the city with friendly staff and good food.',
      imageURLs: Array.from({ length: 5 }, (_, n) => `/sharma/resident/stays/media/demo-${i}-${n}.webp`),
      phoneNumber: '9822012345',
      amenities: ['Free WiFi', 'AC', 'Parking'],
      checkInTime: '12:00',
      checkOutTime: '11:00',
      startingPrice: 1500 + ((i * 37) % 60) * 1000,
      ...places,
      range: averageDistance(places),
    };
    pending.push(
      store.append(`hotel-${hotelId}`, [{ type: 'HotelCreated', data: { hotelId, ownerId: randomUUID(), ...details } }], { expectedRevision: 'no_stream' }),
    );
    events++;
    for (const [n, roomType] of (['Room', 'Flat', 'Room'] as const).slice(0, 1 + (i % 3)).entries()) {
      const roomId = randomUUID();
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
                hotelName: details.hotelName,
                roomType,
                roomStandard: `Standard ${n}`,
                size: 30,
                bedType: n === 0 ? 'Queen' : 'King',
                amenities: ['AC', 'TV'],
                pricePerNight: details.startingPrice + n * 1000,
                numberOfRooms: roomType === 'Flat' ? 2 : 1,
                hasKitchen: roomType === 'Flat',
                furnished: n % 2 === 0,
                imageURLs: [`/media/r-${i}-${n}.webp`],
                totalUnits: 5,
              },
            },
          ],
          { expectedRevision: 'no_stream' },
        ),
      );
      events++;
    }
    if (pending.length >= 1024) await Promise.all(pending.splice(0));
  }
  await Promise.all(pending);
  await store.close();
  return events;
}

export default async function benchSearch(report: Report): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stays-bench-search-'));
  try {
    const events = await writeHotels(dataDir);
    const started = performance.now();
    const system = await composeSystem(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0' }), { log: () => undefined });
    await system.runner.whenCaughtUp();
    const rebuildSeconds = (performance.now() - started) / 1000;
    report(`rebuild read models from the log (${HOTELS} hotels, ${events} events)`, rebuildSeconds * 1000, 'ms', below(2000));

    const server = http.createServer(system.host.callback());
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sharma/resident/stays`;
    const agent = new http.Agent({ keepAlive: true });
    const get = (url: string) =>
      new Promise<number>((resolve, reject) => {
        http
          .get(url, { agent, headers: BROWSER_HEADERS }, (res) => {
            res.resume();
            res.on('end', () => resolve(res.statusCode ?? 0));
          })
          .on('error', reject);
      });
    const urls = Array.from({ length: 200 }, (_, i) => base + QUERIES[i % QUERIES.length]!(i));
    const distinct = [...new Set(urls)];
    for (const [n, query] of QUERIES.entries()) {
      // the first request of a query computes its answer
      const sent = performance.now();
      for (let i = 0; i < 20; i++) await get(base + query(i));
      report(`  uncached, one client, query kind ${n + 1}: mean`, (performance.now() - sent) / 20, 'ms');
    }
    for (const url of distinct) await get(url); // steady state: every query of the mix answered once
    agent.destroy();

    const target = new URL(base).origin;
    // each client walks the query mix from its own starting point
    const clients = Array.from({ length: CLIENTS }, (_, c) =>
      urls.map((_, i) => {
        const url = new URL(urls[(c * 7 + i) % urls.length]!);
        return { method: 'GET' as const, path: url.pathname + url.search, headers: BROWSER_HEADERS };
      }),
    );
    await runLoad({ target, durationMs: WARM_UP_MS, clients }); // compiled code and heap settle, as in a server that has been up for a while
    const { latencies, failures, seconds } = await runLoad({ target, durationMs: DURATION_MS, clients });
    latencies.sort((a, b) => a - b);
    const label = `search, ${CLIENTS} clients, ${distinct.length} distinct queries`;
    report(`${label}: p50`, percentile(latencies, 50), 'ms');
    report(`${label}: p99`, percentile(latencies, 99), 'ms', atMost(20));
    report(`${label}: throughput`, latencies.length / seconds, `searches/s (${failures} failed)`);
    server.closeAllConnections();
    server.close();
    await system.close();
  } finally {
    await rm(dataDir, { recursive: true, force: true });
  }
}
