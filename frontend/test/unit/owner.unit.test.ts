import { expect } from 'chai';
import { messages, type BookingView, type SessionUser } from '@stays/contracts';
import type { Hotel, Room } from '../../src/lib/models.ts';
import {
  arrivalsOf,
  canMarkPaid,
  minutesAndSeconds,
  phaseCounts,
  selectOwnerBookings,
  selectOwnerHasBookings,
} from '../../src/features/owner-bookings/owner-bookings.selectors.ts';
import { ownerBookingsActions } from '../../src/features/owner-bookings/owner-bookings.slice.ts';
import { draftFromHotel, emptyHotelDraft, hotelImageCountError, placeDraftError, type HotelDraft } from '../../src/features/owner-hotel/hotel-draft.ts';
import { selectHasHotel, selectOwnerHotelFor } from '../../src/features/owner-hotel/owner-hotel.selectors.ts';
import { ownerHotelActions } from '../../src/features/owner-hotel/owner-hotel.slice.ts';
import { selectOwnerRooms, selectRoomUpdated } from '../../src/features/owner-rooms/owner-rooms.selectors.ts';
import { ownerRoomsActions } from '../../src/features/owner-rooms/owner-rooms.slice.ts';
import { draftFromRoom, emptyRoomDraft, roomImageCountError, type RoomDraft } from '../../src/features/owner-rooms/room-draft.ts';
import { sessionActions } from '../../src/features/session/session.slice.ts';
import { aBookingView, deferred, httpError, stubApis, testStore, until } from './support.ts';

const ui = messages.ui;
const image = (n: number) => new File([new Uint8Array([137, 80, 78, 71, n])], `photo-${n}.png`, { type: 'image/png' });
const images = (count: number) => Array.from({ length: count }, (_, i) => image(i + 1));

const hotelDraft = (patch: Partial<HotelDraft> = {}): HotelDraft => ({
  ...emptyHotelDraft(),
  fields: {
    hotelName: 'Lake Palace Residency',
    description: 'A quiet lakeside hotel with rooms and family apartments near the City Palace.',
    address: '12 Lake Road, Fateh Sagar',
    country: 'India',
    state: '',
    city: 'Udaipur',
    pinCode: '313001',
    phoneNumber: '9829012345',
    amenities: 'Free WiFi, AC',
    startingPrice: '4500',
    checkInTime: '14:00',
    checkOutTime: '11:00',
  },
  places: {
    restaurants: [{ name: 'Ambrai', distance: 2 }],
    cinemaHalls: [],
    famousTouristPlaces: [],
    transportationFacilities: [{ name: 'Airport', type: 'Airport', distance: 22 }],
  },
  images: images(5),
  ...patch,
});

const hotel: Hotel = {
  _id: 'h1',
  hotelName: 'Lake Palace Residency',
  address: '12 Lake Road, Fateh Sagar',
  country: 'India',
  city: 'Udaipur',
  pinCode: 313001,
  description: 'A quiet lakeside hotel with rooms and family apartments near the City Palace.',
  imageURLs: ['/m/1', '/m/2', '/m/3', '/m/4', '/m/5'],
  phoneNumber: '9829012345',
  amenities: ['Free WiFi', 'AC'],
  checkInTime: '14:00',
  checkOutTime: '11:00',
  startingPrice: 4500,
  range: 2,
  restaurants: [{ _id: 'p1', name: 'Ambrai', distance: 2 }],
  cinemaHalls: [],
  famousTouristPlaces: [],
  transportationFacilities: [],
};

const room: Room = {
  _id: 'r1',
  hotelID: 'h1',
  hotelName: 'Lake Palace Residency',
  roomType: 'Room',
  roomStandard: 'Deluxe',
  size: 24,
  bedType: 'Double',
  amenities: ['Free WiFi', 'AC'],
  pricePerNight: 4500,
  numberOfRooms: 1,
  hasKitchen: false,
  furnished: false,
  imageURLs: ['/m/r1'],
  totalUnits: 5,
  maxGuests: 2,
};

