/**
 * Invoices and emails at a steady booking rate: 100 bookings a second for 60 s, sent at
 * their own times by another process (open loop), into the one-process product with its
 * documents reactor, whose emails go over SMTP to a local server that timestamps each
 * message. Figures: the time from the booking's answer to its email arriving (p50, p99,
 * max), emails missing or sent twice, the reactor's lag, and what one invoice costs to
 * render on the worker pool (CPU of every thread of this process, measured before the load).
 * BENCH_INVOICES_RATE and BENCH_INVOICES_SECONDS change the load; BENCH_INVOICES_DEBUG=1
 * prints the email delay at each tenth of the run (a growing delay: the documents fall behind).
 */
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { setTimeout as sleep } from 'node:timers/promises';
import sharp from 'sharp';
import { addDays, indiaToday, limits, type PlacedBooking, TERMS_BEFORE_POLICIES } from '@stays/contracts';
import { loadConfig } from '@stays/service-kit';
import { readOutbox } from '@stays/service-kit/testing';
import { createInvoiceWorkerPool, defaultInvoiceWorkers } from '../command-service/src/reactors/invoice-renderer.ts';
import { composeSystem } from '../standalone/src/compose.ts';
import { runPacedLoad } from './paced-load-client.ts';
import { atMost, exactly, percentile, type Report } from './report.ts';
import { startTimestampingSmtp } from './timestamping-smtp.ts';

const RATE = Number(process.env['BENCH_INVOICES_RATE'] ?? 100);
const SECONDS = Number(process.env['BENCH_INVOICES_SECONDS'] ?? 60);
const ROOMS = 64;
const UNITS_PER_ROOM = 10;
const PASSWORD = 'bench-password-1';
const RENDERS = 60;

export default async function benchInvoices(report: Report): Promise<void> {
  await measureRenderCost(report);
  await measureEmailDelay(report);
}

async function measureRenderCost(report: Report): Promise<void> {
  const pool = createInvoiceWorkerPool();
  const booking: PlacedBooking = {
    bookingID: 'BK-BENCH0001',
    customerId: 'g1',
    customerName: 'Asha Rao',
    customerEmail: 'asha@example.in',
    customerPhoneNumber: '9812345678',
    hotelId: 'h1',
    ownerId: 'o1',
    hotelName: 'Benchmark Hotel Number 1',
    hotelAddress: '1 Benchmark Road, Test Nagar',
    hotelCity: 'Pune',
    roomId: 'r1',
    roomType: 'Room',
    roomStandard: 'Standard 1',
    numberOfRooms: 2,
    numberOfGuests: 2,
    numberOfNights: 3,
    dateOfBooking: '2026-11-22',
    dateOfCommencement: '2026-12-30',
    nights: ['2026-12-30', '2026-12-31', '2027-01-01'],
    units: 2,
    pricePerNight: 4500,
    totalAmount: 54_000,
    discountAmount: 10_800,
    payableAmount: 43_200,
    paymentMethod: 'pay-at-hotel',
    cancellationPolicy: TERMS_BEFORE_POLICIES,
  };
  try {
    await Promise.all(Array.from({ length: 2 * pool.size }, () => pool.render(booking, false)));
    const before = pool.stats();
    const cpu = process.cpuUsage();
    const started = performance.now();
    // as many at once as the pool has workers, as the reactor keeps it
    for (let done = 0; done < RENDERS; done += pool.size) await Promise.all(Array.from({ length: pool.size }, () => pool.render(booking, false)));
    const used = process.cpuUsage(cpu);
    const after = pool.stats();
    const rendered = after.rendered - before.rendered;
    report('invoice worker pool size (one per spare core)', pool.size, `workers (${os.availableParallelism()} cores)`);
    report('invoice render cost, CPU of all threads', (used.user + used.system) / 1000 / rendered, 'ms per invoice');
    report('invoice render time in a worker (thread busy)', (after.busyMs - before.busyMs) / rendered, 'ms per invoice');
    report('invoices rendered by the pool alone', rendered / ((performance.now() - started) / 1000), 'invoices/s');
  } finally {
    await pool.close();
  }
}

