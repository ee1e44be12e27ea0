/**
 * What each call of the route table answers: the success status and the schema of `data` in
 * the success envelope (or, for the few calls that answer something else, the media type and
 * schema of the body), and the failure statuses beyond those the entry itself implies (see
 * `failureStatusesOf`). The OpenAPI document is generated from this and the route table, and
 * every API test checks each answer against it, so an entry here is proven by the suite.
 *
 * Shapes are precise where the spec's screens read them; objects allow more properties than
 * they name (the spec's own client reads fields the document does not promise, and read models
 * grow), so a new field never breaks the contract, but a missing or mistyped one does.
 */
import { z } from 'zod';
import { cancellationPolicySchema } from './cancellation-policy.ts';
import { hotelEventSchemas, roomEventSchemas } from './events/hotels.ts';
import type { RouteName, RouteSpec } from './routes.ts';
import { TOKEN_ROLES } from './rules.ts';

/** How a route answers when it succeeds, and which further failures it may answer. */
export interface RouteAnswer {
  /** The success status. */
  readonly status: number;
  /** Schema of `data` in the success envelope. */
  readonly data?: z.ZodType;
  /** Top-level fields beside `data` (e.g. `pagination`). */
  readonly extra?: Readonly<Record<string, z.ZodType>>;
  /** An answer that is not the JSON envelope: its media type and, for JSON, its schema. */
  readonly raw?: { readonly contentType: string; readonly schema?: z.ZodType; readonly description: string };
  /** Failure statuses the route answers beyond those its table entry implies. */
  readonly failures?: readonly number[];
}

const id = z.string().min(1);
const created = z.object({ _id: id }).loose();
const nothing = z.null();

const sessionUser = z
  .object({
    _id: id,
    role: z.enum(TOKEN_ROLES),
    name: z.string(),
    email: z.string(),
    username: z.string().optional(),
    profileImage: z.string().optional(),
    hasPassword: z.boolean().optional(),
  })
  .loose();
const signIn = z.object({ accessToken: z.string().min(1), user: sessionUser }).loose();

const { hotelId: _hotelId, ownerId: _ownerId, ...hotelFields } = hotelEventSchemas.HotelCreated.shape;
const hotel = z.object({ ...hotelFields, _id: id, cancellationPolicy: cancellationPolicySchema.loose().optional() }).loose();
const { roomId: _roomId, ownerId: _roomOwnerId, hotelId: _roomHotelId, ...roomFields } = roomEventSchemas.RoomAdded.shape;
/** A search card: the hotel without its description, policy and nearby places (kept small), and what of it a stay finds. */
const hotelCard = hotel
  .omit({ description: true, cancellationPolicy: true, restaurants: true, cinemaHalls: true, famousTouristPlaces: true, transportationFacilities: true })
  .extend({ availability: z.object({ bookableListings: z.number(), lowestPayableAmount: z.number(), fewestFree: z.number() }).optional() });
const room = z.object({ ...roomFields, _id: id, hotelID: id }).loose();
const pagination = z.object({ total: z.number().int().min(0), page: z.number().int().min(1), limit: z.number().int().min(1) });

const booking = z
  .object({
    bookingID: id,
    hotelID: id,
    hotelName: z.string(),
    roomType: z.string(),
    dateOfCommencement: z.string(),
    numberOfNights: z.number().int(),
    numberOfGuests: z.number().int(),
    payableAmount: z.number(),
    isPaymentDone: z.boolean(),
    status: z.string(),
  })
  .loose();
const paymentState = z.object({ bookingID: id, isPaymentDone: z.boolean(), paidAt: z.string().nullable() });
const anyObject = z.object({}).loose();
/** What a stay finds of one listing (ListingAvailability in contracts/src/schemas/availability.ts). */
const listingAvailability = z
  .object({
    roomID: id,
    roomType: z.string(),
    roomStandard: z.string(),
    maxGuests: z.number().int(),
    nights: z.array(z.object({ date: z.string(), free: z.number().int() })),
    minFree: z.number().int(),
    bookable: z.boolean(),
  })
  .loose();
const listOf = (item: z.ZodType) => z.array(item);

