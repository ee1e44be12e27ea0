import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { bookingActions, selectPlacedBooking, selectStayDate } from '../../src/features/booking/booking.slice.ts';
import type { BookingFormData } from '../../src/features/booking/api/booking-api.ts';
import { selectHasBookings } from '../../src/features/bookings/bookings.selectors.ts';
import { bookingsActions } from '../../src/features/bookings/bookings.slice.ts';
import { aBookingView, deferred, httpError, stubApis, testStore, until } from './support.ts';

const otpRequest = { customerName: 'Asha', customerEmail: 'asha@example.com', customerPhoneNumber: '+919822012345' };
const form = {
  hotelID: 'h1',
  roomType: 'Room',
  roomStandard: 'Deluxe',
  customerPhoneNumber: '9822012345',
  dateOfCommencement: '2030-01-02',
  numberOfNights: 2,
} as BookingFormData;
const seen = { hotelName: 'Hotel Haveli Jaipur', payableAmount: 9600 };

/** A store whose OTP sends call `answer` with their number (1, 2, …): it throws to refuse that send. */
function sendingOtps(answer: (send: number) => void) {
  let sends = 0;
  return testStore(
    stubApis({
      booking: {
        sendOtp: async () => {
          answer(++sends);
          return {};
        },
      },
    }),
  );
}

describe('booking saga (unit)', () => {
  it('sends the OTP, then verifies it', async () => {
    const sent: unknown[] = [];
    const store = testStore(stubApis({ booking: { sendOtp: async (body) => sent.push(body), verifyOtp: async () => ({}) } }));
    store.dispatch(bookingActions.otpSendRequested(otpRequest));
    let state = await until(store, (s) => s.booking.otp.status === 'sent');
    expect(sent).to.deep.equal([otpRequest]);
    expect(state.booking.otp.sentAt).to.be.a('number');
    store.dispatch(
      bookingActions.otpVerifyRequested({ otp: '123456', customerEmail: otpRequest.customerEmail, customerPhoneNumber: otpRequest.customerPhoneNumber }),
    );
    state = await until(store, (s) => s.booking.otp.status === 'verified');
    expect(state.booking.otp.status).to.equal('verified');
  });

  it('says why a verify failed, as the server said it, and keeps the OTP field for another try', async () => {
    const store = testStore(
      stubApis({ booking: { sendOtp: async () => ({}), verifyOtp: () => Promise.reject(httpError(400, { message: 'The OTP is wrong or has expired' })) } }),
    );
    store.dispatch(bookingActions.otpSendRequested(otpRequest));
    const sent = await until(store, (s) => s.booking.otp.status === 'sent');
    store.dispatch(
      bookingActions.otpVerifyRequested({ otp: '000000', customerEmail: otpRequest.customerEmail, customerPhoneNumber: otpRequest.customerPhoneNumber }),
    );
    const state = await until(store, (s) => s.booking.otp.problem !== null);
    expect(state.booking.otp).to.deep.equal({
      status: 'sent',
      sentAt: sent.booking.otp.sentAt,
      problem: { step: 'verify', text: 'The OTP is wrong or has expired', waitUntil: null },
    });
    expect(state.booking.submit.error).to.equal(null);
  });

  it('says why a send was refused and until when to wait (Retry-After), keeping a code already out', async () => {
    const store = sendingOtps((send) => {
      if (send > 1) throw httpError(429, { message: 'Please wait 24 seconds before asking for a new OTP' }, { 'retry-after': '24' });
    });
    store.dispatch(bookingActions.otpSendRequested(otpRequest));
    const sent = await until(store, (s) => s.booking.otp.status === 'sent');
    const before = Date.now();
    store.dispatch(bookingActions.otpSendRequested(otpRequest));
    const state = await until(store, (s) => s.booking.otp.problem !== null);
    expect(state.booking.otp.status).to.equal('sent');
    expect(state.booking.otp.sentAt).to.equal(sent.booking.otp.sentAt);
    expect(state.booking.otp.problem).to.include({ step: 'send', text: 'Please wait 24 seconds before asking for a new OTP' });
    expect(state.booking.otp.problem!.waitUntil! - before).to.be.within(23_000, 25_000);
  });

  it('falls back to its own words when a send fails without a reason, and a new code clears the problem', async () => {
    const store = sendingOtps((send) => {
      if (send === 1) throw httpError(500, {});
    });
    store.dispatch(bookingActions.otpSendRequested(otpRequest));
    const failed = await until(store, (s) => s.booking.otp.problem !== null);
    expect(failed.booking.otp).to.deep.equal({ status: 'idle', sentAt: null, problem: { step: 'send', text: messages.ui.otpSendFailed, waitUntil: null } });
    store.dispatch(bookingActions.otpSendRequested(otpRequest));
    const sent = await until(store, (s) => s.booking.otp.status === 'sent');
    expect(sent.booking.otp.problem).to.equal(null);
  });

  it('books once for a double click, keeps the booking just placed for the confirmation, and reports the server message or the fallback', async () => {
    const call = deferred<{ data: { bookingID: string }; message: string }>();
    let calls = 0;
    const store = testStore(
      stubApis({
        booking: {
          book: () => {
            calls += 1;
            return call.promise;
          },
        },
      }),
    );
    store.dispatch(bookingActions.submitted(form, seen));
    store.dispatch(bookingActions.submitted(form, seen));
    call.resolve({ data: { bookingID: 'BK7Q2M4X9' }, message: 'Hotel booked successfully!' });
    const state = await until(store, (s) => s.booking.submit.status === 'placed');
    expect(calls).to.equal(1);
    expect(state.booking.submit.message).to.equal('Hotel booked successfully!');
    expect(selectPlacedBooking(state)).to.deep.equal({
      bookingID: 'BK7Q2M4X9',
      hotelName: 'Hotel Haveli Jaipur',
      dateOfCommencement: '2030-01-02',
      numberOfNights: 2,
      payableAmount: 9600,
    });
    // a new booking page forgets it, so /profile no longer shows a confirmation
    store.dispatch(bookingActions.started());
    expect(selectPlacedBooking(store.getState())).to.equal(null);

    for (const [error, text] of [
      [
        httpError(409, { success: false, message: 'No room of this kind is free on 2030-01-02. Please choose other dates.' }),
        'No room of this kind is free on 2030-01-02. Please choose other dates.',
      ],
      [httpError(500, {}), 'An error occurred while booking the hotel.'],
    ] as const) {
      const failing = testStore(stubApis({ booking: { book: () => Promise.reject(error) } }));
      failing.dispatch(bookingActions.submitted(form, seen));
      const failed = await until(failing, (s) => s.booking.submit.status === 'failed');
      expect(failed.booking.submit.error).to.equal(text);
      expect(selectPlacedBooking(failed)).to.equal(null);
    }
  });
});

