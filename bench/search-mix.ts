/**
 * The search benchmark's world and its query mix, both drawn from a seed so every run asks
 * the same questions of the same data: hotels with one to three listings of varied facets
 * (room or flat, bed type, kitchen, furnished, price) and some nights already booked, and a
 * list of distinct search paths (hotel searches, room searches, searches for a stay) in the
 * order a Zipf draw ranks them: the first is the most asked.
 */
import { randomUUID } from 'node:crypto';
import { addDays, BED_TYPES, indiaToday } from '@stays/contracts';
import { averageDistance } from '../command-service/src/hotels/nearby-places.ts';
import { openBenchLog } from './bench-log.ts';
import { CITIES } from './indian-cities.ts';

/** A deterministic random source in [0, 1) (mulberry32): the same seed, the same sequence. */
export function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

/** Draws ranks 0..n-1 with probability proportional to 1 / (rank + 1)^s. */
export function zipfSampler(n: number, s: number, random: () => number): () => number {
  const cumulative = new Float64Array(n);
  let sum = 0;
  for (let rank = 0; rank < n; rank++) cumulative[rank] = sum += 1 / Math.pow(rank + 1, s);
  return () => {
    const target = random() * sum;
    let low = 0;
    let high = n - 1;
    while (low < high) {
      const middle = (low + high) >>> 1;
      if (cumulative[middle]! < target) low = middle + 1;
      else high = middle;
    }
    return low;
  };
}

export const HOTEL_WORDS = ['Grand', 'Royal', 'Heritage', 'Residency', 'Palace', 'Inn', 'Suites', 'Retreat', 'Comforts', 'Regency', 'Vista', 'Crown'];

const pick = <T>(random: () => number, items: readonly T[]): T => items[Math.floor(random() * items.length)]!;

/** What the log holds after writeSearchWorld. */
export interface SearchWorld {
  readonly events: number;
  readonly rooms: number;
}

/** Writes `hotels` hotels, their listings and some booked nights straight into a new log under dataDir. */
export async function writeSearchWorld(dataDir: string, hotels: number, seed: number): Promise<SearchWorld> {
  const random = seededRandom(seed);
  const store = await openBenchLog(dataDir);
  const today = indiaToday(new Date());
  let events = 0;
  let rooms = 0;
  const pending: Promise<unknown>[] = [];
  for (let i = 0; i < hotels; i++) {
    const hotelId = randomUUID();
    const city = CITIES[i % CITIES.length]!;
    const places = {
      restaurants: [{ _id: randomUUID(), name: `${HOTEL_WORDS[i % 12]} Thali House`, distance: 1 + (i % 9) }],
      cinemaHalls: [{ _id: randomUUID(), name: 'PVR Cinemas', distance: 3 }],
      famousTouristPlaces: [{ _id: randomUUID(), name: `${city} Fort`, distance: 6 }],
      transportationFacilities: [{ _id: randomUUID(), name: `${city} Junction`, type: 'Railway Station', distance: 4 }],
    };
    const startingPrice = 1500 + ((i * 37) % 60) * 1000;
    const details = {
      hotelName: `${HOTEL_WORDS[i % 12]} ${HOTEL_WORDS[(i * 7) % 12]} ${city} ${i}`,
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
      startingPrice,
      ...places,
      range: averageDistance(places),
    };
    pending.push(
      store.append(`hotel-${hotelId}`, [{ type: 'HotelCreated', data: { hotelId, ownerId: randomUUID(), ...details } }], { expectedRevision: 'no_stream' }),
    );
    events++;
    const listings = 1 + (i % 3);
    for (let n = 0; n < listings; n++) {
      const roomId = randomUUID();
      const roomType = random() < 0.35 ? 'Flat' : 'Room';
      const totalUnits = 1 + Math.floor(random() * 6);
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
                bedType: pick(random, BED_TYPES),
                amenities: ['AC', 'TV'],
                pricePerNight: startingPrice + n * 1000 + Math.floor(random() * 4) * 500,
                numberOfRooms: roomType === 'Flat' ? 1 + Math.floor(random() * 3) : 1,
                hasKitchen: roomType === 'Flat' ? random() < 0.8 : random() < 0.05,
                furnished: random() < 0.6,
                imageURLs: [`/media/r-${i}-${n}.webp`],
                totalUnits,
                maxGuests: 2 + Math.floor(random() * 3),
              },
            },
          ],
          { expectedRevision: 'no_stream' },
        ),
      );
      events++;
      rooms++;
      // a quarter of the listings have a booking within the next two months, some taking every unit
      if (random() < 0.25) {
        const checkIn = addDays(today, 1 + Math.floor(random() * 60));
        const nights = Array.from({ length: 1 + Math.floor(random() * 5) }, (_, night) => addDays(checkIn, night));
        const units = random() < 0.5 ? totalUnits : 1;
        pending.push(
          store.append(`inventory-${roomId}`, [{ type: 'UnitsReserved', data: { bookingID: randomUUID(), roomId, nights, units } }], {
            expectedRevision: 'no_stream',
          }),
        );
        events++;
      }
    }
    if (pending.length >= 1024) await Promise.all(pending.splice(0));
  }
  await Promise.all(pending);
  await store.close();
  return { events, rooms };
}

