import { expect } from 'chai';
import { changedFields } from '../src/audit/state-diff.ts';

describe('the as-of view: what one event changed', () => {
  const placed = { status: 'placed', booking: { hotelName: 'Sea Breeze', nights: ['2026-12-01'] }, invoice: null, paid: false, paidAt: null };

  it('names every field of the state when the booking is placed', () => {
    expect(changedFields(null, placed)).to.deep.equal(['status', 'booking.hotelName', 'booking.nights', 'invoice', 'paid', 'paidAt']);
  });

  it('names only the fields whose value differs, nested ones by their dotted path', () => {
    expect(changedFields(placed, { ...placed, paid: true, paidAt: '2026-12-01T09:00:00.000Z' })).to.deep.equal(['paid', 'paidAt']);
    expect(changedFields(placed, { ...placed, booking: { ...placed.booking, nights: ['2026-12-01', '2026-12-02'] } })).to.deep.equal(['booking.nights']);
    expect(changedFields(placed, placed)).to.deep.equal([]);
  });

  it('names an object that replaces a null by its fields, and the null it replaced', () => {
    expect(changedFields(placed, { ...placed, invoice: { url: '/media/i.pdf', afterCancellation: false } })).to.deep.equal([
      'invoice.url',
      'invoice.afterCancellation',
      'invoice',
    ]);
  });
});
