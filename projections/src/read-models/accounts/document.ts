/** The accounts read model's documents: customers', owners' and auditors' profiles, and sessions. */
import type { TokenRole } from '@stays/contracts';

/** The model's collections by logical name (its versions keep them as `accounts_v<version>_<name>`). */
export const accountCollections = {
  customers: 'customers',
  owners: 'owners',
  auditors: 'auditors',
  sessions: 'sessions',
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