// the auditors' reads, as contracts/src/schemas/audit.ts types them
const treeHead = z
  .object({ treeSize: z.number().int().min(0), rootHash: z.string().regex(/^[0-9a-f]{64}$/), timestamp: z.string(), signature: z.string() })
  .loose();
const auditEntry = z.object({ leafIndex: z.number().int().min(0), record: anyObject, data: anyObject, actor: anyObject }).loose();
const readModelVersion = z
  .object({
    version: z.number().int(),
    state: z.enum(['building', 'live', 'retired']),
    position: z.number().nullable(),
    caughtUp: z.boolean(),
    documents: z.number(),
  })
  .loose();
const auditReadModels = z.object({
  head: z.number().nullable(),
  models: z.array(z.object({ name: z.string(), live: z.number().nullable(), versions: z.array(readModelVersion) }).loose()),
});

const ndjson = { contentType: 'application/x-ndjson', description: 'One audit entry a line, every page of the filters.' } as const;
const exportDocument = {
  contentType: 'application/json',
  schema: anyObject,
  description: 'Everything the product holds about the caller, as a download.',
} as const;
const mediaFile = { contentType: 'application/octet-stream', description: 'The image or invoice (its own media type).' } as const;

/**
 * Every route's answer. A route of the table without an entry here is an undocumented call:
 * the OpenAPI test and every API test fail naming it, so whoever adds a route adds its answer.
 */
