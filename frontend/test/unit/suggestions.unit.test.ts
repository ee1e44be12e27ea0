import { expect } from 'chai';
import { matchingSuggestions, suggestionCatalogue, SUGGESTIONS_PER_GROUP } from '../../src/features/search/suggestions.ts';
import type { Hotel } from '../../src/lib/models.ts';

const hotel = (id: string, patch: Partial<Hotel> = {}): Hotel => ({
  _id: id,
  hotelName: `Hotel ${id}`,
  address: '12 MI Road, Chandpol, Jaipur',
  country: 'India',
  state: 'Rajasthan',
  city: 'Jaipur',
  pinCode: 302001,
  description: 'd',
  imageURLs: [],
  phoneNumber: '9820000000',
  amenities: [],
  checkInTime: '12:00',
  checkOutTime: '11:00',
  startingPrice: 4000,
  range: 3,
  restaurants: [{ _id: 'r', name: 'Jaipur Kitchen', distance: 2 }],
  cinemaHalls: [{ _id: 'c', name: ' ', distance: 1 }],
  famousTouristPlaces: [{ _id: 't', name: 'Hawa Mahal', distance: 3 }],
  transportationFacilities: [{ _id: 'x', name: 'JP', distance: 4, type: 'Railway Station' }],
  ...patch,
});

describe('search suggestions (unit)', () => {
  it("groups every hotel's texts into cities, hotels and places; streets and house numbers dropped, areas kept; each text once", () => {
    const catalogue = suggestionCatalogue([
      hotel('a'),
      hotel('b', {
        hotelName: 'Jaipur Palace',
        address: 'Marine Drive, Colaba, Mumbai',
        city: 'Mumbai',
        state: 'Maharashtra',
        famousTouristPlaces: [{ _id: 't', name: 'jaipur', distance: 1 }],
      }),
    ]);
    expect(catalogue).to.deep.equal([
      { kind: 'cities', texts: ['Jaipur', 'Mumbai'] },
      { kind: 'hotels', texts: ['Hotel a', 'Jaipur Palace'] },
      { kind: 'places', texts: ['Hawa Mahal', 'Chandpol', 'Rajasthan', 'India', 'Jaipur Kitchen', 'Railway Station', 'Colaba', 'Maharashtra'] },
    ]);
  });

  it('matches the typed text in any case, those starting with it first, leaves out empty groups, and none for blank text', () => {
    const catalogue = suggestionCatalogue([hotel('a', { hotelName: 'Pink City Jaipur Inn' }), hotel('b', { hotelName: 'Jaipur Palace' })]);
    expect(matchingSuggestions(catalogue, ' JAIP')).to.deep.equal([
      { kind: 'cities', texts: ['Jaipur'] },
      { kind: 'hotels', texts: ['Jaipur Palace', 'Pink City Jaipur Inn'] },
      { kind: 'places', texts: ['Jaipur Kitchen'] },
    ]);
    expect(matchingSuggestions(catalogue, 'mahal')).to.deep.equal([{ kind: 'places', texts: ['Hawa Mahal'] }]);
    expect(matchingSuggestions(catalogue, '12 MI')).to.deep.equal([]);
    expect(matchingSuggestions(catalogue, '   ')).to.deep.equal([]);
  });

  it('shows at most a few texts per group, so the open list stays short', () => {
    const many = Array.from({ length: SUGGESTIONS_PER_GROUP + 3 }, (_, i) => hotel(`${i}`, { hotelName: `Stay ${i}` }));
    const [hotels] = matchingSuggestions(suggestionCatalogue(many), 'stay');
    expect(hotels).to.deep.equal({ kind: 'hotels', texts: ['Stay 0', 'Stay 1', 'Stay 2', 'Stay 3', 'Stay 4'] });
  });
});
