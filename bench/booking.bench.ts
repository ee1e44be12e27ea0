/**
 * Bookings end to end over HTTP on the embedded stores: 64 clients, each booking its own
 * room night after night, measured for 5 s after a 3 s warm-up, with the load coming from
 * another process (throughput, p50, p99); then 100 guests race for the one last unit of a
 * night (exactly one may win). The invoice and email reactor runs in the same process, as
 * in `npm start`. A guest may hold only 10 upcoming bookings, so each client books for a
 * line of guests, ten bookings each, within the 365 days a stay may start in.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { addDays, indiaToday, limits } from '@stays/contracts';
import { loadConfig } from '@stays/service-kit';
import { readOutbox } from '@stays/service-kit/testing';
import { composeSystem } from '../standalone/src/compose.ts';
import { sampleLag } from './follower-lag.ts';
import { runLoad } from './load.ts';
import { atLeast, below, exactly, percentile, type Report } from './report.ts';

const CLIENTS = 64;
const RACERS = 100;
const WARM_UP_MS = 3_000;
const DURATION_MS = 5_000;
/** Bookings each client can place in the warm-up and in the measured run: more than it gets through (~12,000 in all at 1,500/s). */
const WARM_UP_BOOKINGS = 100;
const MEASURED_BOOKINGS = 160;
/** Units of each client's room: its bookings spread over 360 nights, each night taken at most this often. */
const UNITS_PER_ROOM = 10;
const PASSWORD = 'bench-password-1';

export default async function benchBooking(report: Report): Promise<void> {
  await measureBookings(report, { encryptPersonalData: true });
}

/**
 * Runs the benchmark and reports its figures, each name prefixed by `label`; resolves to
 * the measured bookings per second. `encryptPersonalData: false` only to measure what the
 * encryption costs (see personal-data.bench.ts).
 */
export interface BookingRunOptions {
  readonly encryptPersonalData: boolean;
  readonly label?: string;
  /** Called with the run's DATA_DIR once the system is closed, before the folder is removed: its log is a product's log, for replays. */
  readonly afterwards?: (dataDir: string) => Promise<void>;
}

