/**
 * Bookings end to end over HTTP on the embedded stores: 64 clients, each booking its own
 * room night after night, measured for 5 s after a 3 s warm-up, with the load coming from
 * another process (throughput, p50, p99); then 100 guests race for the one last unit of a
 * night (exactly one may win). The invoice and email reactor runs in the same process, as
 * in `npm start`. A guest may hold only 10 upcoming bookings, so each client books for a
 * line of guests, ten bookings each, within the 365 days a stay may start in.
 */
import { addDays, indiaToday, limits } from '@stays/contracts';
import { listHotels, serveBookableSystem, signUpGuests } from './bookable-system.ts';
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
  const bookable = await serveBookableSystem('booking', {}, { encryptPersonalData: options.encryptPersonalData });
  const { system, api, call } = bookable;
  try {
    // 8 hotels of 8 listings each: one room per guest; one more hotel holds the raced flat
    const rooms = await listHotels(call, 9, (h) =>
      h < 8 ? Array.from({ length: 8 }, () => ({ roomType: 'Room', totalUnits: UNITS_PER_ROOM })) : [{ roomType: 'Flat', totalUnits: 1 }],
    );
    const guestsPerClient = Math.ceil((WARM_UP_BOOKINGS + MEASURED_BOOKINGS) / limits.upcomingBookingsPerGuest);
    // a line of guests per client, then the racers, who have booked nothing yet
    const guests = await signUpGuests(bookable, CLIENTS * guestsPerClient + RACERS);

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
    await bookable.close();
    try {
      if (measured > 0) await options.afterwards?.(bookable.dataDir);
    } finally {
      await bookable.remove();
    }
  }
  return measured;
}