const formFields = (form: FormData) =>
  Object.fromEntries([...form.keys()].map((key) => [key, form.getAll(key).map((v) => (typeof v === 'string' ? v : (v as File).name))]));

describe('owner hotel (unit)', () => {
  it('applies the image count rules of UPLOAD IMAGES and the nearby place rules', () => {
    expect([0, 4, 5, 10, 11].map(hotelImageCountError)).to.deep.equal([ui.uploadImages, ui.uploadMoreThanFive, null, null, ui.uploadMaximumTen]);
    expect([0, 1, 2, 3].map(roomImageCountError)).to.deep.equal([ui.uploadImages, null, null, ui.uploadAtMostTwo]);
    expect(placeDraftError('restaurants', { name: 'Ambrai', distance: 30 }, 'create')).to.equal(null);
    expect(placeDraftError('restaurants', { name: 'Ambrai', distance: 31 }, 'create')).to.equal(ui.placeDistanceMax(30));
    expect(placeDraftError('restaurants', { name: 'Ambrai', distance: 3 }, 'update')).to.equal(ui.placeDistanceMinOnUpdate(5));
    expect(placeDraftError('restaurants', { _id: 'p1', name: 'Ambrai', distance: 3 }, 'update')).to.equal(null);
    expect(placeDraftError('restaurants', { name: ' ', distance: 3 }, 'create')).to.equal(ui.placeNameRequired);
    expect(placeDraftError('transportationFacilities', { name: 'X', distance: 3 }, 'create')).to.equal(ui.placeTypeRequired);
  });

  it('adds a hotel once for a double submit, sending fields, every place list as JSON, the images and range', async () => {
    const call = deferred<{ data: { _id: string }; message: string }>();
    const sent: FormData[] = [];
    const store = testStore(
      stubApis({
        ownerHotel: {
          createHotel: (form) => {
            sent.push(form);
            return call.promise;
          },
        },
      }),
    );
    store.dispatch(ownerHotelActions.submitted({ mode: 'create', draft: hotelDraft() }));
    store.dispatch(ownerHotelActions.submitted({ mode: 'create', draft: hotelDraft() }));
    call.resolve({ data: { _id: 'h9' }, message: messages.server.hotelCreated });
    const state = await until(store, (s) => s.ownerHotel.submit.status === 'saved');
    expect(sent).to.have.length(1);
    const fields = formFields(sent[0]!);
    expect(fields['hotelName']).to.deep.equal(['Lake Palace Residency']);
    expect(fields['state']).to.equal(undefined);
    expect(fields['imageURLs']).to.have.length(5);
    expect(fields['cinemaHalls']).to.deep.equal(['[]']);
    expect(JSON.parse(fields['transportationFacilities']![0]!)).to.deep.equal([{ name: 'Airport', distance: 22, type: 'Airport' }]);
    expect(fields['range']).to.deep.equal(['12']);
    expect(state.ownerHotel.submit).to.include({ savedId: 'h9', message: messages.server.hotelCreated });
    expect(selectHasHotel(state)).to.equal(true);
  });

  it('refuses a draft that breaks a rule without calling the server, in the server wording', async () => {
    const store = testStore(stubApis());
    for (const [draft, text] of [
      [hotelDraft({ images: images(4) }), ui.uploadMoreThanFive],
      [hotelDraft({ images: [] }), ui.uploadImages],
      [hotelDraft({ fields: { ...hotelDraft().fields, hotelName: 'Short' } }), 'Hotel name must be 10 to 60 characters long.'],
      [hotelDraft({ fields: { ...hotelDraft().fields, phoneNumber: '98290' } }), 'Phone number must be 10 digits.'],
    ] as const) {
      store.dispatch(ownerHotelActions.submitted({ mode: 'create', draft }));
      expect((await until(store, (s) => s.ownerHotel.submit.status === 'failed')).ownerHotel.submit.error).to.equal(text);
      store.dispatch(ownerHotelActions.formOpened());
    }
  });

  it('updates a hotel: images only when new ones are chosen, removed images need new ones, failures show the server text or the fallback', async () => {
    const sent: FormData[] = [];
    const store = testStore(
      stubApis({
        ownerHotel: {
          hotel: async () => hotel,
          updateHotel: async (_id, form) => {
            sent.push(form);
            return { data: { _id: 'h1' }, message: messages.server.hotelUpdated };
          },
        },
      }),
    );
    store.dispatch(ownerHotelActions.hotelRequested({ hotelId: 'h1' }));
    const loaded = await until(store, (s) => s.ownerHotel.hotel.status === 'succeeded');
    expect(selectOwnerHotelFor(loaded, 'h1').hotel?.hotelName).to.equal(hotel.hotelName);
    const draft = draftFromHotel(hotel);

    store.dispatch(ownerHotelActions.submitted({ mode: 'update', hotelId: 'h1', draft: { ...draft, removedImages: ['/m/1'] } }));
    expect((await until(store, (s) => s.ownerHotel.submit.status === 'failed')).ownerHotel.submit.error).to.equal(ui.removedImagesNeedNew);

    const newPlace = { ...draft, places: { ...draft.places, cinemaHalls: [{ name: 'Paras', distance: 6 }] } };
    store.dispatch(ownerHotelActions.submitted({ mode: 'update', hotelId: 'h1', draft: newPlace }));
    await until(store, (s) => s.ownerHotel.submit.status === 'saved');
    const fields = formFields(sent[0]!);
    expect(fields['imageURLs']).to.equal(undefined);
    expect(JSON.parse(fields['restaurants']![0]!)).to.deep.equal([{ _id: 'p1', name: 'Ambrai', distance: 2 }]);
    expect(JSON.parse(fields['cinemaHalls']![0]!)).to.deep.equal([{ name: 'Paras', distance: 6 }]);

    for (const [error, text] of [
      [httpError(403, { success: false, message: messages.server.notYourHotel }), messages.server.notYourHotel],
      [httpError(500, {}), ui.updateHotelFailed],
    ] as const) {
      const failing = testStore(stubApis({ ownerHotel: { updateHotel: () => Promise.reject(error) } }));
      failing.dispatch(ownerHotelActions.submitted({ mode: 'update', hotelId: 'h1', draft }));
      expect((await until(failing, (s) => s.ownerHotel.submit.status === 'failed')).ownerHotel.submit.error).to.equal(text);
    }
  });

  it('knows whether the owner has a hotel (bare id or null)', async () => {
    const none = testStore(stubApis({ ownerHotel: { ownerHotelId: async () => null } }));
    none.dispatch(ownerHotelActions.ownHotelRequested());
    expect(selectHasHotel(await until(none, (s) => s.ownerHotel.own.status === 'succeeded'))).to.equal(false);
    const some = testStore(stubApis({ ownerHotel: { ownerHotelId: async () => 'h1' } }));
    some.dispatch(ownerHotelActions.ownHotelRequested());
    expect((await until(some, (s) => s.ownerHotel.own.status === 'succeeded')).ownerHotel.own.hotelId).to.equal('h1');
  });
});

