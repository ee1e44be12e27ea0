/**
 * Booking requests (spec sections 3, 4, 5, 7). The OTP calls carry the phone with its
 * dial code; the booking call carries the national number only.
 */
import { z } from 'zod';
import { ROOM_TYPES, limits } from '../rules.ts';
import { otpPhoneLengthOk, splitInternationalNumber } from '../countries.ts';
import { choice, email, numberFrom, requiredText } from './fields.ts';

const internationalPhone = z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
  .trim()
  .refine((phone) => {
    const split = splitInternationalNumber(phone);
    return split !== null && /^\d+$/.test(split.national) && otpPhoneLengthOk(split.national);
  }, 'must be a dial code and a number of 9 to 12 digits, e.g. +91 9822012345');

const nationalPhone = z.preprocess((value) => (typeof value === 'number' ? String(value) : value),
  z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be text') })
    .trim().regex(/^\d{9,12}$/, 'must be 9 to 12 digits'));

/** YYYY-MM-DD, or an ISO date-time whose first 10 characters are that (as the client may send). */
const calendarDate = z.string({ error: (issue) => (issue.input === undefined ? 'is required' : 'must be a date') })
  .trim()
  .regex(/^\d{4}-\d{2}-\d{2}([T ][\d:.]+(Z|[+-]\d{2}:?\d{2})?)?$/, 'must be a date as YYYY-MM-DD')
  .transform((value) => value.slice(0, 10))
  .refine((value) => !Number.isNaN(Date.parse(`${value}T00:00:00Z`)) && new Date(`${value}T00:00:00Z`).toISOString().startsWith(value), 'must be a real date');

/** POST /hotel/booking/send/email/mobile */
export const sendOtpRequest = z.object({
  customerName: requiredText(limits.name.max),
  customerEmail: email,
  customerPhoneNumber: internationalPhone,
});
export type SendOtpRequest = z.infer<typeof sendOtpRequest>;

/** POST /hotel/booking/verify/email/mobile */
export const verifyOtpRequest = z.object({
  otp: z.preprocess((value) => (typeof value === 'number' ? String(value).padStart(limits.otpLength, '0') : value),
    z.string({ error: 'is required' }).trim().regex(new RegExp(`^\\d{${limits.otpLength}}$`), `must be ${limits.otpLength} digits`)),
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
  customerName: requiredText(limits.name.max),
  customerEmail: email,
  customerPhoneNumber: nationalPhone,
  numberOfRooms: count(20),
  numberOfGuests: count(50),
  numberOfNights: count(60),
  dateOfCommencement: calendarDate,
  dateOfBooking: calendarDate.optional(),
  customerID: z.string().max(64).optional(),
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
  /** Integer rupees before discount; the guest pays totalAmount − discountAmount. */
  readonly totalAmount: number;
  readonly discountAmount: number;
  readonly isPaymentDone: boolean;
  /** Link to Invoice_{bookingID}.pdf once issued; null until then. */
  readonly invoicePDF: string | null;
  readonly status: 'confirmed' | 'cancelled';
  readonly created_at: string;
}
