/**
 * What encrypting personal data costs (budget: at most 10 % slower), measured on the same
 * work with and without the personal-data layer, on the embedded log and the file key
 * store:
 * - a booking's log work: 64 clients, each placing bookings one after another as the
 *   command side does (units reserved, the guest's hold, BookingPlaced with the guest's
 *   name, email and phone, appended at their expected revisions) and reading the booking
 *   back as the invoice reactor does; guests' keys exist already (made at sign-up). HTTP,
 *   rules and rendering come on top of this in a real booking, so the share of the whole
 *   is smaller than the figure here;
 * - full replay into the read models (the replay benchmark's log: 20,000 accounts, each
 *   registered with name, email and username, then signed in 9 times).
 */
import { randomUUID } from 'node:crypto';
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { openEmbeddedEventStore, type EventStore } from '@stays/event-store';
import { createFileKeyStorage, openKeyStore, withPersonalData, type KeyStore } from '@stays/personal-data';
import { ProjectionRunner, allProjections } from '@stays/projections';
import { createEmbeddedReadStore } from '@stays/read-store';
import { atMost, type Report } from './report.ts';

const CLIENTS = 64;
const BOOKINGS_PER_CLIENT = 60;
const ACCOUNTS = 20_000;
const SIGN_INS_PER_ACCOUNT = 9;
const BUDGET_PERCENT = 10;

const overhead = (plain: number, encrypted: number) => ((plain - encrypted) / plain) * 100;

