/**
 * The read models: collection names (versioned, so a new version can be rebuilt beside
 * the live one) and document shapes. The query service reads these; nothing else.
 */
import type { Role } from '@stays/contracts';

export const collections = {
  customers: 'customers_v1',
  owners: 'owners_v1',
  sessions: 'sessions_v1',
  hotels: 'hotels_v1',
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

/** A hotel listing (built by the hotels projection). */
export interface HotelDocument {
  _id: string;
  ownerId: string;
  [key: string]: unknown;
}
