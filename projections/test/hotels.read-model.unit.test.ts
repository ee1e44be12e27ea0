import { expect } from 'chai';
import { TERMS_BEFORE_POLICIES, type HotelDetails, type RoomDetails } from '@stays/contracts';
import { createEmbeddedReadStore, type Document } from '@stays/read-store';
import { hotelCollections as collections, hotelsReadModel, type HotelSearch } from '../src/index.ts';
import { projectEvents, recordedAt } from './support/project-events.ts';

const details: HotelDetails = {
  hotelName: 'Sea Breeze Residency',
  address: '12 Marine Drive, Churchgate',
  country: 'India',
  city: 'Mumbai',
  pinCode: 400020,
  description: 'A quiet hotel by the sea with rooms that look over the bay and a rooftop cafe.',
  imageURLs: ['/media/h1.webp'],
  phoneNumber: '9876543210',
  amenities: ['Free WiFi'],
  checkInTime: '12:00',
  checkOutTime: '11:00',
  startingPrice: 12000,
  range: 2,
  restaurants: [{ _id: 'p1', name: 'Cafe Madras', distance: 1 }],
  cinemaHalls: [],
  famousTouristPlaces: [{ _id: 'p2', name: 'Gateway of India', distance: 3 }],
  transportationFacilities: [{ _id: 'p3', name: 'Churchgate', type: 'Railway Station', distance: 2 }],
};
const room: RoomDetails = {
  roomType: 'Room',
  roomStandard: 'Deluxe',
  size: 30,
  bedType: 'King',
  amenities: ['AC'],
  pricePerNight: 3000,
  numberOfRooms: 1,
  hasKitchen: false,
  furnished: true,
  imageURLs: ['/media/r1.webp'],
  totalUnits: 4,
  maxGuests: 3,
};
const ofHotel = { hotelId: 'h1', ownerId: 'o1' };

