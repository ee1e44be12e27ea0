/** The hotel and room aggregates on their own: events in, the state the deciders read out. */
import { expect } from 'chai';
import { TERMS_BEFORE_POLICIES, type HotelEvent, type RoomEvent } from '@stays/contracts';
import { hotelAggregate } from '../../src/hotels/hotel.ts';
import { roomAggregate } from '../../src/rooms/room.ts';
import { hotelCreated, hotelDelisted, hotelDetails, roomAdded } from '../support/events.ts';

const foldHotel = (...events: HotelEvent[]) => events.reduce(hotelAggregate.evolve, hotelAggregate.initialState());
const foldRoom = (...events: RoomEvent[]) => events.reduce(roomAggregate.evolve, roomAggregate.initialState());
const policy = { freeUntilDaysBefore: 5, lateCharge: { kind: 'percentage', percent: 40 } } as const;
const policySet: HotelEvent = { type: 'CancellationPolicySet', data: { hotelId: 'h1', ownerId: 'o1', policy } };

describe('the hotel aggregate', () => {
  it('keeps a policy set before and after an update, and the hotel delisted', () => {
    const updated: HotelEvent = {
      type: 'HotelUpdated',
      data: { hotelId: 'h1', ownerId: 'o1', ...hotelDetails, hotelName: 'New name', changedFields: ['hotelName'] },
    };
    expect(foldHotel(hotelCreated, policySet, updated, hotelDelisted)).to.deep.equal({
      status: 'delisted',
      hotelId: 'h1',
      ownerId: 'o1',
      details: { ...hotelDetails, hotelName: 'New name' },
      cancellationPolicy: policy,
    });
    expect(foldHotel(hotelCreated)).to.include({ status: 'listed', cancellationPolicy: TERMS_BEFORE_POLICIES });
  });

  it('ignores a delisting or a policy before the hotel was created', () => {
    expect(foldHotel(hotelDelisted, policySet)).to.deep.equal({ status: 'new' });
  });
});

describe('the room aggregate', () => {
  it('keeps the details of the last update, without its changed fields', () => {
    const added = roomAdded('Room');
    const { roomId, hotelId, ownerId, hotelName: _name, ...details } = added.data;
    const updated: RoomEvent = { type: 'RoomUpdated', data: { roomId, hotelId, ownerId, ...details, pricePerNight: 4500, changedFields: ['pricePerNight'] } };
    expect(foldRoom(added, updated)).to.deep.equal({ status: 'listed', roomId, hotelId, ownerId, details: { ...details, pricePerNight: 4500 } });
  });
});
