/** The accounts read model's documents: customers' and owners' profiles, and sessions. */
import type { Role } from '@stays/contracts';

export const accountCollections = {
  customers: 'customers_v1',
  owners: 'owners_v1',
  sessions: 'sessions_v1',
} as const;

export type CustomerDocument = {
  _id: string;
  role: 'customer';
  username?: string;
  name: string;
  email: string;
  profileImage?: string;
  createdAt: string;
};

export type OwnerDocument = {
  _id: string;
  role: 'hotel-owner';
  name: string;
  email: string;
  createdAt: string;
};

/** A session an `AccountSignedIn` opened: the query side accepts a token only while its session is open. */
export type SessionDocument = {
  _id: string;
  accountId: string;
  role: Role;
  open: boolean;
  expiresAt: string;
};
