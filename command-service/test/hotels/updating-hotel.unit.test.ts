import { expect } from 'chai';
import { messages, type HotelDetails, type HotelEvent } from '@stays/contracts';
import { Forbidden, InvalidInput, NotFound } from '../../src/domain-errors.ts';
import { hotelAggregate } from '../../src/hotels/hotel.ts';
import type { HotelFieldsInput, PlaceListsInput } from '../../src/hotels/nearby-places.ts';
import { updateHotel } from '../../src/hotels/updating-hotel/decide.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { hotelDelisted, ids } from '../support/events.ts';

const details: HotelDetails = {
  hotelName: 'Hotel Sahyadri Residency',
  address: '14 Jangli Maharaj Road, Deccan',
  country: 'India',
  state: 'Maharashtra',
  city: 'Pune',
  pinCode: 411004,
  description: 'A calm family hotel near the old city, with a rooftop restaurant and a view.',
  imageURLs: ['/media/a', '/media/b'],
  phoneNumber: '9822012345',
  amenities: ['Free WiFi', 'AC'],
  checkInTime: '12:00',
  checkOutTime: '11:00',
  startingPrice: 3200,
  range: 2.8,
  restaurants: [
    { name: 'Vaishali', distance: 2, _id: 'r1' },
    { name: 'Roopali', distance: 2, _id: 'r2' },
  ],
  cinemaHalls: [],
  famousTouristPlaces: [{ name: 'Shaniwar Wada', distance: 4, _id: 't1' }],
  transportationFacilities: [{ name: 'Pune Junction', distance: 3, type: 'Railway Station', _id: 'x1' }],
};
const created: HotelEvent = { type: 'HotelCreated', data: { hotelId: 'h1', ownerId: 'o1', ...details } };

const given = DeciderSpecification.for(updateHotel, hotelAggregate);
const changing = (places: PlaceListsInput, fields: Partial<HotelFieldsInput> = {}, extra: { ownerId?: string; imageURLs?: string[] } = {}) => ({
  ownerId: 'o1',
  fields,
  places,
  newPlaceId: ids(),
  ...extra,
});

/** The HotelUpdated data of a decision that records exactly one. */
const updated = (events: HotelEvent[]) => {
  expect(events).to.have.length(1);
  const [event] = events;
  if (event?.type !== 'HotelUpdated') throw new Error(`expected HotelUpdated, got ${event?.type}`);
  return event.data;
};

describe('updating a hotel', () => {
  it('records the whole resulting hotel and the fields that changed; new images replace the old', () => {
    given(created)
      .when(changing({}, { startingPrice: 3500 }, { imageURLs: ['/media/c'] }))
      .then([
        {
          type: 'HotelUpdated',
          data: { hotelId: 'h1', ownerId: 'o1', ...details, startingPrice: 3500, imageURLs: ['/media/c'], changedFields: ['imageURLs', 'startingPrice'] },
        },
      ]);
  });

  it('records nothing when nothing changes', () => {
    given(created)
      .when(changing({}, { hotelName: details.hotelName, startingPrice: 3200 }))
      .thenNothing();
  });

  it('refuses another owner, an unknown hotel and a delisted one', () => {
    given(created)
      .when(changing({}, { startingPrice: 1 }, { ownerId: 'o2' }))
      .thenThrows(Forbidden, (error) => expect(error.message).to.equal(messages.server.notYourHotel));
    given()
      .when(changing({}))
      .thenThrows(NotFound, (error) => expect(error.message).to.equal(messages.server.hotelNotFound));
    given(created, hotelDelisted).when(changing({})).thenThrows(NotFound);
  });
});

