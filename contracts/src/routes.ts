/**
 * The route table: every call of spec section 7 (plus the calls the spec leaves out),
 * relative to the API prefix. Both services mount their handlers from these entries
 * (service-kit's route mounter applies the entry's auth, body parser and validation), the
 * one-process host and the gateway send each call to its `side`, and the web client builds
 * its URLs and request types from them, so a call is declared once.
 *
 * `side` says which service owns the call: data-changing calls go to the command service,
 * reads (GET) to the query service; the gateway routes on exactly that, by method.
 * `auth` is who may call it. `body` is how the request body is read and the schema it must
 * pass; `query` the schema of the query string.
 */
import type { z } from 'zod';
import { limits, type Role } from './rules.ts';
import { server, ui } from './messages.ts';
import {
  customerRegisterRequest,
  customerUpdateRequest,
  forgotPasswordRequest,
  googleSignInRequest,
  ownerRegisterRequest,
  ownerUpdateRequest,
  resetPasswordRequest,
  signInRequest,
} from './schemas/accounts.ts';
import { bookRequest, sendOtpRequest, verifyOtpRequest } from './schemas/booking.ts';
import { createHotelRequest, createRoomRequest, updateHotelRequest, updateRoomRequest } from './schemas/hotels.ts';
import { hotelSearchQuery, roomSearchQuery } from './schemas/search.ts';
import { stayQuery } from './schemas/availability.ts';
import { closeNightsRequest, reopenNightsRequest } from './schemas/closures.ts';
import { addCalendarFeedRequest, removeCalendarFeedRequest, renewCalendarExportRequest } from './schemas/calendar-sync.ts';
import { auditAsOfQuery, auditBookingsQuery, auditConsistencyQuery, auditInclusionQuery, auditLogQuery, auditTreeHeadsQuery } from './schemas/audit.ts';
import { auditHotelsQuery } from './schemas/audit.ts';
import { auditOccupancyQuery } from './schemas/occupancy.ts';
import { auditReadModelDocumentsQuery } from './schemas/read-model-documents.ts';
import { cancellationPolicyRequest } from './cancellation-policy.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type Side = 'command' | 'query';
/** `any` is any guest or owner; an auditor's token opens only the `auditor` routes. */
export type Auth = 'none' | 'any' | Role | 'auditor';

/** The files a multipart route takes: one form field, its count and size limits, and the answers when they are passed. */
export interface UploadSpec {
  readonly field: string;
  /** Most files of the field one request may carry. */
  readonly maxFiles: number;
  /** Largest file, in bytes. */
  readonly maxBytes: number;
  /** Answer (400) for more than `maxFiles` files. */
  readonly tooManyMessage: string;
  /** Answer (413) for a file over `maxBytes`. */
  readonly tooLargeMessage: string;
}

/**
 * How a route reads its body: not at all; as JSON (checked against `schema` when there is
 * one); or as multipart form data with one file field (a JSON body is taken too when no
 * file is sent). `limit` is the largest JSON body, e.g. '200kb' (default '100kb').
 */
export type BodySpec =
  | { readonly kind: 'none' }
  | { readonly kind: 'json'; readonly schema?: z.ZodType; readonly limit?: string }
  | { readonly kind: 'multipart'; readonly schema: z.ZodType; readonly upload: UploadSpec; readonly limit?: string };

export interface RouteSpec {
  readonly method: Method;
  /** Koa-router style path with `:params`. */
  readonly path: string;
  readonly side: Side;
  readonly auth: Auth;
  readonly body: BodySpec;
  /** Schema of the query string (GET routes that take one). */
  readonly query?: z.ZodType;
}

const noBody = { kind: 'none' } as const;
const json = <S extends z.ZodType | undefined = undefined>(schema?: S) => ({ kind: 'json', schema: schema as S }) as const;
const multipart = <S extends z.ZodType>(schema: S, upload: UploadSpec, limit?: string) =>
  ({ kind: 'multipart', schema, upload, ...(limit !== undefined && { limit }) }) as const;

const MEGABYTE = 1024 * 1024;
const profileImage: UploadSpec = {
  field: 'profileImage',
  maxFiles: 1,
  maxBytes: limits.profileImageMegabytes * MEGABYTE,
  tooManyMessage: server.oneProfileImage,
  tooLargeMessage: ui.profileImageTooLarge,
};
const listingImages = (maxFiles: number, tooManyMessage: string): UploadSpec => ({
  field: 'imageURLs',
  maxFiles,
  maxBytes: limits.listingImageMegabytes * MEGABYTE,
  tooManyMessage,
  tooLargeMessage: server.imageTooLarge(limits.listingImageMegabytes),
});
const hotelImages = listingImages(limits.hotelImages.max, ui.uploadMaximumTen);
const roomImages = listingImages(limits.roomImages.max, ui.uploadAtMostTwo);
/** Hotels and rooms carry nearby places and amenities as text: more room than the default 100 kB when sent as JSON. */
const LISTING_JSON_LIMIT = '200kb';

