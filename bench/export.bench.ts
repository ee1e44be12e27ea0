/**
 * A person's copy of their data (GET user/export, hotel/owner/export), through the handler
 * on the embedded log: a guest's copy reads only the guest's streams; an owner's reads the
 * hotel's room and booking streams, named by the occupancy read model (built from the log
 * once here; a process keeps it in its read store), so its time grows with the hotel's
 * bookings rather than with the log.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { randomUUID } from 'node:crypto';
import { openEmbeddedEventStore, type EventData, type EventStore } from '@stays/event-store';
import { MediaLinks } from '@stays/service-kit';
import { handleExportData } from '../command-service/src/accounts/exporting-data/handler.ts';
import { hotelStreamsFromReadSide } from '../command-service/src/accounts/exporting-data/hotel-streams.ts';
import { ReadModelRunner, occupancyReadModel, readModelQueries } from '@stays/projections';
import { createEmbeddedReadStore } from '@stays/read-store';
import { below, percentile, type Report } from './report.ts';

/** Other people's events around the two whose copies are made. */
const FILLER_ACCOUNTS = 20_000;
const EVENTS_PER_FILLER = 10;
const BOOKINGS_AT_THE_HOTEL = 500;
const GUEST_BOOKINGS = 20;
const RUNS = 7;

const hotelDetails = {
  hotelName: 'Hotel Sahyadri Residency',
  address: '14 Jangli Maharaj Road',
  country: 'India',
  city: 'Pune',
  pinCode: 411004,
  description: 'A calm family hotel near the old city.',
  imageURLs: ['/media/h1.webp'],
  phoneNumber: '9822012345',
  amenities: ['AC'],
  checkInTime: '12:00',
  checkOutTime: '11:00',
  startingPrice: 3200,
  range: 0,
  restaurants: [],
  cinemaHalls: [],
  famousTouristPlaces: [],
  transportationFacilities: [],
};

const booking = (bookingID: string, customerId: string, hotelId: string, ownerId: string, roomId: string) => ({
  bookingID,
  customerId,
  customerName: 'Asha Rao',
  customerEmail: `${customerId}@example.in`,
  customerPhoneNumber: '9812345678',
  hotelId,
  ownerId,
  hotelName: hotelDetails.hotelName,
  hotelAddress: hotelDetails.address,
  hotelCity: 'Pune',
  roomId,
  roomType: 'Room',
  roomStandard: 'Deluxe',
  numberOfRooms: 1,
  numberOfGuests: 2,
  numberOfNights: 2,
  dateOfBooking: '2026-11-22',
  dateOfCommencement: '2026-12-30',
  nights: ['2026-12-30', '2026-12-31'],
  units: 1,
  pricePerNight: 4500,
  totalAmount: 18_000,
  discountAmount: 3_600,
  payableAmount: 14_400,
  paymentMethod: 'pay-at-hotel',
});

