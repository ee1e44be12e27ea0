/**
 * The route table: every call of spec section 7 (plus the calls the spec leaves out),
 * relative to the API prefix. Both services mount their handlers by these entries and
 * the web client builds its URLs from them, so a path is written once.
 *
 * `side` says which service owns the call: data-changing calls go to the command
 * service, reads to the query service. `auth` is who may call it.
 */
import type { Role } from './rules.ts';

export type Method = 'GET' | 'POST' | 'PATCH' | 'DELETE';
export type Side = 'command' | 'query';
export type Auth = 'none' | 'any' | Role;

export interface RouteSpec {
  readonly method: Method;
  /** Koa-router style path with `:params`. */
  readonly path: string;
  readonly side: Side;
  readonly auth: Auth;
}

const route = (method: Method, path: string, side: Side, auth: Auth): RouteSpec => ({ method, path, side, auth });

export const routes = {
  // authentication and registration
  ownerLogin: route('POST', '/hotel/owner/login', 'command', 'none'),
  customerLogin: route('POST', '/user/login', 'command', 'none'),
  ownerRegister: route('POST', '/hotel/owner/register', 'command', 'none'),
  customerRegister: route('POST', '/user/register', 'command', 'none'),
  customerGoogle: route('POST', '/user/google/signin/signup', 'command', 'none'),
  ownerGoogle: route('POST', '/hotel/owner/google/signin/signup', 'command', 'none'),

  // profiles
  customerUpdateProfile: route('PATCH', '/user/update/profile', 'command', 'customer'),
  customerLogout: route('POST', '/user/logout', 'command', 'customer'),
  customerDelete: route('DELETE', '/user/delete/account', 'command', 'customer'),
  ownerHotelId: route('GET', '/hotel/owner/get/hotel/id', 'query', 'hotel-owner'),
  ownerUpdateProfile: route('PATCH', '/hotel/owner/update/profile', 'command', 'hotel-owner'),
  ownerDelete: route('DELETE', '/hotel/owner/delete', 'command', 'hotel-owner'),
  ownerLogout: route('POST', '/hotel/owner/logout', 'command', 'hotel-owner'),

  // hotels and rooms
  allHotels: route('GET', '/hotel/data/get/all/hotels', 'query', 'none'),
  hotel: route('GET', '/hotel/data/get/specific/:hotelID', 'query', 'none'),
  searchHotels: route('GET', '/hotel/data/get/search', 'query', 'none'),
  searchRooms: route('GET', '/hotel/room/get/search/rooms', 'query', 'none'),
  hotelRooms: route('GET', '/hotel/room/get/all/rooms/:hotelID', 'query', 'none'),
  ownerRoom: route('GET', '/hotel/room/specific/room/hotel/:hotelID/:roomID', 'query', 'hotel-owner'),
  createHotel: route('POST', '/hotel/data/create/hotel', 'command', 'hotel-owner'),
  updateHotel: route('PATCH', '/hotel/data/update/hotel/:hotelID', 'command', 'hotel-owner'),
  createRoom: route('POST', '/hotel/room/create/room', 'command', 'hotel-owner'),
  updateRoom: route('PATCH', '/hotel/room/update/room/:hotelID/:roomID', 'command', 'hotel-owner'),

  // booking
  sendOtp: route('POST', '/hotel/booking/send/email/mobile', 'command', 'customer'),
  verifyOtp: route('POST', '/hotel/booking/verify/email/mobile', 'command', 'customer'),
  book: route('POST', '/hotel/booking/book/hotel', 'command', 'customer'),
  customerBookings: route('GET', '/user/get/all/bookings/:userId', 'query', 'customer'),
  ownerBookings: route('GET', '/hotel/owner/get/all/hotel/owner/bookings/:hotelID', 'query', 'hotel-owner'),
  // beyond the spec: a guest cancels an upcoming booking; an owner records a pay-at-hotel payment
  cancelBooking: route('POST', '/hotel/booking/cancel/:bookingID', 'command', 'customer'),
  markBookingPaid: route('POST', '/hotel/owner/booking/paid/:bookingID', 'command', 'hotel-owner'),

  // media (images and invoices) served by the query side
  media: route('GET', '/media/:id', 'query', 'none'),
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof routes;

/** Fills `:params` of a route path, URL-encoding each value. */
export function pathOf(spec: RouteSpec, params: Record<string, string> = {}): string {
  return spec.path.replace(/:([A-Za-z]+)/g, (_, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`missing path parameter ${name} for ${spec.path}`);
    return encodeURIComponent(value);
  });
}
