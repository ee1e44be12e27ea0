/**
 * Hotel and room events → the `hotels` and `rooms` collections the guest and owner screens
 * read: each hotel with its price category, search text and what each of its rooms offers
 * (type, bed, price, kitchen, furnished: what a room search tests), listed once its first
 * room is added (guests search only hotels they can book); each room with its hotel's id
 * and name.
 */
import { priceCategory, TERMS_BEFORE_POLICIES, type HotelDetails, type RoomDetails } from '@stays/contracts';
import { defineReadModel } from '../../read-model.ts';
import { hotelCollections as collections, type RoomOffer } from './document.ts';
import { hotelQueries } from './queries.ts';

/** What a search term is matched against, lowercased, one field per line so a term never spans two. */
export function searchTextOf(hotel: HotelDetails): string {
  return [
    hotel.hotelName,
    hotel.address,
    hotel.city,
    hotel.state ?? '',
    hotel.country,
    ...hotel.restaurants.map((place) => place.name),
    ...hotel.famousTouristPlaces.map((place) => place.name),
    ...hotel.cinemaHalls.map((place) => place.name),
    ...hotel.transportationFacilities.flatMap((place) => [place.name, place.type]),
  ]
    .filter((text) => text.trim() !== '')
    .join('\n')
    .toLowerCase();
}

function hotelFields(details: HotelDetails) {
  return { ...details, state: details.state ?? '', priceCategory: priceCategory(details.startingPrice), searchText: searchTextOf(details) };
}

const offerOf = (roomID: string, { roomType, bedType, pricePerNight, hasKitchen, furnished }: RoomDetails): RoomOffer => ({
  roomID,
  roomType,
  bedType,
  pricePerNight,
  hasKitchen,
  furnished,
});

export const hotelsReadModel = defineReadModel({
  name: 'hotels',
  version: 4,
  personalFields: 'none',
  collections: {
    [collections.hotels]: [
      { keys: { ownerId: 1 } },
      { keys: { city: 1 } },
      // a room search's conditions on the rooms' offers (multikey), so it reads the hotels an index names, not every hotel
      { keys: { 'roomOffers.roomType': 1 } },
      { keys: { 'roomOffers.bedType': 1 } },
      { keys: { 'roomOffers.hasKitchen': 1 } },
      { keys: { 'roomOffers.furnished': 1 } },
    ],
    [collections.rooms]: [{ keys: { hotelID: 1 } }],
  },
  queries: hotelQueries,
  on: {
    HotelCreated: ({ hotelId, ownerId, ...details }, { recordedAt }) => [
      {
        collection: collections.hotels,
        operation: {
          updateOne: {
            filter: { _id: hotelId },
            update: {
              $set: {
                ownerId,
                ...hotelFields(details),
                cancellationPolicy: TERMS_BEFORE_POLICIES,
                roomOffers: [],
                listed: false,
                created_at: recordedAt,
                updated_at: recordedAt,
              },
            },
            upsert: true,
          },
        },
      },
    ],
    HotelUpdated: ({ hotelId, ownerId, changedFields, ...details }, { recordedAt }) => [
      {
        collection: collections.hotels,
        operation: { updateOne: { filter: { _id: hotelId }, update: { $set: { ownerId, ...hotelFields(details), updated_at: recordedAt } } } },
      },
      ...(changedFields.includes('hotelName')
        ? [{ collection: collections.rooms, operation: { updateMany: { filter: { hotelID: hotelId }, update: { $set: { hotelName: details.hotelName } } } } }]
        : []),
    ],
    // off every search and hotel list; bookings keep their own copy of what guests read
    HotelDelisted: ({ hotelId }) => [
      { collection: collections.hotels, operation: { deleteOne: { filter: { _id: hotelId } } } },
      { collection: collections.rooms, operation: { deleteMany: { filter: { hotelID: hotelId } } } },
    ],
    // what the hotel page shows; bookings carry their own copy from when they were placed
    CancellationPolicySet: ({ hotelId, policy }) => [
      { collection: collections.hotels, operation: { updateOne: { filter: { _id: hotelId }, update: { $set: { cancellationPolicy: policy } } } } },
    ],
    RoomAdded: ({ roomId, hotelId, ownerId, hotelName, ...details }, { recordedAt }) => [
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
      // the hotel's first room lists it
      {
        collection: collections.hotels,
        operation: { updateOne: { filter: { _id: hotelId }, update: { $set: { listed: true }, $push: { roomOffers: offerOf(roomId, details) } } } },
      },
    ],
    RoomUpdated: ({ roomId, hotelId, ownerId, changedFields: _changed, ...details }, { recordedAt }) => [
      {
        collection: collections.rooms,
        operation: { updateOne: { filter: { _id: roomId }, update: { $set: { ownerId, ...details, updated_at: recordedAt } } } },
      },
      {
        collection: collections.hotels,
        operation: { updateOne: { filter: { _id: hotelId, 'roomOffers.roomID': roomId }, update: { $set: { 'roomOffers.$': offerOf(roomId, details) } } } },
      },
    ],
  },
});
