/**
 * The read models: collection names (versioned, so a new version can be rebuilt beside
 * the live one) and document shapes. The query service reads these; nothing else.
 */
import type { BookingView, HotelDetails, PriceCategory, Role, RoomDetails, RoomType } from '@stays/contracts';

export const collections = {
  customers: 'customers_v1',
  owners: 'owners_v1',
  sessions: 'sessions_v1',
  hotels: 'hotels_v1',
  rooms: 'rooms_v1',
  bookings: 'bookings_v1',
} as const;

export interface CustomerDocument {
  _id: string;
  role: 'customer';
  username?: string;
  name: string;
  email: string;
  profileImage?: string;
  createdAt: string;
  [key: string]: unknown;
}

export interface OwnerDocument {
  _id: string;
  role: 'hotel-owner';
  name: string;
  email: string;
  createdAt: string;
  [key: string]: unknown;
}

export interface SessionDocument {
  _id: string;
  accountId: string;
  role: Role;
  open: boolean;
  expiresAt: string;
  [key: string]: unknown;
}

/** A hotel listing as the guest screens read it (hotels projection). */
export interface HotelDocument extends HotelDetails {
  _id: string;
  ownerId: string;
  priceCategory: PriceCategory;
  /** Lowercased name, address, city, state, country and nearby place names and types, one per line. */
  searchText: string;
  /** Room id → room type, for "which room types it offers". */
  roomTypesByRoom: Record<string, RoomType>;
  created_at: string;
  updated_at: string;
  [key: string]: unknown;
}

/** One room or flat listing of a hotel (hotels projection). */
export interface RoomDocument extends RoomDetails {
  _id: string;
  hotelID: string;
  hotelName: string;
  ownerId: string;
  created_at: string;
  updated_at: string;
  [key: string]: unknown;
}

/** A booking as guests and owners read it ("Booking (as read)" of the spec). */
export interface BookingDocument extends BookingView {
  ownerId: string;
  [key: string]: unknown;
}
