import { expect } from 'chai';
import { bookingAggregate, messages } from '@stays/contracts';
import { Conflict, Forbidden, NotFound } from '../../src/domain-errors.ts';
import { markPaid } from '../../src/booking/marking-paid/decide.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { NOW, bookingCancelled, bookingPaid, bookingPlaced } from '../support/events.ts';

describe('recording a pay-at-hotel payment', () => {
  const given = DeciderSpecification.for(markPaid, bookingAggregate);
  const byOwner = { ownerId: 'o1', now: NOW };

  it("records the payment for the hotel's owner, once", () => {
    given(bookingPlaced).when(byOwner).then([bookingPaid]);
    given(bookingPlaced, bookingPaid).when(byOwner).thenNothing();
  });

  it('refuses another owner, an unknown booking and a cancelled one', () => {
    given(bookingPlaced)
      .when({ ownerId: 'o2', now: NOW })
      .thenThrows(Forbidden, (error) => expect(error.message).to.equal(messages.server.notYourBooking));
    given().when(byOwner).thenThrows(NotFound);
    given(bookingPlaced, bookingCancelled)
      .when(byOwner)
      .thenThrows(Conflict, (error) => expect(error.message).to.equal(messages.server.bookingCancelled));
  });
});
