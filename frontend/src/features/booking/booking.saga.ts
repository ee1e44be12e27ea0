/**
 * Booking sagas: blocking take/call loops, so a double click sends one OTP, verifies
 * once and books once; the availability check is takeLatest, as the guest changes the stay.
 */
import { messages, type ListingAvailability, type Stay } from '@stays/contracts';
import { all, call, put, take, takeLatest } from 'redux-saga/effects';
import { abortIfCancelled } from '../../lib/abortable.ts';
import { errorText, refusalOf, retryAfterSecondsOf, statusOf } from '../../lib/errors.ts';
import type { BookingApi } from './api/booking-api.ts';
import { bookingActions, checkKey, type BookingAction } from './booking.slice.ts';

type Of<T extends BookingAction['type']> = Extract<BookingAction, { type: T }>;

function* sendOtp(api: BookingApi, action: Of<'booking/otpSendRequested'>, now: () => number) {
  try {
    yield call(api.sendOtp, action.payload);
    yield put(bookingActions.otpSent({ at: now() }));
  } catch (error) {
    const wait = retryAfterSecondsOf(error);
    yield put(bookingActions.otpSendFailed({ message: errorText(error, messages.ui.otpSendFailed), waitUntil: wait === null ? null : now() + wait * 1000 }));
  }
}

function* verifyOtp(api: BookingApi, action: Of<'booking/otpVerifyRequested'>) {
  try {
    yield call(api.verifyOtp, action.payload);
    yield put(bookingActions.otpVerified());
  } catch (error) {
    yield put(bookingActions.otpVerifyFailed({ message: errorText(error, messages.ui.otpVerifyFailed) }));
  }
}

function* book(api: BookingApi, action: Of<'booking/submitted'>) {
  try {
    const { data, message } = (yield call(api.book, action.payload)) as Awaited<ReturnType<BookingApi['book']>>;
    const { dateOfCommencement, numberOfNights } = action.payload;
    yield put(bookingActions.placed({ message, booking: { bookingID: data.bookingID, dateOfCommencement, numberOfNights, ...action.meta } }));
  } catch (error) {
    const message = errorText(error, messages.ui.bookingFailed);
    if (statusOf(error) !== 409) {
      yield put(bookingActions.failed({ message }));
      return;
    }
    // Another guest took the last unit: say so, and offer the nearest check-in free for as many nights.
    const { hotelID, roomType, roomStandard, dateOfCommencement, numberOfNights, numberOfRooms, numberOfGuests } = action.payload;
    const stay: Stay = { checkIn: dateOfCommencement, nights: numberOfNights, rooms: numberOfRooms, guests: numberOfGuests };
    let nearestCheckIn: string | null = null;
    try {
      const listings = (yield call(api.availability, hotelID, stay)) as ListingAvailability[];
      const listing = listings.find((l) => l.roomType === roomType && l.roomStandard === roomStandard);
      if (listing !== undefined) {
        nearestCheckIn = listing.nearestCheckIn;
        yield put(bookingActions.availabilityChecked({ key: checkKey(hotelID, listing.roomID, stay), listing }));
      }
    } catch {
      // the refusal's own message still says what happened
    }
    yield put(bookingActions.failed({ message, nearestCheckIn }));
  }
}

/** A newer stay, type or standard cancels the running check (takeLatest) and aborts its request. */
function* checkAvailability(api: BookingApi, action: Of<'booking/availabilityRequested'>) {
  const controller = new AbortController();
  const { hotelId, roomId, stay } = action.payload;
  const key = checkKey(hotelId, roomId, stay);
  try {
    const listings = (yield call(api.availability, hotelId, stay, controller.signal)) as ListingAvailability[];
    yield put(bookingActions.availabilityChecked({ key, listing: listings.find((listing) => listing.roomID === roomId) ?? null }));
  } catch (error) {
    yield put(bookingActions.availabilityFailed({ key, refusal: refusalOf(error) }));
  } finally {
    yield* abortIfCancelled(controller);
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
    takeLatest('booking/availabilityRequested', checkAvailability, api),
  ]);
}
