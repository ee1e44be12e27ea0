/**
 * The availability read model as given/when/then: given listings and the units bookings
 * took and gave back, when a guest asks for a stay, then every night's free units are exact,
 * and whether the listing can be booked and what the stay costs are what booking decides.
 */
import { expect } from 'chai';
import { eventSchemaVersions, quoteStay, type DomainEvent, type RoomDetails, type Stay } from '@stays/contracts';
import { openInMemoryEventStore } from '@stays/event-store';
import { createEmbeddedReadStore, type ReadStore } from '@stays/read-store';
import { ReadModelRunner, availabilityReadModel, liveReadModels, physicalCollection } from '../src/index.ts';
import type { BookableHotels } from '../src/read-models/index.ts';
import { quiet } from './support/ledger.ts';
import { projectEvents, projectInto } from './support/project-events.ts';

const ofHotel = { hotelId: 'h1', ownerId: 'o1' };
const room = (roomId: string, details: Partial<RoomDetails> = {}): RoomDetails & { roomId: string } => ({
  roomId,
  roomType: 'Room',
  roomStandard: `Standard ${roomId}`,
  size: 30,
  bedType: 'Double',
  amenities: [],
  pricePerNight: 3000,
  numberOfRooms: 1,
  hasKitchen: false,
  furnished: true,
  imageURLs: [],
  totalUnits: 3,
  maxGuests: 2,
  ...details,
});
const added = (roomId: string, details: Partial<RoomDetails> = {}): DomainEvent => ({
  type: 'RoomAdded',
  data: { ...room(roomId, details), ...ofHotel, hotelName: 'Hotel Sahyadri' },
});
const updated = (roomId: string, details: Partial<RoomDetails>): DomainEvent => ({
  type: 'RoomUpdated',
  data: { ...room(roomId, details), ...ofHotel, changedFields: Object.keys(details) as (keyof RoomDetails)[] },
});
const reserved = (bookingID: string, roomId: string, nights: string[], units = 1): DomainEvent => ({
  type: 'UnitsReserved',
  data: { bookingID, roomId, nights, units },
});
const released = (bookingID: string, roomId: string, nights: string[], units = 1): DomainEvent => ({
  type: 'UnitsReleased',
  data: { bookingID, roomId, nights, units },
});

const closed = (closureId: string, roomId: string, nights: string[], units = 1, note?: string): DomainEvent => ({
  type: 'NightsClosed',
  data: { closureId, roomId, hotelId: 'h1', nights, units, source: { kind: 'owner' }, ...(note !== undefined && { note }) },
});
const reopened = (closureId: string, roomId: string, nights: string[], units = 1): DomainEvent => ({
  type: 'NightsReopened',
  data: { closureId, roomId, nights, units },
});

/** What a guest asking for `stay` at the hotel is answered, after `events`. */
async function whenAsked(events: readonly DomainEvent[], stay: Partial<Stay> = {}, hotelId = 'h1') {
  const readStore = await projectInto(availabilityReadModel, events);
  try {
    const queries = availabilityReadModel.queries(liveReadModels(readStore).store(availabilityReadModel));
    return await queries.ofHotel(hotelId, { checkIn: '2026-12-30', nights: 4, rooms: 1, guests: 1, ...stay }, '2027-03-31');
  } finally {
    await readStore.close();
  }
}

/** The hotels a search for a stay found bookable, each with what it can book, in the order found. */
const asMap = (found: BookableHotels) => new Map(found.hotelIds.map((hotelId) => [hotelId, found.availabilityOf(hotelId)]));

const freeByNight = (listing: { nights: readonly { date: string; free: number }[] }) =>
  Object.fromEntries(listing.nights.map((night) => [night.date, night.free]));

