import { expect } from 'chai';
import { messages, type RoomEvent } from '@stays/contracts';
import { Conflict, Forbidden, InvalidInput, NotFound } from '../../src/domain-errors.ts';
import { hotelAggregate } from '../../src/hotels/hotel.ts';
import { addRoom, type AddRoom } from '../../src/rooms/adding-room/decide.ts';
import type { RoomInput } from '../../src/rooms/flat-rules.ts';
import { roomAggregate } from '../../src/rooms/room.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { hotelCreated, hotelDelisted, roomAdded } from '../support/events.ts';

describe('adding a room listing', () => {
  const given = DeciderSpecification.forStreams(addRoom, { room: roomAggregate, hotel: hotelAggregate });
  const deluxe: RoomInput = { roomType: 'Room', roomStandard: 'Deluxe', size: 20, bedType: 'Queen', amenities: [], pricePerNight: 4500, imageURLs: [] };
  const add = (details: Partial<RoomInput> = {}, ownerId = 'o1'): AddRoom => ({ roomId: 'r1', ownerId, details: { ...deluxe, ...details } });

  it("lists a Room of the owner's hotel: one room, no kitchen, one unit unless told", () => {
    given({ hotel: [hotelCreated] })
      .when(add({ furnished: true, totalUnits: 3 }))
      .then([roomAdded('Room')]);
    given({ hotel: [hotelCreated] })
      .when(add())
      .then((events) => expect(events[0]!.data).to.include({ numberOfRooms: 1, hasKitchen: false, furnished: false, totalUnits: 1 }));
  });

  it('lets a Flat have rooms and a kitchen, and nothing else', () => {
    const flat: RoomEvent = roomAdded('Flat');
    given({ hotel: [hotelCreated] })
      .when(add({ roomType: 'Flat', numberOfRooms: 3, hasKitchen: true, furnished: true, totalUnits: 3 }))
      .then([{ ...flat, data: { ...flat.data, numberOfRooms: 3, hasKitchen: true, maxGuests: 6 } } as RoomEvent]);
    given({ hotel: [hotelCreated] })
      .when(add({ numberOfRooms: 2 }))
      .thenThrows(InvalidInput, (error) =>
        expect([error.field, error.message]).to.deep.equal(['numberOfRooms', 'Only an apartment (Flat) has a number of rooms: a Room has one.']),
      );
    given({ hotel: [hotelCreated] })
      .when(add({ hasKitchen: true }))
      .thenThrows(InvalidInput, (error) => expect([error.field, error.message]).to.deep.equal(['hasKitchen', 'Kitchen applies only to an apartment (Flat).']));
  });

  it('sleeps what the owner says a unit sleeps, else what its beds sleep (a Queen bed two, times the bedrooms of a Flat)', () => {
    const room: RoomEvent = roomAdded('Room');
    given({ hotel: [hotelCreated] })
      .when(add({ furnished: true, totalUnits: 3, maxGuests: 4 }))
      .then([{ ...room, data: { ...room.data, maxGuests: 4 } } as RoomEvent]);
    given({ hotel: [hotelCreated] })
      .when(add({ furnished: true, totalUnits: 3 }))
      .then([{ ...room, data: { ...room.data, maxGuests: 2 } } as RoomEvent]);
  });

  it("refuses another owner's hotel, an unknown or delisted one, and a room id already used", () => {
    given({ hotel: [hotelCreated] })
      .when(add({}, 'o2'))
      .thenThrows(Forbidden);
    given()
      .when(add())
      .thenThrows(NotFound, (error) => expect(error.message).to.equal(messages.server.hotelNotFound));
    given({ hotel: [hotelCreated, hotelDelisted] })
      .when(add())
      .thenThrows(NotFound);
    given({ hotel: [hotelCreated], room: [roomAdded('Room')] })
      .when(add())
      .thenThrows(Conflict, (error) => expect(error.message).to.equal(messages.server.roomListingExists('Room', 'Deluxe')));
  });
});
