/** Stub API modules and a real store (reducers + saga middleware) for saga tests. */
import { TERMS_BEFORE_POLICIES, type BookingView } from '@stays/contracts';
import type { Apis } from '../../src/app/root-saga.ts';
import { createAppStore, type AppStore, type RootState } from '../../src/app/store.ts';

const unexpected = (name: string) => () => Promise.reject(new Error(`unexpected call ${name}`));

export function stubApis(overrides: { [K in keyof Apis]?: Partial<Apis[K]> } = {}): Apis {
  return {
    session: {
      signIn: unexpected('signIn'),
      googleSignIn: unexpected('googleSignIn'),
      registerCustomer: unexpected('registerCustomer'),
      registerOwner: unexpected('registerOwner'),
      signOut: unexpected('signOut'),
      deleteAccount: unexpected('deleteAccount'),
      updateCustomer: unexpected('updateCustomer'),
      updateOwner: unexpected('updateOwner'),
      downloadMyData: unexpected('downloadMyData'),
      ...overrides.session,
    },
    hotels: {
      allHotels: unexpected('allHotels'),
      hotel: unexpected('hotel'),
      rooms: unexpected('rooms'),
      availability: unexpected('hotels.availability'),
      ...overrides.hotels,
    },
    search: { searchHotels: unexpected('searchHotels'), searchRooms: unexpected('searchRooms'), ...overrides.search },
    booking: {
      sendOtp: unexpected('sendOtp'),
      verifyOtp: unexpected('verifyOtp'),
      book: unexpected('book'),
      availability: unexpected('booking.availability'),
      ...overrides.booking,
    },
    bookings: { customerBookings: unexpected('customerBookings'), cancel: unexpected('cancel'), ...overrides.bookings },
    ownerHotel: {
      ownerHotelId: unexpected('ownerHotelId'),
      hotel: unexpected('ownerHotel.hotel'),
      createHotel: unexpected('createHotel'),
      updateHotel: unexpected('updateHotel'),
      setCancellationPolicy: unexpected('setCancellationPolicy'),
      ...overrides.ownerHotel,
    },
    ownerRooms: {
      rooms: unexpected('ownerRooms.rooms'),
      room: unexpected('ownerRooms.room'),
      createRoom: unexpected('createRoom'),
      updateRoom: unexpected('updateRoom'),
      ...overrides.ownerRooms,
    },
    ownerBookings: {
      bookings: unexpected('ownerBookings.bookings'),
      markPaid: unexpected('markPaid'),
      undoPayment: unexpected('undoPayment'),
      ...overrides.ownerBookings,
    },
  };
}

export function testStore(apis: Apis, persist = false): AppStore {
  return createAppStore(apis, { persist });
}

/** Resolves once `predicate(state)` holds (sagas settle on promise ticks). */
export async function until(store: AppStore, predicate: (state: RootState) => boolean, timeoutMs = 1000): Promise<RootState> {
  const started = Date.now();
  while (!predicate(store.getState())) {
    if (Date.now() - started > timeoutMs) throw new Error('state never reached the expected shape');
    await new Promise((resolve) => setTimeout(resolve, 2));
  }
  return store.getState();
}

/** A promise and its resolve/reject, to hold an API call open. */
export function deferred<T>() {
  let resolve!: (value: T) => void;
  let reject!: (error: unknown) => void;
  const promise = new Promise<T>((res, rej) => {
    resolve = res;
    reject = rej;
  });
  return { promise, resolve, reject };
}

/** What axios rejects with when the server answered with a failure status. */
export const httpError = (status: number, data: unknown, headers: Record<string, string> = {}) =>
  Object.assign(new Error(`status ${status}`), { isAxiosError: true, response: { status, data, headers } });
/** What axios rejects with when no response came. */
export const networkError = () => Object.assign(new Error('Network Error'), { isAxiosError: true, request: {} });

/** A booking as the API lists it, confirmed and unpaid, with `patch` over it. */
export const aBookingView = (id: string, patch: Partial<BookingView> = {}): BookingView => ({
  _id: id,
  bookingID: `BK-${id}`,
  hotelID: 'h1',
  hotelName: 'H',
  hotelAddress: 'A',
  hotelCity: 'C',
  customerID: 'u',
  customerName: 'N',
  customerEmail: 'e',
  customerPhoneNumber: '9822012345',
  dateOfBooking: '2030-01-01T00:00:00.000Z',
  dateOfCommencement: '2030-01-05T00:00:00.000Z',
  numberOfNights: 2,
  numberOfGuests: 2,
  numberOfRooms: 1,
  roomType: 'Room',
  roomStandard: 'Deluxe',
  roomID: 'r',
  totalAmount: 10000,
  discountAmount: 2000,
  payableAmount: 8000,
  isPaymentDone: false,
  paidAt: null,
  invoicePDF: null,
  status: 'confirmed',
  cancellationPolicy: TERMS_BEFORE_POLICIES,
  cancellation: null,
  created_at: '2030-01-01T00:00:00.000Z',
  ...patch,
});