describe('hotels read model: events in, documents out', () => {
  it('keeps a created hotel with its price category, search text and no room types yet, not listed until it has a room', async () => {
    const documents = await projectEvents(hotelsReadModel, [{ type: 'HotelCreated', data: { ...details, ...ofHotel } }]);
    expect(documents[collections.hotels]).to.deep.equal([
      {
        _id: 'h1',
        ownerId: 'o1',
        ...details,
        state: '',
        priceCategory: 'Medium',
        searchText: 'sea breeze residency\n12 marine drive, churchgate\nmumbai\nindia\ncafe madras\ngateway of india\nchurchgate\nrailway station',
        cancellationPolicy: TERMS_BEFORE_POLICIES,
        roomOffers: [],
        listed: false,
        created_at: recordedAt(1),
        updated_at: recordedAt(1),
      },
    ]);
    expect(documents[collections.rooms]).to.deep.equal([]);
  });

  it('keeps rooms with their hotel, what each room offers on the hotel (as last updated), and a renamed hotel on its rooms', async () => {
    const documents = await projectEvents(hotelsReadModel, [
      { type: 'HotelCreated', data: { ...details, ...ofHotel } },
      { type: 'RoomAdded', data: { ...room, roomId: 'r1', ...ofHotel, hotelName: details.hotelName } },
      {
        type: 'RoomAdded',
        data: { ...room, roomType: 'Flat', roomStandard: 'Family', hasKitchen: true, numberOfRooms: 2, roomId: 'r2', ...ofHotel, hotelName: details.hotelName },
      },
      { type: 'RoomUpdated', data: { ...room, pricePerNight: 3500, roomId: 'r1', ...ofHotel, changedFields: ['pricePerNight'] } },
      {
        type: 'HotelUpdated',
        data: { ...details, hotelName: 'Sea Breeze Grand Residency', startingPrice: 25000, ...ofHotel, changedFields: ['hotelName', 'startingPrice'] },
      },
    ]);
    const [hotel] = documents[collections.hotels]!;
    expect(hotel).to.include({
      hotelName: 'Sea Breeze Grand Residency',
      priceCategory: 'Business',
      listed: true,
      created_at: recordedAt(1),
      updated_at: recordedAt(5),
    });
    expect(hotel!.roomOffers).to.deep.equal([
      { roomID: 'r1', roomType: 'Room', bedType: 'King', pricePerNight: 3500, hasKitchen: false, furnished: true },
      { roomID: 'r2', roomType: 'Flat', bedType: 'King', pricePerNight: 3000, hasKitchen: true, furnished: true },
    ]);
    expect(documents[collections.rooms]).to.deep.equal([
      {
        _id: 'r1',
        hotelID: 'h1',
        hotelName: 'Sea Breeze Grand Residency',
        ownerId: 'o1',
        ...room,
        pricePerNight: 3500,
        created_at: recordedAt(2),
        updated_at: recordedAt(4),
      },
      {
        _id: 'r2',
        hotelID: 'h1',
        hotelName: 'Sea Breeze Grand Residency',
        ownerId: 'o1',
        ...room,
        roomType: 'Flat',
        roomStandard: 'Family',
        hasKitchen: true,
        numberOfRooms: 2,
        created_at: recordedAt(3),
        updated_at: recordedAt(3),
      },
    ]);
  });

  it("changes only the hotel and rooms an event names: another hotel's whole life leaves them as they were", async () => {
    const first = [
      { type: 'HotelCreated', data: { ...details, ...ofHotel } },
      { type: 'RoomAdded', data: { ...room, roomId: 'r1', ...ofHotel, hotelName: details.hotelName } },
    ] as const;
    const ofSecond = { hotelId: 'h2', ownerId: 'o2' };
    const second = [
      { type: 'HotelCreated', data: { ...details, ...ofSecond } },
      { type: 'RoomAdded', data: { ...room, roomId: 'r2', ...ofSecond, hotelName: details.hotelName } },
      { type: 'HotelUpdated', data: { ...details, hotelName: 'Second', ...ofSecond, changedFields: ['hotelName'] } },
      { type: 'CancellationPolicySet', data: { ...ofSecond, policy: { freeUntilDaysBefore: 5, lateCharge: { kind: 'first-night' } } } },
      { type: 'RoomUpdated', data: { ...room, pricePerNight: 9000, roomId: 'r2', ...ofSecond, changedFields: ['pricePerNight'] } },
      { type: 'HotelDelisted', data: { ...ofSecond, reason: 'owner-deleted', delistedAt: '2026-11-22T10:00:09.000Z' } },
    ] as const;
    expect(await projectEvents(hotelsReadModel, [...first, ...second])).to.deep.equal(await projectEvents(hotelsReadModel, first));
  });

  it('takes a delisted hotel and its rooms off the model', async () => {
    const documents = await projectEvents(hotelsReadModel, [
      { type: 'HotelCreated', data: { ...details, ...ofHotel } },
      { type: 'HotelCreated', data: { ...details, hotelId: 'h2', ownerId: 'o2' } },
      { type: 'RoomAdded', data: { ...room, roomId: 'r1', ...ofHotel, hotelName: details.hotelName } },
      { type: 'HotelDelisted', data: { ...ofHotel, reason: 'owner-deleted', delistedAt: '2026-11-22T10:00:04.000Z' } },
    ]);
    expect(documents[collections.hotels]!.map((hotel) => hotel._id)).to.deep.equal(['h2']);
    expect(documents[collections.rooms]).to.deep.equal([]);
  });

  it("shows the hotel's cancellation policy as the owner last set it, through later updates", async () => {
    const week = { freeUntilDaysBefore: 7, lateCharge: { kind: 'percentage', percent: 20 } } as const;
    const fortnight = { freeUntilDaysBefore: 14, lateCharge: { kind: 'first-night' } } as const;
    const documents = await projectEvents(hotelsReadModel, [
      { type: 'HotelCreated', data: { ...details, ...ofHotel } },
      { type: 'HotelCreated', data: { ...details, hotelId: 'h2', ownerId: 'o2' } },
      { type: 'CancellationPolicySet', data: { ...ofHotel, policy: week } },
      { type: 'CancellationPolicySet', data: { ...ofHotel, policy: fortnight } },
      { type: 'HotelUpdated', data: { ...details, ...ofHotel, description: 'Renovated in 2026, with a new rooftop cafe.', changedFields: ['description'] } },
    ]);
    const policies = Object.fromEntries(documents[collections.hotels]!.map((hotel) => [hotel._id, hotel['cancellationPolicy']]));
    expect(policies).to.deep.equal({ h1: fortnight, h2: TERMS_BEFORE_POLICIES });
  });

  it("answers from version 3's documents (room types by room, no offers) as from version 4's, as queries read them until version 4 goes live", async () => {
    const ofSecond = { hotelId: 'h2', ownerId: 'o2' };
    const documents = await projectEvents(hotelsReadModel, [
      { type: 'HotelCreated', data: { ...details, ...ofHotel } },
      { type: 'HotelCreated', data: { ...details, hotelName: 'Hill View', city: 'Shimla', ...ofSecond } },
      { type: 'HotelCreated', data: { ...details, hotelName: 'No Rooms Yet', hotelId: 'h3', ownerId: 'o3' } },
      { type: 'RoomAdded', data: { ...room, roomId: 'r1', ...ofHotel, hotelName: details.hotelName } },
      {
        type: 'RoomAdded',
        data: { ...room, roomType: 'Flat', bedType: 'Double', hasKitchen: true, pricePerNight: 5000, roomId: 'r2', ...ofSecond, hotelName: 'Hill View' },
      },
      { type: 'RoomAdded', data: { ...room, furnished: false, pricePerNight: 2500, roomId: 'r3', ...ofSecond, hotelName: 'Hill View' } },
      { type: 'RoomUpdated', data: { ...room, pricePerNight: 4500, roomId: 'r1', ...ofHotel, changedFields: ['pricePerNight'] } },
    ]);
    /** The model's queries over its documents as given, by logical collection name. */
    const queriesOver = async (hotels: Document[], rooms: Document[]) => {
      const store = createEmbeddedReadStore();
      for (const hotel of hotels) await store.collection(collections.hotels).insertOne(hotel);
      for (const room of rooms) await store.collection(collections.rooms).insertOne(room);
      return hotelsReadModel.queries({ collection: (name) => store.collection(name) });
    };
    const asVersion3 = documents[collections.hotels]!.map(({ roomOffers, ...hotel }) => ({
      ...hotel,
      roomTypesByRoom: Object.fromEntries((roomOffers as { roomID: string; roomType: string }[]).map((offer) => [offer.roomID, offer.roomType])),
    }));
    const version4 = await queriesOver(documents[collections.hotels]!, documents[collections.rooms]!);
    const version3 = await queriesOver(asVersion3, documents[collections.rooms]!);
    const page = { page: 1, limit: 10, sort: 'created_at', order: 'desc', startingPrice: undefined, maxPrice: undefined, stay: undefined } as const;
    const searches: Partial<HotelSearch>[] = [
      { roomType: ['Flat'] },
      { roomType: ['Room'], pricePerNight: 3000 },
      { bedType: ['King'], furnished: true },
      { hasKitchen: true },
      { roomType: ['Room', 'Flat'], searchTerm: 'shimla' },
    ];
    const answers = [];
    for (const search of searches) {
      const found = await version4.searchHotels({ ...page, ...search });
      expect(await version3.searchHotels({ ...page, ...search }), JSON.stringify(search)).to.deep.equal(found);
      answers.push(found.hotels.map((hotel) => `${hotel._id}:${hotel.roomTypes.join('+')}`));
    }
    expect(answers).to.deep.equal([['h2:Room+Flat'], ['h2:Room+Flat'], ['h1:Room'], ['h2:Room+Flat'], ['h2:Room+Flat']]);
    expect(await version3.hotel('h1')).to.deep.equal(await version4.hotel('h1'));
  });
});
