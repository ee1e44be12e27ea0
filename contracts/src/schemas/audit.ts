/**
 * The auditors' API (`{api_prefix}/audit/...`): finding bookings, a booking's history and
 * its state as of a moment, the log browser and export, and the notary's tree heads and
 * proofs (RFC 9162 §2.1). Every call but the sign-in takes an auditor's token only.
 *
 * Hashes are lowercase hex; signatures base64url; times ISO 8601 (UTC on the wire, shown
 * in India time by the dashboard).
 */
import { z } from 'zod';
import { choice, numberFrom, optional, plainText } from './fields.ts';
import { isoTime } from './dates.ts';

const page = optional(numberFrom(1, 1_000_000, true)).default(1);
/** Leaf indexes and tree sizes: whole numbers a log of 2^53 events could hold. */
const leafCount = (min: number) => numberFrom(min, Number.MAX_SAFE_INTEGER, true);

export const AUDIT_BOOKING_STATUSES = ['upcoming', 'completed', 'cancelled'] as const;
export type AuditBookingStatus = (typeof AUDIT_BOOKING_STATUSES)[number];
/** What the search's status filter may name: a booking's status, or 'paid' (payment recorded, whatever its status). */
export const AUDIT_BOOKING_STATUS_FILTERS = [...AUDIT_BOOKING_STATUSES, 'paid'] as const;
export type AuditBookingStatusFilter = (typeof AUDIT_BOOKING_STATUS_FILTERS)[number];

/**
 * GET audit/bookings: any combination; `from`/`to` bound the stay's first night (YYYY-MM-DD, inclusive);
 * `hotelName` is matched anywhere in the name the booking was placed under, in any case (a hotel picked
 * from the suggestions is sent as `hotelID`).
 */
export const auditBookingsQuery = z.object({
  bookingID: optional(plainText(64)),
  guestEmail: optional(plainText(254)),
  hotelID: optional(plainText(64)),
  hotelName: optional(plainText(100)),
  from: optional(isoTime),
  to: optional(isoTime),
  status: optional(choice(AUDIT_BOOKING_STATUS_FILTERS)),
  page,
});
export type AuditBookingsQuery = z.infer<typeof auditBookingsQuery>;

/** GET audit/hotels: up to 10 hotels whose name holds `name` (any case), for the search's suggestions. */
export const auditHotelsQuery = z.object({ name: plainText(100) });
export type AuditHotelsQuery = z.infer<typeof auditHotelsQuery>;

/** One suggestion of GET audit/hotels. */
export interface AuditHotelSuggestion {
  readonly hotelID: string;
  readonly hotelName: string;
  readonly city: string;
}

/** GET audit/bookings/:bookingID: the booking as it stood at `asOf` (default: now). */
export const auditAsOfQuery = z.object({ asOf: optional(isoTime) });
export type AuditAsOfQuery = z.infer<typeof auditAsOfQuery>;

/**
 * GET audit/log/records and audit/log/export: the log browser's filters. `category` is a
 * stream category (the part of the stream name before the first '-', e.g. 'booking');
 * `actor` an account id or 'system' (every actor of the product's own); `from`/`to` bound
 * `recordedAt` (inclusive; a bare date is that whole day in India time).
 */
export const auditLogQuery = z.object({
  category: optional(plainText(64)),
  type: optional(plainText(64)),
  actor: optional(plainText(64)),
  from: optional(isoTime),
  to: optional(isoTime),
  page,
});
export type AuditLogQuery = z.infer<typeof auditLogQuery>;

/** GET audit/log/tree-heads: heads whose tree size is at least `from`, oldest first, paged. */
export const auditTreeHeadsQuery = z.object({ from: optional(leafCount(0)).default(0), page });
export type AuditTreeHeadsQuery = z.infer<typeof auditTreeHeadsQuery>;

/** GET audit/log/proof/inclusion (RFC 9162 §2.1.3): leafIndex < treeSize. */
export const auditInclusionQuery = z.object({ leafIndex: leafCount(0), treeSize: leafCount(1) });
export type AuditInclusionQuery = z.infer<typeof auditInclusionQuery>;

/** GET audit/log/proof/consistency (RFC 9162 §2.1.4): 0 < first ≤ second. */
export const auditConsistencyQuery = z.object({ first: leafCount(1), second: leafCount(1) });
export type AuditConsistencyQuery = z.infer<typeof auditConsistencyQuery>;

/** A page of results. */
export interface AuditPage<Item> {
  readonly items: readonly Item[];
  readonly page: number;
  readonly pageSize: number;
  readonly total: number;
}

