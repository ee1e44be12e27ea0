/**
 * The copy of their data a guest or an owner downloads (DPDP Act 2023 §11, GDPR art. 15
 * and 20): assembled, pure, from the streams the handler read. Every event is given with
 * its personal fields as the store reads them (decrypted, or '[erased]').
 *
 * What it leaves out, and why: password hashes (a secret of the account, not data about
 * the person, and an offline attack target once downloaded); and everything of other
 * people. An owner gets the bookings at their hotel as ids, rooms, dates and amounts
 * only, picked field by field, so a field added to BookingPlaced later never reaches an
 * owner's copy unless it is listed here.
 */
import {
  accountEventTypes,
  bookingAggregate,
  parseEvent,
  type BookingPlaced,
  type HotelDetails,
  type Role,
  type RoomDetails,
  type SessionUser,
  type SignInMethod,
} from '@stays/contracts';
import type { RecordedEvent } from '@stays/event-store';
import { fold } from '../../handle.ts';
import { activeAccount, accountAggregate, sessionUserOf } from '../account.ts';
import { hotelAggregate } from '../../hotels/hotel.ts';
import { roomAggregate } from '../../rooms/room.ts';

/** The document's format, so a reader can tell later versions apart. */
export const EXPORT_FORMAT = 'stays-personal-data/1';

/** Data fields never handed out, in any event. */
const SECRET_FIELDS: ReadonlySet<string> = new Set(['passwordHash']);

export interface ExportedSession {
  readonly sessionId: string;
  readonly method: SignInMethod;
  readonly signedInAt: string;
  /** When the session's token stops being accepted, if it is not ended before. */
  readonly expiresAt: string;
  /** null while the session is open. */
  readonly endedAt: string | null;
  /** 'signed-out' by its holder, 'password-changed' or 'password-reset'; null while open. */
  readonly endedBy: 'signed-out' | 'password-changed' | 'password-reset' | null;
}

export interface ExportedProfile extends SessionUser {
  readonly registeredAt: string;
  readonly registeredWith: SignInMethod;
}

export type GuestBooking = BookingPlaced['data'] & {
  readonly status: 'confirmed' | 'cancelled';
  readonly paid: boolean;
  readonly invoiceIssued: boolean;
};

/** What an owner gets of a booking at their hotel: nothing that names or reaches the guest. */
export interface HotelBooking {
  readonly bookingID: string;
  readonly roomId: string;
  readonly roomType: string;
  readonly roomStandard: string;
  readonly numberOfRooms: number;
  readonly numberOfGuests: number;
  readonly numberOfNights: number;
  readonly dateOfBooking: string;
  readonly dateOfCommencement: string;
  readonly pricePerNight: number;
  readonly totalAmount: number;
  readonly discountAmount: number;
  readonly payableAmount: number;
  readonly paymentMethod: string;
  readonly status: 'confirmed' | 'cancelled';
  readonly paid: boolean;
}

export type ExportedHotel = HotelDetails & { readonly hotelId: string; readonly status: 'listed' | 'delisted' };
export type ExportedRoom = RoomDetails & { readonly roomId: string; readonly hotelId: string };

interface CommonExport {
  readonly format: typeof EXPORT_FORMAT;
  readonly generatedAt: string;
  readonly role: Role;
  readonly profile: ExportedProfile;
  readonly sessions: readonly ExportedSession[];
  /** The caller's events, in log order. */
  /** The person's events as the store reads them, secret fields left out. */
  readonly events: readonly RecordedEvent[];
}

export interface CustomerExport extends CommonExport {
  readonly role: 'customer';
  readonly bookings: readonly GuestBooking[];
}

export interface OwnerExport extends CommonExport {
  readonly role: 'hotel-owner';
  readonly hotel: ExportedHotel | null;
  readonly rooms: readonly ExportedRoom[];
  readonly bookingsAtYourHotel: readonly HotelBooking[];
}

export type PersonalDataExport = CustomerExport | OwnerExport;

type Stream = readonly RecordedEvent[];

interface CommonSources {
  readonly generatedAt: Date;
  /** The account's stream (`customer-{id}` / `owner-{id}`). */
  readonly account: Stream;
  /** The absolute link of a recorded media link (profile photo, hotel and room images). */
  readonly mediaLink: (recorded: string) => string;
}

export interface CustomerSources extends CommonSources {
  readonly role: 'customer';
  /** `guest-{id}`: the guest's contacts and held bookings. */
  readonly guest: Stream;
  /** The streams of the guest's bookings. */
  readonly bookings: readonly Stream[];
}

export interface OwnerSources extends CommonSources {
  readonly role: 'hotel-owner';
  /** The owner's hotel stream (empty without a hotel). */
  readonly hotel: Stream;
  readonly rooms: readonly Stream[];
  /** The streams of bookings at the hotel: they hold guests' data, of which nothing is copied but the fields of HotelBooking. */
  readonly hotelBookings: readonly Stream[];
}

