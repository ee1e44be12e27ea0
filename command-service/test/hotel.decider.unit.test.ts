import { expect } from 'chai';
import type { HotelDetails, HotelEvent } from '@stays/contracts';
import { ValidationError } from '@stays/service-kit';
import { evolveHotel, initialHotelState, type HotelState } from '../src/hotels/hotel.ts';
import * as decide from '../src/hotels/decide.ts';

/** Given events, when a decision runs, then these events (or this error). */
const given = (...events: HotelEvent[]): HotelState => events.reduce(evolveHotel, initialHotelState());

const details: HotelDetails = {
  hotelName: 'Hotel Sahyadri Residency', address: '14 Jangli Maharaj Road, Deccan', country: 'India', state: 'Maharashtra',
  city: 'Pune', pinCode: 411004, description: 'A calm family hotel near the old city, with a rooftop restaurant and a view.',
  imageURLs: ['/media/a', '/media/b'], phoneNumber: '9822012345', amenities: ['Free WiFi', 'AC'],
  checkInTime: '12:00', checkOutTime: '11:00', startingPrice: 3200, range: 2.8,
  restaurants: [{ name: 'Vaishali', distance: 2, _id: 'r1' }, { name: 'Roopali', distance: 2, _id: 'r2' }],
  cinemaHalls: [],
  famousTouristPlaces: [{ name: 'Shaniwar Wada', distance: 4, _id: 't1' }],
  transportationFacilities: [{ name: 'Pune Junction', distance: 3, type: 'Railway Station', _id: 'x1' }],
};
const created: HotelEvent = { type: 'HotelCreated', data: { hotelId: 'h1', ownerId: 'o1', ...details } };

/** Ids a decision hands out, in order. */
const ids = () => {
  let next = 0;
  return () => `new-${++next}`;
};

const update = (places: decide.PlaceListsInput, fields: Partial<decide.HotelFieldsInput> = {}) =>
  decide.updateHotel({ ownerId: 'o1', fields, places }, given(created), ids());

const updated = (events: HotelEvent[]) => {
  expect(events).to.have.length(1);
  const [event] = events;
  if (event?.type !== 'HotelUpdated') throw new Error(`expected HotelUpdated, got ${event?.type}`);
  return event.data;
};

describe('hotel decisions: nearby places on update', () => {
  it('takes a place resent without its id (name any case and spacing, same distance) for the stored place: no change, no event', () => {
    expect(update({
      restaurants: [{ name: '  VAISHALI ', distance: 2 }, { name: 'roopali', distance: 2 }],
      famousTouristPlaces: [{ name: 'Shaniwar Wada', distance: 4 }],
      // the spec client drops a transport place's type when it resends it
      transportationFacilities: [{ name: 'pune junction', distance: 3 }],
      cinemaHalls: [],
    })).to.deep.equal([]);
  });

  it('keeps the stored place whole (id, spelling, type) and lets only new places need 5 km', () => {
    const data = updated(update({
      restaurants: [{ name: 'vaishali', distance: 2 }, { name: 'Shabree', distance: 6 }],
      transportationFacilities: [{ name: 'Pune Junction', distance: 3 }, { name: 'Swargate', distance: 7 }],
    }));
    expect(data.restaurants).to.deep.equal([{ name: 'Vaishali', distance: 2, _id: 'r1' }, { name: 'Shabree', distance: 6, _id: 'new-1' }]);
    expect(data.transportationFacilities).to.deep.equal([
      { name: 'Pune Junction', distance: 3, type: 'Railway Station', _id: 'x1' },
      { name: 'Swargate', distance: 7, type: '', _id: 'new-2' },
    ]);
    expect(data.changedFields).to.have.members(['restaurants', 'transportationFacilities', 'range']);
  });

  it('treats a place under 5 km that differs in distance or name, or sits in another list, as new and refuses it', () => {
    const refusals: [decide.PlaceListsInput, string][] = [
      [{ restaurants: [{ name: 'Vaishali', distance: 2.5 }] }, 'restaurants.0.distance'],
      [{ restaurants: [{ name: 'Vaishali Cafe', distance: 2 }] }, 'restaurants.0.distance'],
      [{ cinemaHalls: [{ name: 'Vaishali', distance: 2 }] }, 'cinemaHalls.0.distance'],
      [{ transportationFacilities: [{ name: 'Pune Junction', distance: 3, type: 'Bus Stand' }] }, 'transportationFacilities.0.distance'],
    ];
    for (const [places, field] of refusals) {
      expect(() => update(places), field).to.throw(ValidationError).with.property('field', field);
    }
  });

  it('lets each stored place be claimed once: a second equal place is new', () => {
    expect(() => update({ restaurants: [{ name: 'Vaishali', distance: 2 }, { name: 'vaishali', distance: 2 }] }))
      .to.throw(ValidationError).with.property('field', 'restaurants.1.distance');
    expect(() => update({ restaurants: [{ name: 'Vaishali', distance: 2, _id: 'r1' }, { name: 'Vaishali', distance: 2, _id: 'r1' }] }))
      .to.throw(ValidationError).with.property('field', 'restaurants.1.distance');
  });

  it('gives a place keeping its id priority over an equal place without one sent before it', () => {
    const data = updated(update({ restaurants: [{ name: 'Roopali', distance: 2 }, { name: 'Vaishali', distance: 2, _id: 'r1' }, { name: 'Vaishali', distance: 9 }] }));
    expect(data.restaurants).to.deep.equal([
      { name: 'Roopali', distance: 2, _id: 'r2' },
      { name: 'Vaishali', distance: 2, _id: 'r1' },
      { name: 'Vaishali', distance: 9, _id: 'new-1' },
    ]);
  });

  it('edits a place that keeps its id, keeping a transport type that is not resent', () => {
    const data = updated(update({
      restaurants: [{ name: 'Vaishali Restaurant', distance: 2.2, _id: 'r1' }],
      transportationFacilities: [{ name: 'Pune Railway Junction', distance: 3, _id: 'x1' }],
    }));
    expect(data.restaurants).to.deep.equal([{ name: 'Vaishali Restaurant', distance: 2.2, _id: 'r1' }]);
    expect(data.transportationFacilities).to.deep.equal([{ name: 'Pune Railway Junction', distance: 3, type: 'Railway Station', _id: 'x1' }]);
  });

  it('drops stored places left out of a list that is sent, and keeps lists that are not sent', () => {
    const data = updated(update({ restaurants: [{ name: 'Roopali', distance: 2 }] }));
    expect(data.restaurants).to.deep.equal([{ name: 'Roopali', distance: 2, _id: 'r2' }]);
    expect(data.famousTouristPlaces).to.deep.equal(details.famousTouristPlaces);
    expect(data.changedFields).to.have.members(['restaurants', 'range']);
  });

  it('on create, gives every place an id with no minimum distance', () => {
    const events = decide.createHotel({
      hotelId: 'h2', ownerId: 'o2', imageURLs: [],
      fields: { ...details, hotelName: 'Another Hotel Name' },
      places: { restaurants: [{ name: 'Vaishali', distance: 2 }], transportationFacilities: [{ name: 'Deccan Bus Stop', distance: 0.5 }] },
    }, given(), ids());
    const data = events[0]!.data as HotelDetails;
    expect(data.restaurants).to.deep.equal([{ name: 'Vaishali', distance: 2, _id: 'new-1' }]);
    expect(data.transportationFacilities).to.deep.equal([{ name: 'Deccan Bus Stop', distance: 0.5, type: '', _id: 'new-2' }]);
  });
});
