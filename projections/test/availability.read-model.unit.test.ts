/**
 * The availability read model as given/when/then: given listings and the units bookings
 * took and gave back, when a guest asks for a stay, then every night's free units are exact,
 * and whether the listing can be booked and what the stay costs are what booking decides.
 */
import { expect } from 'chai';
import { quoteStay, type DomainEvent, type RoomDetails, type Stay } from '@stays/contracts';
import { availabilityReadModel, liveReadModels } from '../src/index.ts';
import { projectInto } from './support/project-events.ts';

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

const freeByNight = (listing: { nights: readonly { date: string; free: number }[] }) =>
  Object.fromEntries(listing.nights.map((night) => [night.date, night.free]));

describe('availability read model: free units per listing per night', () => {
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
      const found = await queries.bookableHotels(stay, {});
      const payable = (pricePerNight: number) =>
        quoteStay({ roomType: 'Room', pricePerNight, numberOfGuests: 2, numberOfRooms: 1, numberOfNights: 3 }).payableAmount;
      expect([...found.keys()], 'h2 has its one unit taken on the last night').to.deep.equal(['h1']);
      expect(found.get('h1')).to.deep.equal({ bookableListings: 2, lowestPayableAmount: payable(2000), fewestFree: 1 });
      expect([...(await queries.bookableHotels({ ...stay, guests: 3 }, {})).values()], 'three guests: only the King room sleeps them').to.deep.equal([
        {
          bookableListings: 1,
          lowestPayableAmount: quoteStay({ roomType: 'Room', pricePerNight: 2000, numberOfGuests: 3, numberOfRooms: 1, numberOfNights: 3 }).payableAmount,
          fewestFree: 1,
        },
      ]);
      expect((await queries.bookableHotels(stay, { bedType: ['Double'] })).get('h1')?.bookableListings, 'room conditions count').to.equal(1);
      expect((await queries.bookableHotels({ ...stay, rooms: 2 }, {})).size, 'two rooms: no listing has two free every night').to.equal(0);
    } finally {
      await readStore.close();
    }
  });
});
