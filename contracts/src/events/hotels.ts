/**
 * Hotel and room events (streams `hotel-{id}`, `room-{id}`). Unique-key streams keep
 * one hotel per owner (`ownerhotel-{ownerId}`) and one listing per hotel, room type and
 * standard (`roomlisting-{hotelId}-{sha256(type|standard)}`).
 */
import { z } from 'zod';
import { cancellationPolicySchema } from '../cancellation-policy.ts';
import { BED_TYPES, ROOM_TYPES } from '../rules.ts';
import type { EventOf, Immutable } from './define.ts';

const nearbyPlace = z.object({
  _id: z.string(),
  name: z.string(),
  distance: z.number().describe('Kilometres from the hotel.'),
});
const transportFacility = nearbyPlace.extend({
  type: z.string().describe("e.g. 'Railway Station', 'Airport', 'Metro'."),
});
export type NearbyPlace = Immutable<z.output<typeof nearbyPlace>>;
export type TransportFacility = Immutable<z.output<typeof transportFacility>>;

const nearbyPlaces = z.object({
  restaurants: z.array(nearbyPlace),
  cinemaHalls: z.array(nearbyPlace),
  famousTouristPlaces: z.array(nearbyPlace),
  transportationFacilities: z.array(transportFacility),
});
export type NearbyPlaces = Immutable<z.output<typeof nearbyPlaces>>;

const hotelDetails = nearbyPlaces.extend({
  hotelName: z.string(),
  address: z.string(),
  country: z.string(),
  state: z.string().optional(),
  city: z.string(),
  pinCode: z.number(),
  description: z.string(),
  imageURLs: z.array(z.string()),
  phoneNumber: z.string(),
  amenities: z.array(z.string()),
  checkInTime: z.string().describe("'HH:MM', 24-hour."),
  checkOutTime: z.string().describe("'HH:MM', 24-hour."),
  startingPrice: z.number().describe('Integer rupees.'),
  range: z.number().describe('Average distance of the nearby places in km (0 when there are none).'),
});
export type HotelDetails = Immutable<z.output<typeof hotelDetails>>;

const roomDetails = z.object({
  roomType: z.enum(ROOM_TYPES),
  roomStandard: z.string(),
  size: z.number().describe('Square metres.'),
  bedType: z.enum(BED_TYPES),
  amenities: z.array(z.string()),
  pricePerNight: z.number().describe('Integer rupees per night.'),
  numberOfRooms: z.number().describe("Rooms inside one unit: 1 for a Room, the flat's rooms for a Flat."),
  hasKitchen: z.boolean().describe('Only a Flat can have a kitchen.'),
  furnished: z.boolean(),
  imageURLs: z.array(z.string()),
  totalUnits: z.number().describe('How many identical units of this listing the hotel has (bookings cannot exceed it per night).'),
  maxGuests: z.number().describe("Guests one unit sleeps (version 1 events lack it: their bed type's guests, times the bedrooms of a Flat)."),
});
export type RoomDetails = Immutable<z.output<typeof roomDetails>>;

const ofHotel = { hotelId: z.string(), ownerId: z.string() };

export const hotelEventSchemas = {
  HotelCreated: hotelDetails.extend(ofHotel),
  /** The hotel as it is after the update, and which fields changed (a full snapshot keeps projections simple). */
  HotelUpdated: hotelDetails.extend({ ...ofHotel, changedFields: z.array(hotelDetails.keyof()) }),
  HotelDelisted: z
    .object({ ...ofHotel, reason: z.literal('owner-deleted'), delistedAt: z.string() })
    .describe('The hotel left the listings (its owner deleted their account): no search shows it, no one can book it.'),
  CancellationPolicySet: z
    .object({ ...ofHotel, policy: cancellationPolicySchema })
    .describe("The owner set the hotel's cancellation policy: bookings placed from now on are made under it; earlier ones keep theirs."),
};

export type HotelCreated = EventOf<'HotelCreated', typeof hotelEventSchemas.HotelCreated>;
export type HotelUpdated = EventOf<'HotelUpdated', typeof hotelEventSchemas.HotelUpdated>;
export type HotelDelisted = EventOf<'HotelDelisted', typeof hotelEventSchemas.HotelDelisted>;

export type CancellationPolicySet = EventOf<'CancellationPolicySet', typeof hotelEventSchemas.CancellationPolicySet>;

export type HotelEvent = HotelCreated | HotelUpdated | HotelDelisted | CancellationPolicySet;

export const roomEventSchemas = {
  RoomAdded: roomDetails.extend({ roomId: z.string(), ...ofHotel, hotelName: z.string() }),
  /** The room as it is after the update, and which fields changed. */
  RoomUpdated: roomDetails.extend({ roomId: z.string(), ...ofHotel, changedFields: z.array(roomDetails.keyof()) }),
};

export type RoomAdded = EventOf<'RoomAdded', typeof roomEventSchemas.RoomAdded>;
export type RoomUpdated = EventOf<'RoomUpdated', typeof roomEventSchemas.RoomUpdated>;

export type RoomEvent = RoomAdded | RoomUpdated;
