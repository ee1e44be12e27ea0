/**
 * The room search answers exactly what a filter over every room would: a few hundred
 * listings of varied facets are written to the log (a quarter of them edited afterwards,
 * their facets changed), every room is read back through the
 * public API, and each combination of room conditions (type, bed, kitchen, furnished, price
 * per night), with and without hotel conditions, is checked against that brute-force filter:
 * the same hotels, in the same order, with the same cards and total.
 */
import { expect } from 'chai';
import { randomUUID } from 'node:crypto';
import { ApiClient } from '../../standalone/test/support/http-client.ts';
import { startTestSystem, type TestSystem } from '../../standalone/test/support/test-system.ts';

const CITIES = ['Jaipur', 'Mumbai', 'Bengaluru', 'Kochi', 'Shimla'];
const BED_TYPES = ['Single', 'Double', 'Queen', 'King'];
const HOTELS = 90;

/** A small deterministic random source (mulberry32), so a failure can be replayed. */
function seededRandom(seed: number): () => number {
  let state = seed >>> 0;
  return () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let t = state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

interface Card {
  _id: string;
  city: string;
  startingPrice: number;
  created_at: string;
}
interface RoomAnswer {
  hotelID: string;
  roomType: string;
  bedType: string;
  pricePerNight: number;
  furnished: boolean;
  hasKitchen: boolean;
}
interface Conditions {
  roomType?: string;
  bedType?: string;
  hasKitchen?: string;
  furnished?: string;
  pricePerNight?: string;
}

async function writeListings(stays: TestSystem): Promise<number> {
  const random = seededRandom(18);
  const log = stays.system.eventStore;
  let rooms = 0;
  for (let i = 0; i < HOTELS; i++) {
    const hotelId = randomUUID();
    const city = CITIES[i % CITIES.length]!;
    const startingPrice = 1000 + Math.floor(random() * 20) * 500;
    const details = {
      hotelName: `Test Stay ${i}`,
      address: `${i} Station Road, ${city}`,
      country: 'India',
      state: 'State',
      city,
      pinCode: 400001,
      description: 'A stay written straight into the log.',
      imageURLs: [`/sharma/resident/stays/media/test-${i}.webp`],
      phoneNumber: '9822012345',
      amenities: ['Free WiFi'],
      checkInTime: '12:00',
      checkOutTime: '11:00',
      startingPrice,
      restaurants: [],
      cinemaHalls: [],
      famousTouristPlaces: [],
      transportationFacilities: [],
      range: 0,
    };
    await log.append(`hotel-${hotelId}`, [{ type: 'HotelCreated', data: { hotelId, ownerId: randomUUID(), ...details } }], { expectedRevision: 'no_stream' });
    // some hotels have no listing at all: a room search never finds them
    const listings = i % 10 === 9 ? 0 : 1 + Math.floor(random() * 6);
    for (let n = 0; n < listings; n++) {
      const roomId = randomUUID();
      const roomType = random() < 0.4 ? 'Flat' : 'Room';
      const room = {
        roomId,
        hotelId,
        ownerId: 'o',
        hotelName: details.hotelName,
        roomType,
        roomStandard: `Standard ${n}`,
        size: 30,
        bedType: BED_TYPES[Math.floor(random() * BED_TYPES.length)]!,
        amenities: ['AC'],
        pricePerNight: startingPrice + Math.floor(random() * 10) * 500,
        numberOfRooms: roomType === 'Flat' ? 2 : 1,
        hasKitchen: random() < (roomType === 'Flat' ? 0.7 : 0.1),
        furnished: random() < 0.5,
        imageURLs: [`/sharma/resident/stays/media/test-${i}-${n}.webp`],
        totalUnits: 3,
        maxGuests: 2,
      };
      await log.append(`room-${roomId}`, [{ type: 'RoomAdded', data: room }], { expectedRevision: 'no_stream' });
      rooms++;
      // some listings are edited afterwards, their facets changed: a search finds them as they are now
      if (random() < 0.25) {
        const { hotelName: _name, ...edited } = {
          ...room,
          roomType: roomType === 'Flat' ? 'Room' : 'Flat',
          bedType: BED_TYPES[Math.floor(random() * BED_TYPES.length)]!,
          pricePerNight: startingPrice + Math.floor(random() * 10) * 500,
          hasKitchen: !room.hasKitchen,
          furnished: random() < 0.5,
        };
        const changedFields = ['roomType', 'bedType', 'pricePerNight', 'hasKitchen', 'furnished'];
        await log.append(`room-${roomId}`, [{ type: 'RoomUpdated', data: { ...edited, changedFields } }], { expectedRevision: 0 });
      }
    }
  }
  await stays.system.runner.whenCaughtUp();
  return rooms;
}

/** Every combination of the room conditions, each as the spec's web client or a person may type it. */
function combinations(): Conditions[] {
  const found: Conditions[] = [];
  for (const roomType of [undefined, 'flat', 'Room', 'apartment', 'Room,Flat'])
    for (const bedType of [undefined, 'king', 'Queen,Double'])
      for (const hasKitchen of [undefined, 'true'])
        for (const furnished of [undefined, 'true'])
          for (const pricePerNight of [undefined, '4000']) {
            const conditions: Conditions = { roomType, bedType, hasKitchen, furnished, pricePerNight };
            if (Object.values(conditions).some((value) => value !== undefined)) found.push(conditions);
          }
  return found;
}

/** The brute-force answer: a room matches every condition given. */
function roomMatches(room: RoomAnswer, conditions: Conditions): boolean {
  const types = conditions.roomType?.split(',').map((type) => (type.toLowerCase() === 'apartment' ? 'flat' : type.toLowerCase()));
  const beds = conditions.bedType?.split(',').map((bed) => bed.toLowerCase());
  return (
    (types === undefined || types.includes(room.roomType.toLowerCase())) &&
    (beds === undefined || beds.includes(room.bedType.toLowerCase())) &&
    (conditions.hasKitchen === undefined || room.hasKitchen) &&
    (conditions.furnished === undefined || room.furnished) &&
    (conditions.pricePerNight === undefined || room.pricePerNight <= Number(conditions.pricePerNight))
  );
}

describe('room search against a filter over every room, over HTTP', function () {
  this.timeout(120_000);
  let stays: TestSystem;
  let api: ApiClient;
  /** Every hotel's card as the unfiltered search answers it, newest first. */
  let cards: Card[];
  let rooms: RoomAnswer[];

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
    const written = await writeListings(stays);
    const all = await api.get('/hotel/data/get/search?limit=500');
    cards = all.body.data;
    // the hotels with no listing are not listed for guests at all
    expect(cards).to.have.length(HOTELS - HOTELS / 10);
    rooms = [];
    for (const card of cards) {
      const answer = await api.get(`/hotel/room/get/all/rooms/${card._id}`);
      expect(answer.status).to.equal(200);
      rooms.push(...answer.body.data);
    }
    expect(rooms).to.have.length(written);
    expect(written).to.be.greaterThan(200);
  });
  after(async () => stays.destroy());

  const roomSearch = async (query: string) => {
    const answer = await api.get(`/hotel/room/get/search/rooms?${query}`);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return answer.body as { data: Card[]; pagination: { total: number; page: number; limit: number } };
  };
  const queryOf = (conditions: Conditions, extra: string) =>
    [
      ...Object.entries(conditions)
        .filter(([, value]) => value !== undefined)
        .map(([key, value]) => `${key}=${encodeURIComponent(value!)}`),
      extra,
    ].join('&');

  it('finds exactly the hotels with a matching room, newest first, for every combination of room conditions', async () => {
    for (const conditions of combinations()) {
      const withRoom = new Set(rooms.filter((room) => roomMatches(room, conditions)).map((room) => room.hotelID));
      const expected = cards.filter((card) => withRoom.has(card._id));
      const query = queryOf(conditions, 'limit=500');
      const answer = await roomSearch(query);
      expect(answer.data, query).to.deep.equal(expected);
      expect(answer.pagination.total, query).to.equal(expected.length);
    }
  });

  it('combines room conditions with a city and a price range, sorted by price, page by page', async () => {
    const byPrice = [...cards].sort((a, b) => a.startingPrice - b.startingPrice || (a._id < b._id ? -1 : a._id > b._id ? 1 : 0));
    for (const conditions of combinations()) {
      for (const city of CITIES.slice(0, 2)) {
        const withRoom = new Set(rooms.filter((room) => roomMatches(room, conditions)).map((room) => room.hotelID));
        const expected = byPrice.filter((card) => withRoom.has(card._id) && card.city === city && card.startingPrice >= 2000 && card.startingPrice <= 8000);
        const query = queryOf(conditions, `searchTerm=${city.toLowerCase()}&minPrice=2000&maxPrice=8000&sort=regularPrice&order=asc&page=2&limit=3`);
        const answer = await roomSearch(query);
        expect(answer.data, query).to.deep.equal(expected.slice(3, 6));
        expect(answer.pagination, query).to.deep.equal({ total: expected.length, page: 2, limit: 3 });
      }
    }
  });
});
