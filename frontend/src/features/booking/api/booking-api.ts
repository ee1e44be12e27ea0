/** Booking calls (spec section 7, "Booking"); all data-changing, so all carry the token. */
import { pathOf, routes, type Envelope, type SendOtpRequest, type VerifyOtpRequest } from '@stays/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { successful } from '../../../lib/envelope.ts';

/** The booking form data of spec section 3, as sent (the server computes the price itself). */
export interface BookingFormData {
  readonly hotelID: string;
  readonly hotelName: string;
  readonly hotelAddress: string;
  readonly hotelCity: string;
  readonly hotelState: string;
  readonly hotelCountry: string;
  readonly hotelPincode: number;
  readonly hotelPhoneNumber: string;
  readonly customerID: string;
  readonly customerName: string;
  readonly customerEmail: string;
  /** National number, without the dial code. */
  readonly customerPhoneNumber: string;
  readonly roomStandard: string;
  readonly roomType: string;
  readonly numberOfRooms: number;
  readonly numberOfGuests: number;
  readonly numberOfNights: number;
  readonly dateOfBooking: string;
  readonly dateOfCommencement: string;
  readonly totalAmount: number;
}

export interface BookingApi {
  sendOtp(body: SendOtpRequest): Promise<unknown>;
  verifyOtp(body: VerifyOtpRequest): Promise<unknown>;
  book(body: BookingFormData): Promise<{ message: string }>;
}

export const bookingApi: BookingApi = {
  sendOtp: async (body) => successful(await apiClient.post<Envelope<unknown>>(pathOf(routes.sendOtp), body)),
  verifyOtp: async (body) => successful(await apiClient.post<Envelope<unknown>>(pathOf(routes.verifyOtp), body)),
  book: async (body) => successful(await apiClient.post<Envelope<unknown>>(pathOf(routes.book), body)),
};