export type ExportSources = CustomerSources | OwnerSources;

export function assembleExport(sources: CustomerSources): CustomerExport;
export function assembleExport(sources: OwnerSources): OwnerExport;
export function assembleExport(sources: ExportSources): PersonalDataExport;
export function assembleExport(sources: ExportSources): PersonalDataExport {
  const common = {
    format: EXPORT_FORMAT,
    generatedAt: sources.generatedAt.toISOString(),
    profile: profileOf(sources.account, sources.mediaLink),
    sessions: sessionsOf(sources.account),
  } as const;
  if (sources.role === 'customer') {
    const bookings = sources.bookings.filter((stream) => stream.length > 0);
    return {
      ...common,
      role: 'customer',
      bookings: bookings.map(guestBookingOf).filter((booking) => booking !== null),
      events: eventsOf([sources.account, sources.guest, ...bookings]),
    };
  }
  return {
    ...common,
    role: 'hotel-owner',
    hotel: hotelOf(sources.hotel, sources.mediaLink),
    rooms: sources.rooms.map((stream) => roomOf(stream, sources.mediaLink)).filter((room) => room !== null),
    bookingsAtYourHotel: sources.hotelBookings.map(hotelBookingOf).filter((booking) => booking !== null),
    events: eventsOf([sources.account, sources.hotel, ...sources.rooms]),
  };
}

function profileOf(account: Stream, mediaLink: (recorded: string) => string): ExportedProfile {
  const user = sessionUserOf(activeAccount(fold(accountAggregate, account)));
  const recorded = account.find((event) => event.type === 'AccountRegistered')!;
  const registered = parseEvent(recorded, ['AccountRegistered']);
  return {
    ...user,
    ...(user.profileImage !== undefined && { profileImage: mediaLink(user.profileImage) }),
    registeredAt: recorded.recordedAt,
    registeredWith: registered.data.via,
  };
}

function sessionsOf(account: Stream): ExportedSession[] {
  const sessions = new Map<string, ExportedSession>();
  for (const recorded of account) {
    const event = parseEvent(recorded, accountEventTypes);
    if (event.type === 'AccountSignedIn') {
      const { sessionId, method, expiresAt } = event.data;
      sessions.set(sessionId, { sessionId, method, signedInAt: recorded.recordedAt, expiresAt, endedAt: null, endedBy: null });
    } else if (event.type === 'AccountSignedOut') {
      const { sessionId, reason } = event.data;
      const session = sessions.get(sessionId);
      if (session !== undefined) sessions.set(sessionId, { ...session, endedAt: recorded.recordedAt, endedBy: reason ?? 'signed-out' });
    }
  }
  return [...sessions.values()];
}

function guestBookingOf(stream: Stream): GuestBooking | null {
  const state = fold(bookingAggregate, stream);
  if (state.status === 'none') return null;
  return { ...state.booking, status: state.status === 'cancelled' ? 'cancelled' : 'confirmed', paid: state.paid, invoiceIssued: state.invoice !== null };
}

function hotelBookingOf(stream: Stream): HotelBooking | null {
  const state = fold(bookingAggregate, stream);
  if (state.status === 'none') return null;
  const b = state.booking;
  return {
    bookingID: b.bookingID,
    roomId: b.roomId,
    roomType: b.roomType,
    roomStandard: b.roomStandard,
    numberOfRooms: b.numberOfRooms,
    numberOfGuests: b.numberOfGuests,
    numberOfNights: b.numberOfNights,
    dateOfBooking: b.dateOfBooking,
    dateOfCommencement: b.dateOfCommencement,
    pricePerNight: b.pricePerNight,
    totalAmount: b.totalAmount,
    discountAmount: b.discountAmount,
    payableAmount: b.payableAmount,
    paymentMethod: b.paymentMethod,
    status: state.status === 'cancelled' ? 'cancelled' : 'confirmed',
    paid: state.paid,
  };
}

function hotelOf(stream: Stream, mediaLink: (recorded: string) => string): ExportedHotel | null {
  const state = fold(hotelAggregate, stream);
  if (state.status === 'new') return null;
  return { hotelId: state.hotelId, status: state.status, ...state.details, imageURLs: state.details.imageURLs.map(mediaLink) };
}

function roomOf(stream: Stream, mediaLink: (recorded: string) => string): ExportedRoom | null {
  const state = fold(roomAggregate, stream);
  if (state.status === 'new') return null;
  return { roomId: state.roomId, hotelId: state.hotelId, ...state.details, imageURLs: state.details.imageURLs.map(mediaLink) };
}

function eventsOf(streams: readonly Stream[]): RecordedEvent[] {
  return streams
    .flat()
    .sort((a, b) => a.position - b.position)
    .map((event) => ({ ...event, data: Object.fromEntries(Object.entries(event.data).filter(([field]) => !SECRET_FIELDS.has(field))) }));
}
