import { expect } from 'chai';
import { bookingAggregate, limits, messages, type BookingEvent } from '@stays/contracts';
import { Conflict, Forbidden, NotFound } from '../../src/domain-errors.ts';
import { markPaid } from '../../src/booking/marking-paid/decide.ts';
import { undoPayment } from '../../src/booking/undoing-payment/decide.ts';
import { cancelBooking } from '../../src/booking/cancelling-booking/decide.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { NOW, bookingPaid, bookingPlaced } from '../support/events.ts';

const after = (minutes: number, seconds = 0) => new Date(NOW.getTime() + (minutes * 60 + seconds) * 1000);
const undone = (at: Date): BookingEvent => ({ type: 'BookingPaymentUndone', data: { bookingID: 'BK-1', ownerId: 'o1', undoneAt: at.toISOString() } });

describe('undoing a recorded payment', () => {
  const given = DeciderSpecification.for(undoPayment, bookingAggregate);
  const byOwnerAt = (now: Date) => ({ ownerId: 'o1', now });

  it('undoes the payment within its window, up to its last second', () => {
    expect(limits.paymentUndoMinutes).to.equal(10);
    given(bookingPlaced, bookingPaid)
      .when(byOwnerAt(NOW))
      .then([undone(NOW)]);
    given(bookingPlaced, bookingPaid)
      .when(byOwnerAt(after(9, 59)))
      .then([undone(after(9, 59))]);
  });

  it('refuses once the window has ended: the payment is final from the tenth minute on', () => {
    for (const now of [after(10), after(10, 1), after(60 * 24)])
      given(bookingPlaced, bookingPaid)
        .when(byOwnerAt(now))
        .thenThrows(Conflict, (error) => expect(error.message).to.equal(messages.paymentUndo.windowOver(10)));
  });

  it('refuses a booking with no payment recorded: never paid, or already undone', () => {
    given(bookingPlaced)
      .when(byOwnerAt(NOW))
      .thenThrows(Conflict, (error) => expect(error.message).to.equal(messages.paymentUndo.notPaid));
    given(bookingPlaced, bookingPaid, undone(after(1)))
      .when(byOwnerAt(after(2)))
      .thenThrows(Conflict, (error) => expect(error.message).to.equal(messages.paymentUndo.notPaid));
  });

  it('refuses another owner and an unknown booking', () => {
    given(bookingPlaced, bookingPaid)
      .when({ ownerId: 'o2', now: NOW })
      .thenThrows(Forbidden, (error) => expect(error.message).to.equal(messages.server.notYourBooking));
    given().when(byOwnerAt(NOW)).thenThrows(NotFound);
  });

  it('runs a new window from a payment recorded again after an undo', () => {
    const paidAgain: BookingEvent = { type: 'BookingPaymentReceived', data: { bookingID: 'BK-1', ownerId: 'o1', receivedAt: after(5).toISOString() } };
    DeciderSpecification.for(markPaid, bookingAggregate)(bookingPlaced, bookingPaid, undone(after(3)))
      .when(byOwnerAt(after(5)))
      .then([paidAgain]);
    given(bookingPlaced, bookingPaid, undone(after(3)), paidAgain)
      .when(byOwnerAt(after(14)))
      .then([undone(after(14))]);
  });

  it('leaves the booking unpaid, so its guest may cancel it again', () => {
    const cancel = DeciderSpecification.for(cancelBooking, bookingAggregate);
    cancel(bookingPlaced, bookingPaid)
      .when({ customerId: 'g1', now: after(1) })
      .thenThrows(Conflict);
    cancel(bookingPlaced, bookingPaid, undone(after(1)))
      .when({ customerId: 'g1', now: after(2) })
      .then((events) => expect(events.map((event) => event.type)).to.include('BookingCancelled'));
  });
});