export const routes = {
  // authentication and registration
  ownerLogin: { method: 'POST', path: '/hotel/owner/login', side: 'command', auth: 'none', body: json(signInRequest) },
  customerLogin: { method: 'POST', path: '/user/login', side: 'command', auth: 'none', body: json(signInRequest) },
  ownerRegister: { method: 'POST', path: '/hotel/owner/register', side: 'command', auth: 'none', body: json(ownerRegisterRequest) },
  customerRegister: { method: 'POST', path: '/user/register', side: 'command', auth: 'none', body: multipart(customerRegisterRequest, profileImage) },
  customerGoogle: { method: 'POST', path: '/user/google/signin/signup', side: 'command', auth: 'none', body: json(googleSignInRequest) },
  ownerGoogle: { method: 'POST', path: '/hotel/owner/google/signin/signup', side: 'command', auth: 'none', body: json(googleSignInRequest) },
  // forgotten passwords (not in the spec): a reset link by email, then a new password with its token
  customerForgotPassword: { method: 'POST', path: '/user/password/forgot', side: 'command', auth: 'none', body: json(forgotPasswordRequest) },
  ownerForgotPassword: { method: 'POST', path: '/hotel/owner/password/forgot', side: 'command', auth: 'none', body: json(forgotPasswordRequest) },
  customerResetPassword: { method: 'POST', path: '/user/password/reset', side: 'command', auth: 'none', body: json(resetPasswordRequest) },
  ownerResetPassword: { method: 'POST', path: '/hotel/owner/password/reset', side: 'command', auth: 'none', body: json(resetPasswordRequest) },

  // profiles
  customerUpdateProfile: {
    method: 'PATCH',
    path: '/user/update/profile',
    side: 'command',
    auth: 'customer',
    body: multipart(customerUpdateRequest, profileImage),
  },
  // logout is posted with an empty JSON body (spec section 7): read, but nothing in it is used
  customerLogout: { method: 'POST', path: '/user/logout', side: 'command', auth: 'customer', body: json() },
  customerDelete: { method: 'DELETE', path: '/user/delete/account', side: 'command', auth: 'customer', body: noBody },
  ownerHotelId: { method: 'GET', path: '/hotel/owner/get/hotel/id', side: 'query', auth: 'hotel-owner', body: noBody },
  ownerUpdateProfile: { method: 'PATCH', path: '/hotel/owner/update/profile', side: 'command', auth: 'hotel-owner', body: json(ownerUpdateRequest) },
  ownerDelete: { method: 'DELETE', path: '/hotel/owner/delete', side: 'command', auth: 'hotel-owner', body: noBody },
  ownerLogout: { method: 'POST', path: '/hotel/owner/logout', side: 'command', auth: 'hotel-owner', body: json() },

  // hotels and rooms
  allHotels: { method: 'GET', path: '/hotel/data/get/all/hotels', side: 'query', auth: 'none', body: noBody },
  hotel: { method: 'GET', path: '/hotel/data/get/specific/:hotelID', side: 'query', auth: 'none', body: noBody },
  searchHotels: { method: 'GET', path: '/hotel/data/get/search', side: 'query', auth: 'none', body: noBody, query: hotelSearchQuery },
  searchRooms: { method: 'GET', path: '/hotel/room/get/search/rooms', side: 'query', auth: 'none', body: noBody, query: roomSearchQuery },
  hotelRooms: { method: 'GET', path: '/hotel/room/get/all/rooms/:hotelID', side: 'query', auth: 'none', body: noBody },
  // beyond the spec: what is free for a stay, before the guest verifies and books
  roomAvailability: { method: 'GET', path: '/hotel/room/availability/:hotelID', side: 'query', auth: 'none', body: noBody, query: stayQuery },
  ownerRoom: { method: 'GET', path: '/hotel/room/specific/room/hotel/:hotelID/:roomID', side: 'query', auth: 'hotel-owner', body: noBody },
  // beyond the spec: the owner closes and reopens nights of a listing, and sees its calendar (docs/booking-rules.md)
  closeNights: { method: 'POST', path: '/hotel/room/close/nights/:hotelID', side: 'command', auth: 'hotel-owner', body: json(closeNightsRequest) },
  reopenNights: { method: 'POST', path: '/hotel/room/reopen/nights/:hotelID', side: 'command', auth: 'hotel-owner', body: json(reopenNightsRequest) },
  roomCalendar: { method: 'GET', path: '/hotel/room/calendar/:hotelID/:roomID', side: 'query', auth: 'hotel-owner', body: noBody },
  // beyond the spec: calendar sync with other booking sites (docs/booking-rules.md#calendar-sync); the feed is public behind its secret token
  calendarSync: { method: 'GET', path: '/hotel/room/calendar/sync/:hotelID/:roomID', side: 'query', auth: 'hotel-owner', body: noBody },
  addCalendarFeed: {
    method: 'POST',
    path: '/hotel/room/calendar/feeds/add/:hotelID',
    side: 'command',
    auth: 'hotel-owner',
    body: json(addCalendarFeedRequest),
  },
  removeCalendarFeed: {
    method: 'POST',
    path: '/hotel/room/calendar/feeds/remove/:hotelID',
    side: 'command',
    auth: 'hotel-owner',
    body: json(removeCalendarFeedRequest),
  },
  renewCalendarExport: {
    method: 'POST',
    path: '/hotel/room/calendar/export/renew/:hotelID',
    side: 'command',
    auth: 'hotel-owner',
    body: json(renewCalendarExportRequest),
  },
  calendarExportFeed: { method: 'GET', path: '/calendar/:roomID/:feedFile', side: 'command', auth: 'none', body: noBody },
  createHotel: {
    method: 'POST',
    path: '/hotel/data/create/hotel',
    side: 'command',
    auth: 'hotel-owner',
    body: multipart(createHotelRequest, hotelImages, LISTING_JSON_LIMIT),
  },
  updateHotel: {
    method: 'PATCH',
    path: '/hotel/data/update/hotel/:hotelID',
    side: 'command',
    auth: 'hotel-owner',
    body: multipart(updateHotelRequest, hotelImages, LISTING_JSON_LIMIT),
  },
  // beyond the spec: the owner sets the hotel's cancellation policy (the whole policy; bookings placed from then on carry it)
  setCancellationPolicy: {
    method: 'POST',
    path: '/hotel/data/cancellation-policy/:hotelID',
    side: 'command',
    auth: 'hotel-owner',
    body: json(cancellationPolicyRequest),
  },
  createRoom: {
    method: 'POST',
    path: '/hotel/room/create/room',
    side: 'command',
    auth: 'hotel-owner',
    body: multipart(createRoomRequest, roomImages, LISTING_JSON_LIMIT),
  },
  updateRoom: {
    method: 'PATCH',
    path: '/hotel/room/update/room/:hotelID/:roomID',
    side: 'command',
    auth: 'hotel-owner',
    body: multipart(updateRoomRequest, roomImages, LISTING_JSON_LIMIT),
  },

  // booking
  sendOtp: { method: 'POST', path: '/hotel/booking/send/email/mobile', side: 'command', auth: 'customer', body: json(sendOtpRequest) },
  verifyOtp: { method: 'POST', path: '/hotel/booking/verify/email/mobile', side: 'command', auth: 'customer', body: json(verifyOtpRequest) },
  book: { method: 'POST', path: '/hotel/booking/book/hotel', side: 'command', auth: 'customer', body: json(bookRequest) },
  customerBookings: { method: 'GET', path: '/user/get/all/bookings/:userId', side: 'query', auth: 'customer', body: noBody },
  ownerBookings: { method: 'GET', path: '/hotel/owner/get/all/hotel/owner/bookings/:hotelID', side: 'query', auth: 'hotel-owner', body: noBody },
  // beyond the spec: a guest cancels an upcoming booking; an owner records a pay-at-hotel payment
  cancelBooking: { method: 'POST', path: '/hotel/booking/cancel/:bookingID', side: 'command', auth: 'customer', body: json() },
  markBookingPaid: { method: 'POST', path: '/hotel/owner/booking/paid/:bookingID', side: 'command', auth: 'hotel-owner', body: json() },
  // the owner takes a payment record back within limits.paymentUndoMinutes of making it
  undoBookingPayment: { method: 'POST', path: '/hotel/owner/booking/paid/:bookingID/undo', side: 'command', auth: 'hotel-owner', body: json() },

  // occupancy and revenue (the occupancy read model): an owner's own hotel; every city for auditors
  ownerOccupancy: { method: 'GET', path: '/hotel/owner/occupancy', side: 'query', auth: 'hotel-owner', body: noBody },
  auditOccupancy: { method: 'GET', path: '/audit/occupancy', side: 'query', auth: 'auditor', body: noBody, query: auditOccupancyQuery },
  auditOccupancyOpeningMonth: { method: 'GET', path: '/audit/occupancy/opening-month', side: 'query', auth: 'auditor', body: noBody },

  // media (images and invoices) served by the query side; an invoice link's signature is
  // in its query string, which the handler checks (it is not a client's input)
  media: { method: 'GET', path: '/media/:id', side: 'query', auth: 'none', body: noBody },

  // auditors (read-only; each read of a booking or personal data is itself recorded)
  auditorLogin: { method: 'POST', path: '/audit/login', side: 'command', auth: 'none', body: json(signInRequest) },
  auditorLogout: { method: 'POST', path: '/audit/logout', side: 'command', auth: 'auditor', body: json() },
  auditBookings: { method: 'GET', path: '/audit/bookings', side: 'query', auth: 'auditor', body: noBody, query: auditBookingsQuery },
  auditHotels: { method: 'GET', path: '/audit/hotels', side: 'query', auth: 'auditor', body: noBody, query: auditHotelsQuery },
  auditBookingHistory: { method: 'GET', path: '/audit/bookings/:bookingID/history', side: 'query', auth: 'auditor', body: noBody },
  auditBookingAsOf: { method: 'GET', path: '/audit/bookings/:bookingID', side: 'query', auth: 'auditor', body: noBody, query: auditAsOfQuery },
  auditLogRecords: { method: 'GET', path: '/audit/log/records', side: 'query', auth: 'auditor', body: noBody, query: auditLogQuery },
  /** The same filters as records, all pages, as NDJSON (one AuditEntry a line), streamed. */
  auditLogExport: { method: 'GET', path: '/audit/log/export', side: 'query', auth: 'auditor', body: noBody, query: auditLogQuery },
  auditPublicKey: { method: 'GET', path: '/audit/log/public-key', side: 'query', auth: 'auditor', body: noBody },
  auditTreeHead: { method: 'GET', path: '/audit/log/tree-head', side: 'query', auth: 'auditor', body: noBody },
  auditTreeHeads: { method: 'GET', path: '/audit/log/tree-heads', side: 'query', auth: 'auditor', body: noBody, query: auditTreeHeadsQuery },
  auditInclusionProof: { method: 'GET', path: '/audit/log/proof/inclusion', side: 'query', auth: 'auditor', body: noBody, query: auditInclusionQuery },
  auditConsistencyProof: { method: 'GET', path: '/audit/log/proof/consistency', side: 'query', auth: 'auditor', body: noBody, query: auditConsistencyQuery },
  auditReadModels: { method: 'GET', path: '/audit/read-models', side: 'query', auth: 'auditor', body: noBody },
  auditReadModelDocuments: {
    method: 'GET',
    path: '/audit/read-models/:name/documents',
    side: 'query',
    auth: 'auditor',
    body: noBody,
    query: auditReadModelDocumentsQuery,
  },

  // a copy of everything the product holds about the caller (personal data rights)
  customerExport: { method: 'GET', path: '/user/export', side: 'command', auth: 'customer', body: noBody },
  ownerExport: { method: 'GET', path: '/hotel/owner/export', side: 'command', auth: 'hotel-owner', body: noBody },

  // this API's OpenAPI 3.1 document, generated from this table (contracts openapi.ts)
  apiDocument: { method: 'GET', path: '/openapi.json', side: 'query', auth: 'none', body: noBody },
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof routes;

/** The name of a table entry (for messages that must say which route). */
export const routeNameOf = (spec: RouteSpec): RouteName | undefined => (Object.keys(routes) as RouteName[]).find((name) => routes[name] === spec);

/** `{hotelID: string, roomID: string}` for '/hotel/room/update/room/:hotelID/:roomID'. */
export type PathParams<P extends string> = { readonly [K in ParamNames<P>]: string };
type ParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** The body a route's schema gives (and accepts: a parsed body is a valid request), or undefined for a route that reads none. */
export type BodyOf<R extends RouteSpec> = R['body'] extends { readonly schema: infer S extends z.ZodType } ? z.infer<S> : undefined;
/** The query a route's schema gives, or undefined for a route without one. */
export type QueryOf<R extends RouteSpec> = R extends { readonly query: infer S extends z.ZodType } ? z.infer<S> : undefined;
/** A route's query string as a client writes it: any of the schema's keys, as text. */
export type QueryTextOf<R extends RouteSpec> = R extends { readonly query: infer S extends z.ZodType } ? { readonly [K in keyof z.input<S>]?: string } : never;

/** Fills `:params` of a route path, URL-encoding each value. */
export function pathOf<R extends RouteSpec>(spec: R, ...[params]: [ParamNames<R['path']>] extends [never] ? [] : [PathParams<R['path']>]): string {
  const values: Record<string, string | undefined> = params ?? {};
  return spec.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = values[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${spec.path}`);
    return encodeURIComponent(value);
  });
}
