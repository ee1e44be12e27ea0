/**
 * Hotel and room events (streams `hotel-{id}`, `room-{id}`). Reservation streams keep
 * one hotel per owner (`ownerhotel-{ownerId}`) and one listing per hotel, room type and
 * standard (`roomlisting-{hotelId}-{sha256(type|standard)}`).
 */
import type { BedType, RoomType } from '../rules.ts';

export interface NearbyPlace {
  readonly _id: string;
  readonly name: string;
  /** Kilometres from the hotel. */
  readonly distance: number;
}

export interface TransportFacility extends NearbyPlace {
  /** e.g. 'Railway Station', 'Airport', 'Metro'. */
  readonly type: string;
}

export interface NearbyPlaces {
  readonly restaurants: readonly NearbyPlace[];
  readonly cinemaHalls: readonly NearbyPlace[];
  readonly famousTouristPlaces: readonly NearbyPlace[];
  readonly transportationFacilities: readonly TransportFacility[];
}

export const NEARBY_PLACE_KINDS = ['restaurants', 'cinemaHalls', 'famousTouristPlaces', 'transportationFacilities'] as const;
export type NearbyPlaceKind = (typeof NEARBY_PLACE_KINDS)[number];

export interface HotelDetails extends NearbyPlaces {
  readonly hotelName: string;
  readonly address: string;
  readonly country: string;
  readonly state?: string;
  readonly city: string;
  readonly pinCode: number;
  readonly description: string;
  readonly imageURLs: readonly string[];
  readonly phoneNumber: string;
  readonly amenities: readonly string[];
  /** 'HH:MM', 24-hour. */
  readonly checkInTime: string;
  readonly checkOutTime: string;
  /** Integer rupees. */
  readonly startingPrice: number;
  /** Average distance of the nearby places in km (0 when there are none). */
  readonly range: number;
}

export interface HotelCreated {
  readonly type: 'HotelCreated';
  readonly data: HotelDetails & { readonly hotelId: string; readonly ownerId: string };
}

export interface HotelUpdated {
  readonly type: 'HotelUpdated';
  /** The hotel as it is after the update, and which fields changed (a full snapshot keeps projections simple). */
  readonly data: HotelDetails & { readonly hotelId: string; readonly ownerId: string; readonly changedFields: readonly (keyof HotelDetails)[] };
}

/** The hotel left the listings (its owner deleted their account): no search shows it, no one can book it. */
export interface HotelDelisted {
  readonly type: 'HotelDelisted';
  readonly data: { readonly hotelId: string; readonly ownerId: string; readonly reason: 'owner-deleted'; readonly delistedAt: string };
}

export type HotelEvent = HotelCreated | HotelUpdated | HotelDelisted;

export interface RoomDetails {
  readonly roomType: RoomType;
  readonly roomStandard: string;
  /** Square metres. */
  readonly size: number;
  readonly bedType: BedType;
  readonly amenities: readonly string[];
  /** Integer rupees per night. */
  readonly pricePerNight: number;
  /** Rooms inside one unit: 1 for a Room, the flat's rooms for a Flat. */
  readonly numberOfRooms: number;
  /** Only a Flat can have a kitchen. */
  readonly hasKitchen: boolean;
  readonly furnished: boolean;
  readonly imageURLs: readonly string[];
  /** How many identical units of this listing the hotel has (bookings cannot exceed it per night). */
  readonly totalUnits: number;
}

export interface RoomAdded {
  readonly type: 'RoomAdded';
  readonly data: RoomDetails & { readonly roomId: string; readonly hotelId: string; readonly ownerId: string; readonly hotelName: string };
}

export interface RoomUpdated {
  readonly type: 'RoomUpdated';
  /** The room as it is after the update, and which fields changed. */
  readonly data: RoomDetails & {
    readonly roomId: string;
    readonly hotelId: string;
    readonly ownerId: string;
    readonly changedFields: readonly (keyof RoomDetails)[];
  };
}

export type RoomEvent = RoomAdded | RoomUpdated;
