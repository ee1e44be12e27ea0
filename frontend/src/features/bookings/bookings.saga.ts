import type { BookingCancellation, BookingView } from '@stays/contracts';
import { messages } from '@stays/contracts';
import { all, call, put, take, takeLatest } from 'redux-saga/effects';
import { abortIfCancelled } from '../../lib/abortable.ts';
import { errorText } from '../../lib/errors.ts';
import type { BookingsApi } from './api/bookings-api.ts';
import { bookingsActions, type BookingsAction } from './bookings.slice.ts';

type Of<T extends BookingsAction['type']> = Extract<BookingsAction, { type: T }>;

function* load(api: BookingsApi, action: Of<'bookings/requested'>) {
  const controller = new AbortController();
  try {
    const bookings = (yield call(api.customerBookings, action.payload.customerId, controller.signal)) as BookingView[];
    yield put(bookingsActions.loaded({ bookings }));
  } catch {
    yield put(bookingsActions.failed());
  } finally {
    yield* abortIfCancelled(controller);
  }
}

function* cancel(api: BookingsApi, action: Of<'bookings/cancelRequested'>) {
  const { bookingId, bookingID } = action.payload;
  try {
    const cancellation = (yield call(api.cancel, bookingID)) as BookingCancellation | null;
    yield put(bookingsActions.cancelled({ bookingId, cancellation }));
  } catch (error) {
    yield put(bookingsActions.cancelFailed({ bookingId, message: errorText(error, messages.ui.cancelFailed) }));
  }
}

export function* bookingsSaga(api: BookingsApi) {
  yield all([
    takeLatest('bookings/requested', load, api),
    call(function* cancelLoop() {
      while (true) yield call(cancel, api, (yield take('bookings/cancelRequested')) as Of<'bookings/cancelRequested'>);
    }),
  ]);
}