export const routeAnswers: Partial<Record<RouteName, RouteAnswer>> = {
  ownerLogin: { status: 200, data: signIn, failures: [401, 429, 503] },
  customerLogin: { status: 200, data: signIn, failures: [401, 429, 503] },
  ownerRegister: { status: 201, data: created, failures: [409, 429, 503] },
  customerRegister: { status: 201, data: created, failures: [409, 429, 503] },
  customerGoogle: { status: 200, data: signIn, failures: [401, 409, 429, 503] },
  ownerGoogle: { status: 200, data: signIn, failures: [401, 409, 429, 503] },
  customerForgotPassword: { status: 200, data: nothing, failures: [429] },
  ownerForgotPassword: { status: 200, data: nothing, failures: [429] },
  customerResetPassword: { status: 200, data: nothing, failures: [429, 503] },
  ownerResetPassword: { status: 200, data: nothing, failures: [429, 503] },

  customerUpdateProfile: { status: 200, data: sessionUser, failures: [409, 429, 503] },
  customerLogout: { status: 200, data: nothing },
  customerDelete: { status: 200, data: nothing, failures: [409] },
  ownerHotelId: { status: 200, data: id.nullable() },
  ownerUpdateProfile: { status: 200, data: sessionUser, failures: [409, 429, 503] },
  ownerDelete: { status: 200, data: nothing, failures: [409] },
  ownerLogout: { status: 200, data: nothing },

  allHotels: { status: 200, data: listOf(hotelCard) },
  hotel: { status: 200, data: hotel },
  searchHotels: { status: 200, data: listOf(hotelCard), extra: { pagination } },
  searchRooms: { status: 200, data: listOf(hotelCard), extra: { pagination } },
  hotelRooms: { status: 200, data: listOf(room) },
  roomAvailability: { status: 200, data: listOf(listingAvailability) },
  ownerRoom: { status: 200, data: room },
  closeNights: { status: 201, data: anyObject, failures: [409] },
  reopenNights: { status: 200, data: anyObject, failures: [409] },
  roomCalendar: { status: 200, data: anyObject },
  calendarSync: { status: 200, data: anyObject },
  addCalendarFeed: { status: 201, data: anyObject, failures: [409] },
  removeCalendarFeed: { status: 200, data: anyObject },
  renewCalendarExport: { status: 200, data: anyObject },
  calendarExportFeed: {
    status: 200,
    raw: { contentType: 'text/calendar', description: "The listing's booked and closed nights as an iCalendar (RFC 5545) feed, behind its secret link." },
  },
  createHotel: { status: 201, data: created, failures: [409, 503] },
  updateHotel: { status: 200, data: created, failures: [409, 503] },
  setCancellationPolicy: { status: 200, data: z.object({ policy: cancellationPolicySchema }).loose(), failures: [409] },
  createRoom: { status: 201, data: created, failures: [404, 409, 503] },
  updateRoom: { status: 200, data: created, failures: [409, 503] },

  sendOtp: { status: 200, data: nothing, failures: [409, 429] },
  verifyOtp: { status: 200, data: nothing, failures: [409, 429] },
  book: { status: 201, data: anyObject, failures: [404, 409, 429, 503] },
  customerBookings: { status: 200, data: listOf(booking) },
  ownerBookings: { status: 200, data: listOf(booking) },
  cancelBooking: { status: 200, data: z.object({ cancellation: anyObject }).loose(), failures: [409, 503] },
  markBookingPaid: { status: 200, data: paymentState, failures: [409, 503] },
  undoBookingPayment: { status: 200, data: paymentState, failures: [409] },

  ownerOccupancy: { status: 200, data: anyObject, failures: [404] },
  auditOccupancy: { status: 200, data: anyObject },
  auditOccupancyOpeningMonth: { status: 200, data: anyObject },

  media: { status: 200, raw: mediaFile },

  auditorLogin: { status: 200, data: signIn, failures: [401, 429, 503] },
  auditorLogout: { status: 200, data: nothing },
  auditBookings: { status: 200, data: anyObject },
  auditHotels: { status: 200, data: z.object({ items: listOf(z.object({ hotelID: id, hotelName: z.string(), city: z.string() }).loose()) }) },
  auditBookingHistory: { status: 200, data: z.object({ bookingID: id, entries: listOf(auditEntry) }).loose() },
  auditBookingAsOf: {
    status: 200,
    data: z.object({ bookingID: id, asOf: z.string(), state: anyObject.nullable(), stoppedAt: anyObject.nullable(), changed: z.array(z.string()) }).loose(),
  },
  auditLogRecords: {
    status: 200,
    data: z.object({ items: listOf(auditEntry), page: z.number().int(), pageSize: z.number().int(), total: z.number().int() }),
  },
  auditLogExport: { status: 200, raw: ndjson },
  auditPublicKey: {
    status: 200,
    data: z.object({ kty: z.literal('OKP'), crv: z.literal('Ed25519'), x: z.string(), kid: z.string().optional() }).loose(),
    failures: [503],
  },
  auditTreeHead: { status: 200, data: treeHead, failures: [503] },
  auditTreeHeads: { status: 200, data: anyObject, failures: [503] },
  auditInclusionProof: {
    status: 200,
    data: z.object({ leafIndex: z.number().int(), treeSize: z.number().int(), auditPath: z.array(z.string()) }).loose(),
    failures: [503],
  },
  auditConsistencyProof: {
    status: 200,
    data: z.object({ first: z.number().int(), second: z.number().int(), path: z.array(z.string()) }).loose(),
    failures: [503],
  },
  auditReadModels: { status: 200, data: auditReadModels },
  auditReadModelDocuments: { status: 200, data: anyObject },

  customerExport: { status: 200, raw: exportDocument, failures: [503] },
  ownerExport: { status: 200, raw: exportDocument, failures: [503] },

  apiDocument: {
    status: 200,
    raw: { contentType: 'application/json', schema: z.object({ openapi: z.string(), paths: anyObject }).loose(), description: 'This document.' },
  },
};

/**
 * The failure statuses a route answers: those its table entry implies (a token: 401, a role:
 * 403; a body or query to check, or a read's `X-Min-Position`: 400; a body at all: 413 and
 * 415; a path parameter: 404; a change on the command side: 503, as a full or failing disk
 * refuses it), those its answer entry adds, and 500 (an unexpected error, answered with the
 * envelope, never its message).
 */
export function failureStatusesOf(route: RouteSpec, answer: RouteAnswer | undefined): number[] {
  const statuses = new Set<number>(answer?.failures ?? []);
  if (route.auth !== 'none') statuses.add(401);
  if (route.auth !== 'none' && route.auth !== 'any') statuses.add(403);
  if (route.body.kind !== 'none' || route.query !== undefined || route.side === 'query') statuses.add(400);
  if (route.body.kind !== 'none') {
    statuses.add(413);
    statuses.add(415);
  }
  if (route.path.includes(':')) statuses.add(404);
  if (route.side === 'command' && route.method !== 'GET') statuses.add(503);
  statuses.add(500);
  return [...statuses].sort((a, b) => a - b);
}
