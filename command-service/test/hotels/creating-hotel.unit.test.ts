import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { Conflict } from '../../src/domain-errors.ts';
import { createHotel, refuseSecondHotel, type CreateHotel } from '../../src/hotels/creating-hotel/decide.ts';
import { hotelAggregate } from '../../src/hotels/hotel.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { hotelCreated, hotelDetails, ids } from '../support/events.ts';

describe('creating a hotel', () => {
  const given = DeciderSpecification.for(createHotel, hotelAggregate);
  const { restaurants: _r, cinemaHalls: _c, famousTouristPlaces: _f, transportationFacilities: _t, range: _range, imageURLs: _i, ...fields } = hotelDetails;
  const create = (overrides: Partial<CreateHotel> = {}): CreateHotel => ({
    hotelId: 'h1',
    ownerId: 'o1',
    fields,
    places: {},
    imageURLs: [],
    newPlaceId: ids(),
    ...overrides,
  });

  it('creates the hotel with empty place lists and a range of 0 when none are sent', () => {
    given().when(create()).then([hotelCreated]);
  });

  it('gives every place an id, with no minimum distance, and computes the range (average distance) itself', () => {
    const places = { restaurants: [{ name: 'Vaishali', distance: 2 }], transportationFacilities: [{ name: 'Deccan Bus Stop', distance: 0.5 }] };
    given()
      .when(create({ places, imageURLs: ['/media/a'] }))
      .then([
        {
          type: 'HotelCreated',
          data: {
            ...hotelCreated.data,
            imageURLs: ['/media/a'],
            range: 1.3,
            restaurants: [{ name: 'Vaishali', distance: 2, _id: 'new-1' }],
            transportationFacilities: [{ name: 'Deccan Bus Stop', distance: 0.5, type: '', _id: 'new-2' }],
          },
        },
      ]);
  });

  it('refuses a hotel id already used, and an owner who has a hotel', () => {
    given(hotelCreated).when(create()).thenThrows(Conflict);
    expect(() => refuseSecondHotel('h1')).to.throw(Conflict, messages.server.hotelExists);
    expect(() => refuseSecondHotel(null)).not.to.throw();
  });
});
