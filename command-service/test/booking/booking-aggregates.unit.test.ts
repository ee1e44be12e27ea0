/**
 * The booking side's aggregates on their own: events in, the state the deciders read out
 * (the deciders' own tests are given/when/then in the files beside this one).
 */
import { expect } from 'chai';
import { bookingAggregate, needsCancellationInvoice, type BookingEvent, type BookingState, type GuestEvent, type InventoryEvent } from '@stays/contracts';
import { guestAggregate, upcomingBookings } from '../../src/booking/guest.ts';
import { inventoryAggregate } from '../../src/booking/inventory.ts';
import { DAY_MS } from '../../src/booking/daily-window.ts';
import { recordNoticeSent } from '../../src/booking/issuing-documents/decide.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { NOW, bookingCancelled, bookingPaid, bookingPlaced } from '../support/events.ts';

const fold = <S, E>(aggregate: { initialState: () => S; evolve: (state: S, event: E) => S }, events: readonly E[]): S =>
  events.reduce(aggregate.evolve, aggregate.initialState());

describe('the guest aggregate', () => {
  const used = (contactHash: string, at: number): GuestEvent => ({
    type: 'GuestContactUsed',
    data: { customerId: 'g1', contactHash, usedAt: new Date(at).toISOString() },
  });
  const held = (bookingID: string, lastNight: string): GuestEvent => ({ type: 'GuestBookingHeld', data: { customerId: 'g1', bookingID, lastNight } });

  it('keeps the contacts used in the 24 hours up to the latest use, a contact used exactly a day before it no longer', () => {
    const t = NOW.getTime();
    expect([...fold(guestAggregate, [used('a', t), used('b', t + DAY_MS - 1)]).contactsUsed.keys()]).to.deep.equal(['a', 'b']);
    expect([...fold(guestAggregate, [used('a', t), used('b', t + DAY_MS)]).contactsUsed.keys()]).to.deep.equal(['b']);
    expect(fold(guestAggregate, [used('a', t), used('a', t + 5)]).contactsUsed.get('a')).to.equal(t + 5);
  });

  it('names the bookings whose stay is not over', () => {
    const state = fold(guestAggregate, [held('BK-past', '2026-11-21'), held('BK-today', '2026-11-22'), held('BK-ahead', '2026-12-01')]);
    expect(upcomingBookings(state, NOW)).to.deep.equal(['BK-today', 'BK-ahead']);
  });
});

describe('the inventory aggregate', () => {
  const reserved = (bookingID: string, units: number): InventoryEvent => ({
    type: 'UnitsReserved',
    data: { roomId: 'r1', bookingID, nights: ['2026-12-30', '2026-12-31'], units },
  });
  const released = (bookingID: string, units: number): InventoryEvent => ({
    type: 'UnitsReleased',
    data: { roomId: 'r1', bookingID, nights: ['2026-12-30', '2026-12-31'], units },
  });

  it('gives back the units a booking released, on each of its nights', () => {
    const state = fold(inventoryAggregate, [reserved('BK-1', 2), reserved('BK-2', 1), released('BK-1', 2)]);
    expect([...state.taken]).to.deep.equal([
      ['2026-12-30', 1],
      ['2026-12-31', 1],
    ]);
    expect([...state.holdings.keys()]).to.deep.equal(['BK-2']);
  });

  it('keeps a closure while some of its nights stay closed, and lets it go with its last night or when it is unknown', () => {
    const closed: InventoryEvent = {
      type: 'NightsClosed',
      data: { closureId: 'cl-1', roomId: 'r1', hotelId: 'h1', nights: ['2026-12-30', '2026-12-31'], units: 1, source: { kind: 'owner' } },
    };
    const reopened = (closureId: string, nights: string[]): InventoryEvent => ({ type: 'NightsReopened', data: { closureId, roomId: 'r1', nights, units: 1 } });
    const partly = fold(inventoryAggregate, [closed, reopened('cl-1', ['2026-12-30'])]);
    expect([...partly.closures]).to.deep.equal([['cl-1', { nights: ['2026-12-31'], units: 1, source: { kind: 'owner' } }]]);
    expect([...partly.taken]).to.deep.equal([
      ['2026-12-30', 0],
      ['2026-12-31', 1],
    ]);
    expect(fold(inventoryAggregate, [closed, reopened('cl-1', ['2026-12-30']), reopened('cl-1', ['2026-12-31'])]).closures.size).to.equal(0);
    expect(fold(inventoryAggregate, [closed, reopened('cl-unknown', ['2026-12-30'])]).closures.size).to.equal(1);
    expect(fold(inventoryAggregate, [reopened('cl-unknown', ['2026-12-30'])]).closures.size).to.equal(0);
  });
});

