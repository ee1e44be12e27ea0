/** Stays by dates (issue #27): the stay in an address, the availability checks (hotel page, booking page, after a 409), the search's stay keys, Guests per unit. */
import { expect } from 'chai';
import { addDays, earliestCommencement, type ListingAvailability, type Stay } from '@stays/contracts';
import { bookingActions, selectStayVerdict } from '../../src/features/booking/booking.slice.ts';
import type { BookingFormData } from '../../src/features/booking/api/booking-api.ts';
import { selectRoomVerdicts } from '../../src/features/hotels/hotels.selectors.ts';
import { hotelsActions } from '../../src/features/hotels/hotels.slice.ts';
import { draftFromRoom, emptyRoomDraft, roomFormData } from '../../src/features/owner-rooms/room-draft.ts';
import { searchQueryOf } from '../../src/features/search/search-query.ts';
import type { Room } from '../../src/lib/models.ts';
import { mayBook } from '../../src/lib/room-verdict.ts';
import { stayFromParams, stayQueryString, withStay } from '../../src/lib/stay.ts';
import { deferred, httpError, stubApis, testStore, until } from './support.ts';

const NOW = new Date('2030-01-01T06:00:00Z'); // 11:30 in India: the earliest check-in is 2030-01-02
const stay = (patch: Partial<Stay> = {}): Stay => ({ checkIn: '2030-03-10', nights: 2, rooms: 1, guests: 2, ...patch });
const listing = (roomID: string, patch: Partial<ListingAvailability> = {}): ListingAvailability => ({
  roomID,
  roomType: 'Room',
  roomStandard: 'Deluxe',
  maxGuests: 2,
  nights: [
    { date: '2030-03-10', free: 5 },
    { date: '2030-03-11', free: 5 },
  ],
  minFree: 5,
  bookable: true,
  quote: { totalAmount: 20000, discountAmount: 4000, payableAmount: 16000 },
  nearestCheckIn: null,
  ...patch,
});
const room = (id: string, patch: Partial<Room> = {}): Room => ({
  _id: id,
  hotelID: 'h1',
  hotelName: 'Hotel',
  roomType: 'Room',
  roomStandard: `Standard ${id}`,
  size: 20,
  bedType: 'Double',
  amenities: [],
  pricePerNight: 5000,
  numberOfRooms: 1,
  hasKitchen: false,
  furnished: true,
  imageURLs: [],
  totalUnits: 4,
  maxGuests: 2,
  ...patch,
});

describe('the stay in an address (unit)', () => {
  const of = (query: string) => stayFromParams(new URLSearchParams(query), NOW);

  it("reads checkIn with checkOut or nights, rooms and guests, and the spec's date as one night", () => {
    expect(of('checkIn=2030-03-10&checkOut=2030-03-13&rooms=2&guests=3')).to.deep.equal({
      stay: { checkIn: '2030-03-10', nights: 3, rooms: 2, guests: 3 },
      wished: '2030-03-10',
      moved: false,
    });
    expect(of('checkIn=2030-03-10&nights=4').stay).to.deep.equal({ checkIn: '2030-03-10', nights: 4, rooms: 1, guests: 1 });
    expect(of('date=2030-03-10').stay).to.deep.equal({ checkIn: '2030-03-10', nights: 1, rooms: 1, guests: 1 });
    expect(of('').stay.checkIn).to.equal(earliestCommencement(NOW));
  });

  it('moves a stale check-in into range (and says so), and keeps counts within booking bounds', () => {
    expect(of('date=2020-01-01')).to.deep.include({ wished: '2020-01-01', moved: true });
    expect(of('date=2020-01-01').stay.checkIn).to.equal('2030-01-02');
    expect(of('checkIn=2030-03-10&checkOut=2030-06-10&rooms=99&guests=0').stay).to.deep.equal({ checkIn: '2030-03-10', nights: 30, rooms: 10, guests: 1 });
    expect(of('checkIn=2030-03-10&checkOut=nonsense').stay.nights).to.equal(1);
  });

  it('writes check-in, check-out, rooms and guests, replacing the stay keys of a query string and keeping the rest', () => {
    expect(stayQueryString(stay())).to.equal('checkIn=2030-03-10&checkOut=2030-03-12&rooms=1&guests=2');
    expect(withStay('?searchTerm=Goa&date=2030-01-05&nights=3', stay({ nights: 1 }))).to.equal(
      'searchTerm=Goa&checkIn=2030-03-10&checkOut=2030-03-11&rooms=1&guests=2',
    );
  });

  it("sends a search's stay as its keys (a stale check-in moved), and no stay keys when there is none", () => {
    expect(searchQueryOf('?searchTerm=Goa&checkIn=2030-03-10&nights=2', NOW)).to.deep.include({
      checkIn: '2030-03-10',
      checkOut: '2030-03-12',
      rooms: '1',
      guests: '1',
    });
    expect(searchQueryOf('?searchTerm=Goa&date=2020-01-01', NOW)).to.deep.include({ checkIn: '2030-01-02', checkOut: '2030-01-03' });
    expect(searchQueryOf('?searchTerm=Goa', NOW)).to.deep.equal({ searchTerm: 'Goa', sort: 'created_at', order: 'desc' });
  });
});

