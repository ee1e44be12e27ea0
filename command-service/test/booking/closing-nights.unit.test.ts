/**
 * Closing and reopening nights as given/when/then: the listing's inventory folds bookings
 * and closures into one count of units taken per night, so a closure never takes a unit a
 * booking holds, and a booking never takes a closed one.
 */
import { expect } from 'chai';
import { closeNightsRequest, closureMessages, labelsOf, messages, reopenNightsRequest, type InventoryEvent } from '@stays/contracts';
import { Conflict, Forbidden, InvalidInput, NotFound } from '../../src/domain-errors.ts';
import { closeNights, reopenNights, type CloseNights } from '../../src/booking/closing-nights/decide.ts';
import { inventoryAggregate } from '../../src/booking/inventory.ts';
import { reserveUnits } from '../../src/booking/placing-booking/decide.ts';
import { hotelAggregate } from '../../src/hotels/hotel.ts';
import { roomAggregate } from '../../src/rooms/room.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { NOW, hotelCreated, roomAdded, unitsReserved } from '../support/events.ts';

// NOW is 22 November 2026 in India; the listing r1 of hotel h1 (owner o1) has 3 units
const listing = { hotel: [hotelCreated], room: [roomAdded('Room')] };
const close = (overrides: Partial<CloseNights> = {}): CloseNights => ({
  closureId: 'CL-1',
  ownerId: 'o1',
  hotelId: 'h1',
  roomId: 'r1',
  nights: ['2026-12-24', '2026-12-25'],
  units: 2,
  now: NOW,
  ...overrides,
});
const closed = (closureId: string, nights: string[], units: number, note?: string): InventoryEvent => ({
  type: 'NightsClosed',
  data: { closureId, roomId: 'r1', hotelId: 'h1', nights, units, source: { kind: 'owner' }, ...(note !== undefined && { note }) },
});
const reopened = (closureId: string, nights: string[], units: number): InventoryEvent => ({
  type: 'NightsReopened',
  data: { closureId, roomId: 'r1', nights, units },
});

describe('closing nights', () => {
  const given = DeciderSpecification.forStreams(closeNights, { hotel: hotelAggregate, room: roomAggregate, inventory: inventoryAggregate });

  it('closes the units on every night while they are free, with the owner as its source and the note', () => {
    given({ ...listing, inventory: [unitsReserved('BK-0', ['2026-12-25'], 1)] })
      .when(close({ note: 'Bathroom repairs' }))
      .then([closed('CL-1', ['2026-12-24', '2026-12-25'], 2, 'Bathroom repairs')]);
  });

  it('refuses naming the first night with fewer units free than asked, counting bookings and other closures', () => {
    given({ ...listing, inventory: [unitsReserved('BK-0', ['2026-12-25'], 1), closed('CL-0', ['2026-12-25'], 1)] })
      .when(close())
      .thenThrows(Conflict, (error) => expect(error.message).to.equal(closureMessages.notEnoughFree('2026-12-25', 1, 2)));
    expect(closureMessages.notEnoughFree('2026-12-25', 1, 2)).to.equal(
      'Only 1 unit is free on 2026-12-25, so 2 units cannot be closed. Close at most 1 or choose other nights.',
    );
    given({ ...listing, inventory: [unitsReserved('BK-0', ['2026-12-24'], 3)] })
      .when(close({ units: 1 }))
      .thenThrows(Conflict, (error) => expect(error.message).to.match(/^Every unit is booked or closed on 2026-12-24/));
  });

  it('closes from today (India) to 365 days ahead, no more units than the listing has', () => {
    given(listing)
      .when(close({ nights: ['2026-11-22'], units: 3 }))
      .then([closed('CL-1', ['2026-11-22'], 3)]);
    given(listing)
      .when(close({ nights: ['2026-11-21', '2026-11-22'] }))
      .thenThrows(InvalidInput, (error) =>
        expect([error.field, error.message]).to.deep.equal(['from', 'First night must be today (2026-11-22) or later: past nights cannot be closed.']),
      );
    given(listing)
      .when(close({ nights: ['2027-11-22'] }))
      .then([closed('CL-1', ['2027-11-22'], 2)]);
    given(listing)
      .when(close({ nights: ['2027-11-22', '2027-11-23'] }))
      .thenThrows(InvalidInput, (error) => expect(error.field).to.equal('to'));
    given(listing)
      .when(close({ nights: [] }))
      .thenThrows(InvalidInput, (error) =>
        expect([error.field, error.message]).to.deep.equal([
          'from',
          messages.validation.problem('from', closureMessages.toBeforeFrom, labelsOf(closeNightsRequest)),
        ]),
      );
    given(listing)
      .when(close({ units: 4 }))
      .thenThrows(InvalidInput, (error) => expect(error.message).to.equal('Units to close each night must be at most 3: the listing has 3 units.'));
  });

  it("lets only the hotel's owner close nights of a listing of that hotel", () => {
    given(listing)
      .when(close({ ownerId: 'o2' }))
      .thenThrows(Forbidden);
    given(listing)
      .when(close({ roomId: 'r9' }))
      .thenThrows(NotFound);
    given(listing)
      .when(close({ hotelId: 'h2' }))
      .thenThrows(NotFound, (error) => expect(error.message).to.equal(messages.server.roomNotFound));
    given({ hotel: [hotelCreated] })
      .when(close())
      .thenThrows(NotFound);
  });

  it('closes once for the same closure id', () => {
    given({ ...listing, inventory: [closed('CL-1', ['2026-12-24', '2026-12-25'], 2)] })
      .when(close())
      .thenNothing();
  });
});

