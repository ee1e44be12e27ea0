import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { Forbidden } from '../../src/domain-errors.ts';
import { delistHotel } from '../../src/hotels/delisting/decide.ts';
import { hotelAggregate } from '../../src/hotels/hotel.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { NOW, hotelCreated, hotelDelisted } from '../support/events.ts';

describe("delisting an owner's hotel", () => {
  const given = DeciderSpecification.for(delistHotel, hotelAggregate);

  it('delists the hotel once, and only for its owner', () => {
    given(hotelCreated).when({ ownerId: 'o1', now: NOW }).then([hotelDelisted]);
    given(hotelCreated, hotelDelisted).when({ ownerId: 'o1', now: NOW }).thenNothing();
    given(hotelCreated)
      .when({ ownerId: 'o2', now: NOW })
      .thenThrows(Forbidden, (error) => expect(error.message).to.equal(messages.server.notYourHotel));
  });

  it('keeps the delisted hotel for the bookings made before', () => {
    const state = [hotelCreated, hotelDelisted].reduce(hotelAggregate.evolve, hotelAggregate.initialState());
    expect(state.status === 'delisted' && state.details.hotelName).to.equal('Hotel Sahyadri Residency');
  });
});
