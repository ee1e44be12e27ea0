/**
 * Hotels and rooms → the `hotels` and `rooms` read models the guest and owner screens
 * read: each hotel with its price category, search text and room types; each room with
 * its hotel's id and name.
 */
import type { RecordedEvent } from '@stays/event-store';
import { priceCategory, type HotelDetails, type HotelEvent, type RoomEvent } from '@stays/contracts';
import type { ProjectedWrite, ProjectionDefinition } from './projection.ts';
import { collections } from './read-models.ts';

/** What a search term is matched against, lowercased, one field per line so a term never spans two. */
function searchTextOf(hotel: HotelDetails): string {
  return [
    hotel.hotelName, hotel.address, hotel.city, hotel.state ?? '', hotel.country,
    ...hotel.restaurants.map((place) => place.name),
    ...hotel.famousTouristPlaces.map((place) => place.name),
    ...hotel.cinemaHalls.map((place) => place.name),
    ...hotel.transportationFacilities.flatMap((place) => [place.name, place.type]),
  ].filter((text) => text.trim() !== '').join('\n').toLowerCase();
}

function hotelFields(details: HotelDetails) {
  return { ...details, state: details.state ?? '', priceCategory: priceCategory(details.startingPrice), searchText: searchTextOf(details) };
}

function projectHotelEvent(event: HotelEvent | RoomEvent, recordedAt: string): ProjectedWrite[] {
  switch (event.type) {
    case 'HotelCreated': {
      const { hotelId, ownerId, ...details } = event.data;
      return [{
        collection: collections.hotels,
        operation: {
          updateOne: {
            filter: { _id: hotelId },
            update: { $set: { ownerId, ...hotelFields(details), roomTypesByRoom: {}, created_at: recordedAt, updated_at: recordedAt } },
            upsert: true,
          },
        },
      }];
    }
    case 'HotelUpdated': {
      const { hotelId, ownerId, changedFields, ...details } = event.data;
      const writes: ProjectedWrite[] = [{
        collection: collections.hotels,
        operation: { updateOne: { filter: { _id: hotelId }, update: { $set: { ownerId, ...hotelFields(details), updated_at: recordedAt } } } },
      }];
      if (changedFields.includes('hotelName')) {
        writes.push({ collection: collections.rooms, operation: { updateMany: { filter: { hotelID: hotelId }, update: { $set: { hotelName: details.hotelName } } } } });
      }
      return writes;
    }
    case 'RoomAdded': {
      const { roomId, hotelId, ownerId, hotelName, ...details } = event.data;
      return [
        {
          collection: collections.rooms,
          operation: {
            updateOne: {
              filter: { _id: roomId },
              update: { $set: { hotelID: hotelId, hotelName, ownerId, ...details, created_at: recordedAt, updated_at: recordedAt } },
              upsert: true,
            },
          },
        },
        roomTypeOfHotel(hotelId, roomId, details.roomType),
      ];
    }
    case 'RoomUpdated': {
      const { roomId, hotelId, ownerId, changedFields: _changed, ...details } = event.data;
      return [
        { collection: collections.rooms, operation: { updateOne: { filter: { _id: roomId }, update: { $set: { ownerId, ...details, updated_at: recordedAt } } } } },
        roomTypeOfHotel(hotelId, roomId, details.roomType),
      ];
    }
    case 'HotelDelisted':
      // off every search and hotel list; bookings keep their own copy of what guests read
      return [
        { collection: collections.hotels, operation: { deleteOne: { filter: { _id: event.data.hotelId } } } },
        { collection: collections.rooms, operation: { deleteMany: { filter: { hotelID: event.data.hotelId } } } },
      ];
    default: {
      const unknown: never = event;
      return unknown;
    }
  }
}

const roomTypeOfHotel = (hotelId: string, roomId: string, roomType: string): ProjectedWrite => ({
  collection: collections.hotels,
  operation: { updateOne: { filter: { _id: hotelId }, update: { $set: { [`roomTypesByRoom.${roomId}`]: roomType } } } },
});

const HOTEL_EVENTS = new Set<string>(['HotelCreated', 'HotelUpdated', 'HotelDelisted', 'RoomAdded', 'RoomUpdated']);

export const hotelsProjection: ProjectionDefinition = {
  name: 'hotels',
  version: 1,
  collections: [collections.hotels, collections.rooms],
  indexes: [
    { collection: collections.hotels, keys: { ownerId: 1 } },
    { collection: collections.hotels, keys: { city: 1 } },
    { collection: collections.rooms, keys: { hotelID: 1 } },
  ],
  project: (event: RecordedEvent) =>
    HOTEL_EVENTS.has(event.type) ? projectHotelEvent({ type: event.type, data: event.data } as unknown as HotelEvent | RoomEvent, event.recordedAt) : [],
};
