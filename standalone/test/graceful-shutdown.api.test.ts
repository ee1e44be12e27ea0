/**
 * `npm start` stopped by SIGTERM in the middle of a burst of bookings, as an operator or an
 * orchestrator stops it: it stops accepting, answers the bookings in flight, closes its stores
 * and exits 0. After a restart on the same data directory every booking that was answered 201
 * is in the log, and every unit reserved has its booking or was given back.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { ApiClient } from './support/http-client.ts';
import { signedInCustomer, signedInOwner, type SignedIn } from './support/accounts.ts';
import { daysFromToday, newContact, verifyContact, type Contact } from './support/booking.ts';
import { freePort } from './support/free-port.ts';
import { eventOf, readLogFile } from './support/log-file.ts';
import { StaysProcess } from './support/stays-process.ts';
import { hotelWithRoom } from './support/stays.ts';

const GUESTS = 8;
/** Below the upcoming bookings a guest may hold (limits.upcomingBookingsPerGuest). */
const BOOKINGS_PER_GUEST = 9;

describe('npm start stopped by SIGTERM during a burst of bookings', function () {
  this.timeout(240_000);
  let dataDir: string;
  let running: StaysProcess | undefined;

  beforeEach(async () => {
    dataDir = await mkdtemp(path.join(os.tmpdir(), 'stays-sigterm-'));
  });
  afterEach(async () => {
    await running?.kill();
    await rm(dataDir, { recursive: true, force: true });
  });

  it('answers the bookings in flight, exits 0, and after a restart keeps every acknowledged booking with no reservation left without one', async () => {
    const port = await freePort();
    const options = { dataDir, port, env: { LOG_FORMAT: 'json' } };
    running = await StaysProcess.start(options);
    const api = new ApiClient(`http://127.0.0.1:${port}`);
    const owner = await signedInOwner(api);
    const { hotelId } = await hotelWithRoom(api, owner);
    const guests: { guest: SignedIn; contact: Contact }[] = [];
    for (let g = 0; g < GUESTS; g++) {
      const guest = await signedInCustomer(api);
      const contact = newContact();
      await verifyContact(api, dataDir, guest.token, contact);
      guests.push({ guest, contact });
    }

    const acknowledged: string[] = [];
    let refused = 0;
    let signalled = false;
    const stays = running;
    const book = async ({ guest, contact }: { guest: SignedIn; contact: Contact }, night: number) => {
      try {
        const placed = await api.post(
          '/hotel/booking/book/hotel',
          {
            hotelID: hotelId,
            customerID: guest.id,
            ...contact,
            roomStandard: 'Deluxe',
            roomType: 'Room',
            numberOfRooms: 1,
            numberOfGuests: 1,
            numberOfNights: 1,
            dateOfBooking: daysFromToday(0),
            dateOfCommencement: daysFromToday(10 + night),
            totalAmount: 1,
          },
          { token: guest.token },
        );
        if (placed.status === 201) acknowledged.push(placed.body.data.bookingID as string);
        else refused++;
      } catch {
        refused++; // the connection was refused or closed: not acknowledged
      }
      // the signal lands while the other guests' bookings are in flight
      if (acknowledged.length === GUESTS && !signalled) {
        signalled = true;
        stays.child.kill('SIGTERM');
      }
    };
    // each guest books night after night; the guests book side by side
    await Promise.all(
      guests.map(async (entry) => {
        for (let night = 0; night < BOOKINGS_PER_GUEST; night++) await book(entry, night);
      }),
    );
    expect(signalled).to.equal(true);
    expect(await stays.exited, stays.output).to.equal(0);
    expect(acknowledged.length, 'some bookings were answered before the stop').to.be.at.least(GUESTS);
    expect(refused, 'some bookings came after the stop').to.be.greaterThan(0);
    expect(stays.output).to.include('shutting down');

    // the restart reads the log the stop left, and stops again as cleanly
    running = await StaysProcess.start(options);
    running.child.kill('SIGTERM');
    expect(await running.exited, running.output).to.equal(0);

    const events = (await readLogFile(dataDir)).map(eventOf) as unknown as { type: string; data: { bookingID?: string } }[];
    const placed = new Set(events.filter((event) => event.type === 'BookingPlaced').map((event) => event.data.bookingID));
    const released = new Set(events.filter((event) => event.type === 'UnitsReleased').map((event) => event.data.bookingID));
    for (const bookingID of acknowledged) expect(placed.has(bookingID), `acknowledged ${bookingID} is in the log`).to.equal(true);
    const reserved = events.filter((event) => event.type === 'UnitsReserved').map((event) => event.data.bookingID);
    expect(reserved.length).to.be.at.least(acknowledged.length);
    for (const bookingID of reserved)
      expect(placed.has(bookingID) || released.has(bookingID), `units held for ${bookingID} have their booking or were given back`).to.equal(true);
  });
});
