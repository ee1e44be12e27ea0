import { expect } from 'chai';
import { messages, TERMS_BEFORE_POLICIES, type CancellationPolicy } from '@stays/contracts';
import { Forbidden, NotFound } from '../../src/domain-errors.ts';
import { hotelAggregate } from '../../src/hotels/hotel.ts';
import { setCancellationPolicy } from '../../src/hotels/setting-cancellation-policy/decide.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { hotelCreated, hotelDelisted, policySet } from '../support/events.ts';

describe("setting a hotel's cancellation policy", () => {
  const given = DeciderSpecification.for(setCancellationPolicy, hotelAggregate);
  const week: CancellationPolicy = { freeUntilDaysBefore: 7, lateCharge: { kind: 'first-night' } };
  const weekHalf: CancellationPolicy = { freeUntilDaysBefore: 7, lateCharge: { kind: 'percentage', percent: 50 } };
  const weekThird: CancellationPolicy = { freeUntilDaysBefore: 7, lateCharge: { kind: 'percentage', percent: 33 } };

  it("records the owner's policy, and each change of it", () => {
    given(hotelCreated)
      .when({ ownerId: 'o1', policy: week })
      .then([policySet(week)]);
    given(hotelCreated, policySet(week))
      .when({ ownerId: 'o1', policy: weekHalf })
      .then([policySet(weekHalf)]);
    given(hotelCreated, policySet(weekHalf))
      .when({ ownerId: 'o1', policy: weekThird })
      .then([policySet(weekThird)]);
  });

  it('records nothing when the policy is the one the hotel has (the terms before policies until one is set)', () => {
    given(hotelCreated, policySet(weekHalf))
      .when({ ownerId: 'o1', policy: { ...weekHalf } })
      .thenNothing();
    given(hotelCreated).when({ ownerId: 'o1', policy: TERMS_BEFORE_POLICIES }).thenNothing();
  });

  it('refuses another owner, an unknown hotel and a delisted one', () => {
    given(hotelCreated)
      .when({ ownerId: 'o2', policy: week })
      .thenThrows(Forbidden, (error) => expect(error.message).to.equal(messages.server.notYourHotel));
    given()
      .when({ ownerId: 'o1', policy: week })
      .thenThrows(NotFound, (error) => expect(error.message).to.equal(messages.server.hotelNotFound));
    given(hotelCreated, hotelDelisted)
      .when({ ownerId: 'o1', policy: week })
      .thenThrows(NotFound, (error) => expect(error.message).to.equal(messages.server.hotelNotFound));
  });

  it('keeps the policy through later updates of the hotel', () => {
    const updated = { type: 'HotelUpdated' as const, data: { ...hotelCreated.data, description: 'Renovated', changedFields: ['description' as const] } };
    const state = [hotelCreated, policySet(week), updated].reduce(hotelAggregate.evolve, hotelAggregate.initialState());
    expect(state.status === 'listed' && state.cancellationPolicy).to.deep.equal(week);
  });
});
