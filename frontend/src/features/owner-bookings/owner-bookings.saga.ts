import type { BookingView } from '@stays/contracts';
import { messages } from '@stays/contracts';
import type { Channel } from 'redux-saga';
import { actionChannel, all, call, put, take, takeLatest } from 'redux-saga/effects';
import { abortIfCancelled } from '../../lib/abortable.ts';
import { errorText } from '../../lib/errors.ts';
import type { OwnerBookingsApi } from './api/owner-bookings-api.ts';
import { ownerBookingsActions, type OwnerBookingsAction } from './owner-bookings.slice.ts';

type Of<T extends OwnerBookingsAction['type']> = Extract<OwnerBookingsAction, { type: T }>;

function* load(api: OwnerBookingsApi, action: Of<'ownerBookings/requested'>) {
  const controller = new AbortController();
  try {
    const bookings = (yield call(api.bookings, action.payload.hotelId, controller.signal)) as BookingView[];
    if (bookings.length === 0) yield put(ownerBookingsActions.failed({ message: messages.ui.errorWhileLoadingData }));
    else yield put(ownerBookingsActions.loaded({ bookings }));
  } catch {
    yield put(ownerBookingsActions.failed({ message: messages.ui.errorWhileLoadingData }));
  } finally {
    yield* abortIfCancelled(controller);
  }
}

function* markPaid(api: OwnerBookingsApi, action: Of<'ownerBookings/markPaidRequested'>) {
  const { bookingId, bookingID } = action.payload;
  try {
    const { paidAt } = (yield call(api.markPaid, bookingID)) as { paidAt: string | null };
    yield put(ownerBookingsActions.markedPaid({ bookingId, paidAt }));
  } catch (error) {
    yield put(ownerBookingsActions.markPaidFailed({ bookingId, message: errorText(error, messages.ui.markPaidFailed) }));
  }
}

function* undoPayment(api: OwnerBookingsApi, action: Of<'ownerBookings/undoPaymentRequested'>) {
  const { bookingId, bookingID } = action.payload;
  try {
    yield call(api.undoPayment, bookingID);
    yield put(ownerBookingsActions.paymentUndone({ bookingId }));
  } catch (error) {
    yield put(ownerBookingsActions.undoPaymentFailed({ bookingId, message: errorText(error, messages.paymentUndo.undoFailed) }));
  }
}

type PaymentStepRequested = Of<'ownerBookings/markPaidRequested' | 'ownerBookings/undoPaymentRequested'>;

export function* ownerBookingsSaga(api: OwnerBookingsApi) {
  yield all([
    takeLatest('ownerBookings/requested', load, api),
    // recording and undoing payments one at a time, in the order asked (queued, none dropped):
    // an undo never overtakes the record it undoes
    call(function* paymentLoop() {
      const requests = (yield actionChannel(['ownerBookings/markPaidRequested', 'ownerBookings/undoPaymentRequested'])) as Channel<PaymentStepRequested>;
      while (true) {
        const action = (yield take(requests)) as PaymentStepRequested;
        if (action.type === 'ownerBookings/markPaidRequested') yield call(markPaid, api, action);
        else yield call(undoPayment, api, action);
      }
    }),
  ]);
}