/** One row of GET audit/bookings. Personal fields read '[erased]' once the guest's key is destroyed. */
export interface AuditBookingSummary {
  readonly bookingID: string;
  readonly hotelID: string;
  readonly hotelName: string;
  readonly guestId: string;
  readonly guestName: string;
  readonly guestEmail: string;
  readonly dateOfBooking: string;
  readonly dateOfCommencement: string;
  readonly numberOfNights: number;
  readonly payableAmount: number;
  readonly status: AuditBookingStatus;
  /** The payment was recorded at the hotel (and not undone). */
  readonly paid: boolean;
}

/** An event exactly as the log stores it: personal fields are ciphertext here. Its RFC 8785 form is the Merkle leaf. */
export interface AuditRecord {
  readonly id: string;
  readonly streamId: string;
  readonly type: string;
  readonly revision: number;
  readonly position: number;
  readonly data: Record<string, unknown>;
  readonly metadata: Record<string, unknown>;
  readonly recordedAt: string;
}

export interface AuditActor {
  /** An account id, or for the product's own work 'system' or 'system:{reactor}' (e.g. 'system:booking-documents'). */
  readonly id: string;
  readonly role: 'customer' | 'hotel-owner' | 'auditor' | 'system';
  /** The account's name, '[erased]' after erasure, 'Stays' for the system. */
  readonly name: string;
}

/**
 * One event of a history or of the log browser: `record` as stored (hash it to check the
 * proof), `data` the same data with personal fields decrypted ('[erased]' when the key is
 * gone), so the dashboard never has to decrypt.
 */
export interface AuditEntry {
  readonly leafIndex: number;
  /** The booking the event is about (the log's bookingID key), so the dashboard links it to that booking's history. */
  readonly bookingID?: string;
  readonly record: AuditRecord;
  readonly data: Record<string, unknown>;
  readonly actor: AuditActor;
}

/** GET audit/bookings/:bookingID/history. */
export interface AuditBookingHistory {
  readonly bookingID: string;
  readonly entries: readonly AuditEntry[];
}

/** The booking folded with the command side's evolve up to `asOf`. `state` is null before the booking existed. */
export interface AuditBookingAsOf {
  readonly bookingID: string;
  readonly asOf: string;
  readonly state: Record<string, unknown> | null;
  /** The last event folded (null when none was at or before `asOf`). */
  readonly stoppedAt: { readonly leafIndex: number; readonly type: string; readonly position: number; readonly recordedAt: string } | null;
  /** The state's fields (dotted paths, e.g. 'booking.hotelName', 'paid') that the last event folded changed. */
  readonly changed: readonly string[];
}

/** The three fields a tree head signs, as RFC 8785 JSON. */
export interface TreeHeadFields {
  readonly treeSize: number;
  /** SHA-256 root hash, hex (the hash of the empty string for size 0). */
  readonly rootHash: string;
  readonly timestamp: string;
}

/** A signed tree head: Ed25519 over the RFC 8785 JSON of the three fields, base64url. */
export interface SignedTreeHead extends TreeHeadFields {
  readonly signature: string;
}

export interface InclusionProof {
  readonly leafIndex: number;
  readonly treeSize: number;
  readonly auditPath: readonly string[];
}

export interface ConsistencyProof {
  readonly first: number;
  readonly second: number;
  readonly path: readonly string[];
}

/** GET audit/log/public-key: the notary's Ed25519 public key as a JWK (kty OKP, crv Ed25519). */
export interface NotaryPublicKey {
  readonly kty: 'OKP';
  readonly crv: 'Ed25519';
  readonly x: string;
  readonly kid?: string;
}

export const READ_MODEL_VERSION_STATES = ['building', 'live', 'retired'] as const;
export type ReadModelVersionState = (typeof READ_MODEL_VERSION_STATES)[number];

/** One version of a read model as the read store records it. */
export interface AuditReadModelVersion {
  readonly version: number;
  readonly state: ReadModelVersionState;
  /** Log position of the last event it applied (null before any). */
  readonly position: number | null;
  /** It has caught up with the log once since its build started. */
  readonly caughtUp: boolean;
  /** How far behind the log's head it is, in log positions (null when it is retired: nobody follows it). */
  readonly lag: number | null;
  readonly documents: number;
}

/** GET audit/read-models: every read model with each of its versions, and the log's head. */
export interface AuditReadModels {
  /** Position of the log's last event (null while empty). */
  readonly head: number | null;
  readonly models: readonly { readonly name: string; readonly live: number | null; readonly versions: readonly AuditReadModelVersion[] }[];
}