describe('reopening nights', () => {
  const given = DeciderSpecification.forStreams(reopenNights, { hotel: hotelAggregate, room: roomAggregate, inventory: inventoryAggregate });
  const reopen = { closureId: 'CL-1', ownerId: 'o1', hotelId: 'h1', roomId: 'r1' };
  const withClosure = { ...listing, inventory: [closed('CL-1', ['2026-12-24', '2026-12-25', '2026-12-26'], 2)] };

  it('gives back all of the closure, or its nights from..to', () => {
    given(withClosure)
      .when(reopen)
      .then([reopened('CL-1', ['2026-12-24', '2026-12-25', '2026-12-26'], 2)]);
    given(withClosure)
      .when({ ...reopen, from: '2026-12-25' })
      .then([reopened('CL-1', ['2026-12-25', '2026-12-26'], 2)]);
    given(withClosure)
      .when({ ...reopen, from: '2026-12-25', to: '2026-12-25' })
      .then([reopened('CL-1', ['2026-12-25'], 2)]);
  });

  it('reopens what is still closed: nights reopened before are not found again', () => {
    const partly = { ...withClosure, inventory: [...withClosure.inventory, reopened('CL-1', ['2026-12-24', '2026-12-25'], 2)] };
    given(partly)
      .when(reopen)
      .then([reopened('CL-1', ['2026-12-26'], 2)]);
    given(partly)
      .when({ ...reopen, to: '2026-12-25' })
      .thenThrows(InvalidInput, (error) => expect(error.field).to.equal('to'));
    given(partly)
      .when({ ...reopen, from: '2026-12-20', to: '2026-12-25' })
      .thenThrows(InvalidInput, (error) =>
        expect([error.field, error.message]).to.deep.equal([
          'from',
          messages.validation.problem('from', closureMessages.noNightOfClosureInRange, labelsOf(reopenNightsRequest)),
        ]),
      );
    given({ ...partly, inventory: [...partly.inventory, reopened('CL-1', ['2026-12-26'], 2)] })
      .when(reopen)
      .thenThrows(NotFound, (error) => expect(error.message).to.equal(closureMessages.closureNotFound));
  });

  it('does not reopen nights a calendar feed closed: the feed reopens them', () => {
    const fromFeed: InventoryEvent = {
      type: 'NightsClosed',
      data: { closureId: 'CL-1', roomId: 'r1', hotelId: 'h1', nights: ['2026-12-24'], units: 1, source: { kind: 'calendar', feedId: 'F1', uid: 'u1' } },
    };
    given({ ...listing, inventory: [fromFeed] })
      .when(reopen)
      .thenThrows(NotFound, (error) => expect(error.message).to.equal(closureMessages.closureNotFound));
  });

  it("lets only the hotel's owner reopen", () => {
    given(withClosure)
      .when({ ...reopen, ownerId: 'o2' })
      .thenThrows(Forbidden);
  });
});

describe('the inventory: bookings and closures take the same units', () => {
  const given = DeciderSpecification.for(reserveUnits, inventoryAggregate);
  const reserve = { bookingID: 'BK-1', roomId: 'r1', nights: ['2026-12-24', '2026-12-25'], units: 1, totalUnits: 3 };

  it('refuses a booking of a night whose units are closed, and takes it again once reopened', () => {
    given(closed('CL-1', ['2026-12-25'], 3))
      .when(reserve)
      .thenThrows(Conflict, (error) => expect(error.message).to.equal(messages.server.soldOut('2026-12-25')));
    given(closed('CL-1', ['2026-12-25'], 3), reopened('CL-1', ['2026-12-25'], 3))
      .when(reserve)
      .then([unitsReserved('BK-1', ['2026-12-24', '2026-12-25'], 1)]);
  });

  it('counts units taken per night as booked plus closed, and keeps what a closure still holds', () => {
    const state = [unitsReserved('BK-0', ['2026-12-24'], 1), closed('CL-1', ['2026-12-24', '2026-12-25'], 2), reopened('CL-1', ['2026-12-24'], 2)].reduce(
      inventoryAggregate.evolve,
      inventoryAggregate.initialState(),
    );
    expect(Object.fromEntries(state.taken)).to.deep.equal({ '2026-12-24': 1, '2026-12-25': 2 });
    expect(Object.fromEntries(state.closures)).to.deep.equal({ 'CL-1': { nights: ['2026-12-25'], units: 2, source: { kind: 'owner' } } });
  });
});
