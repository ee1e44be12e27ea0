/**
 * Bookings end to end over HTTP on the embedded stores: 64 guests, each booking its own
 * room night after night, measured for 5 s after a 3 s warm-up, with the load coming from
 * another process (throughput, p50, p99); then 100 guests race for the one last unit of a
 * night (exactly one may win). The invoice and email reactor runs in the same process, as
 * in `npm start`.
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { addDays, indiaToday } from '@stays/contracts';
import { loadConfig, readOutbox } from '@stays/service-kit';
import { composeSystem } from '../standalone/src/compose.ts';
import { runLoad } from './load.ts';
import { percentile, type Report } from './report.ts';

const GUESTS = 64;
const RACERS = 100;
const WARM_UP_MS = 3_000;
const DURATION_MS = 5_000;
/** More nights than a guest can book in one run. */
const NIGHTS_PER_RUN = 500;
const PASSWORD = 'bench-password-1';


export default async function benchBooking(report: Report): Promise<void> {
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stays-bench-booking-'));
  const system = await composeSystem(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0' }), { log: () => undefined });
  await system.runner.whenCaughtUp();
  const server = http.createServer(system.host.callback());
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const api = `http://127.0.0.1:${(server.address() as AddressInfo).port}/sharma/resident/stays`;
  try {
    const image = await sharp({ create: { width: 32, height: 32, channels: 3, background: '#336699' } }).png().toBuffer();
    const call = async (method: string, route: string, body: unknown, token?: string) => {
      const isForm = body instanceof FormData;
      const response = await fetch(api + route, {
        method,
        headers: { ...(token && { authorization: `Bearer ${token}` }), ...(!isForm && { 'content-type': 'application/json' }) },
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
      const hotel = await call('POST', '/hotel/data/create/hotel', form({
        hotelName: `Benchmark Hotel Number ${h}`, description: 'A hotel that exists to be booked many times a second by the benchmark.',
        address: `${h} Benchmark Road, Test Nagar`, country: 'India', city: 'Pune', pinCode: '411001', phoneNumber: '9822012345',
        amenities: 'AC', startingPrice: '1000', checkInTime: '12:00', checkOutTime: '11:00',
      }, 5), token);
      const hotelID = hotel.body.data._id as string;
      const listings = h < 8 ? 8 : 1;
      for (let r = 0; r < listings; r++) {
        await call('POST', '/hotel/room/create/room', form({ hotelID, roomType: h < 8 ? 'Room' : 'Flat', roomStandard: `Standard ${r}`, size: '20', bedType: 'Double', pricePerNight: String(1000 + r * 100), totalUnits: '1' }, 1), token);
        rooms.push({ hotelID, roomStandard: `Standard ${r}` });
      }
    }

    const guests = await Promise.all(Array.from({ length: RACERS }, async (_, g) => {
      const email = `bench-guest-${g}@example.in`;
      const registration = new FormData();
      for (const [key, value] of Object.entries({ username: `guest${g}`, name: `Guest ${g}`, email, password: PASSWORD })) registration.append(key, value);
      registration.append('profileImage', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'me.png');
      await call('POST', '/user/register', registration);
      const login = (await call('POST', '/user/login', { email, password: PASSWORD })).body.data;
      const phone = `9${String(100_000_000 + g).slice(-9)}`;
      await call('POST', '/hotel/booking/send/email/mobile', { customerName: `Guest ${g}`, customerEmail: email, customerPhoneNumber: `+91${phone}` }, login.accessToken);
      return { token: login.accessToken as string, email, phone, name: `Guest ${g}` };
    }));
    const outbox = await readOutbox(path.join(dataDir, 'outbox'));
    await Promise.all(guests.map(async (guest) => {
      const sms = outbox.filter((message) => message.kind === 'sms' && message.to === `+91${guest.phone}`).at(-1)!;
      const otp = /\b(\d{6})\b/.exec(sms.text)![1];
      await call('POST', '/hotel/booking/verify/email/mobile', { otp, customerEmail: guest.email, customerPhoneNumber: `+91${guest.phone}` }, guest.token);
    }));

    const today = indiaToday(new Date());
    const bookingOf = (guest: (typeof guests)[number], room: (typeof rooms)[number], day: number, roomType = 'Room') => ({
      hotelID: room.hotelID, roomType, roomStandard: room.roomStandard, customerName: guest.name, customerEmail: guest.email,
      customerPhoneNumber: guest.phone, numberOfRooms: 1, numberOfGuests: 1, numberOfNights: 1, dateOfCommencement: addDays(today, day),
    });

    // Each guest books its own room night after night: a warm-up, then the measured run on later nights.
    const { origin: target, pathname: apiPath } = new URL(api);
    const plan = (firstDay: number, durationMs: number) => ({
      target, durationMs,
      clients: guests.slice(0, GUESTS).map((guest, g) => Array.from({ length: NIGHTS_PER_RUN }, (_, n) => ({
        method: 'POST' as const, path: `${apiPath}/hotel/booking/book/hotel`,
        headers: { authorization: `Bearer ${guest.token}` }, body: bookingOf(guest, rooms[g]!, firstDay + n),
      }))),
    });
    const loadStarted = performance.now();
    const warmUp = await runLoad(plan(1, WARM_UP_MS));
    const { latencies, failures, seconds } = await runLoad(plan(1 + NIGHTS_PER_RUN, DURATION_MS));
    latencies.sort((a, b) => a - b);
    report(`bookings over HTTP, ${GUESTS} guests on different rooms`, latencies.length / seconds, `bookings/s (${failures} failed)`);
    report('booking latency p50', percentile(latencies, 50), 'ms');
    report('booking latency p99', percentile(latencies, 99), 'ms');

    const raced = rooms[rooms.length - 1]!;
    const raceStarted = performance.now();
    const race = await Promise.all(guests.map((guest) => call('POST', '/hotel/booking/book/hotel', bookingOf(guest, raced, 3, 'Flat'), guest.token)));
    const winners = race.filter((response) => response.status === 201).length;
    const refused = race.filter((response) => response.status === 409).length;
    report(`race for the last unit, ${RACERS} guests: winners`, winners, `(${refused} refused with 409, ${RACERS - winners - refused} other)`);
    report(`race for the last unit, ${RACERS} guests: all answered in`, performance.now() - raceStarted, 'ms');
    const lastBooking = performance.now();
    await system.reactor.whenIdle();
    const documents = warmUp.latencies.length - warmUp.failures + latencies.length - failures + winners;
    const drainSeconds = (performance.now() - loadStarted) / 1000;
    report(`invoice PDFs and emails for all ${documents} bookings (reactor, same process)`, documents / drainSeconds, `bookings/s (last done ${((performance.now() - lastBooking) / 1000).toFixed(1)} s after the last booking)`);
  } finally {
    server.closeAllConnections();
    server.close();
    await system.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