export async function measureBookings(report: Report, options: BookingRunOptions): Promise<number> {
  const label = options.label ?? '';
  let measured = 0;
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stays-bench-booking-'));
  // Guests arrive from their own addresses, as through the gateway (one address would be throttled after 100 sign-ups).
  const system = await composeSystem(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', TRUST_PROXY: '1' }), {
    log: () => undefined,
    encryptPersonalData: options.encryptPersonalData,
  });
  await system.runner.whenCaughtUp();
  const server = http.createServer(system.host.callback());
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sharma/resident/stays`;
  try {
    const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } })
      .png()
      .toBuffer();
    const addressOf = (n: number) => `10.${(n >> 16) & 255}.${(n >> 8) & 255}.${n & 255}`;
    const call = async (method: string, route: string, body: unknown, token?: string, from = 0) => {
      const isForm = body instanceof FormData;
      const response = await fetch(api + route, {
        method,
        headers: {
          'x-forwarded-for': addressOf(from),
          ...(token && { authorization: `Bearer ${token}` }),
          ...(!isForm && { 'content-type': 'application/json' }),
        },
        body: isForm ? body : JSON.stringify(body),
      });
      return { status: response.status, body: (await response.json()) as any };
    };
    const form = (fields: Record<string, string>, files: number) => {
      const data = new FormData();
      for (const [key, value] of Object.entries(fields)) data.append(key, value);
      for (let i = 0; i < files; i++) data.append('imageURLs', new Blob([new Uint8Array(image)], { type: 'image/png' }), `i${i}.png`);
      return data;
    };

    // 8 hotels of 8 listings each: one room per guest; one more hotel holds the raced flat
    const rooms: { hotelID: string; roomStandard: string }[] = [];
    for (let h = 0; h < 9; h++) {
      const email = `bench-owner-${h}@example.in`;
      await call('POST', '/hotel/owner/register', { name: `Owner ${h}`, email, password: PASSWORD });
      const token = (await call('POST', '/hotel/owner/login', { email, password: PASSWORD })).body.data.accessToken;
      const hotel = await call(
        'POST',
        '/hotel/data/create/hotel',
        form(
          {
            hotelName: `Benchmark Hotel Number ${h}`,
            description: 'A hotel that exists to be booked many times a second by the benchmark.',
            address: `${h} Benchmark Road, Test Nagar`,
            country: 'India',
            city: 'Pune',
            pinCode: '411001',
            phoneNumber: '9822012345',
            amenities: 'AC',
            startingPrice: '1000',
            checkInTime: '12:00',
            checkOutTime: '11:00',
          },
          5,
        ),
        token,
      );
      const hotelID = hotel.body.data._id as string;
      const listings = h < 8 ? 8 : 1;
      for (let r = 0; r < listings; r++) {
        await call(
          'POST',
          '/hotel/room/create/room',
          form(
            {
              hotelID,
              roomType: h < 8 ? 'Room' : 'Flat',
              roomStandard: `Standard ${r}`,
              size: '20',
              bedType: 'Double',
              pricePerNight: String(1000 + r * 100),
              totalUnits: h < 8 ? String(UNITS_PER_ROOM) : '1',
            },
            1,
          ),
          token,
        );
        rooms.push({ hotelID, roomStandard: `Standard ${r}` });
      }
    }

    const guestsPerClient = Math.ceil((WARM_UP_BOOKINGS + MEASURED_BOOKINGS) / limits.upcomingBookingsPerGuest);
    // a line of guests per client, then the racers, who have booked nothing yet
    const guestCount = CLIENTS * guestsPerClient + RACERS;
    const signUp = async (g: number) => {
      const email = `bench-guest-${g}@example.in`;
      const registration = new FormData();
      for (const [key, value] of Object.entries({ username: `guest${g}`, name: `Guest ${g}`, email, password: PASSWORD })) registration.append(key, value);
      registration.append('profileImage', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'me.png');
      // sixteen profile images at once fill the image line, which answers 503 with Retry-After: the guest tries again then
      for (let tries = 1; (await call('POST', '/user/register', registration, undefined, g + 1)).status === 503 && tries < 20; tries++) await sleep(1000);
      const login = (await call('POST', '/user/login', { email, password: PASSWORD }, undefined, g + 1)).body.data;
      const phone = `9${String(100_000_000 + g).slice(-9)}`;
      await call(
        'POST',
        '/hotel/booking/send/email/mobile',
        { customerName: `Guest ${g}`, customerEmail: email, customerPhoneNumber: `+91${phone}` },
        login.accessToken,
      );
      return { token: login.accessToken as string, email, phone, name: `Guest ${g}` };
    };
    // argon2 makes sign-ups slow on purpose: a few at a time keep the machine responsive
    const guests: Awaited<ReturnType<typeof signUp>>[] = [];
    for (let first = 0; first < guestCount; first += 16) {
      guests.push(...(await Promise.all(Array.from({ length: Math.min(16, guestCount - first) }, (_, i) => signUp(first + i)))));
    }
    const outbox = await readOutbox(path.join(dataDir, 'outbox'));
    const smsTo = new Map(outbox.filter((message) => message.kind === 'sms').map((message) => [message.to, message.text]));
    for (let first = 0; first < guests.length; first += 32) {
      await Promise.all(
        guests.slice(first, first + 32).map(async (guest) => {
          const otp = /\b(\d{6})\b/.exec(smsTo.get(`+91${guest.phone}`)!)![1];
          await call('POST', '/hotel/booking/verify/email/mobile', { otp, customerEmail: guest.email, customerPhoneNumber: `+91${guest.phone}` }, guest.token);
        }),
      );
    }

    const today = indiaToday(new Date());
    const bookingOf = (guest: (typeof guests)[number], room: (typeof rooms)[number], day: number, roomType = 'Room') => ({
      hotelID: room.hotelID,
      roomType,
      roomStandard: room.roomStandard,
      customerName: guest.name,
      customerEmail: guest.email,
      customerPhoneNumber: guest.phone,
      numberOfRooms: 1,
      numberOfGuests: 1,
      numberOfNights: 1,
      dateOfCommencement: addDays(today, day),
    });

    // Each client books its own room night after night, for its line of guests (ten bookings each): a warm-up, then the measured run.
    const { origin: target, pathname: apiPath } = new URL(api);
    const plan = (first: number, count: number, durationMs: number) => ({
      target,
      durationMs,
      clients: Array.from({ length: CLIENTS }, (_, c) =>
        Array.from({ length: count }, (_, n) => {
          const index = first + n;
          const guest = guests[c * guestsPerClient + Math.floor(index / limits.upcomingBookingsPerGuest)]!;
          return {
            method: 'POST' as const,
            path: `${apiPath}/hotel/booking/book/hotel`,
            headers: { authorization: `Bearer ${guest.token}` },
            body: bookingOf(guest, rooms[c]!, 1 + (index % 360)),
          };
        }),
      ),
    });
    const loadStarted = performance.now();
    const warmUp = await runLoad(plan(0, WARM_UP_BOOKINGS, WARM_UP_MS));
    const notaryLag = sampleLag(system.eventStore, () => system.notary.status().position);
    const readModelsLag = sampleLag(system.eventStore, () => system.runner.position());
    const { latencies, failures, seconds } = await runLoad(plan(WARM_UP_BOOKINGS, MEASURED_BOOKINGS, DURATION_MS));
    const lag = await notaryLag.stop();
    const readLag = await readModelsLag.stop();
    latencies.sort((a, b) => a - b);
    measured = latencies.length / seconds;
    report(`${label}bookings over HTTP, ${CLIENTS} clients on different rooms`, measured, `bookings/s (${failures} failed)`, atLeast(500));
    report(`${label}booking latency p50`, percentile(latencies, 50), 'ms');
    report(`${label}booking latency p99`, percentile(latencies, 99), 'ms', below(100));
    report(
      `${label}notary behind the log head during the bookings, p99`,
      lag.p99Ms,
      `ms (max ${lag.maxMs} ms, at most ${lag.maxEvents} events; ${lag.samples} samples every 100 ms)`,
    );
    // every read model (availability among them) follows the log in one runner: its lag is theirs
    report(
      `${label}read models behind the log head during the bookings, p99`,
      readLag.p99Ms,
      `ms (max ${readLag.maxMs} ms, at most ${readLag.maxEvents} events; ${readLag.samples} samples every 100 ms)`,
    );

    const raced = rooms[rooms.length - 1]!;
    const raceStarted = performance.now();
    const race = await Promise.all(
      guests.slice(-RACERS).map((guest) => call('POST', '/hotel/booking/book/hotel', bookingOf(guest, raced, 3, 'Flat'), guest.token)),
    );
    const winners = race.filter((response) => response.status === 201).length;
    const refused = race.filter((response) => response.status === 409).length;
    report(
      `${label}race for the last unit, ${RACERS} guests: winners`,
      winners,
      `(${refused} refused with 409, ${RACERS - winners - refused} other)`,
      exactly(1),
    );
    report(`${label}race for the last unit, ${RACERS} guests: all answered in`, performance.now() - raceStarted, 'ms');
    const lastBooking = performance.now();
    await system.reactor.whenIdle();
    const documents = warmUp.latencies.length - warmUp.failures + latencies.length - failures + winners;
    const drainSeconds = (performance.now() - loadStarted) / 1000;
    report(
      `${label}invoice PDFs and emails for all ${documents} bookings (reactor, same process)`,
      documents / drainSeconds,
      `bookings/s (last done ${((performance.now() - lastBooking) / 1000).toFixed(1)} s after the last booking)`,
    );
  } finally {
    server.closeAllConnections();
    server.close();
    await system.close();
    try {
      if (measured > 0) await options.afterwards?.(dataDir);
    } finally {
      await rm(dataDir, { recursive: true, force: true });
    }
  }
  return measured;
}