describe('the booking aggregate', () => {
  const noticeSent = (notice: 'owner-new-booking' | 'guest-cancellation', messageId = '<n1@stays>'): BookingEvent => ({
    type: 'BookingNoticeSent',
    data: { bookingID: 'BK-1', notice, messageId },
  });

  it('reads a placed booking as placed, unpaid, with nothing sent', () => {
    const state = fold(bookingAggregate, [bookingPlaced] as BookingEvent[]);
    expect(state).to.deep.equal({
      status: 'placed',
      booking: bookingPlaced.data,
      invoice: null,
      emailSent: false,
      noticesSent: [],
      noticesClaimed: [],
      paid: false,
      paidAt: null,
      cancellation: null,
    });
  });

  it('ignores what comes before the booking was placed', () => {
    expect(fold(bookingAggregate, [bookingPaid, noticeSent('owner-new-booking')])).to.deep.equal({ status: 'none' });
  });

  it('records each notice once', () => {
    const state = fold(bookingAggregate, [bookingPlaced, noticeSent('owner-new-booking'), noticeSent('owner-new-booking', '<n2@stays>')] as BookingEvent[]);
    expect(state.status === 'placed' && state.noticesSent).to.deep.equal(['owner-new-booking']);
  });

  it('needs an invoice showing the charge only after a cancellation that cost something, until one is issued after it', () => {
    const charged = (chargeAmount: number): BookingEvent => ({
      type: 'BookingCancelled',
      data: { ...(bookingCancelled.data as { cancelledAt: string }), bookingID: 'BK-1', customerId: 'g1', chargeAmount, refundAmount: 0 },
    });
    const invoice: BookingEvent = { type: 'InvoiceIssued', data: { bookingID: 'BK-1', invoicePDF: '/i.pdf', mediaId: 'i.pdf' } };
    const needs = (...events: BookingEvent[]) => needsCancellationInvoice(fold(bookingAggregate, [bookingPlaced, ...events] as BookingEvent[]));
    expect(needs()).to.equal(false);
    expect(needs(invoice)).to.equal(false);
    expect(needs(charged(0))).to.equal(false);
    expect(needs(charged(1))).to.equal(true);
    expect(needs(invoice, charged(1))).to.equal(true);
    expect(needs(charged(1), invoice)).to.equal(false);
    expect(needsCancellationInvoice({ status: 'none' } as BookingState)).to.equal(false);
  });

  it('records a notice once, and refuses one for a booking that was never placed', () => {
    const given = DeciderSpecification.for(recordNoticeSent, bookingAggregate);
    given(bookingPlaced)
      .when({ notice: 'owner-new-booking', messageId: '<n1@stays>' })
      .then([noticeSent('owner-new-booking')]);
    given(bookingPlaced, noticeSent('owner-new-booking')).when({ notice: 'owner-new-booking', messageId: '<n2@stays>' }).thenNothing();
    given(bookingPlaced, noticeSent('owner-new-booking'))
      .when({ notice: 'guest-cancellation', messageId: '<n2@stays>' })
      .then([noticeSent('guest-cancellation', '<n2@stays>')]);
  });
});