describe('updating a hotel: nearby places', () => {
  it('takes a place resent without its id (name any case and spacing, same distance) for the stored place: no change, no event', () => {
    given(created)
      .when(
        changing({
          restaurants: [
            { name: '  VAISHALI ', distance: 2 },
            { name: 'roopali', distance: 2 },
          ],
          famousTouristPlaces: [{ name: 'Shaniwar Wada', distance: 4 }],
          // the spec client drops a transport place's type when it resends it
          transportationFacilities: [{ name: 'pune junction', distance: 3 }],
          cinemaHalls: [],
        }),
      )
      .thenNothing();
  });

  it('keeps the stored place whole (id, spelling, type) and lets only new places need 5 km', () => {
    given(created)
      .when(
        changing({
          restaurants: [
            { name: 'vaishali', distance: 2 },
            { name: 'Shabree', distance: 6 },
          ],
          transportationFacilities: [
            { name: 'Pune Junction', distance: 3 },
            { name: 'Swargate', distance: 7 },
          ],
        }),
      )
      .then((events) => {
        const data = updated(events);
        expect(data.restaurants).to.deep.equal([
          { name: 'Vaishali', distance: 2, _id: 'r1' },
          { name: 'Shabree', distance: 6, _id: 'new-1' },
        ]);
        expect(data.transportationFacilities).to.deep.equal([
          { name: 'Pune Junction', distance: 3, type: 'Railway Station', _id: 'x1' },
          { name: 'Swargate', distance: 7, type: '', _id: 'new-2' },
        ]);
        expect(data.changedFields).to.have.members(['restaurants', 'transportationFacilities', 'range']);
      });
  });

  it('treats a place under 5 km that differs in distance or name, or sits in another list, as new and refuses it', () => {
    const refusals: [PlaceListsInput, string][] = [
      [{ restaurants: [{ name: 'Vaishali', distance: 2.5 }] }, 'restaurants.0.distance'],
      [{ restaurants: [{ name: 'Vaishali Cafe', distance: 2 }] }, 'restaurants.0.distance'],
      [{ cinemaHalls: [{ name: 'Vaishali', distance: 2 }] }, 'cinemaHalls.0.distance'],
      [{ transportationFacilities: [{ name: 'Pune Junction', distance: 3, type: 'Bus Stand' }] }, 'transportationFacilities.0.distance'],
    ];
    for (const [places, field] of refusals) {
      given(created)
        .when(changing(places))
        .thenThrows(InvalidInput, (error) => expect(error.field, field).to.equal(field));
    }
  });

  it('lets each stored place be claimed once: a second equal place is new', () => {
    given(created)
      .when(
        changing({
          restaurants: [
            { name: 'Vaishali', distance: 2 },
            { name: 'vaishali', distance: 2 },
          ],
        }),
      )
      .thenThrows(InvalidInput, (error) => expect(error.field).to.equal('restaurants.1.distance'));
    given(created)
      .when(
        changing({
          restaurants: [
            { name: 'Vaishali', distance: 2, _id: 'r1' },
            { name: 'Vaishali', distance: 2, _id: 'r1' },
          ],
        }),
      )
      .thenThrows(InvalidInput, (error) => expect(error.field).to.equal('restaurants.1.distance'));
  });

  it('gives a place keeping its id priority over an equal place without one sent before it', () => {
    given(created)
      .when(
        changing({
          restaurants: [
            { name: 'Roopali', distance: 2 },
            { name: 'Vaishali', distance: 2, _id: 'r1' },
            { name: 'Vaishali', distance: 9 },
          ],
        }),
      )
      .then((events) =>
        expect(updated(events).restaurants).to.deep.equal([
          { name: 'Roopali', distance: 2, _id: 'r2' },
          { name: 'Vaishali', distance: 2, _id: 'r1' },
          { name: 'Vaishali', distance: 9, _id: 'new-1' },
        ]),
      );
  });

  it('edits a place that keeps its id, keeping a transport type that is not resent', () => {
    given(created)
      .when(
        changing({
          restaurants: [{ name: 'Vaishali Restaurant', distance: 2.2, _id: 'r1' }],
          transportationFacilities: [{ name: 'Pune Railway Junction', distance: 3, _id: 'x1' }],
        }),
      )
      .then((events) => {
        const data = updated(events);
        expect(data.restaurants).to.deep.equal([{ name: 'Vaishali Restaurant', distance: 2.2, _id: 'r1' }]);
        expect(data.transportationFacilities).to.deep.equal([{ name: 'Pune Railway Junction', distance: 3, type: 'Railway Station', _id: 'x1' }]);
      });
  });

  it('drops stored places left out of a list that is sent, and keeps lists that are not sent', () => {
    given(created)
      .when(changing({ restaurants: [{ name: 'Roopali', distance: 2 }] }))
      .then((events) => {
        const data = updated(events);
        expect(data.restaurants).to.deep.equal([{ name: 'Roopali', distance: 2, _id: 'r2' }]);
        expect(data.famousTouristPlaces).to.deep.equal(details.famousTouristPlaces);
        expect(data.changedFields).to.have.members(['restaurants', 'range']);
      });
  });
});