/** What a query asks: a hotel search, a room search, or either with a stay (dates, rooms, guests). */
export type QueryKind = 'hotels' | 'rooms' | 'stay';

export interface MixQuery {
  readonly kind: QueryKind;
  /** Path and query string under the API prefix. */
  readonly path: string;
}

/** How the spec's web client and people type room and bed types: any case, sometimes two at once. */
const ROOM_TYPE_TEXTS = ['flat', 'Flat', 'room', 'Room', 'apartment', 'Room,Flat'];
const BED_TYPE_TEXTS = ['king', 'King', 'queen', 'Queen', 'double', 'single', 'King,Queen', 'Double,Single'];

function hotelConditions(random: () => number): string[] {
  const keys: string[] = [];
  const term = random();
  if (term < 0.5) keys.push(`searchTerm=${encodeURIComponent(pick(random, CITIES))}`);
  else if (term < 0.7) keys.push(`searchTerm=${pick(random, HOTEL_WORDS).toLowerCase()}`);
  else if (term < 0.75) keys.push('searchTerm=junction');
  if (random() < 0.35) {
    const low = Math.floor(random() * 10) * 5000;
    keys.push(`minPrice=${low}`, `maxPrice=${random() < 0.2 ? 0 : low + 5000 + Math.floor(random() * 4) * 5000}`);
  }
  const sort = random();
  if (sort < 0.25) keys.push('sort=regularPrice&order=asc');
  else if (sort < 0.4) keys.push('sort=startingPrice&order=desc');
  else if (sort < 0.5) keys.push('sort=createdAt&order=asc');
  const page = random();
  if (page >= 0.55) keys.push(`page=${page < 0.75 ? 2 : page < 0.87 ? 3 : page < 0.95 ? 4 : 5}`);
  if (random() < 0.7) keys.push('limit=20');
  return keys;
}

function roomConditions(random: () => number): string[] {
  const keys: string[] = [];
  if (random() < 0.7) keys.push(`roomType=${pick(random, ROOM_TYPE_TEXTS)}`);
  if (random() < 0.4) keys.push(`bedType=${pick(random, BED_TYPE_TEXTS)}`);
  if (random() < 0.3) keys.push('hasKitchen=true');
  if (random() < 0.35) keys.push('furnished=true');
  if (random() < 0.3) keys.push(`pricePerNight=${5000 + Math.floor(random() * 12) * 5000}`);
  if (keys.length === 0) keys.push('furnished=true');
  return keys;
}

function stayConditions(random: () => number, today: string): string[] {
  const keys = [`checkIn=${addDays(today, 1 + Math.floor(random() * 45))}`, `nights=${1 + Math.floor(random() * 5)}`];
  if (random() < 0.4) keys.push(`rooms=${1 + Math.floor(random() * 2)}`);
  if (random() < 0.5) keys.push(`guests=${1 + Math.floor(random() * 4)}`);
  return keys;
}

/**
 * `count` distinct queries: a fifth for a stay (half of them with room conditions too), a
 * third room searches, the rest hotel searches; shuffled by the seed, so the most asked
 * ones are of every kind.
 */
export function searchMix(count: number, seed: number, now = new Date()): MixQuery[] {
  const random = seededRandom(seed);
  const today = indiaToday(now);
  const seen = new Set<string>();
  const queries: MixQuery[] = [];
  while (queries.length < count) {
    const draw = random();
    const kind: QueryKind = draw < 0.2 ? 'stay' : draw < 0.2 + 1 / 3 ? 'rooms' : 'hotels';
    const keys = hotelConditions(random);
    const byRoom = kind === 'rooms' || (kind === 'stay' && random() < 0.5);
    if (byRoom) keys.push(...roomConditions(random));
    if (kind === 'stay') keys.push(...stayConditions(random, today));
    const route = byRoom ? '/hotel/room/get/search/rooms' : '/hotel/data/get/search';
    const path = `${route}?${keys.join('&')}`;
    if (seen.has(path)) continue;
    seen.add(path);
    queries.push({ kind, path });
  }
  return queries;
}
