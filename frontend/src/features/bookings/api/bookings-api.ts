/** The guest's bookings (bearer read) and the guest's own cancel. */
import { pathOf, routes, type BookingCancellation, type BookingView, type Envelope } from '@stays/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { successful } from '../../../lib/envelope.ts';

export interface BookingsApi {
  customerBookings(userId: string, signal?: AbortSignal): Promise<BookingView[]>;
  /** The cancellation as the server recorded it (what it cost), or null from a server that does not say. */
  cancel(bookingID: string): Promise<BookingCancellation | null>;
}

export const bookingsApi: BookingsApi = {
  customerBookings: async (userId, signal) =>
    successful(await apiClient.get<Envelope<BookingView[]>>(pathOf(routes.customerBookings, { userId }), { signal, bearer: true })).data,
  cancel: async (bookingID) =>
    successful(await apiClient.post<Envelope<{ cancellation?: BookingCancellation | null } | null>>(pathOf(routes.cancelBooking, { bookingID }), {})).data
      ?.cancellation ?? null,
};
