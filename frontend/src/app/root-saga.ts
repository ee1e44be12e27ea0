/** The root saga spawns each feature's watchers: one crashing does not stop the others. */
import { all, spawn } from 'redux-saga/effects';
import type { BookingApi } from '../features/booking/api/booking-api.ts';
import { bookingSaga } from '../features/booking/booking.saga.ts';
import type { BookingsApi } from '../features/bookings/api/bookings-api.ts';
import { bookingsSaga } from '../features/bookings/bookings.saga.ts';
import type { HotelsApi } from '../features/hotels/api/hotels-api.ts';
import { hotelsSaga } from '../features/hotels/hotels.saga.ts';
import type { OwnerBookingsApi } from '../features/owner-bookings/api/owner-bookings-api.ts';
import { ownerBookingsSaga } from '../features/owner-bookings/owner-bookings.saga.ts';
import type { OwnerHotelApi } from '../features/owner-hotel/api/owner-hotel-api.ts';
import { ownerHotelSaga } from '../features/owner-hotel/owner-hotel.saga.ts';
import type { OwnerRoomsApi } from '../features/owner-rooms/api/owner-rooms-api.ts';
import { ownerRoomsSaga } from '../features/owner-rooms/owner-rooms.saga.ts';
import type { SearchApi } from '../features/search/api/search-api.ts';
import { searchSaga } from '../features/search/search.saga.ts';
import type { SessionApi } from '../features/session/api/session-api.ts';
import { sessionSaga } from '../features/session/session.saga.ts';

export interface Apis {
  readonly session: SessionApi;
  readonly hotels: HotelsApi;
  readonly search: SearchApi;
  readonly booking: BookingApi;
  readonly bookings: BookingsApi;
  readonly ownerHotel: OwnerHotelApi;
  readonly ownerRooms: OwnerRoomsApi;
  readonly ownerBookings: OwnerBookingsApi;
}

export function* rootSaga(apis: Apis) {
  yield all([
    spawn(sessionSaga, apis.session),
    spawn(hotelsSaga, apis.hotels),
    spawn(searchSaga, apis.search),
    spawn(bookingSaga, apis.booking),
    spawn(bookingsSaga, apis.bookings),
    spawn(ownerHotelSaga, apis.ownerHotel),
    spawn(ownerRoomsSaga, apis.ownerRooms),
    spawn(ownerBookingsSaga, apis.ownerBookings),
  ]);
}
