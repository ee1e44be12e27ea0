/**
 * Contact verification (streams `contact-{keyed digest of email|national number}`), a guest's
 * booking activity (`guest-{customerId}`), room inventory (`inventory-{roomId}`) and
 * bookings (`booking-{bookingID}`).
 * Contact events carry no email, phone or code: only a salted, keyed hash of the code.
 */
import { z } from 'zod';
import { cancellationPolicySchema } from '../cancellation-policy.ts';
import { ROOM_TYPES } from '../rules.ts';
import type { EventOf } from './define.ts';

export const contactEventSchemas = {
  OtpIssued: z.object({
    customerId: z.string(),
    salt: z.string().describe('Random salt and HMAC-SHA256(server key, salt | code), hex.'),
    codeHash: z.string(),
    issuedAt: z.string(),
    expiresAt: z.string(),
  }),
  /** Version 2; version 1 (without `failedAt`) is in versions.ts. */
  OtpAttemptFailed: z.object({ customerId: z.string(), failedAt: z.string().describe('ISO time of the wrong try: wrong tries are counted per day.') }),
  ContactVerified: z.object({ customerId: z.string(), verifiedUntil: z.string() }),
  OtpNotDelivered: z.object({
    customerId: z.string(),
    issuedAt: z.string().describe("The `issuedAt` of the guest's code that neither the email nor the SMS carried: that code is withdrawn."),
    failedAt: z.string(),
  }),
};

export type OtpIssued = EventOf<'OtpIssued', typeof contactEventSchemas.OtpIssued>;
export type OtpAttemptFailed = EventOf<'OtpAttemptFailed', typeof contactEventSchemas.OtpAttemptFailed>;
export type ContactVerified = EventOf<'ContactVerified', typeof contactEventSchemas.ContactVerified>;
export type OtpNotDelivered = EventOf<'OtpNotDelivered', typeof contactEventSchemas.OtpNotDelivered>;

export type ContactEvent = OtpIssued | OtpAttemptFailed | ContactVerified | OtpNotDelivered;

/**
 * A guest's booking activity, the limits that span all of a guest's contacts and bookings:
 * which contacts they asked codes for, their wrong codes, and which bookings they hold. `contactHash` is the
 * contact stream's keyed digest, never an email or phone nor a plain hash of them.
 */
export const guestEventSchemas = {
  GuestContactUsed: z.object({ customerId: z.string(), contactHash: z.string(), usedAt: z.string() }),
  GuestOtpAttemptFailed: z.object({
    customerId: z.string(),
    contactHash: z.string(),
    failedAt: z.string().describe("ISO time of the wrong try: a guest's wrong tries over all contacts are counted per day."),
  }),
  GuestBookingHeld: z.object({
    customerId: z.string(),
    bookingID: z.string(),
    lastNight: z.string().describe('YYYY-MM-DD: the booking is upcoming until that night has passed.'),
  }),
  GuestBookingReleased: z.object({ customerId: z.string(), bookingID: z.string() }),
};

export type GuestContactUsed = EventOf<'GuestContactUsed', typeof guestEventSchemas.GuestContactUsed>;
export type GuestOtpAttemptFailed = EventOf<'GuestOtpAttemptFailed', typeof guestEventSchemas.GuestOtpAttemptFailed>;
export type GuestBookingHeld = EventOf<'GuestBookingHeld', typeof guestEventSchemas.GuestBookingHeld>;
export type GuestBookingReleased = EventOf<'GuestBookingReleased', typeof guestEventSchemas.GuestBookingReleased>;

export type GuestEvent = GuestContactUsed | GuestOtpAttemptFailed | GuestBookingHeld | GuestBookingReleased;

/** `nights`: each night of the stay as YYYY-MM-DD; `units` taken on each. */
const unitsOfNights = z.object({
  bookingID: z.string(),
  roomId: z.string(),
  nights: z.array(z.string()).describe('Each night, YYYY-MM-DD.'),
  units: z.number().describe('Units taken (or given back) on each night.'),
});

/**
 * Who closed nights: the owner by hand. A union on `kind` so that blocks taken from other
 * sites' calendars can join it with their feed and event uid, and be told apart when reopened.
 */
const closureSource = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('owner') }),
  // nights another site's calendar blocks (calendar sync): its feed, and the UID of its event
  z.object({ kind: z.literal('calendar'), feedId: z.string(), uid: z.string() }),
]);

export const inventoryEventSchemas = {
  UnitsReserved: unitsOfNights,
  UnitsReleased: unitsOfNights,
  NightsClosed: z.object({
    closureId: z.string(),
    roomId: z.string(),
    hotelId: z.string(),
    nights: z.array(z.string()).describe('Each night closed, YYYY-MM-DD.'),
    units: z.number().describe('Units of the listing closed on each night: taken as a booking takes them, so nobody can book them.'),
    source: closureSource.describe('Who closed them.'),
    note: z.string().optional().describe("The owner's reason, for themselves (e.g. repairs)."),
  }),
  NightsReopened: z.object({
    closureId: z.string(),
    roomId: z.string(),
    nights: z.array(z.string()).describe('The nights of the closure given back, YYYY-MM-DD: all of its nights or some.'),
    units: z.number().describe('Units given back on each night: those the closure took.'),
  }),
};

