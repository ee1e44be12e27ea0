import type { GuestEvent, InventoryEvent } from '@stays/contracts';
import { releaseBooking, releaseUnits } from '../../src/booking/giving-back/decide.ts';
import { guestAggregate } from '../../src/booking/guest.ts';
import { inventoryAggregate } from '../../src/booking/inventory.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { unitsReserved } from '../support/events.ts';

describe('giving back what a booking holds', () => {
  it('gives back exactly the units the booking took, once', () => {
    const given = DeciderSpecification.for(releaseUnits, inventoryAggregate);
    const released: InventoryEvent = { type: 'UnitsReleased', data: { bookingID: 'BK-1', roomId: 'r1', nights: ['2026-12-30', '2026-12-31'], units: 2 } };
    given(unitsReserved('BK-0', ['2026-12-30'], 1), unitsReserved('BK-1', ['2026-12-30', '2026-12-31'], 2))
      .when({ bookingID: 'BK-1', roomId: 'r1' })
      .then([released]);
    given(unitsReserved('BK-1', ['2026-12-30', '2026-12-31'], 2), released)
      .when({ bookingID: 'BK-1', roomId: 'r1' })
      .thenNothing();
    given().when({ bookingID: 'BK-1', roomId: 'r1' }).thenNothing();
  });

  it("gives back the guest's place, once", () => {
    const given = DeciderSpecification.for(releaseBooking, guestAggregate);
    const held: GuestEvent = { type: 'GuestBookingHeld', data: { customerId: 'g1', bookingID: 'BK-1', lastNight: '2027-01-01' } };
    const released: GuestEvent = { type: 'GuestBookingReleased', data: { customerId: 'g1', bookingID: 'BK-1' } };
    given(held).when({ customerId: 'g1', bookingID: 'BK-1' }).then([released]);
    given(held, released).when({ customerId: 'g1', bookingID: 'BK-1' }).thenNothing();
    given(held).when({ customerId: 'g1', bookingID: 'BK-X' }).thenNothing();
  });
});
