/**
 * A feed's blocks turned into events on the listing's inventory, given the inventory's
 * events: new blocks close nights, an unchanged feed decides nothing, a vanished or shrunk
 * event reopens nights, a block colliding with bookings made here closes only the free nights
 * and reports the rest, and another feed's or the owner's closures are never touched.
 */
import { expect } from 'chai';
import type { InventoryEvent } from '@stays/contracts';
import { inventoryAggregate, type InventoryState } from '../../src/booking/inventory.ts';
import { decideImport, type ImportCommand } from '../../src/calendar-sync/import-decision.ts';

const inventoryOf = (events: InventoryEvent[]): InventoryState => events.reduce(inventoryAggregate.evolve, inventoryAggregate.initialState());
const reserved = (bookingID: string, nights: string[], units = 1): InventoryEvent => ({
  type: 'UnitsReserved',
  data: { bookingID, roomId: 'r1', nights, units },
});
const fromFeed = (closureId: string, uid: string, nights: string[], feedId = 'F1'): InventoryEvent => ({
  type: 'NightsClosed',
  data: { closureId, roomId: 'r1', hotelId: 'h1', nights, units: 1, source: { kind: 'calendar', feedId, uid } },
});
const byOwner = (closureId: string, nights: string[], units = 1): InventoryEvent => ({
  type: 'NightsClosed',
  data: { closureId, roomId: 'r1', hotelId: 'h1', nights, units, source: { kind: 'owner' } },
});

function command(blocks: ImportCommand['blocks'], totalUnits = 1): ImportCommand {
  let next = 0;
  return {
    feedId: 'F1',
    roomId: 'r1',
    hotelId: 'h1',
    blocks,
    totalUnits,
    window: { first: '2026-12-01', last: '2027-11-30' },
    newClosureId: () => `CL-NEW-${++next}`,
  };
}

