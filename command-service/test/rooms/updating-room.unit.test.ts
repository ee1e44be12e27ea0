import { expect } from 'chai';
import { messages, type RoomEvent } from '@stays/contracts';
import { Forbidden, InvalidInput, NotFound } from '../../src/domain-errors.ts';
import { hotelAggregate } from '../../src/hotels/hotel.ts';
import { roomAggregate } from '../../src/rooms/room.ts';
import { updateRoom, type UpdateRoom } from '../../src/rooms/updating-room/decide.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { hotelCreated, roomAdded } from '../support/events.ts';

describe('updating a room listing', () => {
  const given = DeciderSpecification.forStreams(updateRoom, { room: roomAggregate, hotel: hotelAggregate });
  const change = (changes: UpdateRoom['changes'], extra: Partial<UpdateRoom> = {}): UpdateRoom => ({ ownerId: 'o1', hotelId: 'h1', changes, ...extra });
  const listed = (roomType: 'Room' | 'Flat', data: object = {}): RoomEvent => {
    const added = roomAdded(roomType);
    return { ...added, data: { ...added.data, ...data } };
  };
  const roomUpdated = (details: object, changedFields: string[]): RoomEvent => {
    const { hotelName: _name, ...added } = roomAdded('Room').data;
    return { type: 'RoomUpdated', data: { ...added, ...details, changedFields } } as RoomEvent;
  };

  it('records the whole resulting listing and the fields that changed, or nothing', () => {
    given({ hotel: [hotelCreated], room: [roomAdded('Room')] })
      .when(change({ pricePerNight: 5000, totalUnits: 4 }))
      .then([roomUpdated({ pricePerNight: 5000, totalUnits: 4 }, ['pricePerNight', 'totalUnits'])]);
    given({ hotel: [hotelCreated], room: [roomAdded('Room')] })
      .when(change({ pricePerNight: 4500 }))
      .thenNothing();
  });

  it('resets the rooms and kitchen when a Flat becomes a Room', () => {
    given({ hotel: [hotelCreated], room: [listed('Flat', { numberOfRooms: 3, hasKitchen: true })] })
      .when(change({ roomType: 'Room' }))
      .then([roomUpdated({}, ['roomType', 'numberOfRooms', 'hasKitchen'])]);
    given({ hotel: [hotelCreated], room: [listed('Flat', { numberOfRooms: 3, hasKitchen: true })] })
      .when(change({ pricePerNight: 9000 }))
      .then([roomUpdated({ roomType: 'Flat', numberOfRooms: 3, hasKitchen: true, pricePerNight: 9000 }, ['pricePerNight'])]);
    given({ hotel: [hotelCreated], room: [listed('Flat', { numberOfRooms: 3, hasKitchen: true })] })
      .when(change({ roomType: 'Flat', totalUnits: 2 }))
      .then([roomUpdated({ roomType: 'Flat', numberOfRooms: 3, hasKitchen: true, totalUnits: 2 }, ['totalUnits'])]);
    given({ hotel: [hotelCreated], room: [roomAdded('Room')] })
      .when(change({ hasKitchen: true }))
      .thenThrows(InvalidInput, (error) => expect(error.field).to.equal('hasKitchen'));
  });

  it("refuses another owner, and a room that is not this hotel's", () => {
    given({ hotel: [hotelCreated], room: [roomAdded('Room')] })
      .when(change({ pricePerNight: 1 }, { ownerId: 'o2' }))
      .thenThrows(Forbidden);
    given({ hotel: [hotelCreated] })
      .when(change({ pricePerNight: 1 }))
      .thenThrows(NotFound, (error) => expect(error.message).to.equal(messages.server.roomNotFound));
    given({ hotel: [hotelCreated], room: [roomAdded('Room', 'h2')] })
      .when(change({ pricePerNight: 1 }))
      .thenThrows(NotFound);
  });
});