describe("the hotel page's availability (unit)", () => {
  it('cancels the check of an older stay (aborting its request), and says per room: available, Only N left, too many guests, sold out with the nearest check-in', async () => {
    const older = deferred<ListingAvailability[]>();
    const signals: AbortSignal[] = [];
    const store = testStore(
      stubApis({
        hotels: {
          availability: (_hotelID, asked, signal) => {
            signals.push(signal!);
            if (asked.nights === 1) return older.promise;
            return Promise.resolve([
              listing('r1'),
              listing('r2', { minFree: 2 }),
              listing('r3', { maxGuests: 1, bookable: false }),
              listing('r4', { minFree: 0, bookable: false, nearestCheckIn: '2030-03-14' }),
            ]);
          },
        },
      }),
    );
    store.dispatch(hotelsActions.roomsLoaded({ hotelId: 'h1', rooms: ['r1', 'r2', 'r3', 'r4'].map((id) => room(id)) }));
    expect(selectRoomVerdicts(store.getState(), 'h1', stay())['r1']).to.deep.equal({ kind: 'checking' });
    store.dispatch(hotelsActions.availabilityRequested({ hotelId: 'h1', stay: stay({ nights: 1 }) }));
    store.dispatch(hotelsActions.availabilityRequested({ hotelId: 'h1', stay: stay() }));
    const state = await until(store, (s) => s.hotels.availability.status === 'succeeded');
    expect(signals.map((signal) => signal.aborted)).to.deep.equal([true, false]);
    older.resolve([listing('r1', { minFree: 1 })]);
    await new Promise((resolve) => setTimeout(resolve, 10));
    const verdicts = selectRoomVerdicts(store.getState(), 'h1', stay());
    expect(verdicts).to.deep.equal({
      r1: { kind: 'available', onlyLeft: null, payableAmount: 16000 },
      r2: { kind: 'available', onlyLeft: 2, payableAmount: 16000 },
      r3: { kind: 'tooManyGuests', sleeps: 1 },
      r4: { kind: 'soldOut', free: 0, nearestCheckIn: '2030-03-14' },
    });
    // memoised for the same stay; another stay's verdicts are not these
    expect(selectRoomVerdicts(state, 'h1', stay())).to.equal(selectRoomVerdicts(state, 'h1', stay()));
    expect(selectRoomVerdicts(store.getState(), 'h1', stay({ guests: 1 }))['r1']).to.deep.equal({ kind: 'checking' });
  });

  it('says nothing it does not know when the check fails', async () => {
    const store = testStore(stubApis({ hotels: { availability: () => Promise.reject(httpError(500, {})) } }));
    store.dispatch(hotelsActions.roomsLoaded({ hotelId: 'h1', rooms: [room('r1')] }));
    store.dispatch(hotelsActions.availabilityRequested({ hotelId: 'h1', stay: stay() }));
    const state = await until(store, (s) => s.hotels.availability.status === 'failed');
    expect(selectRoomVerdicts(state, 'h1', stay())['r1']).to.deep.equal({ kind: 'unknown', reason: null });
  });

  it("says the server's reason when it refuses the stay", async () => {
    const reason = 'Choose a check-in date from tomorrow up to a year ahead.';
    const store = testStore(stubApis({ hotels: { availability: () => Promise.reject(httpError(400, { success: false, statusCode: 400, message: reason })) } }));
    store.dispatch(hotelsActions.roomsLoaded({ hotelId: 'h1', rooms: [room('r1')] }));
    store.dispatch(hotelsActions.availabilityRequested({ hotelId: 'h1', stay: stay() }));
    const state = await until(store, (s) => s.hotels.availability.status === 'failed');
    expect(selectRoomVerdicts(state, 'h1', stay())['r1']).to.deep.equal({ kind: 'unknown', reason });
    // a new check forgets the old reason
    store.dispatch(hotelsActions.availabilityRequested({ hotelId: 'h1', stay: stay() }));
    expect(store.getState().hotels.availability.refusal).to.equal(null);
  });
});