describe('turning a feed into closed and reopened nights', () => {
  it('closes the nights of new events, one unit each, with the feed and the UID as source', () => {
    const decision = decideImport(command([{ uid: 'a@airbnb.com', nights: ['2026-12-24', '2026-12-25'] }]), inventoryOf([]));
    expect(decision.events).to.deep.equal([fromFeed('CL-NEW-1', 'a@airbnb.com', ['2026-12-24', '2026-12-25'])]);
    expect(decision).to.deep.include({ closed: 2, reopened: 0, conflicts: [] });
  });

  it('decides nothing for the same feed again', () => {
    const decision = decideImport(
      command([{ uid: 'a@airbnb.com', nights: ['2026-12-24', '2026-12-25'] }]),
      inventoryOf([fromFeed('CL-1', 'a@airbnb.com', ['2026-12-24', '2026-12-25'])]),
    );
    expect(decision.events).to.deep.equal([]);
  });

  it('reopens the nights of a vanished event (a cancellation on the other site)', () => {
    const decision = decideImport(command([]), inventoryOf([fromFeed('CL-1', 'a@airbnb.com', ['2026-12-24', '2026-12-25'])]));
    expect(decision.events).to.deep.equal([
      { type: 'NightsReopened', data: { closureId: 'CL-1', roomId: 'r1', nights: ['2026-12-24', '2026-12-25'], units: 1 } },
    ]);
    expect(decision.reopened).to.equal(2);
  });

  it('reopens the nights a shrunk event gave up and closes those a grown one asks for', () => {
    const inventory = inventoryOf([fromFeed('CL-1', 'a', ['2026-12-24', '2026-12-25', '2026-12-26']), fromFeed('CL-2', 'b', ['2026-12-28'])]);
    const decision = decideImport(
      command([
        { uid: 'a', nights: ['2026-12-24', '2026-12-25'] },
        { uid: 'b', nights: ['2026-12-28', '2026-12-29'] },
      ]),
      inventory,
    );
    expect(decision.events).to.deep.equal([
      { type: 'NightsReopened', data: { closureId: 'CL-1', roomId: 'r1', nights: ['2026-12-26'], units: 1 } },
      fromFeed('CL-NEW-1', 'b', ['2026-12-29']),
    ]);
  });

  it('closes only the nights with a unit free when guests booked the others here, and reports those as a conflict', () => {
    const decision = decideImport(
      command([{ uid: 'x@booking.com', nights: ['2026-12-24', '2026-12-25', '2026-12-26'] }]),
      inventoryOf([reserved('BK-1', ['2026-12-25'])]),
    );
    expect(decision.events).to.deep.equal([fromFeed('CL-NEW-1', 'x@booking.com', ['2026-12-24', '2026-12-26'])]);
    expect(decision.conflicts).to.deep.equal([{ uid: 'x@booking.com', from: '2026-12-24', to: '2026-12-26', nights: ['2026-12-25'] }]);
  });

  it('closes a conflicting night once a unit is free again', () => {
    const inventory = inventoryOf([
      reserved('BK-1', ['2026-12-25']),
      fromFeed('CL-1', 'x', ['2026-12-24']),
      { type: 'UnitsReleased', data: { bookingID: 'BK-1', roomId: 'r1', nights: ['2026-12-25'], units: 1 } },
    ]);
    const decision = decideImport(command([{ uid: 'x', nights: ['2026-12-24', '2026-12-25'] }]), inventory);
    expect(decision.events).to.deep.equal([fromFeed('CL-NEW-1', 'x', ['2026-12-25'])]);
    expect(decision.conflicts).to.deep.equal([]);
  });

  it('counts the units its own blocks take: two events on one night of a one-unit listing conflict', () => {
    const decision = decideImport(
      command([
        { uid: 'a', nights: ['2026-12-24'] },
        { uid: 'b', nights: ['2026-12-24'] },
      ]),
      inventoryOf([]),
    );
    expect(decision.events).to.have.length(1);
    expect(decision.conflicts).to.deep.equal([{ uid: 'b', from: '2026-12-24', to: '2026-12-24', nights: ['2026-12-24'] }]);
  });

  it('counts the units bookings here take beside its own blocks: on a two-unit listing with one booked, the second event on that night conflicts', () => {
    const decision = decideImport(
      command(
        [
          { uid: 'a', nights: ['2026-12-24'] },
          { uid: 'b', nights: ['2026-12-24'] },
        ],
        2,
      ),
      inventoryOf([reserved('BK-1', ['2026-12-24'])]),
    );
    expect(decision.events).to.deep.equal([fromFeed('CL-NEW-1', 'a', ['2026-12-24'])]);
    expect(decision.conflicts).to.deep.equal([{ uid: 'b', from: '2026-12-24', to: '2026-12-24', nights: ['2026-12-24'] }]);
  });

  it('gives a night one event let go to another event of the same fetch', () => {
    const decision = decideImport(command([{ uid: 'b', nights: ['2026-12-24'] }]), inventoryOf([fromFeed('CL-1', 'a', ['2026-12-24'])]));
    expect(decision.events).to.deep.equal([
      { type: 'NightsReopened', data: { closureId: 'CL-1', roomId: 'r1', nights: ['2026-12-24'], units: 1 } },
      fromFeed('CL-NEW-1', 'b', ['2026-12-24']),
    ]);
    expect(decision).to.deep.include({ closed: 1, reopened: 1, conflicts: [] });

    const besideABooking = decideImport(
      command(
        [
          { uid: 'b', nights: ['2026-12-24'] },
          { uid: 'c', nights: ['2026-12-24'] },
        ],
        2,
      ),
      inventoryOf([reserved('BK-1', ['2026-12-24']), fromFeed('CL-1', 'a', ['2026-12-24'])]),
    );
    expect(besideABooking.events, 'the booking still holds its unit').to.have.length(2);
    expect(besideABooking.conflicts.map((conflict) => conflict.uid)).to.deep.equal(['c']);
  });

  it('changes the window’s first and last nights, and none before or after them', () => {
    const edges = ['2026-11-30', '2026-12-01', '2027-11-30', '2027-12-01'];
    const closing = decideImport(command([{ uid: 'a', nights: edges }]), inventoryOf([]));
    expect(closing.events).to.deep.equal([fromFeed('CL-NEW-1', 'a', ['2026-12-01', '2027-11-30'])]);
    const reopening = decideImport(command([]), inventoryOf([fromFeed('CL-1', 'a', edges)]));
    expect(reopening.events).to.deep.equal([
      { type: 'NightsReopened', data: { closureId: 'CL-1', roomId: 'r1', nights: ['2026-12-01', '2027-11-30'], units: 1 } },
    ]);
  });

  it('never touches the owner’s closures or another feed’s, nor nights outside the window', () => {
    const inventory = inventoryOf([byOwner('CL-O', ['2026-12-24']), fromFeed('CL-G', 'g', ['2026-12-25'], 'F2'), fromFeed('CL-P', 'p', ['2026-11-20'])]);
    const decision = decideImport(command([{ uid: 'late', nights: ['2027-12-30'] }], 3), inventory);
    expect(decision.events).to.deep.equal([]);
  });
});
