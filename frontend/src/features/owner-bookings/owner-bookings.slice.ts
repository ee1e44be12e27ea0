/** The bookings of the owner's hotel; an empty or failed list is an error and the list is emptied (spec section 4). */
import type { BookingView } from '@stays/contracts';
import type { LoadStatus } from '../../lib/models.ts';
import { normalise } from '../../lib/models.ts';

export interface OwnerBookingsState {
  readonly hotelId: string | null;
  readonly byId: Record<string, BookingView>;
  readonly ids: readonly string[];
  readonly status: LoadStatus;
  readonly error: string | null;
  /** `bookingId` is the booking's `_id`. */
  readonly markPaid: { readonly bookingId: string | null; readonly status: LoadStatus; readonly error: string | null };
}

const initialOwnerBookingsState: OwnerBookingsState = {
  hotelId: null,
  byId: {},
  ids: [],
  status: 'idle',
  error: null,
  markPaid: { bookingId: null, status: 'idle', error: null },
};

export const ownerBookingsActions = {
  requested: (payload: { hotelId: string }) => ({ type: 'ownerBookings/requested' as const, payload }),
  loaded: (payload: { bookings: BookingView[] }) => ({ type: 'ownerBookings/loaded' as const, payload }),
  failed: (payload: { message: string }) => ({ type: 'ownerBookings/failed' as const, payload }),
  markPaidRequested: (payload: { bookingId: string; bookingID: string }) => ({ type: 'ownerBookings/markPaidRequested' as const, payload }),
  markedPaid: (payload: { bookingId: string }) => ({ type: 'ownerBookings/markedPaid' as const, payload }),
  markPaidFailed: (payload: { bookingId: string; message: string }) => ({ type: 'ownerBookings/markPaidFailed' as const, payload }),
};

/** Session events (by type, features do not import each other): the owner's data is dropped. */
type SessionEnded = { readonly type: 'session/signedOut' | 'session/deleted' | 'session/expired' | 'session/signedIn' };

export type OwnerBookingsAction = ReturnType<(typeof ownerBookingsActions)[keyof typeof ownerBookingsActions]>;

export function ownerBookingsReducer(state: OwnerBookingsState = initialOwnerBookingsState, action: { type: string }): OwnerBookingsState {
  const a = action as OwnerBookingsAction | SessionEnded;
  switch (a.type) {
    case 'ownerBookings/requested':
      return a.payload.hotelId === state.hotelId
        ? { ...state, status: 'loading', error: null }
        : { ...initialOwnerBookingsState, hotelId: a.payload.hotelId, status: 'loading' };
    case 'ownerBookings/loaded':
      return { ...state, ...normalise(a.payload.bookings), status: 'succeeded', error: null };
    case 'ownerBookings/failed':
      return { ...state, byId: {}, ids: [], status: 'failed', error: a.payload.message };
    case 'ownerBookings/markPaidRequested':
      return { ...state, markPaid: { bookingId: a.payload.bookingId, status: 'loading', error: null } };
    case 'ownerBookings/markedPaid': {
      const booking = state.byId[a.payload.bookingId];
      const byId = booking === undefined ? state.byId : { ...state.byId, [booking._id]: { ...booking, isPaymentDone: true } };
      return { ...state, byId, markPaid: { bookingId: a.payload.bookingId, status: 'succeeded', error: null } };
    }
    case 'ownerBookings/markPaidFailed':
      return { ...state, markPaid: { bookingId: a.payload.bookingId, status: 'failed', error: a.payload.message } };
    case 'session/signedOut':
    case 'session/deleted':
    case 'session/expired':
    case 'session/signedIn':
      return initialOwnerBookingsState;
    default:
      return state;
  }
}
