/**
 * Seeds the demo data through the public HTTP API of a running server, exactly as the web
 * client would call it: every hotel, room and account becomes events like any other.
 * Any non-2xx answer stops the seed with an error naming the call, the status and the
 * server's message — a seed that half-works must be loud.
 */
import { generateDemoImage } from '@stays/service-kit';
import { roomTypeLabel } from '@stays/contracts';
import type { EventStore } from '@stays/event-store';
import type { KeyedStreamNames } from '@stays/service-kit';
import { createPasswords, handleAddAuditor } from '@stays/command-service';
import { DEMO_AUDITOR_EMAIL, DEMO_PASSWORD, demoGuest, demoHotels, type DemoGuest, type DemoHotel, type DemoListing, type DemoPlace } from './demo-data.ts';

export interface SeedResult {
  readonly hotels: number;
  readonly rooms: number;
  /** Who and what was created, in the order of `demoHotels`: what the demo's history books. */
  readonly created: SeededCatalogue;
}

export interface SeededCatalogue {
  readonly hotels: readonly { readonly hotelId: string; readonly ownerId: string }[];
  /** The account id of `demoGuest`. */
  readonly guestId: string;
}

/** How many hotels are seeded at the same time (each is a handful of sequential calls). */
const CONCURRENT_HOTELS = 3;
/** Big enough for the home slider, small enough to seed quickly: the server re-encodes every upload. */
const HOTEL_IMAGE = { width: 960, height: 640 } as const;
const ROOM_IMAGE = { width: 720, height: 540 } as const;
const HOTEL_IMAGE_CAPTIONS = ['', 'Lobby', 'Restaurant', 'Pool', 'Garden', 'Rooftop'] as const;

class DemoSeedError extends Error {
  override readonly name = 'DemoSeedError';
  constructor(
    readonly call: string,
    readonly status: number,
    readonly serverMessage: string,
  ) {
    super(`demo seed: ${call} answered ${status}: ${serverMessage}`);
  }
}

interface Image {
  readonly filename: string;
  readonly bytes: Buffer;
}

/**
 * Registers the demo owners and guest and creates the demo hotels and rooms by calling
 * `{baseUrl}{apiPrefix}/...`. Meant for an empty system: on one that already has the
 * demo accounts it fails (409) rather than duplicating anything.
 */
export async function seedDemo(baseUrl: string, apiPrefix: string, log: (line: string) => void = () => undefined): Promise<SeedResult> {
  const started = performance.now();
  const api = new SeedClient(`${baseUrl.replace(/\/+$/, '')}${apiPrefix}`);
  let rooms = 0;
  const hotels: SeededCatalogue['hotels'][number][] = [];

  await inPool(
    demoHotels.map((hotel, index) => async () => {
      const seeded = await seedHotel(api, hotel, index);
      rooms += hotel.listings.length;
      hotels[index] = seeded;
      log(`demo: ${hotel.hotelName} (${hotel.city}) with ${hotel.listings.length} rooms and apartments`);
    }),
    CONCURRENT_HOTELS,
  );

  const guestId = await registerGuest(api, demoGuest, 'guest.png', 90_001);

  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  log(
    `demo: seeded ${demoHotels.length} hotels and ${rooms} rooms in ${seconds} s; owners owner1..owner${demoHotels.length}@stays.demo and guest ${demoGuest.email}, password ${DEMO_PASSWORD}`,
  );
  return { hotels: demoHotels.length, rooms, created: { hotels, guestId } };
}

/** Signs a demo guest up as the sign-up form does, with a profile picture of their initial; returns their account id. */
export async function registerGuest(api: SeedClient, guest: DemoGuest, filename: string, imageSeed: number): Promise<string> {
  const registered = await api.multipart<{ data?: { _id?: unknown } }>(
    '/user/register',
    { username: guest.username, name: guest.name, email: guest.email, password: DEMO_PASSWORD },
    { profileImage: [await image(filename, { width: 256, height: 256, seed: imageSeed, label: guest.name.split(' ')[0] })] },
  );
  const id = registered.data?._id;
  if (typeof id !== 'string') throw new DemoSeedError('POST /user/register', 201, 'no account id in the answer');
  return id;
}