export type UnitsReserved = EventOf<'UnitsReserved', typeof inventoryEventSchemas.UnitsReserved>;
export type UnitsReleased = EventOf<'UnitsReleased', typeof inventoryEventSchemas.UnitsReleased>;
export type NightsClosed = EventOf<'NightsClosed', typeof inventoryEventSchemas.NightsClosed>;
export type NightsReopened = EventOf<'NightsReopened', typeof inventoryEventSchemas.NightsReopened>;
export type ClosureSource = NightsClosed['data']['source'];

export type InventoryEvent = UnitsReserved | UnitsReleased | NightsClosed | NightsReopened;

/** The emails about a booking besides the guest's confirmation, each sent once and recorded by BookingNoticeSent. */
export const BOOKING_NOTICES = ['owner-new-booking', 'guest-cancellation', 'owner-cancellation'] as const;
export type BookingNotice = (typeof BOOKING_NOTICES)[number];

/** BookingPlaced without its cancellation policy: version 1, and what versions.ts lifts to version 2. */
export const bookingPlacedWithoutPolicy = z.object({
  bookingID: z.string(),
  customerId: z.string(),
  customerName: z.string(),
  customerEmail: z.string(),
  customerPhoneNumber: z.string(),
  hotelId: z.string(),
  ownerId: z.string(),
  hotelName: z.string(),
  hotelAddress: z.string(),
  hotelCity: z.string(),
  roomId: z.string(),
  roomType: z.enum(ROOM_TYPES),
  roomStandard: z.string(),
  numberOfRooms: z.number(),
  numberOfGuests: z.number(),
  numberOfNights: z.number(),
  dateOfBooking: z.string().describe('YYYY-MM-DD, India time.'),
  dateOfCommencement: z.string().describe('YYYY-MM-DD, India time: the first night.'),
  nights: z.array(z.string()).describe('Each night of the stay, YYYY-MM-DD.'),
  units: z.number().describe('Units of the listing taken each night (rooms for a Room, 1 for a Flat).'),
  pricePerNight: z.number().describe('Integer rupees, computed on the server.'),
  totalAmount: z.number().describe('Integer rupees, computed on the server.'),
  discountAmount: z.number().describe('Integer rupees, computed on the server.'),
  payableAmount: z.number().describe('Integer rupees, computed on the server.'),
  paymentMethod: z.literal('pay-at-hotel'),
});

/** BookingCancelled without what the cancellation cost: version 1, and what versions.ts lifts to version 2. */
export const bookingCancelledWithoutCharge = z.object({ bookingID: z.string(), customerId: z.string(), cancelledAt: z.string() });

export const bookingEventSchemas = {
  /** Version 2; version 1 (without `cancellationPolicy`) is in versions.ts. */
  BookingPlaced: bookingPlacedWithoutPolicy.extend({
    cancellationPolicy: cancellationPolicySchema.describe("The hotel's cancellation policy when the booking was placed: the booking keeps it."),
  }),
  InvoiceIssued: z.object({ bookingID: z.string(), invoicePDF: z.string(), mediaId: z.string() }),
  BookingEmailSent: z.object({ bookingID: z.string(), messageId: z.string() }),
  BookingNoticeSent: z.object({
    bookingID: z.string(),
    notice: z
      .enum(BOOKING_NOTICES)
      .describe('Which email besides the confirmation: to the owner on a new booking, to the guest or the owner on a cancellation.'),
    messageId: z.string(),
  }),
  BookingNoticeClaimed: z.object({
    bookingID: z.string(),
    notice: z.enum(BOOKING_NOTICES).describe('The notice one of several competing documents reactors is about to send, so no other sends it too.'),
  }),
  /** Version 2; version 1 (without the charge and refund) is in versions.ts. */
  BookingCancelled: bookingCancelledWithoutCharge.extend({
    chargeAmount: z.number().describe("Integer rupees the guest owes for cancelling, under the booking's policy (0 when free)."),
    refundAmount: z.number().describe('Integer rupees due back to the guest (0: a pay-at-hotel booking has paid nothing while it can be cancelled).'),
  }),
  BookingPaymentReceived: z.object({ bookingID: z.string(), ownerId: z.string(), receivedAt: z.string() }),
  BookingPaymentUndone: z.object({
    bookingID: z.string(),
    ownerId: z.string(),
    undoneAt: z.string().describe('ISO time the owner took the payment record back, within limits.paymentUndoMinutes of recording it.'),
  }),
};

export type BookingPlaced = EventOf<'BookingPlaced', typeof bookingEventSchemas.BookingPlaced>;
export type InvoiceIssued = EventOf<'InvoiceIssued', typeof bookingEventSchemas.InvoiceIssued>;
export type BookingEmailSent = EventOf<'BookingEmailSent', typeof bookingEventSchemas.BookingEmailSent>;
export type BookingNoticeSent = EventOf<'BookingNoticeSent', typeof bookingEventSchemas.BookingNoticeSent>;
export type BookingNoticeClaimed = EventOf<'BookingNoticeClaimed', typeof bookingEventSchemas.BookingNoticeClaimed>;
export type BookingCancelled = EventOf<'BookingCancelled', typeof bookingEventSchemas.BookingCancelled>;
export type BookingPaymentReceived = EventOf<'BookingPaymentReceived', typeof bookingEventSchemas.BookingPaymentReceived>;
export type BookingPaymentUndone = EventOf<'BookingPaymentUndone', typeof bookingEventSchemas.BookingPaymentUndone>;

export type BookingEvent =
  | BookingPlaced
  | InvoiceIssued
  | BookingEmailSent
  | BookingNoticeClaimed
  | BookingNoticeSent
  | BookingCancelled
  | BookingPaymentReceived
  | BookingPaymentUndone;
