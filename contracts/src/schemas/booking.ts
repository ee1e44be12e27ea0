/**
 * Booking requests (spec sections 3, 4, 5, 7). The OTP calls carry the phone with its
 * dial code; the booking call carries it with or without. Phones may be written with
 * spaces, dashes or brackets.
 */
import { z } from 'zod';
import { ROOM_TYPES, limits, looksLikeLink } from '../rules.ts';
import { isPhoneText, nationalNumberOf, splitInternationalNumber } from '../countries.ts';
import { validation } from '../messages.ts';
import { choice, email, numberFrom, plainText, requiredText, textIssue } from './fields.ts';
import { calendarDate } from './dates.ts';
import type { CancellationPolicy } from '../cancellation-policy.ts';

const phoneText = z.preprocess(
  (value) => (typeof value === 'number' ? String(value) : value),
  z.string({ error: textIssue }).trim().refine(isPhoneText, validation.phoneText),
);

/** With its dial code: '+91 98220 12345', '+7840 (981) 234-5678'. */
const internationalPhone = phoneText.refine((phone) => splitInternationalNumber(phone) !== null, validation.internationalPhone);

/** With or without its dial code; becomes the national number (digits), as contacts are matched on it. */
const anyPhone = phoneText.transform((phone, context) => {
  const national = nationalNumberOf(phone);
  if (national === null) {
    context.addIssue({ code: 'custom', message: validation.anyPhone });
    return z.NEVER;
  }
  return national;
});

/** A guest's name: plain text that messages can quote, never a link. */
const guestName = requiredText(limits.name.max).refine((name) => !looksLikeLink(name), validation.notALink);

/** POST /hotel/booking/send/email/mobile */
export const sendOtpRequest = z.object({
  customerName: guestName,
  customerEmail: email,
  customerPhoneNumber: internationalPhone,
});
export type SendOtpRequest = z.infer<typeof sendOtpRequest>;

/** POST /hotel/booking/verify/email/mobile */
export const verifyOtpRequest = z.object({
  otp: z.preprocess(
    (value) => (typeof value === 'number' ? String(value).padStart(limits.otpLength, '0') : value),
    z
      .string({ error: textIssue })
      .trim()
      .regex(new RegExp(`^\\d{${limits.otpLength}}$`), validation.digits(limits.otpLength)),
  ),
  customerEmail: email,
  customerPhoneNumber: internationalPhone,
});
export type VerifyOtpRequest = z.infer<typeof verifyOtpRequest>;

const count = (max: number) => numberFrom(limits.minRoomsGuestsNights, max, true).default(1);

/**
 * POST /hotel/booking/book/hotel: the booking form data. The server reads the hotel,
 * room and price itself; the hotel fields and `totalAmount` the client sends are
 * accepted for compatibility and never trusted.
 */
export const bookRequest = z.object({
  hotelID: requiredText(64),
  roomType: choice(ROOM_TYPES, { apartment: 'Flat' }),
  roomStandard: requiredText(40),
  customerName: guestName,
  customerEmail: email,
  /** With or without its dial code; the national number from here on. */
  customerPhoneNumber: anyPhone,
  numberOfRooms: count(limits.maxRoomsPerBooking),
  numberOfGuests: count(limits.maxGuestsPerBooking),
  numberOfNights: count(limits.maxNightsPerBooking),
  dateOfCommencement: calendarDate,
  dateOfBooking: calendarDate.optional(),
  customerID: plainText(64).optional(),
  totalAmount: z.unknown().optional(),
  hotelName: z.unknown().optional(),
  hotelAddress: z.unknown().optional(),
  hotelCity: z.unknown().optional(),
  hotelState: z.unknown().optional(),
  hotelCountry: z.unknown().optional(),
  hotelPincode: z.unknown().optional(),
  hotelPhoneNumber: z.unknown().optional(),
});
export type BookRequest = z.infer<typeof bookRequest>;

/** A booking as the guest and owner screens read it ("Booking (as read)"). */
export interface BookingView {
  readonly _id: string;
  readonly bookingID: string;
  readonly hotelID: string;
  readonly hotelName: string;
  readonly hotelAddress: string;
  readonly hotelCity: string;
  readonly customerID: string;
  readonly customerName: string;
  readonly customerEmail: string;
  readonly customerPhoneNumber: string;
  /** ISO date strings; screens show the first 10 characters. */
  readonly dateOfBooking: string;
  readonly dateOfCommencement: string;
  readonly numberOfNights: number;
  readonly numberOfGuests: number;
  readonly numberOfRooms: number;
  readonly roomType: (typeof ROOM_TYPES)[number];
  readonly roomStandard: string;
  readonly roomID: string;
  /** Integer rupees before discount. */
  readonly totalAmount: number;
  readonly discountAmount: number;
  /** Integer rupees the guest pays: as the booking's BookingPlaced computed it, never recomputed. */
  readonly payableAmount: number;
  readonly isPaymentDone: boolean;
  /** ISO time the owner recorded the payment (the undo window runs from it); null while unpaid. */
  readonly paidAt: string | null;
  /** Link to Invoice_{bookingID}.pdf once issued; null until then. */
  readonly invoicePDF: string | null;
  readonly status: 'confirmed' | 'cancelled';
  /** The policy the booking was made under (the terms before policies for bookings made before them). */
  readonly cancellationPolicy: CancellationPolicy;
  /** When the guest cancelled and what it cost (integer rupees); null while not cancelled. */
  readonly cancellation: { readonly cancelledAt: string; readonly chargeAmount: number; readonly refundAmount: number } | null;
  readonly created_at: string;
}
