import { expect } from 'chai';
import { describePolicyForBooking, type CancellationPolicy } from '@stays/contracts';
import { invoiceDocument, renderInvoice } from '../src/reactors/invoice-pdf.ts';
import { bookingPlaced } from './support/events.ts';

/** Every text of a pdfmake document definition, in order. */
function textsOf(node: unknown): string[] {
  if (typeof node === 'string') return [node];
  if (Array.isArray(node)) return node.flatMap(textsOf);
  if (typeof node === 'object' && node !== null) {
    const { text, ...rest } = node as Record<string, unknown>;
    return [...(typeof text === 'string' ? [text] : []), ...Object.values(rest).flatMap(textsOf)];
  }
  return [];
}

describe('the invoice: cancellation policy and charge', () => {
  const policy: CancellationPolicy = { freeUntilDaysBefore: 7, lateCharge: { kind: 'first-night' } };
  const booking = { ...bookingPlaced.data, cancellationPolicy: policy };

  it("prints the booking's policy: its last free day and the late charge", () => {
    const texts = textsOf(invoiceDocument(booking, false).content);
    expect(texts).to.include('Cancellation policy');
    expect(texts).to.include(describePolicyForBooking(policy, booking));
    expect(describePolicyForBooking(policy, booking)).to.equal(
      'Free cancellation until the end of 2026-12-23 (India time). After that, cancelling costs ₹14,400.',
    );
    expect(texts).to.include('Pay at hotel (pending)');
    expect(texts).not.to.include('Cancellation charge');
  });

  it('shows the charge of a late cancellation, and says a free one costs nothing', () => {
    const charged = textsOf(invoiceDocument(booking, false, { cancelledAt: '2026-12-26T05:00:00.000Z', chargeAmount: 14_400, refundAmount: 0 }).content);
    expect(charged).to.include.members([
      'Cancelled on',
      '2026-12-26',
      'Cancellation charge',
      '₹14,400',
      'Cancelled: the cancellation charge is payable to the hotel',
    ]);
    expect(charged).not.to.include('Refund due');
    const free = textsOf(invoiceDocument(booking, false, { cancelledAt: '2026-12-01T05:00:00.000Z', chargeAmount: 0, refundAmount: 0 }).content);
    expect(free).to.include.members(['Cancellation charge', '₹0', 'Cancelled: nothing is payable']);
  });

  it('renders a PDF with them', async () => {
    const pdf = await renderInvoice(booking, false, { cancelledAt: '2026-12-26T05:00:00.000Z', chargeAmount: 14_400, refundAmount: 0 });
    expect(pdf.subarray(0, 5).toString()).to.equal('%PDF-');
  });
});
