/** The bookings of the owner's hotel (bearer read), recording a pay-at-hotel payment and undoing that record. */
import { pathOf, routes, type BookingView, type Envelope } from '@stays/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { successful } from '../../../lib/envelope.ts';

export interface OwnerBookingsApi {
  bookings(hotelID: string, signal?: AbortSignal): Promise<BookingView[]>;
  /** Answers when the server recorded the payment. */
  markPaid(bookingID: string): Promise<{ paidAt: string | null }>;
  undoPayment(bookingID: string): Promise<unknown>;
}

export const ownerBookingsApi: OwnerBookingsApi = {
  bookings: async (hotelID, signal) =>
    successful(await apiClient.get<Envelope<BookingView[]>>(pathOf(routes.ownerBookings, { hotelID }), { signal, bearer: true })).data,
  markPaid: async (bookingID) => successful(await apiClient.post<Envelope<{ paidAt: string | null }>>(pathOf(routes.markBookingPaid, { bookingID }), {})).data,
  undoPayment: async (bookingID) => successful(await apiClient.post<Envelope<unknown>>(pathOf(routes.undoBookingPayment, { bookingID }), {})),
};
