import { expect } from 'chai';
import { bookingAggregate, messages, type CancellationPolicy } from '@stays/contracts';
import { Conflict, Forbidden, NotFound } from '../../src/domain-errors.ts';
import { cancelBooking } from '../../src/booking/cancelling-booking/decide.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { NOW, bookingCancelled, bookingPaid, bookingPlaced, bookingPlacedUnder } from '../support/events.ts';

describe('cancelling a booking', () => {
  const given = DeciderSpecification.for(cancelBooking, bookingAggregate);
  const byGuest = { customerId: 'g1', now: NOW };
  const cancelled = (cancelledAt: string, chargeAmount: number) => ({
    type: 'BookingCancelled' as const,
    data: { bookingID: 'BK-1', customerId: 'g1', cancelledAt, chargeAmount, refundAmount: 0 },
  });

  it("lets the booking's guest cancel before the first night", () => {
    given(bookingPlaced).when(byGuest).then([bookingCancelled]);
    // the evening before the first night, India time: free under the terms before policies
    given(bookingPlaced)
      .when({ customerId: 'g1', now: new Date('2026-12-29T18:29:00Z') })
      .then([cancelled('2026-12-29T18:29:00.000Z', 0)]);
  });

  describe("under the booking's policy (BK-1: ₹43,200 for 3 nights from 30 December)", () => {
    const weekFirstNight: CancellationPolicy = { freeUntilDaysBefore: 7, lateCharge: { kind: 'first-night' } };
    const weekQuarter: CancellationPolicy = { freeUntilDaysBefore: 7, lateCharge: { kind: 'percentage', percent: 25 } };

    it('records no charge up to the end of the last free day (23 December, India time)', () => {
      given(bookingPlacedUnder(weekFirstNight))
        .when({ customerId: 'g1', now: new Date('2026-12-23T18:29:59Z') })
        .then([cancelled('2026-12-23T18:29:59.000Z', 0)]);
    });

    it('records the late charge from the next day: the first night, or the percentage of the payable amount', () => {
      given(bookingPlacedUnder(weekFirstNight))
        .when({ customerId: 'g1', now: new Date('2026-12-23T18:30:00Z') })
        .then([cancelled('2026-12-23T18:30:00.000Z', 14_400)]);
      given(bookingPlacedUnder(weekQuarter))
        .when({ customerId: 'g1', now: new Date('2026-12-29T10:00:00Z') })
        .then([cancelled('2026-12-29T10:00:00.000Z', 10_800)]);
    });

    it('keeps the cancellation and its charge in the state', () => {
      const state = [bookingPlacedUnder(weekFirstNight), cancelled('2026-12-24T04:00:00.000Z', 14_400)].reduce(
        bookingAggregate.evolve,
        bookingAggregate.initialState(),
      );
      expect(state.status === 'cancelled' && state.cancellation).to.deep.equal({
        cancelledAt: '2026-12-24T04:00:00.000Z',
        chargeAmount: 14_400,
        refundAmount: 0,
      });
    });
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
