/** The accounts read model's documents: customers', owners' and auditors' profiles, and sessions. */
import type { TokenRole } from '@stays/contracts';

export const accountCollections = {
  customers: 'customers_v1',
  owners: 'owners_v1',
  auditors: 'auditors_v1',
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

/** An auditor: named by their email in the audit trail (auditors are added by email only). */
export type AuditorDocument = {
  _id: string;
  email: string;
  createdAt: string;
};

/** A session an `AccountSignedIn` opened: the query side accepts a token only while its session is open. */
export type SessionDocument = {
  _id: string;
  accountId: string;
  role: TokenRole;
  open: boolean;
  expiresAt: string;
};