describe("the booking page's availability (unit)", () => {
  it('checks the listing for the latest stay only, and lets the guest on when available, not when sold out or too many guests', async () => {
    const asked: Stay[] = [];
    const store = testStore(
      stubApis({
        booking: {
          availability: async (_hotelID, s) => {
            asked.push(s);
            if (s.guests > 2) return [listing('r1')];
            return [listing('r1', s.checkIn === '2030-03-10' ? { minFree: 0, bookable: false, nearestCheckIn: '2030-03-12' } : { minFree: 3 })];
          },
        },
      }),
    );
    const verdict = (s: Stay) => selectStayVerdict(store.getState(), 'h1', 'r1', s);
    expect(selectStayVerdict(store.getState(), 'h1', null, stay())).to.equal(null);
    store.dispatch(bookingActions.availabilityRequested({ hotelId: 'h1', roomId: 'r1', stay: stay() }));
    expect(verdict(stay())).to.deep.equal({ kind: 'checking' });
    expect(mayBook(verdict(stay())!)).to.equal(false);
    await until(store, (s) => s.booking.availability.status === 'succeeded');
    expect(verdict(stay())).to.deep.equal({ kind: 'soldOut', free: 0, nearestCheckIn: '2030-03-12' });

    const moved = stay({ checkIn: '2030-03-12' });
    store.dispatch(bookingActions.availabilityRequested({ hotelId: 'h1', roomId: 'r1', stay: moved }));
    await until(store, (s) => s.booking.availability.status === 'succeeded');
    expect(verdict(moved)).to.deep.equal({ kind: 'available', onlyLeft: 3, payableAmount: 16000 });
    expect(mayBook(verdict(moved)!)).to.equal(true);

    const crowd = stay({ checkIn: '2030-03-12', guests: 3 });
    store.dispatch(bookingActions.availabilityRequested({ hotelId: 'h1', roomId: 'r1', stay: crowd }));
    await until(store, (s) => s.booking.availability.status === 'succeeded');
    expect(verdict(crowd)).to.deep.equal({ kind: 'tooManyGuests', sleeps: 2 });
    expect(asked).to.have.length(3);
  });

  it("says the server's reason when it refuses the stay, and lets the guest on (booking decides)", async () => {
    const reason = 'Nights must be a whole number from 1 to 30.';
    const store = testStore(
      stubApis({ booking: { availability: () => Promise.reject(httpError(400, { success: false, statusCode: 400, message: reason })) } }),
    );
    store.dispatch(bookingActions.availabilityRequested({ hotelId: 'h1', roomId: 'r1', stay: stay() }));
    await until(store, (s) => s.booking.availability.status === 'failed');
    const verdict = selectStayVerdict(store.getState(), 'h1', 'r1', stay());
    expect(verdict).to.deep.equal({ kind: 'unknown', reason });
    expect(mayBook(verdict!)).to.equal(true);
  });

  it('after a 409 says what happened and offers the nearest check-in of that listing for as many nights', async () => {
    const form = {
      hotelID: 'h1',
      roomType: 'Room',
      roomStandard: 'Deluxe',
      dateOfCommencement: '2030-03-10',
      numberOfNights: 2,
      numberOfRooms: 1,
      numberOfGuests: 2,
      customerPhoneNumber: '9822012345',
    } as BookingFormData;
    const refusal = 'No room of this kind is free on 2030-03-10. Please choose other dates.';
    let asked: Stay | undefined;
    const store = testStore(
      stubApis({
        booking: {
          book: () => Promise.reject(httpError(409, { success: false, message: refusal })),
          availability: async (_hotelID, s) => {
            asked = s;
            return [listing('r0', { roomStandard: 'Standard' }), listing('r1', { minFree: 0, bookable: false, nearestCheckIn: '2030-03-15' })];
          },
        },
      }),
    );
    store.dispatch(bookingActions.submitted(form, { hotelName: 'H', payableAmount: 16000 }));
    const state = await until(store, (s) => s.booking.submit.status === 'failed');
    expect(state.booking.submit).to.deep.include({ error: refusal, nearestCheckIn: '2030-03-15' });
    expect(asked).to.deep.equal({ checkIn: '2030-03-10', nights: 2, rooms: 1, guests: 2 });
    expect(selectStayVerdict(state, 'h1', 'r1', stay())).to.deep.equal({ kind: 'soldOut', free: 0, nearestCheckIn: '2030-03-15' });

    // Other refusals ask nothing more.
    const other = testStore(stubApis({ booking: { book: () => Promise.reject(httpError(400, { message: 'numberOfGuests: too many' })) } }));
    other.dispatch(bookingActions.submitted(form, { hotelName: 'H', payableAmount: 16000 }));
    expect((await until(other, (s) => s.booking.submit.status === 'failed')).booking.submit).to.deep.include({
      error: 'numberOfGuests: too many',
      nearestCheckIn: null,
    });
  });

  it('keeps the stay picked on the home, search or hotel page for the next page', () => {
    const store = testStore(stubApis({}));
    store.dispatch(bookingActions.stayChosen({ stay: stay() }));
    store.dispatch(bookingActions.started());
    expect(store.getState().booking.stay).to.deep.equal(stay());
    store.dispatch(bookingActions.dateChosen({ date: addDays('2030-03-10', 5) }));
    expect(store.getState().booking.stay).to.deep.equal(stay({ checkIn: '2030-03-15' }));
  });
});

describe('Guests per unit on the room form (unit)', () => {
  it('is left out when empty (the beds decide), sent when set, and filled in from the room on update', () => {
    const filled = {
      ...emptyRoomDraft(),
      roomStandard: 'Deluxe',
      size: '20',
      pricePerNight: '5000',
      images: [new File(['x'], 'a.png', { type: 'image/png' })],
    };
    const blank = roomFormData(filled, 'create', 'h1');
    expect('form' in blank && blank.form.has('maxGuests')).to.equal(false);
    const set = roomFormData({ ...filled, maxGuests: '4' }, 'create', 'h1');
    expect('form' in set && set.form.get('maxGuests')).to.equal('4');
    const tooMany = roomFormData({ ...filled, maxGuests: '21' }, 'create', 'h1');
    expect(tooMany).to.deep.equal({ error: 'Guests per unit must be a whole number from 1 to 20.' });
    expect(draftFromRoom(room('r1', { maxGuests: 3 })).maxGuests).to.equal('3');
  });
});