const registered = (accountId: string, role: 'customer' | 'hotel-owner'): EventData => ({
  type: 'AccountRegistered',
  data: { accountId, role, name: 'Someone', email: `${accountId}@example.in`, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$x$y', via: 'password' },
});
const signedIn = (accountId: string, role: 'customer' | 'hotel-owner'): EventData => ({
  type: 'AccountSignedIn',
  data: { accountId, role, sessionId: randomUUID(), method: 'password', expiresAt: '2030-01-01T00:00:00.000Z' },
});

async function writeLog(store: EventStore): Promise<{ ownerId: string; guestId: string; total: number }> {
  const ownerId = randomUUID();
  const guestId = randomUUID();
  const hotelId = randomUUID();
  const roomId = randomUUID();
  let total = 0;
  const append = async (streamId: string, events: EventData[]) => {
    await store.append(streamId, events);
    total += events.length;
  };
  await append(`owner-${ownerId}`, [registered(ownerId, 'hotel-owner'), signedIn(ownerId, 'hotel-owner')]);
  await append(`ownerhotel-${ownerId}`, [{ type: 'KeyReserved', data: { holder: hotelId } }]);
  await append(`hotel-${hotelId}`, [{ type: 'HotelCreated', data: { ...hotelDetails, hotelId, ownerId } }]);
  await append(`room-${roomId}`, [
    {
      type: 'RoomAdded',
      data: {
        roomId,
        hotelId,
        ownerId,
        hotelName: hotelDetails.hotelName,
        roomType: 'Room',
        roomStandard: 'Deluxe',
        size: 20,
        bedType: 'Queen',
        amenities: [],
        pricePerNight: 4500,
        numberOfRooms: 1,
        hasKitchen: false,
        furnished: true,
        imageURLs: [],
        totalUnits: 500,
      },
    },
  ]);
  await append(`customer-${guestId}`, [registered(guestId, 'customer'), signedIn(guestId, 'customer')]);
  const writes: Promise<unknown>[] = [];
  for (let i = 0; i < FILLER_ACCOUNTS; i++) {
    const accountId = randomUUID();
    writes.push(
      append(`customer-${accountId}`, [
        registered(accountId, 'customer'),
        ...Array.from({ length: EVENTS_PER_FILLER - 1 }, () => signedIn(accountId, 'customer')),
      ]),
    );
    // the bookings at the hotel, and the guest's own, spread through the log
    if (i % Math.floor(FILLER_ACCOUNTS / BOOKINGS_AT_THE_HOTEL) === 0) {
      const bookingID = `BK-${randomUUID().slice(0, 8)}`;
      const own = i % Math.floor(FILLER_ACCOUNTS / GUEST_BOOKINGS) === 0;
      const customerId = own ? guestId : accountId;
      writes.push(append(`booking-${bookingID}`, [{ type: 'BookingPlaced', data: booking(bookingID, customerId, hotelId, ownerId, roomId) }]));
      if (own) writes.push(append(`guest-${guestId}`, [{ type: 'GuestBookingHeld', data: { customerId: guestId, bookingID, lastNight: '2026-12-31' } }]));
    }
    if (writes.length >= 512) await Promise.all(writes.splice(0));
  }
  await Promise.all(writes);
  return { ownerId, guestId, total };
}

async function timed(runs: number, task: () => Promise<unknown>): Promise<number[]> {
  const samples: number[] = [];
  for (let run = 0; run < runs; run++) {
    const started = performance.now();
    await task();
    samples.push(performance.now() - started);
  }
  return samples.sort((a, b) => a - b);
}

export default async function benchExport(report: Report): Promise<void> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stays-bench-export-'));
  try {
    const store = await openEmbeddedEventStore(dir);
    const { ownerId, guestId, total } = await writeLog(store);
    const readStore = createEmbeddedReadStore();
    const runner = new ReadModelRunner(store, readStore, [occupancyReadModel], { log: () => undefined });
    await runner.start();
    const occupancy = readModelQueries(readStore).occupancy;
    const hotelStreams = hotelStreamsFromReadSide({
      logHead: () => store.headPosition(),
      waitFor: (position, timeoutMs) => runner.waitFor(position, timeoutMs),
      roomsAndBookingsOf: (hotelId) => occupancy.roomsAndBookingsOf(hotelId),
    });
    const deps = {
      store,
      now: () => new Date(),
      mediaLinks: new MediaLinks({ publicUrl: 'https://stays.example.in', apiPrefix: '/sharma/resident/stays' }),
      hotelStreams,
    };
    // the copies hold what was written, so the times are of the whole work
    const guestCopy = await handleExportData(deps, { accountId: guestId, role: 'customer', sessionId: 's' });
    const ownerCopy = await handleExportData(deps, { accountId: ownerId, role: 'hotel-owner', sessionId: 's' });
    if (guestCopy.role !== 'customer' || guestCopy.bookings.length !== GUEST_BOOKINGS) throw new Error("the guest's copy misses bookings");
    if (ownerCopy.role !== 'hotel-owner' || ownerCopy.bookingsAtYourHotel.length !== BOOKINGS_AT_THE_HOTEL || ownerCopy.rooms.length !== 1) {
      throw new Error("the owner's copy misses rooms or bookings");
    }
    const guest = await timed(RUNS, () => handleExportData(deps, { accountId: guestId, role: 'customer', sessionId: 's' }));
    report(`guest's copy, ${GUEST_BOOKINGS} bookings, median of ${RUNS}`, percentile(guest, 50), `ms (log of ${total} events)`, below(50));
    const owner = await timed(RUNS, () => handleExportData(deps, { accountId: ownerId, role: 'hotel-owner', sessionId: 's' }));
    report(
      `owner's copy, ${BOOKINGS_AT_THE_HOTEL} bookings at the hotel, median of ${RUNS}`,
      percentile(owner, 50),
      `ms (log of ${total} events)`,
      below(2000),
    );
    await runner.stop();
    await store.close();
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}