describe('the chosen start date (unit)', () => {
  it('defaults to the earliest bookable day, keeps a picked date, and survives a new booking page', () => {
    const store = testStore(stubApis({}));
    expect(selectStayDate(store.getState(), '2030-01-02')).to.equal('2030-01-02');
    store.dispatch(bookingActions.dateChosen({ date: '2030-01-09' }));
    expect(selectStayDate(store.getState(), '2030-01-02')).to.equal('2030-01-09');
    store.dispatch(bookingActions.started());
    expect(selectStayDate(store.getState(), '2030-01-02')).to.equal('2030-01-09');
  });
});

describe('bookings saga and selectors (unit)', () => {
  it('loads the guest bookings, ignores load failures, and cancels by booking ID', async () => {
    let cancelled: string | undefined;
    const store = testStore(
      stubApis({
        bookings: {
          customerBookings: async () => [aBookingView('1'), aBookingView('2')],
          cancel: async (id) => {
            cancelled = id;
            return { cancelledAt: '2030-01-04T10:00:00.000Z', chargeAmount: 4000, refundAmount: 0 };
          },
        },
      }),
    );
    store.dispatch(bookingsActions.requested({ customerId: 'u' }));
    let state = await until(store, (s) => s.bookings.status === 'succeeded');
    expect(selectHasBookings(state)).to.equal(true);
    store.dispatch(bookingsActions.cancelRequested({ bookingId: '2', bookingID: 'BK-2' }));
    state = await until(store, (s) => s.bookings.cancel.status === 'succeeded');
    expect(cancelled).to.equal('BK-2');
    expect(state.bookings.byId['2']!.status).to.equal('cancelled');
    expect(state.bookings.byId['2']!.cancellation, 'the charge the server recorded').to.deep.equal({
      cancelledAt: '2030-01-04T10:00:00.000Z',
      chargeAmount: 4000,
      refundAmount: 0,
    });

    const failing = testStore(stubApis({ bookings: { customerBookings: () => Promise.reject(httpError(500, {})) } }));
    failing.dispatch(bookingsActions.requested({ customerId: 'u' }));
    expect(selectHasBookings(await until(failing, (s) => s.bookings.status === 'failed'))).to.equal(false);
  });
});
