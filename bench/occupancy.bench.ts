/**
 * The occupancy read model: building it from the log (the embedded log into the embedded
 * read store, through the runner, this projection alone), and its two queries, which add
 * up days at read time: an owner's hotel (about 15 months of its bookings) and every city
 * for one month (every hotel, the month's bookings).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { addDays, indiaToday, type BookingPlaced, TERMS_BEFORE_POLICIES } from '@stays/contracts';
import { openEmbeddedEventStore } from '@stays/event-store';
import { ReadModelRunner, liveReadModels, occupancyReadModel } from '@stays/projections';
import { createEmbeddedReadStore } from '@stays/read-store';
import { percentile, type Report } from './report.ts';

const HOTELS = 500;
const CITIES = 25;
const BOOKINGS = 100_000;
const QUERIES = 50;

const hotelDetails = (city: string) => ({
  hotelName: 'Bench Residency',
  address: '1 Main Road',
  country: 'India',
  city,
  pinCode: 411001,
  description: 'A hotel for the occupancy benchmark.',
  imageURLs: [],
  phoneNumber: '9876543210',
  amenities: [],
  checkInTime: '12:00',
  checkOutTime: '11:00',
  startingPrice: 3000,
  range: 0,
  restaurants: [],
  cinemaHalls: [],
  famousTouristPlaces: [],
  transportationFacilities: [],
});
const listing = (roomId: string, hotelId: string, totalUnits: number) => ({
  roomId,
  hotelId,
  ownerId: `owner-${hotelId}`,
  hotelName: 'Bench Residency',
  roomType: 'Room',
  roomStandard: 'Deluxe',
  size: 30,
  bedType: 'King',
  amenities: [],
  pricePerNight: 3000,
  numberOfRooms: 1,
  hasKitchen: false,
  furnished: true,
  imageURLs: [],
  totalUnits,
});

async function timed(runs: number, query: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await query();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

export default async function benchOccupancy(report: Report): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stays-bench-occupancy-'));
  try {
    const today = indiaToday(new Date());
    const firstNight = addDays(today, -330);
    const writer = await openEmbeddedEventStore(dir);
    const hotelIds = Array.from({ length: HOTELS }, () => randomUUID());
    for (const [index, hotelId] of hotelIds.entries()) {
      await writer.append(`hotel-${hotelId}`, [
        { type: 'HotelCreated', data: { ...hotelDetails(`City ${index % CITIES}`), hotelId, ownerId: `owner-${hotelId}` } },
      ]);
      await writer.append(`room-${hotelId}-a`, [{ type: 'RoomAdded', data: listing(`${hotelId}-a`, hotelId, 20) }]);
      await writer.append(`room-${hotelId}-b`, [{ type: 'RoomAdded', data: listing(`${hotelId}-b`, hotelId, 10) }]);
    }
    let events = HOTELS * 3;
    const writes: Promise<unknown>[] = [];
    for (let n = 0; n < BOOKINGS; n++) {
      const bookingID = `BK-${n}`;
      const hotelId = hotelIds[n % HOTELS]!;
      const stayNights = 1 + (n % 4);
      const start = addDays(firstNight, n % 420);
      const nights = Array.from({ length: stayNights }, (_, night) => addDays(start, night));
      const placed: BookingPlaced['data'] = {
        bookingID,
        customerId: `guest-${n}`,
        customerName: 'Asha Rao',
        customerEmail: 'asha@example.in',
        customerPhoneNumber: '9876543210',
        hotelId,
        ownerId: `owner-${hotelId}`,
        hotelName: 'Bench Residency',
        hotelAddress: '1 Main Road',
        hotelCity: 'x',
        roomId: `${hotelId}-a`,
        roomType: 'Room',
        roomStandard: 'Deluxe',
        numberOfRooms: 2,
        numberOfGuests: 2,
        numberOfNights: stayNights,
        dateOfBooking: start,
        dateOfCommencement: start,
        nights,
        units: 2,
        pricePerNight: 3001,
        totalAmount: 3001 * 2 * stayNights,
        discountAmount: 1200 * stayNights,
        payableAmount: 1801 * 2 * stayNights,
        paymentMethod: 'pay-at-hotel',
        cancellationPolicy: TERMS_BEFORE_POLICIES,
      };
      const followUp =
        n % 10 === 0
          ? [
              {
                type: 'BookingCancelled',
                data: { bookingID, customerId: placed.customerId, cancelledAt: new Date().toISOString(), chargeAmount: 0, refundAmount: 0 },
              },
            ]
          : n % 3 === 0
            ? [{ type: 'BookingPaymentReceived', data: { bookingID, ownerId: placed.ownerId, receivedAt: new Date().toISOString() } }]
            : [];
      events += 1 + followUp.length;
      writes.push(writer.append(`booking-${bookingID}`, [{ type: 'BookingPlaced', data: placed }, ...followUp], { expectedRevision: 'no_stream' }));
      if (writes.length >= 512) await Promise.all(writes.splice(0));
    }
    await Promise.all(writes);
    await writer.close();

    const eventStore = await openEmbeddedEventStore(dir);
    const readStore = createEmbeddedReadStore();
    const started = performance.now();
    const runner = new ReadModelRunner(eventStore, readStore, [occupancyReadModel], { log: () => undefined });
    await runner.start();
    await runner.whenCaughtUp();
    const seconds = (performance.now() - started) / 1000;
    report('occupancy read model built from the log', events / seconds, `events/s (${events} events, ${BOOKINGS} bookings, ${HOTELS} hotels)`);

    const queries = occupancyReadModel.queries(liveReadModels(readStore).store(occupancyReadModel));
    const owner = await timed(QUERIES, () => queries.ofOwner(`owner-${hotelIds[QUERIES % HOTELS]}`, today));
    report("owner's hotel by month and by day, p50", percentile(owner, 50), `ms (${BOOKINGS / HOTELS} bookings a hotel, ${QUERIES} queries)`);
    report("owner's hotel by month and by day, p95", percentile(owner, 95), 'ms');
    const month = today.slice(0, 7);
    const cities = await timed(10, () => queries.ofCities(month));
    report(
      'every city for one month, p50',
      percentile(cities, 50),
      `ms (${HOTELS} hotels, ~${Math.round((BOOKINGS * 31) / 420)} bookings in the month, 10 queries)`,
    );
    await runner.stop();
    await readStore.close();
    await eventStore.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
