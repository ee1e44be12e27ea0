import { expect } from 'chai';
import { bookingAggregate, messages } from '@stays/contracts';
import { Conflict, Forbidden, NotFound } from '../../src/domain-errors.ts';
import { cancelBooking } from '../../src/booking/cancelling-booking/decide.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { NOW, bookingCancelled, bookingPaid, bookingPlaced } from '../support/events.ts';

describe('cancelling a booking', () => {
  const given = DeciderSpecification.for(cancelBooking, bookingAggregate);
  const byGuest = { customerId: 'g1', now: NOW };

  it("lets the booking's guest cancel before the first night", () => {
    given(bookingPlaced).when(byGuest).then([bookingCancelled]);
    // the evening before the first night, India time
    given(bookingPlaced)
      .when({ customerId: 'g1', now: new Date('2026-12-29T18:29:00Z') })
      .then([
        {
          type: 'BookingCancelled',
          data: { bookingID: 'BK-1', customerId: 'g1', cancelledAt: '2026-12-29T18:29:00.000Z' },
        },
      ]);
  });

  it('refuses once the stay has begun, India time', () => {
    given(bookingPlaced)
      .when({ customerId: 'g1', now: new Date('2026-12-29T18:30:00Z') })
      .thenThrows(Conflict, (error) => expect(error.message).to.equal(messages.server.bookingAlreadyStarted));
  });

  it('refuses a booking whose payment the owner recorded', () => {
    given(bookingPlaced, bookingPaid)
      .when(byGuest)
      .thenThrows(Conflict, (error) => expect(error.message).to.equal(messages.server.paidBookingNotCancellable));
  });

  it("refuses another guest's booking and an unknown one", () => {
    given(bookingPlaced)
      .when({ customerId: 'g2', now: NOW })
      .thenThrows(Forbidden, (error) => expect(error.message).to.equal(messages.server.notYourBooking));
    given()
      .when(byGuest)
      .thenThrows(NotFound, (error) => expect(error.message).to.equal(messages.server.bookingNotFound));
  });

  it('changes nothing when cancelled again', () => {
    given(bookingPlaced, bookingCancelled).when(byGuest).thenNothing();
  });
});
