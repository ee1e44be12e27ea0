/** Booking calls (spec section 7, "Booking"); all data-changing, so all carry the token. */
import { pathOf, routes, type BodyOf, type Envelope, type ListingAvailability, type Stay } from '@stays/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { fetchAvailability } from '../../../lib/availability-api.ts';
import { successful } from '../../../lib/envelope.ts';

/** The guest's name, email and phone (with its dial code) that the code is sent to. */
export type OtpRequest = BodyOf<typeof routes.sendOtp>;
/** The code, with the email and phone it was sent to. */
export type OtpVerification = BodyOf<typeof routes.verifyOtp>;
/** The booking form data of spec section 3, as the booking call's schema reads it (the server computes the price itself). */
export type BookingFormData = BodyOf<typeof routes.book>;

export interface BookingApi {
  sendOtp(body: OtpRequest): Promise<unknown>;
  verifyOtp(body: OtpVerification): Promise<unknown>;
  /** 201 with the new booking's id. */
  book(body: BookingFormData): Promise<{ data: { bookingID: string }; message: string }>;
  /** Each listing of the hotel for a stay (public): checked before the OTP step, and after a 409 for the nearest free check-in. */
  availability(hotelID: string, stay: Stay, signal?: AbortSignal): Promise<ListingAvailability[]>;
}

export const bookingApi: BookingApi = {
  sendOtp: async (body) => successful(await apiClient.post<Envelope<unknown>>(pathOf(routes.sendOtp), body)),
  verifyOtp: async (body) => successful(await apiClient.post<Envelope<unknown>>(pathOf(routes.verifyOtp), body)),
  book: async (body) => successful(await apiClient.post<Envelope<{ bookingID: string }>>(pathOf(routes.book), body)),
  availability: fetchAvailability,
};
