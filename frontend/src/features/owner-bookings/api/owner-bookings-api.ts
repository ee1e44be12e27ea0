/** The bookings of the owner's hotel (bearer read) and recording a pay-at-hotel payment. */
import { pathOf, routes, type BookingView, type Envelope } from '@stays/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { successful } from '../../../lib/envelope.ts';

export interface OwnerBookingsApi {
  bookings(hotelID: string, signal?: AbortSignal): Promise<BookingView[]>;
  markPaid(bookingID: string): Promise<unknown>;
}

export const ownerBookingsApi: OwnerBookingsApi = {
  bookings: async (hotelID, signal) =>
    successful(await apiClient.get<Envelope<BookingView[]>>(pathOf(routes.ownerBookings, { hotelID }), { signal, bearer: true })).data,
  markPaid: async (bookingID) => successful(await apiClient.post<Envelope<unknown>>(pathOf(routes.markBookingPaid, { bookingID }), {})),
};