/** Adds the demo auditor straight to the log, as `npm run auditor -- add` does: auditors have no sign-up call. */
export async function seedDemoAuditor(
  system: { readonly eventStore: EventStore; readonly streamNames: KeyedStreamNames },
  log: (line: string) => void = () => undefined,
): Promise<void> {
  await handleAddAuditor({ store: system.eventStore, streamNames: system.streamNames }, createPasswords(), {
    email: DEMO_AUDITOR_EMAIL,
    password: DEMO_PASSWORD,
    via: 'demo',
  });
  log(`demo: auditor ${DEMO_AUDITOR_EMAIL}, password ${DEMO_PASSWORD}`);
}

async function seedHotel(api: SeedClient, hotel: DemoHotel, index: number): Promise<{ hotelId: string; ownerId: string }> {
  const hotelImages = Promise.all(
    HOTEL_IMAGE_CAPTIONS.map((caption, i) =>
      image(`hotel-${index + 1}-${i + 1}.png`, {
        ...HOTEL_IMAGE,
        seed: 1000 * (index + 1) + i,
        label: caption === '' ? `${hotel.hotelName}, ${hotel.city}` : `${caption} · ${hotel.city}`,
      }),
    ),
  );
  // Images render (on sharp's threads) while the owner signs up and signs in.
  hotelImages.catch(() => undefined);

  const registered = await api.json<{ data?: { _id?: unknown } }>('/hotel/owner/register', {
    name: hotel.owner.name,
    email: hotel.owner.email,
    password: DEMO_PASSWORD,
  });
  const ownerId = registered.data?._id;
  if (typeof ownerId !== 'string') throw new DemoSeedError('POST /hotel/owner/register', 201, 'no account id in the answer');
  const login = await api.json<{ data?: { accessToken?: unknown } }>('/hotel/owner/login', { email: hotel.owner.email, password: DEMO_PASSWORD });
  const token = login.data?.accessToken;
  if (typeof token !== 'string') throw new DemoSeedError('POST /hotel/owner/login', 200, 'no access token in the answer');

  const created = await api.multipart<{ data?: { _id?: unknown } }>('/hotel/data/create/hotel', hotelFields(hotel), { imageURLs: await hotelImages }, token);
  const hotelId = created.data?._id;
  if (typeof hotelId !== 'string') throw new DemoSeedError('POST /hotel/data/create/hotel', 201, 'no hotel id in the answer');

  for (const [i, listing] of hotel.listings.entries()) {
    const seed = 1000 * (index + 1) + 100 + 10 * i;
    const type = roomTypeLabel(listing.roomType);
    const label = new RegExp(`\\b${type}\\b`, 'i').test(listing.roomStandard) ? listing.roomStandard : `${listing.roomStandard} ${type}`;
    // Two pictures of each hotel's first listing, one of the others.
    const images = await Promise.all(
      Array.from({ length: i === 0 ? 2 : 1 }, (_, j) => image(`room-${index + 1}-${i + 1}-${j + 1}.png`, { ...ROOM_IMAGE, seed: seed + j, label })),
    );
    await api.multipart('/hotel/room/create/room', roomFields(hotelId, listing), { imageURLs: images }, token);
  }
  return { hotelId, ownerId };
}

