import { expect } from 'chai';
import { searchActions } from '../../src/features/search/search.slice.ts';
import { selectNoHotelsFound, selectSearchResults } from '../../src/features/search/search.selectors.ts';
import { searchQueryOf, searchStringOf, usesRoomSearch } from '../../src/features/search/search-query.ts';
import { hotelsActions } from '../../src/features/hotels/hotels.slice.ts';
import { selectMatchingSuggestions, selectRoomsOfType, selectSliderImages, selectSuggestions } from '../../src/features/hotels/hotels.selectors.ts';
import type { Hotel, Room } from '../../src/lib/models.ts';
import { deferred, httpError, stubApis, testStore, until } from './support.ts';

const hotel = (id: string, patch: Partial<Hotel> = {}): Hotel => ({
  _id: id,
  hotelName: `Hotel ${id}`,
  address: 'Marine Drive, Churchgate, Mumbai',
  country: 'India',
  state: 'Maharashtra',
  city: 'Mumbai',
  pinCode: 400020,
  description: 'd',
  imageURLs: [`/media/${id}-1`, `/media/${id}-2`],
  phoneNumber: '9820000000',
  amenities: ['Free WiFi'],
  checkInTime: '12:00',
  checkOutTime: '11:00',
  startingPrice: 4000,
  range: 3,
  restaurants: [{ _id: 'r', name: 'Leopold Cafe', distance: 2 }],
  cinemaHalls: [{ _id: 'c', name: '', distance: 1 }],
  famousTouristPlaces: [{ _id: 't', name: 'Gateway of India', distance: 3 }],
  transportationFacilities: [{ _id: 'x', name: 'CST', distance: 4, type: 'Railway Station' }],
  ...patch,
});

describe('search saga (unit)', () => {
  it('cancels a running search when a new one starts, aborting its request, and keeps only the newest results', async () => {
    const first = deferred<Hotel[]>();
    const signals: AbortSignal[] = [];
    const store = testStore(
      stubApis({
        search: {
          searchHotels: (query, signal) => {
            signals.push(signal!);
            return query.searchTerm === 'old' ? first.promise : Promise.resolve([hotel('new')]);
          },
        },
      }),
    );
    store.dispatch(searchActions.requested({ query: searchQueryOf('?searchTerm=old') }));
    store.dispatch(searchActions.requested({ query: searchQueryOf('?searchTerm=fresh') }));
    const state = await until(store, (s) => s.search.status === 'succeeded');
    expect(signals).to.have.length(2);
    expect(signals[0]!.aborted).to.equal(true);
    expect(signals[1]!.aborted).to.equal(false);
    first.resolve([hotel('old')]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    expect(selectSearchResults(store.getState()).map((h) => h._id)).to.deep.equal(['new']);
    expect(state.search.query).to.deep.equal({ searchTerm: 'fresh', sort: 'created_at', order: 'desc' });
  });

  it('sends room filters to the room search and reports an empty result', async () => {
    let roomQuery: unknown;
    const store = testStore(
      stubApis({
        search: {
          searchRooms: async (query) => {
            roomQuery = query;
            return [];
          },
        },
      }),
    );
    store.dispatch(searchActions.requested({ query: searchQueryOf('?searchTerm=goa&roomType=Flat&bedType=King&furnished=true&sort=startingPrice&order=asc') }));
    const state = await until(store, (s) => s.search.status === 'succeeded');
    expect(roomQuery).to.deep.equal({ searchTerm: 'goa', sort: 'startingPrice', order: 'asc', bedType: 'King', roomType: 'Flat', furnished: 'true' });
    expect(selectNoHotelsFound(state)).to.equal(true);
  });

  it('builds query strings without empty values', () => {
    expect(searchStringOf({ searchTerm: 'Jaipur', minPrice: '', maxPrice: undefined, sort: 'startingPrice' })).to.equal('searchTerm=Jaipur&sort=startingPrice');
    expect(usesRoomSearch({ searchTerm: 'x', sort: 'created_at' })).to.equal(false);
  });
});

describe('hotels saga and selectors (unit)', () => {
  it('loads every hotel and derives grouped suggestions: cities, hotel names, places (areas, state, country, nearby places); empties dropped, each once', async () => {
    const store = testStore(stubApis({ hotels: { allHotels: async () => [hotel('a'), hotel('b', { hotelName: 'Sea View', city: 'Mumbai' })] } }));
    store.dispatch(hotelsActions.listRequested());
    const state = await until(store, (s) => s.hotels.list.status === 'succeeded');
    expect(selectSuggestions(state)).to.deep.equal([
      { kind: 'cities', texts: ['Mumbai'] },
      { kind: 'hotels', texts: ['Hotel a', 'Sea View'] },
      { kind: 'places', texts: ['Gateway of India', 'Churchgate', 'Maharashtra', 'India', 'Leopold Cafe', 'Railway Station'] },
    ]);
    expect(selectSuggestions(state)).to.equal(selectSuggestions(store.getState()));
    expect(selectMatchingSuggestions(state, 'GATE')).to.deep.equal([{ kind: 'places', texts: ['Gateway of India', 'Churchgate'] }]);
    expect(selectMatchingSuggestions(state, '  ')).to.deep.equal([]);
    expect(selectSliderImages(state).map((s) => s.url)).to.deep.equal(['/media/a-1', '/media/a-2', '/media/b-1', '/media/b-2']);
  });

  it('marks a hotel that answers 404 as not found, and other failures as failed', async () => {
    const store = testStore(
      stubApis({ hotels: { hotel: (id) => Promise.reject(id === 'gone' ? httpError(404, { message: 'Hotel not found' }) : httpError(500, {})) } }),
    );
    store.dispatch(hotelsActions.detailRequested({ hotelId: 'gone' }));
    expect((await until(store, (s) => s.hotels.detail.status !== 'loading')).hotels.detail.status).to.equal('notFound');
    store.dispatch(hotelsActions.detailRequested({ hotelId: 'broken' }));
    expect((await until(store, (s) => s.hotels.detail.status !== 'loading')).hotels.detail.status).to.equal('failed');
  });

  it('offers as standards only the rooms of the chosen type', async () => {
    const room = (id: string, roomType: 'Room' | 'Flat'): Room => ({
      _id: id,
      hotelID: 'h',
      hotelName: 'H',
      roomType,
      roomStandard: id,
      size: 20,
      bedType: 'King',
      amenities: [],
      pricePerNight: 1000,
      numberOfRooms: 1,
      hasKitchen: false,
      furnished: false,
      imageURLs: [],
      totalUnits: 1,
      maxGuests: 3,
    });
    const store = testStore(stubApis({ hotels: { rooms: async () => [room('deluxe', 'Room'), room('family flat', 'Flat'), room('standard', 'Room')] } }));
    store.dispatch(hotelsActions.roomsRequested({ hotelId: 'h' }));
    const state = await until(store, (s) => s.hotels.rooms.status === 'succeeded');
    expect(selectRoomsOfType(state, 'Room').map((r) => r._id)).to.deep.equal(['deluxe', 'standard']);
    expect(selectRoomsOfType(state, 'Flat').map((r) => r._id)).to.deep.equal(['family flat']);
    expect(selectRoomsOfType(state, null)).to.deep.equal([]);
  });
});
