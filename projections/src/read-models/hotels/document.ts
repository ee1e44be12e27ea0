/**
 * The hotels read model's documents: each hotel (listed once it has a room), and each room
 * or flat listing of one. One model with two collections, built by one projection: what a room
 * offers shows on its hotel (`roomOffers`) and a hotel's name on its rooms.
 */
import type { CancellationPolicy, HotelDetails, PriceCategory, RoomDetails } from '@stays/contracts';

/** The model's collections by logical name (its versions keep them as `hotels_v<version>_<name>`). */
export const hotelCollections = {
  hotels: 'hotels',
  rooms: 'rooms',
} as const;

/** A hotel listing as the guest screens read it. */
export type HotelDocument = HotelDetails & {
  _id: string;
  ownerId: string;
  priceCategory: PriceCategory;
  /** Bookings placed now are made under it (the terms before policies until the owner sets one). */
  cancellationPolicy: CancellationPolicy;
  /** Lowercased name, address, city, state, country and nearby place names and types, one per line. */
  searchText: string;
  /** What each of its rooms offers, in the order they were added: what a room search's conditions are tested on, and the room types it offers. */
  roomOffers: RoomOffer[];
  /** The hotel has a room or apartment: only then do searches and the hotel list show it. */
  listed: boolean;
  created_at: string;
  updated_at: string;
};

/** A room or flat listing as a room search tests it, kept on its hotel: one document read per hotel rather than a read of every room. */
export type RoomOffer = Pick<RoomDetails, 'roomType' | 'bedType' | 'pricePerNight' | 'hasKitchen' | 'furnished'> & { roomID: string };

/** One room or flat listing of a hotel. */
export type RoomDocument = RoomDetails & {
  _id: string;
  hotelID: string;
  hotelName: string;
  ownerId: string;
  created_at: string;
  updated_at: string;
};