describe('owner rooms (unit)', () => {
  const roomDraft = (patch: Partial<RoomDraft> = {}): RoomDraft => ({
    ...emptyRoomDraft(),
    roomStandard: 'Deluxe',
    amenities: 'Free WiFi AC',
    size: '24',
    pricePerNight: '4500',
    images: images(2),
    ...patch,
  });

  it('adds a room once for a double submit; Flat-only fields are sent for a Flat only; image count rules', async () => {
    const call = deferred<{ data: { _id: string }; message: string }>();
    const sent: FormData[] = [];
    const store = testStore(
      stubApis({
        ownerRooms: {
          createRoom: (form) => {
            sent.push(form);
            return call.promise;
          },
        },
      }),
    );
    store.dispatch(ownerRoomsActions.submitted({ mode: 'create', hotelId: 'h1', draft: roomDraft() }));
    store.dispatch(ownerRoomsActions.submitted({ mode: 'create', hotelId: 'h1', draft: roomDraft() }));
    call.resolve({ data: { _id: 'r9' }, message: messages.server.roomAdded });
    await until(store, (s) => s.ownerRooms.submit.status === 'saved');
    expect(sent).to.have.length(1);
    const fields = formFields(sent[0]!);
    expect(fields).to.include.keys('hotelID', 'roomType', 'furnished', 'totalUnits', 'imageURLs');
    expect(fields).to.not.have.keys('numberOfRooms');
    expect(fields['hasKitchen']).to.equal(undefined);

    store.dispatch(
      ownerRoomsActions.submitted({
        mode: 'create',
        hotelId: 'h1',
        draft: roomDraft({ roomType: 'Flat', numberOfRooms: 3, hasKitchen: true, images: images(1) }),
      }),
    );
    await until(store, () => sent.length === 2);
    expect(formFields(sent[1]!)).to.deep.include({ numberOfRooms: ['3'], hasKitchen: ['true'], roomType: ['Flat'] });
    for (const [draft, text] of [
      [roomDraft({ images: images(3) }), ui.uploadAtMostTwo],
      [roomDraft({ images: [] }), ui.uploadImages],
      [roomDraft({ size: '-1' }), 'Room size must be a number from 0 to 100000.'],
    ] as const) {
      const store2 = testStore(stubApis());
      store2.dispatch(ownerRoomsActions.submitted({ mode: 'create', hotelId: 'h1', draft }));
      expect((await until(store2, (s) => s.ownerRooms.submit.status === 'failed')).ownerRooms.submit.error).to.equal(text);
    }
  });

  it('updates a room: images only when chosen, then the success text and the room read again', async () => {
    let reads = 0;
    const sent: FormData[] = [];
    const store = testStore(
      stubApis({
        ownerRooms: {
          room: async () => ({ ...room, pricePerNight: reads++ === 0 ? 4500 : 5000 }),
          updateRoom: async (_h, _r, form) => {
            sent.push(form);
            return { data: { _id: 'r1' }, message: messages.server.roomUpdated };
          },
        },
      }),
    );
    store.dispatch(ownerRoomsActions.roomRequested({ hotelId: 'h1', roomId: 'r1' }));
    const loaded = await until(store, (s) => s.ownerRooms.room.status === 'succeeded');
    expect(selectRoomUpdated(loaded)).to.equal(false);
    store.dispatch(
      ownerRoomsActions.submitted({
        mode: 'update',
        hotelId: 'h1',
        roomId: 'r1',
        draft: { ...draftFromRoom(loaded.ownerRooms.room.data!), pricePerNight: '5000' },
      }),
    );
    const state = await until(store, (s) => s.ownerRooms.room.data?.pricePerNight === 5000);
    expect(selectRoomUpdated(state)).to.equal(true);
    const fields = formFields(sent[0]!);
    expect(fields['pricePerNight']).to.deep.equal(['5000']);
    expect(fields['imageURLs']).to.equal(undefined);
    expect(fields['hotelID']).to.equal(undefined);
  });

  it('shows the room load errors of the update form and the list error', async () => {
    for (const [error, text] of [
      [httpError(404, { success: false, message: messages.server.roomNotFound }), messages.server.roomNotFound],
      [httpError(500, {}), ui.errorFetchingRoomData],
    ] as const) {
      const store = testStore(stubApis({ ownerRooms: { room: () => Promise.reject(error) } }));
      store.dispatch(ownerRoomsActions.roomRequested({ hotelId: 'h1', roomId: 'r1' }));
      expect((await until(store, (s) => s.ownerRooms.room.status === 'failed')).ownerRooms.room.error).to.equal(text);
    }
    const store = testStore(stubApis({ ownerRooms: { rooms: async () => [room] } }));
    store.dispatch(ownerRoomsActions.listRequested({ hotelId: 'h1' }));
    expect(selectOwnerRooms(await until(store, (s) => s.ownerRooms.list.status === 'succeeded'))).to.deep.equal([room]);
    const failing = testStore(stubApis({ ownerRooms: { rooms: () => Promise.reject(httpError(500, {})) } }));
    failing.dispatch(ownerRoomsActions.listRequested({ hotelId: 'h1' }));
    expect((await until(failing, (s) => s.ownerRooms.list.status === 'failed')).ownerRooms.list.error).to.equal(ui.errorWhileLoadingData);
  });
});