describe('availability read model: free units per listing per night', () => {
  it("changes only the listing, nights and closures an event names: another hotel's listing leaves them as they were", async () => {
    const first = [added('r1'), reserved('BK-1', 'r1', ['2026-12-30']), closed('cl-1', 'r1', ['2026-12-31'])];
    const ofSecond = { hotelId: 'h2', ownerId: 'o2' };
    const second: DomainEvent[] = [
      { type: 'RoomAdded', data: { ...room('r2'), ...ofSecond, hotelName: 'Second' } },
      { type: 'RoomUpdated', data: { ...room('r2', { totalUnits: 9 }), ...ofSecond, changedFields: ['totalUnits'] } },
      reserved('BK-2', 'r2', ['2026-12-30']),
      closed('cl-2', 'r2', ['2026-12-31'], 1, 'painting'),
      reopened('cl-2', 'r2', ['2026-12-31']),
      { type: 'HotelDelisted', data: { ...ofSecond, reason: 'owner-deleted', delistedAt: '2026-11-22T10:00:09.000Z' } },
    ];
    // `changes` holds the log positions that key cached stay answers: any listing's change moves them by design
    const withoutChanges = (documents: Record<string, Record<string, unknown>[]>) =>
      Object.fromEntries(Object.entries(documents).filter(([name]) => name !== 'changes'));
    const ofFirst = (documents: Record<string, Record<string, unknown>[]>) =>
      Object.fromEntries(
        Object.entries(withoutChanges(documents)).map(([name, list]) => [
          name,
          list.filter((document) => document.hotelID !== 'h2' && document.roomId !== 'r2' && document._id !== 'r2'),
        ]),
      );
    expect(ofFirst(await projectEvents(availabilityReadModel, [...first, ...second]))).to.deep.equal(
      withoutChanges(await projectEvents(availabilityReadModel, first)),
    );
  });

  it('counts units taken and given back on each night, across a month and year end', async () => {
    const [listing] = (await whenAsked([
      added('r1'),
      reserved('BK-1', 'r1', ['2026-12-30', '2026-12-31']),
      reserved('BK-2', 'r1', ['2026-12-31', '2027-01-01'], 2),
      reserved('BK-3', 'r1', ['2027-01-01']),
      released('BK-3', 'r1', ['2027-01-01']),
      reserved('BK-4', 'r1', ['2027-01-05']),
    ]))!;
    expect(freeByNight(listing!)).to.deep.equal({ '2026-12-30': 2, '2026-12-31': 0, '2027-01-01': 1, '2027-01-02': 3 });
    expect(listing).to.include({ roomID: 'r1', minFree: 0, bookable: false });
  });

  it("follows a listing's units as its owner changes them, never below zero free", async () => {
    const taken = [added('r1'), reserved('BK-1', 'r1', ['2026-12-30'], 2)];
    const [more] = (await whenAsked([...taken, updated('r1', { totalUnits: 5 })], { nights: 1 }))!;
    expect(more!.minFree).to.equal(3);
    const [fewer] = (await whenAsked([...taken, updated('r1', { totalUnits: 1 })], { nights: 1 }))!;
    expect([fewer!.minFree, fewer!.bookable]).to.deep.equal([0, false]);
  });

  it('is bookable when every night has the units asked and the units sleep the guests; quotes the whole stay as booking does', async () => {
    const events = [
      added('r1', { totalUnits: 3, maxGuests: 2 }),
      added('f1', { roomType: 'Flat', totalUnits: 1, maxGuests: 4, pricePerNight: 9000 }),
      reserved('BK-1', 'r1', ['2026-12-31']),
    ];
    const [rooms, flat] = (await whenAsked(events, { rooms: 2, guests: 4 }))!;
    expect([rooms!.minFree, rooms!.bookable]).to.deep.equal([2, true]);
    expect(rooms!.quote).to.deep.equal(quoteStay({ roomType: 'Room', pricePerNight: 3000, numberOfGuests: 4, numberOfRooms: 2, numberOfNights: 4 }));
    // a Flat is one unit whatever the rooms asked, priced without the rooms factor
    expect(flat!.bookable).to.equal(true);
    expect(flat!.quote).to.deep.equal(quoteStay({ roomType: 'Flat', pricePerNight: 9000, numberOfGuests: 4, numberOfRooms: 2, numberOfNights: 4 }));
    const [tooFew] = (await whenAsked(events, { rooms: 3, guests: 1 }))!;
    expect(tooFew!.bookable, 'three rooms on a night with two free').to.equal(false);
    const [crowded, crowdedFlat] = (await whenAsked(events, { rooms: 1, guests: 5 }))!;
    expect([crowded!.bookable, crowdedFlat!.bookable], 'five guests in one room of two, a flat of four').to.deep.equal([false, false]);
  });

  it('offers a full listing the nearest later check-in with every night free, within the horizon; none to one that cannot sleep the guests', async () => {
    const booked = [
      added('r1', { totalUnits: 1, maxGuests: 2 }),
      reserved('BK-1', 'r1', ['2026-12-31']),
      reserved('BK-2', 'r1', ['2027-01-03']),
      reserved('BK-3', 'r1', ['2027-01-06']),
    ];
    // two nights from 30 Dec: the 31st is full; 1–2 Jan is the first two-night window with neither full
    const [twoNights] = (await whenAsked(booked, { nights: 2 }))!;
    expect([twoNights!.bookable, twoNights!.nearestCheckIn]).to.deep.equal([false, '2027-01-01']);
    // three nights: 1–3 Jan holds the 3rd, 4–6 Jan the 6th; 7 Jan is the first clear start
    const [threeNights] = (await whenAsked(booked, { nights: 3 }))!;
    expect(threeNights!.nearestCheckIn).to.equal('2027-01-07');
    expect((await whenAsked(booked, { nights: 1, checkIn: '2026-12-31' }))![0]!.nearestCheckIn, 'the next night').to.equal('2027-01-01');
    expect((await whenAsked(booked, { nights: 1 }))![0]!.nearestCheckIn, 'bookable: no other date').to.equal(null);
    expect((await whenAsked(booked, { nights: 2, guests: 3 }))![0]!.nearestCheckIn, 'never sleeps three').to.equal(null);
    const fullToTheHorizon = [
      added('r1', { totalUnits: 1 }),
      reserved(
        'BK-1',
        'r1',
        Array.from({ length: 92 }, (_, day) => new Date(Date.UTC(2026, 11, 30 + day)).toISOString().slice(0, 10)),
      ),
    ];
    expect((await whenAsked(fullToTheHorizon, { nights: 1 }))![0]!.nearestCheckIn, 'full until the horizon').to.equal(null);
  });

  it('offers the latest check-in itself when it is the first clear one, none past it, and none for more units than the listing has', async () => {
    // every night from 30 December to 30 March full: the latest check-in (31 March) starts the first clear stay, of one night or two
    const nights = Array.from({ length: 91 }, (_, day) => new Date(Date.UTC(2026, 11, 30 + day)).toISOString().slice(0, 10));
    const fullToTheLastDay = [added('r1', { totalUnits: 1 }), reserved('BK-1', 'r1', nights)];
    expect(nights.at(-1)).to.equal('2027-03-30');
    expect((await whenAsked(fullToTheLastDay, { nights: 1 }))![0]!.nearestCheckIn, 'one night').to.equal('2027-03-31');
    expect((await whenAsked(fullToTheLastDay, { nights: 2 }))![0]!.nearestCheckIn, 'two nights').to.equal('2027-03-31');
    // a full stay asked from after the latest check-in: nothing later to offer
    const fullLate = [added('r1', { totalUnits: 1 }), reserved('BK-1', 'r1', ['2027-04-05'])];
    expect((await whenAsked(fullLate, { checkIn: '2027-04-05', nights: 1 }))![0]!.nearestCheckIn, 'after the latest check-in').to.equal(null);
    // three rooms of a listing of two units: no night can ever hold the stay, booked or not
    const [tooMany] = (await whenAsked([added('r1', { totalUnits: 2 })], { nights: 1, rooms: 3 }))!;
    expect([tooMany!.bookable, tooMany!.nearestCheckIn]).to.deep.equal([false, null]);
  });

  it('answers nothing for a hotel with no listings or one that left the listings', async () => {
    expect(await whenAsked([added('r1')], {}, 'h2')).to.equal(null);
    expect(
      await whenAsked([added('r1'), { type: 'HotelDelisted', data: { ...ofHotel, reason: 'owner-deleted', delistedAt: '2026-11-22T10:00:00.000Z' } }]),
    ).to.equal(null);
  });

  it("lists the hotel's listings in the order they were added, each with its guests a unit sleeps", async () => {
    const listings = (await whenAsked([added('z9', { maxGuests: 3 }), added('a1', { bedType: 'King', maxGuests: 3 })]))!;
    expect(listings.map((listing) => [listing.roomID, listing.maxGuests])).to.deep.equal([
      ['z9', 3],
      ['a1', 3],
    ]);
  });

  it('finds the hotels a stay can book: how many listings each, the lowest payable amount, the fewest free units', async () => {
    const other = (roomId: string, details: Partial<RoomDetails>): DomainEvent => ({
      type: 'RoomAdded',
      data: { ...room(roomId, details), hotelId: 'h2', ownerId: 'o2', hotelName: 'Hotel Konkan' },
    });
    const readStore = await projectInto(availabilityReadModel, [
      added('r1', { totalUnits: 2, pricePerNight: 3000 }),
      added('r2', { totalUnits: 1, pricePerNight: 2000, bedType: 'King', maxGuests: 3 }),
      other('k1', { totalUnits: 1 }),
      reserved('BK-1', 'r1', ['2026-12-31']),
      reserved('BK-2', 'k1', ['2027-01-01']),
    ]);
    try {
      const queries = availabilityReadModel.queries(liveReadModels(readStore).store(availabilityReadModel));
      const stay: Stay = { checkIn: '2026-12-30', nights: 3, rooms: 1, guests: 2 };
      const found = asMap(await queries.bookableHotels(stay, {}));
      const payable = (pricePerNight: number) =>
        quoteStay({ roomType: 'Room', pricePerNight, numberOfGuests: 2, numberOfRooms: 1, numberOfNights: 3 }).payableAmount;
      expect([...found.keys()], 'h2 has its one unit taken on the last night').to.deep.equal(['h1']);
      expect((await queries.bookableHotels(stay, {})).hotelIds, 'a hotel named once for its two bookable listings').to.deep.equal(['h1']);
      expect(found.get('h1')).to.deep.equal({ bookableListings: 2, lowestPayableAmount: payable(2000), fewestFree: 1 });
      expect([...asMap(await queries.bookableHotels({ ...stay, guests: 3 }, {})).values()], 'three guests: only the King room sleeps them').to.deep.equal([
        {
          bookableListings: 1,
          lowestPayableAmount: quoteStay({ roomType: 'Room', pricePerNight: 2000, numberOfGuests: 3, numberOfRooms: 1, numberOfNights: 3 }).payableAmount,
          fewestFree: 1,
        },
      ]);
      expect(asMap(await queries.bookableHotels(stay, { bedType: ['Double'] })).get('h1')?.bookableListings, 'room conditions count').to.equal(1);
      const oneNight: Stay = { ...stay, nights: 1 };
      expect((await queries.bookableHotels(oneNight, {})).hotelIds, 'every hotel has a listing free on the first night').to.deep.equal(['h1', 'h2']);
      expect((await queries.bookableHotels(oneNight, { bedType: ['King'] })).hotelIds, "h2's free listing is no King room").to.deep.equal(['h1']);
      expect(asMap(await queries.bookableHotels({ ...stay, rooms: 2 }, {})).size, 'two rooms: no listing has two free every night').to.equal(0);
    } finally {
      await readStore.close();
    }
  });

  it('finds the same bookable hotels among a thousand listings and more as night-by-night arithmetic over the bookings and closures', async () => {
    const stay: Stay = { checkIn: '2027-01-02', nights: 3, rooms: 1, guests: 1 };
    const dates = ['2026-12-31', '2027-01-01', '2027-01-02', '2027-01-03', '2027-01-04', '2027-01-05', '2027-01-06'];
    const inStay = new Set(['2027-01-02', '2027-01-03', '2027-01-04']);
    const events: DomainEvent[] = [];
    const expected = new Map<string, { bookableListings: number; lowestPayableAmount: number; fewestFree: number }>();
    for (let n = 0; n < 1200; n++) {
      // two listings a hotel, then hotels of one listing, so that some hotels have nothing free
      const hotelId = n < 200 ? `h${Math.floor(n / 2)}` : `h${n}`;
      const roomId = `r${n}`;
      const totalUnits = 1 + (n % 3);
      const pricePerNight = 2000 + (n % 5) * 500;
      events.push({ type: 'RoomAdded', data: { ...room(roomId, { totalUnits, pricePerNight }), hotelId, ownerId: 'o', hotelName: hotelId } });
      const takenOn = new Map<string, number>();
      // bookings and closures spread over nights inside and outside the stay, some taking every unit
      for (let k = 0; k < n % 4; k++) {
        const night = dates[(n * 5 + k * 3) % dates.length]!;
        const units = k === 0 && n % 5 === 0 ? totalUnits : 1;
        if ((takenOn.get(night) ?? 0) + units > totalUnits) continue;
        takenOn.set(night, (takenOn.get(night) ?? 0) + units);
        events.push(n % 2 === 0 ? reserved(`BK-${n}-${k}`, roomId, [night], units) : closed(`CL-${n}-${k}`, roomId, [night], units));
      }
      const fewestFree = totalUnits - Math.max(0, ...[...takenOn].filter(([night]) => inStay.has(night)).map(([, units]) => units));
      if (fewestFree < 1) continue;
      const payable = quoteStay({ roomType: 'Room', pricePerNight, numberOfGuests: 1, numberOfRooms: 1, numberOfNights: 3 }).payableAmount;
      const known = expected.get(hotelId);
      expected.set(
        hotelId,
        known === undefined
          ? { bookableListings: 1, lowestPayableAmount: payable, fewestFree }
          : {
              bookableListings: known.bookableListings + 1,
              lowestPayableAmount: Math.min(known.lowestPayableAmount, payable),
              fewestFree: Math.min(known.fewestFree, fewestFree),
            },
      );
    }
    const readStore = await projectInto(availabilityReadModel, events);
    try {
      const queries = availabilityReadModel.queries(liveReadModels(readStore).store(availabilityReadModel));
      const found = asMap(await queries.bookableHotels(stay, {}));
      expect(expected.size, 'some hotels are full').to.be.within(500, 1099);
      const sorted = <T>(hotels: ReadonlyMap<string, T>) => new Map([...hotels].sort(([a], [b]) => a.localeCompare(b)));
      expect(sorted(found)).to.deep.equal(sorted(expected));
      const everyHotel = [...new Set(events.flatMap((event) => (event.type === 'RoomAdded' ? [event.data.hotelId] : [])))];
      expect(sorted(asMap(await queries.bookableHotels(stay, {}, everyHotel))), 'the same hotels named one by one').to.deep.equal(sorted(expected));
      for (const hotelId of ['h0', 'h1', 'h2', 'h10', 'h77', 'h200', 'h205', 'h299']) {
        expect(asMap(await queries.bookableHotels(stay, {}, [hotelId])).get(hotelId), hotelId).to.deep.equal(expected.get(hotelId));
      }
    } finally {
      await readStore.close();
    }
  });
});

