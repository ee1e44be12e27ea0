import type { BookingView } from '@stays/contracts';
import { messages } from '@stays/contracts';
import { all, call, put, take, takeLatest } from 'redux-saga/effects';
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
    yield call(api.markPaid, bookingID);
    yield put(ownerBookingsActions.markedPaid({ bookingId }));
  } catch (error) {
    yield put(ownerBookingsActions.markPaidFailed({ bookingId, message: errorText(error, messages.ui.markPaidFailed) }));
  }
}

export function* ownerBookingsSaga(api: OwnerBookingsApi) {
  yield all([
    takeLatest('ownerBookings/requested', load, api),
    call(function* markPaidLoop() {
      while (true) yield call(markPaid, api, (yield take('ownerBookings/markPaidRequested')) as Of<'ownerBookings/markPaidRequested'>);
    }),
  ]);
}
