import { expect } from 'chai';
import { formatDiscount, formatRupees, MINUS_SIGN } from '../src/index.ts';

describe('contracts: money formatting', () => {
  it('prints rupees with the ₹ sign and Indian digit grouping', () => {
    expect(formatRupees(0)).to.equal('₹0');
    expect(formatRupees(999)).to.equal('₹999');
    expect(formatRupees(1200)).to.equal('₹1,200');
    expect(formatRupees(96000)).to.equal('₹96,000');
    expect(formatRupees(120000)).to.equal('₹1,20,000');
    expect(formatRupees(12345678)).to.equal('₹1,23,45,678');
  });

  it('keeps at most two decimals (the displayed tax is price / 100)', () => {
    expect(formatRupees(12.34)).to.equal('₹12.34');
    expect(formatRupees(45)).to.equal('₹45');
    expect(formatRupees(1.005)).to.match(/^₹1(\.0\d?)?$/);
  });

  it('writes a discount with the one minus sign (U+2212), never a hyphen', () => {
    expect(MINUS_SIGN).to.equal('\u2212');
    expect(formatDiscount(680)).to.equal('\u2212₹680');
    expect(formatDiscount(96000)).to.equal('\u2212₹96,000');
    expect(formatDiscount(-680)).to.equal('\u2212₹680');
    expect(formatDiscount(680)).not.to.include('-');
    expect(formatRupees(-500)).to.equal('\u2212₹500');
  });
});