describe('availability read model: when what a stay reads last changed', () => {
  it("moves for a booking, a release, a closure or a reopening on one of its nights or for any listing, not for other nights; the listings' mark for listings alone", async () => {
    const readStore = await projectInto(availabilityReadModel, [
      added('r1'), // 1
      reserved('BK-1', 'r1', ['2026-12-30', '2026-12-31']), // 2
      closed('CL-1', 'r1', ['2027-01-10']), // 3
      added('r2'), // 4
      released('BK-1', 'r1', ['2026-12-31']), // 5
      reserved('BK-2', 'r2', ['2027-02-01']), // 6
      reopened('CL-1', 'r1', ['2027-01-10']), // 7
      updated('r2', { totalUnits: 5 }), // 8
      reserved('BK-3', 'r1', ['2027-03-01']), // 9
    ]);
    try {
      const queries = availabilityReadModel.queries(liveReadModels(readStore).store(availabilityReadModel));
      const at = (checkIn: string, nights: number) => queries.stayChangedAt({ checkIn, nights, rooms: 1, guests: 1 });
      expect(await at('2026-12-29', 1), 'no night of it touched: the last listing change').to.equal(8);
      expect(await at('2027-03-01', 2), 'a booking on its first night, after the last listing change').to.equal(9);
      expect(await at('2027-01-09', 3), 'a reopening of its middle night').to.equal(8);
      expect(await queries.listingsChangedAt(), 'the listings: the last change to one, whatever the nights did after it').to.equal(8);
      const early = await projectInto(availabilityReadModel, [added('r1'), reserved('BK-1', 'r1', ['2026-12-30']), closed('CL-1', 'r1', ['2027-01-10'])]);
      try {
        const earlyQueries = availabilityReadModel.queries(liveReadModels(early).store(availabilityReadModel));
        const earlyAt = (checkIn: string, nights: number) => earlyQueries.stayChangedAt({ checkIn, nights, rooms: 1, guests: 1 });
        expect(await earlyAt('2026-12-29', 2), 'a booking on its last night').to.equal(2);
        expect(await earlyAt('2027-01-08', 3), 'a closure on its last night').to.equal(3);
        expect(await earlyAt('2027-02-01', 3), 'only the listing').to.equal(1);
        expect(await earlyAt('2026-12-31', 11), 'a closure across a month end').to.equal(3);
        expect(await earlyAt('2026-12-31', 9), 'neither the booking before it nor the closure after it').to.equal(1);
        expect(await earlyQueries.listingsChangedAt()).to.equal(1);
      } finally {
        await early.close();
      }
    } finally {
      await readStore.close();
    }
    const empty = await projectInto(availabilityReadModel, []);
    try {
      const queries = availabilityReadModel.queries(liveReadModels(empty).store(availabilityReadModel));
      expect(await queries.stayChangedAt({ checkIn: '2026-12-30', nights: 1, rooms: 1, guests: 1 })).to.equal(undefined);
      expect(await queries.listingsChangedAt()).to.equal(undefined);
    } finally {
      await empty.close();
    }
  });
});

