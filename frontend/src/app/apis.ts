/** The real API modules (the browser build); tests build the store with stubs instead. */
import { bookingApi } from '../features/booking/api/booking-api.ts';
import { bookingsApi } from '../features/bookings/api/bookings-api.ts';
import { hotelsApi } from '../features/hotels/api/hotels-api.ts';
import { ownerBookingsApi } from '../features/owner-bookings/api/owner-bookings-api.ts';
import { ownerHotelApi } from '../features/owner-hotel/api/owner-hotel-api.ts';
import { ownerRoomsApi } from '../features/owner-rooms/api/owner-rooms-api.ts';
import { searchApi } from '../features/search/api/search-api.ts';
import { sessionApi } from '../features/session/api/session-api.ts';
import type { Apis } from './root-saga.ts';

export const apis: Apis = {
  session: sessionApi,
  hotels: hotelsApi,
  search: searchApi,
  booking: bookingApi,
  bookings: bookingsApi,
  ownerHotel: ownerHotelApi,
  ownerRooms: ownerRoomsApi,
  ownerBookings: ownerBookingsApi,
};
