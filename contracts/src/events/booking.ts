/**
 * Contact verification (streams `contact-{sha256(email|national number)}`), room
 * inventory (`inventory-{roomId}`) and bookings (`booking-{bookingID}`).
 * Contact events carry no email, phone or code: only a salted, keyed hash of the code.
 */
import type { RoomType } from '../rules.ts';

export interface OtpIssued {
  readonly type: 'OtpIssued';
  readonly data: {
    readonly customerId: string;
    /** Random salt and HMAC-SHA256(server key, salt | code), hex. */
    readonly salt: string;
    readonly codeHash: string;
    readonly issuedAt: string;
    readonly expiresAt: string;
  };
}

export interface OtpAttemptFailed {
  readonly type: 'OtpAttemptFailed';
  /** `failedAt` (ISO) since wrong tries are counted per day; older events lack it. */
  readonly data: { readonly customerId: string; readonly failedAt?: string };
}

export interface ContactVerified {
  readonly type: 'ContactVerified';
  readonly data: { readonly customerId: string; readonly verifiedUntil: string };
}

export type ContactEvent = OtpIssued | OtpAttemptFailed | ContactVerified;

/**
 * A guest's booking activity (stream `guest-{customerId}`), the limits that span all of a
 * guest's contacts and bookings: which contacts they asked codes for, and which bookings
 * they hold. `contactHash` is the contact stream's key, never an email or phone.
 */
export interface GuestContactUsed {
  readonly type: 'GuestContactUsed';
  readonly data: { readonly customerId: string; readonly contactHash: string; readonly usedAt: string };
}

export interface GuestBookingHeld {
  readonly type: 'GuestBookingHeld';
  /** `lastNight` (YYYY-MM-DD): the booking is upcoming until that night has passed. */
  readonly data: { readonly customerId: string; readonly bookingID: string; readonly lastNight: string };
}

export interface GuestBookingReleased {
  readonly type: 'GuestBookingReleased';
  readonly data: { readonly customerId: string; readonly bookingID: string };
}

export type GuestEvent = GuestContactUsed | GuestBookingHeld | GuestBookingReleased;

export interface UnitsReserved {
  readonly type: 'UnitsReserved';
  /** `nights`: each night of the stay as YYYY-MM-DD; `units` taken on each. */
  readonly data: { readonly bookingID: string; readonly roomId: string; readonly nights: readonly string[]; readonly units: number };
}

export interface UnitsReleased {
  readonly type: 'UnitsReleased';
  readonly data: { readonly bookingID: string; readonly roomId: string; readonly nights: readonly string[]; readonly units: number };
}

export type InventoryEvent = UnitsReserved | UnitsReleased;

export interface BookingPlaced {
  readonly type: 'BookingPlaced';
  readonly data: {
    readonly bookingID: string;
    readonly customerId: string;
    readonly customerName: string;
    readonly customerEmail: string;
    readonly customerPhoneNumber: string;
    readonly hotelId: string;
    readonly ownerId: string;
    readonly hotelName: string;
    readonly hotelAddress: string;
    readonly hotelCity: string;
    readonly roomId: string;
    readonly roomType: RoomType;
    readonly roomStandard: string;
    readonly numberOfRooms: number;
    readonly numberOfGuests: number;
    readonly numberOfNights: number;
    /** YYYY-MM-DD, India time. */
    readonly dateOfBooking: string;
    readonly dateOfCommencement: string;
    readonly nights: readonly string[];
    /** Units of the listing taken each night (rooms for a Room, 1 for a Flat). */
    readonly units: number;
    /** Integer rupees, computed on the server. */
    readonly pricePerNight: number;
    readonly totalAmount: number;
    readonly discountAmount: number;
    readonly payableAmount: number;
    readonly paymentMethod: 'pay-at-hotel';
  };
}

export interface InvoiceIssued {
  readonly type: 'InvoiceIssued';
  readonly data: { readonly bookingID: string; readonly invoicePDF: string; readonly mediaId: string };
}

export interface BookingEmailSent {
  readonly type: 'BookingEmailSent';
  readonly data: { readonly bookingID: string; readonly messageId: string };
}

export interface BookingCancelled {
  readonly type: 'BookingCancelled';
  readonly data: { readonly bookingID: string; readonly customerId: string; readonly cancelledAt: string };
}

export interface BookingPaymentReceived {
  readonly type: 'BookingPaymentReceived';
  readonly data: { readonly bookingID: string; readonly ownerId: string; readonly receivedAt: string };
}

export type BookingEvent = BookingPlaced | InvoiceIssued | BookingEmailSent | BookingCancelled | BookingPaymentReceived;