describe('owner bookings and profile (unit)', () => {
  describe('the arrivals view', () => {
    // 10 January 2030, 10:00 in India
    const now = new Date('2030-01-10T04:30:00Z');
    const stays = [
      aBookingView('later', { dateOfCommencement: '2030-02-01', customerName: 'Ravi Menon', isPaymentDone: true }),
      aBookingView('today', { dateOfCommencement: '2030-01-10', customerName: 'Asha Verma' }),
      aBookingView('in', { dateOfCommencement: '2030-01-08', numberOfNights: 3, customerName: 'Kabir Shah' }),
      aBookingView('leaving', { dateOfCommencement: '2030-01-07', numberOfNights: 3, customerName: 'Meera Nair', isPaymentDone: true }),
      aBookingView('gone', { dateOfCommencement: '2030-01-02', numberOfNights: 2 }),
      aBookingView('older', { dateOfCommencement: '2029-12-20', numberOfNights: 1 }),
      aBookingView('off', { dateOfCommencement: '2030-01-10', status: 'cancelled' }),
      aBookingView('soon', { dateOfCommencement: '2030-01-11', customerName: 'Asha Rao' }),
    ];
    const ids = (shown: BookingView[]) => shown.map((b) => b._id);
    const all = { phase: 'all', payment: 'any', text: '' } as const;

    it('sorts every booking by check-in', () => {
      expect(ids(arrivalsOf(stays, all, now))).to.deep.equal(['older', 'gone', 'leaving', 'in', 'off', 'today', 'soon', 'later']);
    });

    it('files each booking in one phase: arriving today, in house until its check-out day, upcoming, past, cancelled', () => {
      expect(ids(arrivalsOf(stays, { ...all, phase: 'arriving-today' }, now))).to.deep.equal(['today']);
      expect(ids(arrivalsOf(stays, { ...all, phase: 'in-house' }, now))).to.deep.equal(['leaving', 'in']);
      expect(ids(arrivalsOf(stays, { ...all, phase: 'upcoming' }, now))).to.deep.equal(['soon', 'later']);
      // the past and the cancelled read newest first
      expect(ids(arrivalsOf(stays, { ...all, phase: 'past' }, now))).to.deep.equal(['gone', 'older']);
      expect(ids(arrivalsOf(stays, { ...all, phase: 'cancelled' }, now))).to.deep.equal(['off']);
      expect(phaseCounts(stays, now)).to.deep.equal({ 'arriving-today': 1, 'in-house': 2, upcoming: 2, past: 2, cancelled: 1 });
    });

    it('reads the day in India time', () => {
      // 9 January 2030, 20:00 UTC is already the 10th in India
      expect(ids(arrivalsOf(stays, { ...all, phase: 'arriving-today' }, new Date('2030-01-09T20:00:00Z')))).to.deep.equal(['today']);
      expect(ids(arrivalsOf(stays, { ...all, phase: 'arriving-today' }, new Date('2030-01-09T18:00:00Z')))).to.deep.equal([]);
    });

    it('keeps paid or unpaid bookings, and finds them by booking ID or guest name, ignoring case', () => {
      expect(ids(arrivalsOf(stays, { ...all, payment: 'paid' }, now))).to.deep.equal(['leaving', 'later']);
      expect(ids(arrivalsOf(stays, { ...all, phase: 'in-house', payment: 'unpaid' }, now))).to.deep.equal(['in']);
      expect(ids(arrivalsOf(stays, { ...all, text: ' asha ' }, now))).to.deep.equal(['today', 'soon']);
      expect(ids(arrivalsOf(stays, { ...all, text: 'bk-GON' }, now))).to.deep.equal(['gone']);
    });
  });

  it('loads the hotel bookings and records a payment by booking ID', async () => {
    let paid: string | undefined;
    const store = testStore(
      stubApis({
        ownerBookings: {
          bookings: async () => [aBookingView('1'), aBookingView('2', { isPaymentDone: true })],
          markPaid: async (id) => {
            paid = id;
            return { paidAt: '2030-01-01T10:00:00.000Z' };
          },
        },
      }),
    );
    store.dispatch(ownerBookingsActions.requested({ hotelId: 'h1' }));
    let state = await until(store, (s) => s.ownerBookings.status === 'succeeded');
    expect(selectOwnerHasBookings(state, 'h1')).to.equal(true);
    expect(selectOwnerHasBookings(state, 'other')).to.equal(false);
    expect(
      selectOwnerBookings(state)
        .filter(canMarkPaid)
        .map((b) => b._id),
    ).to.deep.equal(['1']);
    store.dispatch(ownerBookingsActions.markPaidRequested({ bookingId: '1', bookingID: 'BK-1' }));
    state = await until(store, (s) => s.ownerBookings.markPaid.status === 'succeeded');
    expect(paid).to.equal('BK-1');
    expect(state.ownerBookings.byId['1']).to.include({ isPaymentDone: true, paidAt: '2030-01-01T10:00:00.000Z' });
    expect(selectOwnerBookings(state).filter(canMarkPaid)).to.deep.equal([]);
  });

  it('undoes a payment record, one step at a time: the booking is pending again and may be marked again', async () => {
    const calls: string[] = [];
    const undoAnswer = deferred<unknown>();
    const store = testStore(
      stubApis({
        ownerBookings: {
          bookings: async () => [aBookingView('1')],
          markPaid: async (id) => {
            calls.push(`paid ${id}`);
            return { paidAt: '2030-01-01T10:00:00.000Z' };
          },
          undoPayment: (id) => {
            calls.push(`undo ${id}`);
            return undoAnswer.promise;
          },
        },
      }),
    );
    store.dispatch(ownerBookingsActions.requested({ hotelId: 'h1' }));
    await until(store, (s) => s.ownerBookings.status === 'succeeded');
    store.dispatch(ownerBookingsActions.markPaidRequested({ bookingId: '1', bookingID: 'BK-1' }));
    await until(store, (s) => s.ownerBookings.markPaid.status === 'succeeded');
    store.dispatch(ownerBookingsActions.undoPaymentRequested({ bookingId: '1', bookingID: 'BK-1' }));
    // marking it paid again while the undo is on its way waits its turn
    store.dispatch(ownerBookingsActions.markPaidRequested({ bookingId: '1', bookingID: 'BK-1' }));
    expect(calls).to.deep.equal(['paid BK-1', 'undo BK-1']);
    expect(store.getState().ownerBookings.undoPayment).to.deep.equal({ bookingId: '1', status: 'loading', error: null });
    undoAnswer.resolve({ success: true });
    let state = await until(store, (s) => s.ownerBookings.markPaid.status === 'succeeded' && calls.length === 3);
    expect(calls).to.deep.equal(['paid BK-1', 'undo BK-1', 'paid BK-1']);
    expect(state.ownerBookings.byId['1']).to.include({ isPaymentDone: true });
    expect(state.ownerBookings.undoPayment.status).to.equal('idle');

    store.dispatch(ownerBookingsActions.undoPaymentRequested({ bookingId: '1', bookingID: 'BK-1' }));
    state = await until(store, (s) => s.ownerBookings.undoPayment.status === 'succeeded');
    expect(state.ownerBookings.byId['1']).to.include({ isPaymentDone: false, paidAt: null });
    expect(
      selectOwnerBookings(state)
        .filter(canMarkPaid)
        .map((b) => b._id),
    ).to.deep.equal(['1']);
  });

  it("shows the server's refusal of an undo, and keeps the booking paid", async () => {
    const refusal = messages.paymentUndo.windowOver(10);
    const store = testStore(
      stubApis({
        ownerBookings: {
          bookings: async () => [aBookingView('1', { isPaymentDone: true, paidAt: '2030-01-01T10:00:00.000Z' })],
          undoPayment: () => Promise.reject(httpError(409, { success: false, message: refusal })),
        },
      }),
    );
    store.dispatch(ownerBookingsActions.requested({ hotelId: 'h1' }));
    await until(store, (s) => s.ownerBookings.status === 'succeeded');
    store.dispatch(ownerBookingsActions.undoPaymentRequested({ bookingId: '1', bookingID: 'BK-1' }));
    const state = await until(store, (s) => s.ownerBookings.undoPayment.status === 'failed');
    expect(state.ownerBookings.undoPayment.error).to.equal(refusal);
    expect(state.ownerBookings.byId['1']).to.include({ isPaymentDone: true, paidAt: '2030-01-01T10:00:00.000Z' });
  });

  it('counts the undo window down in minutes and seconds, rounded up', () => {
    expect(minutesAndSeconds(10 * 60_000)).to.equal('10:00');
    expect(minutesAndSeconds(9 * 60_000 + 59_001)).to.equal('10:00');
    expect(minutesAndSeconds(9 * 60_000 + 59_000)).to.equal('9:59');
    expect(minutesAndSeconds(61_000)).to.equal('1:01');
    expect(minutesAndSeconds(1)).to.equal('0:01');
  });

  it('shows an empty or failed list as "Error while loading data." and empties it', async () => {
    for (const bookings of [async () => [], () => Promise.reject(httpError(500, {}))]) {
      const store = testStore(stubApis({ ownerBookings: { bookings } }));
      store.dispatch(ownerBookingsActions.requested({ hotelId: 'h1' }));
      const state = await until(store, (s) => s.ownerBookings.status === 'failed');
      expect(state.ownerBookings.error).to.equal(ui.errorWhileLoadingData);
      expect(selectOwnerBookings(state)).to.deep.equal([]);
      expect(selectOwnerHasBookings(state, 'h1')).to.equal(false);
    }
  });

  it('lets the owner record the payment of a confirmed booking only', () => {
    expect(canMarkPaid(aBookingView('1'))).to.equal(true);
    expect(canMarkPaid(aBookingView('1', { isPaymentDone: true }))).to.equal(false);
    expect(canMarkPaid(aBookingView('1', { status: 'cancelled' }))).to.equal(false);
  });

  it('updates the owner profile as JSON and stores the returned user; sign-out clears the owner data', async () => {
    const owner: SessionUser = { _id: 'o1', role: 'hotel-owner', name: 'Rohan', email: 'rohan@example.com' };
    const bodies: unknown[] = [];
    const store = testStore(
      stubApis({
        session: {
          updateOwner: async (body) => {
            bodies.push(body);
            return { data: { ...owner, name: 'Rohan M' }, message: messages.server.profileUpdated };
          },
          signOut: async () => ({ message: '' }),
        },
        ownerHotel: { ownerHotelId: async () => 'h1' },
      }),
    );
    store.dispatch(ownerHotelActions.ownHotelRequested());
    await until(store, (s) => s.ownerHotel.own.hotelId === 'h1');
    store.dispatch(sessionActions.ownerUpdateRequested({ body: { name: 'Rohan M' } }));
    const state = await until(store, (s) => s.session.currentUser !== null);
    expect(bodies).to.deep.equal([{ name: 'Rohan M' }]);
    expect(state.session.currentUser?.name).to.equal('Rohan M');
    expect(state.session.notice).to.deep.equal({ form: 'update', ok: true, text: messages.server.profileUpdated });
    store.dispatch(sessionActions.signOutRequested());
    const out = await until(store, (s) => s.session.notice?.form === 'signOut');
    expect(out.ownerHotel.own.hotelId).to.equal(null);
  });
});