async function measureEmailDelay(report: Report): Promise<void> {
  const smtp = await startTimestampingSmtp();
  const dataDir = await mkdtemp(path.join(os.tmpdir(), 'stays-bench-invoices-'));
  const system = await composeSystem(loadConfig({ DATA_DIR: dataDir, SEED_DEMO: '0', TRUST_PROXY: '1', SMTP_URL: smtp.url }), { log: () => undefined });
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

    const rooms: { hotelID: string; roomStandard: string }[] = [];
    for (let h = 0; h < ROOMS / 8; h++) {
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
      for (let r = 0; r < 8; r++) {
        const fields = { hotelID, roomType: 'Room', roomStandard: `Standard ${r}`, size: '20', bedType: 'Double', pricePerNight: String(1000 + r * 100) };
        await call('POST', '/hotel/room/create/room', form({ ...fields, totalUnits: String(UNITS_PER_ROOM) }, 1), token);
        rooms.push({ hotelID, roomStandard: `Standard ${r}` });
      }
    }

    // a guest holds at most limits.upcomingBookingsPerGuest upcoming bookings
    const total = Math.round(RATE * SECONDS);
    const guestCount = Math.ceil(total / limits.upcomingBookingsPerGuest);
    const signUp = async (g: number) => {
      const email = `bench-guest-${g}@example.in`;
      const registration = new FormData();
      for (const [key, value] of Object.entries({ username: `guest${g}`, name: `Guest ${g}`, email, password: PASSWORD })) registration.append(key, value);
      registration.append('profileImage', new Blob([new Uint8Array(image)], { type: 'image/png' }), 'me.png');
      // a full image line answers 503 with Retry-After: the guest tries again then
      let registered = await call('POST', '/user/register', registration, undefined, g + 1);
      for (let tries = 1; registered.status === 503 && tries < 20; tries++) {
        await sleep(1000);
        registered = await call('POST', '/user/register', registration, undefined, g + 1);
      }
      const signedIn = await call('POST', '/user/login', { email, password: PASSWORD }, undefined, g + 1);
      if (signedIn.status !== 200) throw new Error(`guest ${g}: sign-up ${registered.status} ${JSON.stringify(registered.body)}, sign-in ${signedIn.status}`);
      const login = signedIn.body.data;
      const phone = `9${String(100_000_000 + g).slice(-9)}`;
      await call(
        'POST',
        '/hotel/booking/send/email/mobile',
        { customerName: `Guest ${g}`, customerEmail: email, customerPhoneNumber: `+91${phone}` },
        login.accessToken,
      );
      return { token: login.accessToken as string, email, phone, name: `Guest ${g}` };
    };
    const guests: Awaited<ReturnType<typeof signUp>>[] = [];
    for (let first = 0; first < guestCount; first += 16) {
      guests.push(...(await Promise.all(Array.from({ length: Math.min(16, guestCount - first) }, (_, i) => signUp(first + i)))));
    }
    const smsTo = new Map(
      (await readOutbox(path.join(dataDir, 'outbox'))).filter((message) => message.kind === 'sms').map((message) => [message.to, message.text]),
    );
    for (let first = 0; first < guests.length; first += 32) {
      await Promise.all(
        guests.slice(first, first + 32).map(async (guest) => {
          const otp = /\b(\d{6})\b/.exec(smsTo.get(`+91${guest.phone}`) ?? '')?.[1];
          await call('POST', '/hotel/booking/verify/email/mobile', { otp, customerEmail: guest.email, customerPhoneNumber: `+91${guest.phone}` }, guest.token);
        }),
      );
    }

    const today = indiaToday(new Date());
    const { origin: target, pathname: apiPath } = new URL(api);
    const requests = Array.from({ length: total }, (_, i) => {
      const guest = guests[Math.floor(i / limits.upcomingBookingsPerGuest)]!;
      const room = rooms[i % ROOMS]!;
      return {
        method: 'POST' as const,
        path: `${apiPath}/hotel/booking/book/hotel`,
        headers: { authorization: `Bearer ${guest.token}`, 'x-forwarded-for': addressOf(1 + Math.floor(i / limits.upcomingBookingsPerGuest)) },
        body: {
          hotelID: room.hotelID,
          roomType: 'Room',
          roomStandard: room.roomStandard,
          customerName: guest.name,
          customerEmail: guest.email,
          customerPhoneNumber: guest.phone,
          numberOfRooms: 1,
          numberOfGuests: 1,
          numberOfNights: 1,
          dateOfCommencement: addDays(today, 1 + (Math.floor(i / ROOMS) % 360)),
        },
      };
    });
    const bookingEmails = () => smtp.received.filter((mail) => mail.subject.startsWith('Booking confirmed'));
    const emailsBefore = bookingEmails().length;

    const lags: number[] = [];
    let sampling = true;
    const sampler = (async () => {
      while (sampling) {
        const { lagMs } = await system.reactor.health(Number.MAX_SAFE_INTEGER);
        if (lagMs !== null) lags.push(lagMs);
        await sleep(250);
      }
    })();
    const load = await runPacedLoad({ target, ratePerSecond: RATE, requests });
    const booked = load.answers.filter((answer) => answer.status === 201 && answer.bookingID !== undefined);
    const deadline = Date.now() + 120_000;
    while (bookingEmails().length - emailsBefore < booked.length && Date.now() < deadline) await sleep(200);
    sampling = false;
    await sampler;

    const firstEmail = new Map<string, number>();
    const emailsOf = new Map<string, number>();
    for (const mail of bookingEmails()) {
      const bookingID = /Booking confirmed: (\S+)/.exec(mail.subject)?.[1];
      if (bookingID === undefined) continue;
      emailsOf.set(bookingID, (emailsOf.get(bookingID) ?? 0) + 1);
      if (!firstEmail.has(bookingID)) firstEmail.set(bookingID, mail.receivedAt);
    }
    const delays = booked
      .map((answer) => firstEmail.get(answer.bookingID!))
      .map((at, i) => (at === undefined ? undefined : at - booked[i]!.answeredAt))
      .filter((delay): delay is number => delay !== undefined)
      .sort((a, b) => a - b);
    if (process.env['BENCH_INVOICES_DEBUG']) {
      const byAnswer = booked.map((answer) => ({ at: answer.answeredAt, delay: (firstEmail.get(answer.bookingID!) ?? NaN) - answer.answeredAt }));
      for (let i = 0; i < byAnswer.length; i += Math.ceil(byAnswer.length / 10))
        console.error(`booking ${i}: answered +${byAnswer[i]!.at - byAnswer[0]!.at} ms, email after ${byAnswer[i]!.delay} ms`);
    }
    const latencies = load.answers.map((answer) => answer.latencyMs).sort((a, b) => a - b);
    lags.sort((a, b) => a - b);
    const failed = load.answers.length - booked.length;
    report(`bookings answered, ${RATE}/s offered for ${SECONDS} s`, booked.length / load.seconds, `bookings/s (${failed} not 201)`);
    report('booking latency p99 under this load', percentile(latencies, 99), 'ms');
    report('email after the booking answer, p50', percentile(delays, 50), 'ms');
    report('email after the booking answer, p99', percentile(delays, 99), `ms (max ${delays[delays.length - 1] ?? 0} ms)`, atMost(10_000));
    report('bookings without their email after 2 minutes', booked.length - delays.length, 'bookings', exactly(0));
    report('bookings emailed more than once', [...emailsOf.values()].filter((count) => count > 1).length, 'bookings', exactly(0));
    report('documents reactor behind the log, p99', percentile(lags, 99), `ms (max ${lags[lags.length - 1] ?? 0} ms, ${lags.length} samples)`);
    report('invoice workers of the product', defaultInvoiceWorkers(), 'workers');
  } finally {
    server.closeAllConnections();
    server.close();
    await system.close();
    await smtp.close();
    await rm(dataDir, { recursive: true, force: true });
  }
}