describe('availability read model: nights the owner closed', () => {
  it('subtracts closed units from the free ones until they are reopened, night by night', async () => {
    const [listing] = (await whenAsked([
      added('r1'),
      reserved('BK-1', 'r1', ['2026-12-30']),
      closed('CL-1', 'r1', ['2026-12-30', '2026-12-31', '2027-01-01'], 2),
      reopened('CL-1', 'r1', ['2027-01-01'], 2),
      closed('CL-2', 'r1', ['2027-01-02'], 3),
    ]))!;
    expect(freeByNight(listing!)).to.deep.equal({ '2026-12-30': 0, '2026-12-31': 1, '2027-01-01': 3, '2027-01-02': 0 });
  });

  it('leaves out of a stay search a hotel whose every unit is closed on a night, and offers the nearest check-in after the closure', async () => {
    const events = [added('r1', { totalUnits: 2 }), closed('CL-1', 'r1', ['2026-12-31'], 2)];
    const readStore = await projectInto(availabilityReadModel, events);
    try {
      const queries = availabilityReadModel.queries(liveReadModels(readStore).store(availabilityReadModel));
      expect(asMap(await queries.bookableHotels({ checkIn: '2026-12-30', nights: 2, rooms: 1, guests: 1 }, {})).size).to.equal(0);
      const [listing] = (await queries.ofHotel('h1', { checkIn: '2026-12-30', nights: 2, rooms: 1, guests: 1 }, '2027-03-31'))!;
      expect(listing).to.include({ minFree: 0, bookable: false, nearestCheckIn: '2027-01-01' });
    } finally {
      await readStore.close();
    }
  });

  it("answers the owner's calendar: booked, closed and free per night, and each closure with the nights it still holds", async () => {
    const readStore = await projectInto(availabilityReadModel, [
      added('r1'),
      reserved('BK-1', 'r1', ['2026-12-30', '2026-12-31']),
      closed('CL-1', 'r1', ['2026-12-31', '2027-01-01', '2027-01-02'], 1, 'Repairs'),
      reopened('CL-1', 'r1', ['2027-01-01']),
      closed('CL-2', 'r1', ['2026-12-29'], 2),
    ]);
    try {
      const queries = availabilityReadModel.queries(liveReadModels(readStore).store(availabilityReadModel));
      const calendar = (await queries.calendar('h1', 'r1', '2026-12-29', 5))!;
      expect(calendar.nights).to.deep.equal([
        { date: '2026-12-29', booked: 0, closed: 2, free: 1 },
        { date: '2026-12-30', booked: 1, closed: 0, free: 2 },
        { date: '2026-12-31', booked: 1, closed: 1, free: 1 },
        { date: '2027-01-01', booked: 0, closed: 0, free: 3 },
        { date: '2027-01-02', booked: 0, closed: 1, free: 2 },
      ]);
      expect(calendar.closures).to.deep.equal([
        { closureID: 'CL-2', nights: ['2026-12-29'], units: 2, source: { kind: 'owner' } },
        { closureID: 'CL-1', nights: ['2026-12-31', '2027-01-02'], units: 1, source: { kind: 'owner' }, note: 'Repairs' },
      ]);
      expect(calendar.totalUnits).to.equal(3);
      expect(await queries.calendar('h2', 'r1', '2026-12-29', 5), 'another hotel has no such listing').to.equal(null);
    } finally {
      await readStore.close();
    }
  });

  it('rebuilt from the log equals the one that followed it live, bookings and closures interleaved', async () => {
    const log = await openInMemoryEventStore();
    const append = (event: DomainEvent, stream: string) =>
      log.append(stream, [{ type: event.type, data: event.data as Record<string, unknown>, metadata: { schemaVersion: eventSchemaVersions[event.type] } }]);
    const documents = async (readStore: ReadStore) =>
      Object.fromEntries(
        await Promise.all(
          Object.keys(availabilityReadModel.collections).map(async (name) => {
            const stored = await readStore.collection(physicalCollection('availability', availabilityReadModel.version, name)).find({}, { sort: { _id: 1 } });
            return [name, stored.map(({ _position: _stamp, ...document }) => document)] as const;
          }),
        ),
      );
    const live = createEmbeddedReadStore();
    const following = new ReadModelRunner(log, live, [availabilityReadModel], { log: quiet, maxBatchSize: 2 });
    try {
      await following.start();
      await append(added('r1', { totalUnits: 4 }), 'room-r1');
      for (let day = 1; day <= 20; day++) {
        const night = `2027-01-${String(day).padStart(2, '0')}`;
        await append(reserved(`BK-${day}`, 'r1', [night], 1 + (day % 2)), 'inventory-r1');
        await append(closed(`CL-${day}`, 'r1', [night, `2027-02-${String(day).padStart(2, '0')}`], 1, `note ${day}`), 'inventory-r1');
        if (day % 3 === 0) await append(reopened(`CL-${day}`, 'r1', [night]), 'inventory-r1');
        if (day % 4 === 0) await append(released(`BK-${day}`, 'r1', [night], 1), 'inventory-r1');
      }
      const head = (await log.headPosition())!;
      expect(await following.waitFor(head, 10_000)).to.equal(true);
      const rebuilt = createEmbeddedReadStore();
      const fresh = new ReadModelRunner(log, rebuilt, [availabilityReadModel], { log: quiet });
      await fresh.start();
      expect(await fresh.waitFor(head, 10_000)).to.equal(true);
      await fresh.stop();
      const liveDocuments = await documents(live);
      expect(liveDocuments.closures!.length, 'closure nights kept: 40 closed, 6 reopened').to.equal(34);
      expect(await documents(rebuilt)).to.deep.equal(liveDocuments);
    } finally {
      await following.stop();
      await log.close();
    }
  });
});

