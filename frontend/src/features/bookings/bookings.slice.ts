/** The signed-in guest's bookings (newest first, as the server sends them). */
import type { BookingCancellation, BookingView } from '@stays/contracts';
import type { LoadStatus } from '../../lib/models.ts';
import { normalise } from '../../lib/models.ts';

export interface BookingsState {
  readonly customerId: string | null;
  readonly byId: Record<string, BookingView>;
  readonly ids: readonly string[];
  readonly status: LoadStatus;
  /** `bookingId` is the booking's `_id`. */
  readonly cancel: { readonly bookingId: string | null; readonly status: LoadStatus; readonly error: string | null };
}

const initialBookingsState: BookingsState = {
  customerId: null,
  byId: {},
  ids: [],
  status: 'idle',
  cancel: { bookingId: null, status: 'idle', error: null },
};

export const bookingsActions = {
  requested: (payload: { customerId: string }) => ({ type: 'bookings/requested' as const, payload }),
  loaded: (payload: { bookings: BookingView[] }) => ({ type: 'bookings/loaded' as const, payload }),
  /** Load failures are ignored (spec section 8): the list is simply empty. */
  failed: () => ({ type: 'bookings/failed' as const }),
  cancelRequested: (payload: { bookingId: string; bookingID: string }) => ({ type: 'bookings/cancelRequested' as const, payload }),
  /** `cancellation`: what the server recorded, charge included (null when it did not say). */
  cancelled: (payload: { bookingId: string; cancellation: BookingCancellation | null }) => ({ type: 'bookings/cancelled' as const, payload }),
  cancelFailed: (payload: { bookingId: string; message: string }) => ({ type: 'bookings/cancelFailed' as const, payload }),
};

export type BookingsAction = ReturnType<(typeof bookingsActions)[keyof typeof bookingsActions]>;

export function bookingsReducer(state: BookingsState = initialBookingsState, action: { type: string }): BookingsState {
  const a = action as BookingsAction;
  switch (a.type) {
    case 'bookings/requested':
      return a.payload.customerId === state.customerId
        ? { ...state, status: 'loading' }
        : { ...initialBookingsState, customerId: a.payload.customerId, status: 'loading' };
    case 'bookings/loaded':
      return { ...state, ...normalise(a.payload.bookings), status: 'succeeded' };
    case 'bookings/failed':
      return { ...state, byId: {}, ids: [], status: 'failed' };
    case 'bookings/cancelRequested':
      return { ...state, cancel: { bookingId: a.payload.bookingId, status: 'loading', error: null } };
    case 'bookings/cancelled': {
      const booking = state.byId[a.payload.bookingId];
      const byId =
        booking === undefined
          ? state.byId
          : { ...state.byId, [booking._id]: { ...booking, status: 'cancelled' as const, cancellation: a.payload.cancellation ?? booking.cancellation } };
      return { ...state, byId, cancel: { bookingId: a.payload.bookingId, status: 'succeeded', error: null } };
    }
    case 'bookings/cancelFailed':
      return { ...state, cancel: { bookingId: a.payload.bookingId, status: 'failed', error: a.payload.message } };
    default:
      return state;
  }
}