/** The add-hotel form as the web client sends it: all text, places as JSON text. */
export function hotelFields(hotel: DemoHotel): Record<string, string> {
  const places = (list: readonly DemoPlace[]) => JSON.stringify(list.map((place) => ({ ...place, distance: String(place.distance) })));
  const distances = [...hotel.restaurants, ...hotel.cinemaHalls, ...hotel.famousTouristPlaces, ...hotel.transportationFacilities].map((p) => p.distance);
  const range = distances.length === 0 ? 0 : distances.reduce((sum, d) => sum + d, 0) / distances.length;
  return {
    hotelName: hotel.hotelName,
    description: hotel.description,
    address: hotel.address,
    country: hotel.country,
    state: hotel.state,
    city: hotel.city,
    pinCode: hotel.pinCode,
    phoneNumber: hotel.phoneNumber,
    amenities: hotel.amenities,
    startingPrice: String(hotel.startingPrice),
    checkInTime: hotel.checkInTime,
    checkOutTime: hotel.checkOutTime,
    restaurants: places(hotel.restaurants),
    cinemaHalls: places(hotel.cinemaHalls),
    famousTouristPlaces: places(hotel.famousTouristPlaces),
    transportationFacilities: places(hotel.transportationFacilities),
    range: range.toFixed(2),
  };
}

/** The add-room form as the web client sends it: booleans as 'true' or left out. */
export function roomFields(hotelID: string, listing: DemoListing): Record<string, string> {
  return {
    hotelID,
    roomType: listing.roomType,
    roomStandard: listing.roomStandard,
    size: String(listing.size),
    bedType: listing.bedType,
    amenities: listing.amenities,
    pricePerNight: String(listing.pricePerNight),
    numberOfRooms: String(listing.roomType === 'Flat' ? (listing.numberOfRooms ?? 1) : 1),
    ...(listing.roomType === 'Flat' && listing.hasKitchen && { hasKitchen: 'true' }),
    ...(listing.furnished && { furnished: 'true' }),
    totalUnits: String(listing.totalUnits),
  };
}

async function image(filename: string, options: Parameters<typeof generateDemoImage>[0]): Promise<Image> {
  return { filename, bytes: await generateDemoImage(options) };
}

/** Runs the tasks with at most `limit` at a time; the first failure fails the whole run (after running tasks settle). */
async function inPool(tasks: readonly (() => Promise<void>)[], limit: number): Promise<void> {
  let next = 0;
  let failure: { error: unknown } | null = null;
  const worker = async () => {
    while (failure === null && next < tasks.length) {
      const task = tasks[next++];
      try {
        await task();
      } catch (error) {
        failure ??= { error };
      }
    }
  };
  await Promise.all(Array.from({ length: Math.min(limit, tasks.length) }, worker));
  if (failure !== null) throw (failure as { error: unknown }).error;
}

export class SeedClient {
  constructor(private readonly base: string) {}

  json<T = unknown>(path: string, body: unknown, token?: string): Promise<T> {
    return this.send<T>(path, JSON.stringify(body), { 'content-type': 'application/json' }, token);
  }

  multipart<T = unknown>(path: string, fields: Record<string, string>, files: Record<string, readonly Image[]>, token?: string): Promise<T> {
    const form = new FormData();
    for (const [name, value] of Object.entries(fields)) form.append(name, value);
    for (const [name, images] of Object.entries(files)) {
      for (const file of images) form.append(name, new Blob([new Uint8Array(file.bytes)], { type: 'image/png' }), file.filename);
    }
    return this.send<T>(path, form, {}, token);
  }

  private async send<T>(path: string, body: string | FormData, headers: Record<string, string>, token?: string): Promise<T> {
    const call = `POST ${path}`;
    let response: Response;
    try {
      response = await fetch(`${this.base}${path}`, {
        method: 'POST',
        body,
        headers: { ...headers, ...(token && { authorization: `Bearer ${token}` }) },
      });
    } catch (error) {
      throw new DemoSeedError(call, 0, `request failed (${error instanceof Error ? error.message : String(error)})`);
    }
    const text = await response.text();
    let parsed: unknown = null;
    try {
      parsed = text === '' ? null : JSON.parse(text);
    } catch {
      // not JSON: reported as text below
    }
    if (!response.ok) {
      const message = typeof (parsed as { message?: unknown } | null)?.message === 'string' ? (parsed as { message: string }).message : text.slice(0, 500);
      throw new DemoSeedError(call, response.status, message || response.statusText);
    }
    return parsed as T;
  }
}
