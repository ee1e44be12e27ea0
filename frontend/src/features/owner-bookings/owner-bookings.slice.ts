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
  readonly markPaid: PaymentStep;
  /** The last undo of a payment record: its success is shown on the booking's card until the next step. */
  readonly undoPayment: PaymentStep;
}

/** Recording or undoing one booking's payment; `bookingId` is the booking's `_id`. */
export interface PaymentStep {
  readonly bookingId: string | null;
  readonly status: LoadStatus;
  readonly error: string | null;
}

const idleStep: PaymentStep = { bookingId: null, status: 'idle', error: null };
/** A step's outcome leaves the card once another step starts or ends; a step on its way stays until its answer. */
const cleared = (step: PaymentStep): PaymentStep => (step.status === 'loading' ? step : idleStep);

const initialOwnerBookingsState: OwnerBookingsState = {
  hotelId: null,
  byId: {},
  ids: [],
  status: 'idle',
  error: null,
  markPaid: idleStep,
  undoPayment: idleStep,
};

export const ownerBookingsActions = {
  requested: (payload: { hotelId: string }) => ({ type: 'ownerBookings/requested' as const, payload }),
  loaded: (payload: { bookings: BookingView[] }) => ({ type: 'ownerBookings/loaded' as const, payload }),
  failed: (payload: { message: string }) => ({ type: 'ownerBookings/failed' as const, payload }),
  markPaidRequested: (payload: { bookingId: string; bookingID: string }) => ({ type: 'ownerBookings/markPaidRequested' as const, payload }),
  /** `paidAt`: when the server recorded the payment (the undo window runs from it). */
  markedPaid: (payload: { bookingId: string; paidAt: string | null }) => ({ type: 'ownerBookings/markedPaid' as const, payload }),
  markPaidFailed: (payload: { bookingId: string; message: string }) => ({ type: 'ownerBookings/markPaidFailed' as const, payload }),
  undoPaymentRequested: (payload: { bookingId: string; bookingID: string }) => ({ type: 'ownerBookings/undoPaymentRequested' as const, payload }),
  paymentUndone: (payload: { bookingId: string }) => ({ type: 'ownerBookings/paymentUndone' as const, payload }),
  undoPaymentFailed: (payload: { bookingId: string; message: string }) => ({ type: 'ownerBookings/undoPaymentFailed' as const, payload }),
};

/** Session events (by type, features do not import each other): the owner's data is dropped. */
type SessionEnded = { readonly type: 'session/signedOut' | 'session/deleted' | 'session/expired' | 'session/signedIn' };

export type OwnerBookingsAction = ReturnType<(typeof ownerBookingsActions)[keyof typeof ownerBookingsActions]>;

/** The booking paid since `paidAt` (ISO), or unpaid again when null. */
function withPayment(byId: Record<string, BookingView>, bookingId: string, paidAt: string | null): Record<string, BookingView> {
  const booking = byId[bookingId];
  return booking === undefined ? byId : { ...byId, [bookingId]: { ...booking, isPaymentDone: paidAt !== null, paidAt } };
}

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
      return { ...state, markPaid: { bookingId: a.payload.bookingId, status: 'loading', error: null }, undoPayment: cleared(state.undoPayment) };
    case 'ownerBookings/markedPaid':
      return {
        ...state,
        byId: withPayment(state.byId, a.payload.bookingId, a.payload.paidAt),
        markPaid: { bookingId: a.payload.bookingId, status: 'succeeded', error: null },
        undoPayment: cleared(state.undoPayment),
      };
    case 'ownerBookings/markPaidFailed':
      return { ...state, markPaid: { bookingId: a.payload.bookingId, status: 'failed', error: a.payload.message } };
    case 'ownerBookings/undoPaymentRequested':
      return { ...state, markPaid: cleared(state.markPaid), undoPayment: { bookingId: a.payload.bookingId, status: 'loading', error: null } };
    case 'ownerBookings/paymentUndone':
      return {
        ...state,
        byId: withPayment(state.byId, a.payload.bookingId, null),
        undoPayment: { bookingId: a.payload.bookingId, status: 'succeeded', error: null },
      };
    case 'ownerBookings/undoPaymentFailed':
      return { ...state, undoPayment: { bookingId: a.payload.bookingId, status: 'failed', error: a.payload.message } };
    case 'session/signedOut':
    case 'session/deleted':
    case 'session/expired':
    case 'session/signedIn':
      return initialOwnerBookingsState;
    default:
      return state;
  }
}
