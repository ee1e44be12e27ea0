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
import os from 'node:os';
import { setTimeout as sleep } from 'node:timers/promises';
import { addDays, indiaToday, limits, type PlacedBooking, TERMS_BEFORE_POLICIES } from '@stays/contracts';
import { createInvoiceWorkerPool, defaultInvoiceWorkers } from '../command-service/src/reactors/invoice-renderer.ts';
import { listHotels, serveBookableSystem, signUpGuests } from './bookable-system.ts';
import { runPacedLoad } from './paced-load-client.ts';
import { atMost, exactly, percentile, type Report } from './report.ts';
import { startTimestampingSmtp } from './timestamping-smtp.ts';

const RATE = Number(process.env['BENCH_INVOICES_RATE'] ?? 100);
const SECONDS = Number(process.env['BENCH_INVOICES_SECONDS'] ?? 60);
const ROOMS = 64;
const UNITS_PER_ROOM = 10;
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
  const bookable = await serveBookableSystem('invoices', { SMTP_URL: smtp.url });
  const { system, api, addressOf } = bookable;
  try {
    const rooms = await listHotels(bookable.call, ROOMS / 8, () => Array.from({ length: 8 }, () => ({ roomType: 'Room', totalUnits: UNITS_PER_ROOM })));
    // a guest holds at most limits.upcomingBookingsPerGuest upcoming bookings
    const total = Math.round(RATE * SECONDS);
    const guests = await signUpGuests(bookable, Math.ceil(total / limits.upcomingBookingsPerGuest));

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
    await bookable.close();
    await smtp.close();
    await bookable.remove();
  }
}
