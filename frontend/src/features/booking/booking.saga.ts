/**
 * Booking sagas: blocking take/call loops, so a double click sends one OTP, verifies
 * once and books once.
 */
import { messages } from '@stays/contracts';
import { all, call, put, take } from 'redux-saga/effects';
import { errorText } from '../../lib/errors.ts';
import type { BookingApi } from './api/booking-api.ts';
import { bookingActions, type BookingAction } from './booking.slice.ts';

type Of<T extends BookingAction['type']> = Extract<BookingAction, { type: T }>;

function* sendOtp(api: BookingApi, action: Of<'booking/otpSendRequested'>, now: () => number) {
  try {
    yield call(api.sendOtp, action.payload);
    yield put(bookingActions.otpSent({ at: now() }));
  } catch {
    yield put(bookingActions.otpFailed());
  }
}

function* verifyOtp(api: BookingApi, action: Of<'booking/otpVerifyRequested'>) {
  try {
    yield call(api.verifyOtp, action.payload);
    yield put(bookingActions.otpVerified());
  } catch {
    yield put(bookingActions.otpFailed());
  }
}

function* book(api: BookingApi, action: Of<'booking/submitted'>) {
  try {
    const { data, message } = (yield call(api.book, action.payload)) as Awaited<ReturnType<BookingApi['book']>>;
    const { dateOfCommencement, numberOfNights } = action.payload;
    yield put(bookingActions.placed({ message, booking: { bookingID: data.bookingID, dateOfCommencement, numberOfNights, ...action.meta } }));
  } catch (error) {
    yield put(bookingActions.failed({ message: errorText(error, messages.ui.bookingFailed) }));
  }
}

export function* bookingSaga(api: BookingApi, now: () => number = Date.now) {
  yield all([
    call(function* sendLoop() {
      while (true) yield call(sendOtp, api, (yield take('booking/otpSendRequested')) as Of<'booking/otpSendRequested'>, now);
    }),
    call(function* verifyLoop() {
      while (true) yield call(verifyOtp, api, (yield take('booking/otpVerifyRequested')) as Of<'booking/otpVerifyRequested'>);
    }),
    call(function* bookLoop() {
      while (true) yield call(book, api, (yield take('booking/submitted')) as Of<'booking/submitted'>);
    }),
  ]);
}