describe("availability read model: each listing's own nights", () => {
  it("finds the nearest check-in from the listing's own nights, a night with the stay's units still free not being full", async () => {
    const events = [
      added('r1', { totalUnits: 2 }),
      added('r2', { totalUnits: 2 }),
      // r1: the 31st full, 1 January with one of two units taken (one free: enough for one room)
      reserved('BK-1', 'r1', ['2026-12-31'], 2),
      reserved('BK-2', 'r1', ['2027-01-01'], 1),
      // r2, full on 1–3 January, must not block r1
      reserved('BK-3', 'r2', ['2027-01-01', '2027-01-02', '2027-01-03'], 2),
    ];
    const [r1] = (await whenAsked(events, { nights: 2 }))!;
    expect([r1!.roomID, r1!.bookable, r1!.nearestCheckIn]).to.deep.equal(['r1', false, '2027-01-01']);
  });

  it("answers the owner's calendar of one listing and its window only", async () => {
    const readStore = await projectInto(availabilityReadModel, [
      added('r1'),
      added('r2'),
      closed('CL-1', 'r1', ['2026-12-30', '2026-12-31', '2027-01-01']),
      closed('CL-2', 'r2', ['2026-12-30'], 2),
      reserved('BK-1', 'r2', ['2026-12-30']),
    ]);
    try {
      const queries = availabilityReadModel.queries(liveReadModels(readStore).store(availabilityReadModel));
      const calendar = (await queries.calendar('h1', 'r1', '2026-12-29', 3))!;
      expect(calendar.nights.map((night) => [night.date, night.booked, night.closed])).to.deep.equal([
        ['2026-12-29', 0, 0],
        ['2026-12-30', 0, 1],
        ['2026-12-31', 0, 1],
      ]);
      expect(calendar.closures).to.deep.equal([{ closureID: 'CL-1', nights: ['2026-12-30', '2026-12-31'], units: 1, source: { kind: 'owner' } }]);
    } finally {
      await readStore.close();
    }
  });

  it('finds bookable hotels among those given only', async () => {
    const readStore = await projectInto(availabilityReadModel, [added('r1')]);
    try {
      const queries = availabilityReadModel.queries(liveReadModels(readStore).store(availabilityReadModel));
      const stay = { checkIn: '2026-12-30', nights: 2, rooms: 1, guests: 1 };
      expect([...asMap(await queries.bookableHotels(stay, {}, ['h1'])).keys()]).to.deep.equal(['h1']);
      expect([...asMap(await queries.bookableHotels(stay, {}, ['h2'])).keys()]).to.deep.equal([]);
      expect([...asMap(await queries.bookableHotels(stay, {})).keys()]).to.deep.equal(['h1']);
    } finally {
      await readStore.close();
    }
  });
});
