import { expect } from 'chai';
import type { ListedListings, ListingFacets } from '@stays/projections/read-models';
import { RememberedListings } from '../src/hotels/remembered-listings.ts';

describe('the listed listings a search for a stay remembers', () => {
  const listing = (roomId: string): ListingFacets => ({
    _id: roomId,
    hotelID: 'h1',
    roomType: 'Room',
    bedType: 'King',
    pricePerNight: 3000,
    furnished: true,
    hasKitchen: false,
    totalUnits: 2,
    maxGuests: 2,
  });
  const reads = (): { read: () => Promise<ListedListings>; count: () => number } => {
    let count = 0;
    return { read: async () => new Map([['h1', [listing(`r${++count}`)]]]), count: () => count };
  };

  it('reads once for searches asking together, and again only once a listing changed or another version went live', async () => {
    const remembered = new RememberedListings();
    const { read, count } = reads();
    const together = await Promise.all(Array.from({ length: 5 }, () => remembered.get('1@7', read)));
    expect(count()).to.equal(1);
    expect(new Set(together).size).to.equal(1);
    expect(await remembered.get('1@7', read)).to.equal(together[0]);
    const changed = await remembered.get('1@9', read);
    expect([count(), changed.get('h1')![0]!._id]).to.deep.equal([2, 'r2']);
    // another version of the model, built from the same log: the same position, read again
    const switched = await remembered.get('2@9', read);
    expect([count(), switched.get('h1')![0]!._id]).to.deep.equal([3, 'r3']);
  });

  it('keeps no failed read: the next search reads again', async () => {
    const remembered = new RememberedListings();
    const failing = async (): Promise<ListedListings> => {
      throw new Error('read store unavailable');
    };
    let error: unknown;
    await remembered.get('1@3', failing).catch((caught: unknown) => (error = caught));
    expect((error as Error).message).to.equal('read store unavailable');
    const { read, count } = reads();
    expect((await remembered.get('1@3', read)).get('h1')![0]!._id).to.equal('r1');
    expect(count()).to.equal(1);
  });
});