async function withTempDir<T>(use: (dir: string) => Promise<T>): Promise<T> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stays-bench-personal-'));
  try {
    return await use(dir);
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

const openKeys = async (dir: string): Promise<KeyStore> => openKeyStore(await createFileKeyStorage(path.join(dir, 'keys')), Buffer.alloc(32, 7));

/** Bookings per second through `store`, for guests whose keys `prepare` has made. */
async function bookingsPerSecond(store: EventStore, guests: readonly string[]): Promise<number> {
  const started = performance.now();
  await Promise.all(Array.from({ length: CLIENTS }, async (_, c) => {
    const customerId = guests[c]!;
    const roomId = `room-${c}`;
    let inventory = -1;
    for (let n = 0; n < BOOKINGS_PER_CLIENT; n++) {
      const bookingID = `BK-${c}-${n}`;
      const nights = [`2027-01-${String(1 + (n % 28)).padStart(2, '0')}`];
      inventory = (await store.append(`inventory-${roomId}`, [{ type: 'UnitsReserved', data: { bookingID, roomId, nights, units: 1 } }], { expectedRevision: inventory < 0 ? 'no_stream' : inventory })).nextExpectedRevision;
      await store.append(`guest-${customerId}`, [{ type: 'GuestBookingHeld', data: { customerId, bookingID, lastNight: nights[0] } }]);
      await store.append(`booking-${bookingID}`, [{
        type: 'BookingPlaced',
        data: {
          bookingID, customerId, customerName: `Guest ${c}`, customerEmail: `guest${c}@example.in`, customerPhoneNumber: `98${String(10_000_000 + c)}`,
          hotelId: 'h1', ownerId: 'o1', hotelName: 'Benchmark Hotel', hotelAddress: '1 Benchmark Road', hotelCity: 'Pune', roomId, roomType: 'Room',
          roomStandard: 'Deluxe', numberOfRooms: 1, numberOfGuests: 1, numberOfNights: 1, dateOfBooking: '2026-12-01', dateOfCommencement: nights[0],
          nights, units: 1, pricePerNight: 3000, totalAmount: 3000, discountAmount: 0, payableAmount: 3000, paymentMethod: 'pay-at-hotel',
        },
      }], { expectedRevision: 'no_stream' });
      await store.readStream(`booking-${bookingID}`);
    }
  }));
  return (CLIENTS * BOOKINGS_PER_CLIENT) / ((performance.now() - started) / 1000);
}

async function benchBookings(encrypted: boolean): Promise<number> {
  return withTempDir(async (dir) => {
    const raw = await openEmbeddedEventStore(path.join(dir, 'events'));
    const keys = await openKeys(dir);
    const guests = Array.from({ length: CLIENTS }, () => randomUUID());
    if (encrypted) await Promise.all(guests.map((guest) => keys.createDataKey(`customer-${guest}`)));
    try {
      return await bookingsPerSecond(encrypted ? withPersonalData(raw, keys) : raw, guests);
    } finally {
      await raw.close();
    }
  });
}

async function benchReplay(encrypted: boolean): Promise<number> {
  return withTempDir(async (dir) => {
    const keys = await openKeys(dir);
    const raw = await openEmbeddedEventStore(path.join(dir, 'events'));
    const writer = encrypted ? withPersonalData(raw, keys) : raw;
    const writes: Promise<unknown>[] = [];
    for (let i = 0; i < ACCOUNTS; i++) {
      const accountId = randomUUID();
      const role = i % 2 === 0 ? 'customer' : 'hotel-owner';
      writes.push(writer.append(`${role === 'customer' ? 'customer' : 'owner'}-${accountId}`, [{
        type: 'AccountRegistered',
        data: { accountId, role, name: `Guest ${i}`, email: `guest${i}@example.in`, username: `guest${i}`, passwordHash: '$argon2id$v=19$m=19456,t=2,p=1$x$y', via: 'password' },
      }, ...Array.from({ length: SIGN_INS_PER_ACCOUNT }, () => ({
        type: 'AccountSignedIn', data: { accountId, role, sessionId: randomUUID(), method: 'password', expiresAt: '2030-01-01T00:00:00.000Z' },
      }))], { expectedRevision: 'no_stream' }));
      if (writes.length >= 512) await Promise.all(writes.splice(0));
    }
    await Promise.all(writes);
    await raw.close();

    // a fresh process: the log and the key store opened cold, no key cached
    const reopened = await openEmbeddedEventStore(path.join(dir, 'events'));
    const coldKeys = await openKeys(dir);
    const started = performance.now();
    const runner = new ProjectionRunner(encrypted ? withPersonalData(reopened, coldKeys) : reopened, createEmbeddedReadStore(), allProjections, { log: () => undefined });
    await runner.start();
    await runner.whenCaughtUp();
    const perSecond = (ACCOUNTS * (1 + SIGN_INS_PER_ACCOUNT)) / ((performance.now() - started) / 1000);
    await runner.stop();
    await reopened.close();
    return perSecond;
  });
}

export default async function benchPersonalData(report: Report): Promise<void> {
  // plain and encrypted runs alternate, twice each, and the better of each is kept: the machine's other load moves both alike
  const best = async (run: (encrypted: boolean) => Promise<number>) => {
    let plain = 0;
    let encrypted = 0;
    for (let round = 0; round < 2; round++) {
      plain = Math.max(plain, await run(false));
      encrypted = Math.max(encrypted, await run(true));
    }
    return { plain, encrypted };
  };
  const bookings = await best(benchBookings);
  report(`booking's log work, ${CLIENTS} clients: plain`, bookings.plain, 'bookings/s');
  report(`booking's log work, ${CLIENTS} clients: personal fields encrypted`, bookings.encrypted, 'bookings/s');
  report('cost of encryption on bookings', overhead(bookings.plain, bookings.encrypted), '% slower', atMost(BUDGET_PERCENT));
  const replay = await best(benchReplay);
  report(`full replay, ${ACCOUNTS * (1 + SIGN_INS_PER_ACCOUNT)} events: plain`, replay.plain, 'events/s');
  report('full replay: personal fields decrypted (keys read cold)', replay.encrypted, 'events/s');
  report('cost of encryption on full replay', overhead(replay.plain, replay.encrypted), '% slower', atMost(BUDGET_PERCENT));
}
