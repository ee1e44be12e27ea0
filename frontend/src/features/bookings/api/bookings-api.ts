/** The guest's bookings (bearer read) and the guest's own cancel. */
import { pathOf, routes, type BookingView, type Envelope } from '@stays/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { successful } from '../../../lib/envelope.ts';

export interface BookingsApi {
  customerBookings(userId: string, signal?: AbortSignal): Promise<BookingView[]>;
  cancel(bookingID: string): Promise<unknown>;
}

export const bookingsApi: BookingsApi = {
  customerBookings: async (userId, signal) =>
    successful(await apiClient.get<Envelope<BookingView[]>>(pathOf(routes.customerBookings, { userId }), { signal, bearer: true })).data,
  cancel: async (bookingID) => successful(await apiClient.post<Envelope<unknown>>(pathOf(routes.cancelBooking, { bookingID }), {})),
};
