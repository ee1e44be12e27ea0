/** How the occupancy charts' axes read: round ticks, whole rupees with Indian grouping, lakhs and crores, names cut to fit. */
import { expect } from 'chai';
import { fitText } from '../../src/features/occupancy/text-width.ts';
import { roundTicks, rupeeTickFormat, rupeeTicks, stepsFor } from '../../src/features/occupancy/ticks.ts';

const labels = (ticks: number[]) => ticks.map(rupeeTickFormat(ticks));

describe('occupancy chart ticks', () => {
  it('steps by 1, 2 or 5 times a power of ten, from 0 to the first round value at or above the highest', () => {
    expect(roundTicks(100, 5)).to.deep.equal([0, 20, 40, 60, 80, 100]);
    expect(roundTicks(100, 3)).to.deep.equal([0, 50, 100]);
    expect(roundTicks(16_802, 5)).to.deep.equal([0, 5_000, 10_000, 15_000, 20_000]);
    expect(roundTicks(21_600, 4)).to.deep.equal([0, 10_000, 20_000, 30_000]);
    expect(roundTicks(7, 6)).to.deep.equal([0, 2, 4, 6, 8]);
  });

  it('never steps below a whole rupee, however small the revenue', () => {
    expect(rupeeTicks(3, 5)).to.deep.equal([0, 200, 400, 600, 800, 1_000]);
    expect(roundTicks(3, 5, 1)).to.deep.equal([0, 1, 2, 3]);
    expect(roundTicks(2, 6, 1)).to.deep.equal([0, 1, 2]);
    for (const highest of [0, 1, 2, 3, 9, 17, 999, 1_001, 123_457, 98_765_432])
      for (const most of [2, 3, 4, 5, 6]) {
        const ticks = rupeeTicks(highest, most);
        expect(ticks.every(Number.isInteger), `${highest} in ${most}: ${ticks.join()}`).to.equal(true);
        expect(ticks.length - 1, `${highest} in ${most}`).to.be.within(1, most);
        expect(ticks.at(-1)).to.be.at.least(highest);
      }
  });

  it('gives an empty month a readable scale rather than ₹0.2 steps', () => {
    expect(labels(rupeeTicks(0, 5))).to.deep.equal(['₹0', '₹200', '₹400', '₹600', '₹800', '₹1,000']);
  });

  it('writes rupees with Indian grouping below a lakh, and in lakhs or crores once the axis reaches them', () => {
    expect(labels([0, 20_000, 40_000, 60_000, 80_000])).to.deep.equal(['₹0', '₹20,000', '₹40,000', '₹60,000', '₹80,000']);
    expect(labels([0, 50_000, 100_000, 150_000])).to.deep.equal(['₹0', '₹0.5L', '₹1L', '₹1.5L']);
    expect(labels([0, 1_000_000, 2_000_000])).to.deep.equal(['₹0', '₹10L', '₹20L']);
    expect(labels([0, 20_000_000, 40_000_000])).to.deep.equal(['₹0', '₹2Cr', '₹4Cr']);
    expect(labels([0, 250_000_000, 500_000_000, 750_000_000, 1_000_000_000])).to.deep.equal(['₹0', '₹25Cr', '₹50Cr', '₹75Cr', '₹100Cr']);
  });

  it('fits 2 to 6 steps to an axis by the room between ticks', () => {
    expect(stepsFor(200, 36)).to.equal(5);
    expect(stepsFor(60, 36)).to.equal(2);
    expect(stepsFor(1_000, 36)).to.equal(6);
  });

  it('cuts a name to fit with an ellipsis, and leaves one that fits whole', () => {
    const measure = (text: string) => text.length * 10;
    expect(fitText('Pune', 40, measure)).to.equal('Pune');
    expect(fitText('Thiruvananthapuram', 100, measure)).to.equal('Thiruvana…');
    expect(measure(fitText('Thiruvananthapuram', 100, measure))).to.be.at.most(100);
    expect(fitText('New Delhi', 50, measure)).to.equal('New…');
  });
});
