/**
 * Placing a booking: every rule, as pure decisions. `placeBooking` decides the booking
 * from what it reads (the contact, the hotel, the listing); the booking then takes its
 * units (`reserveUnits`, inventory-{roomId}) and a place among the guest's upcoming
 * bookings (`holdBooking`, guest-{customerId}), each appended at the revision read, and
 * is recorded (`recordPlacedBooking`, booking-{bookingID}).
 */
import {
  guestsFit,
  indiaToday,
  limits,
  maxGuestsOf,
  messages,
  quoteStay,
  stayNights,
  stayStartProblem,
  unitsBooked,
  type BookRequest,
  type BookingEvent,
  type BookingPlaced,
  type BookingState,
  type GuestEvent,
  type InventoryEvent,
} from '@stays/contracts';
import { Conflict, Forbidden, InvalidInput, NotFound } from '../../domain-errors.ts';
import type { HotelState } from '../../hotels/hotel.ts';
import type { RoomState } from '../../rooms/room.ts';
import { guestOnContact, type ContactState } from '../contact.ts';
import { upcomingBookings, type GuestState } from '../guest.ts';
import type { InventoryState } from '../inventory.ts';

export interface PlaceBooking {
  readonly bookingID: string;
  readonly customerId: string;
  /** The validated request: national phone number, calendar dates. */
  readonly request: BookRequest;
  readonly now: Date;
}

/** What a booking decision reads besides its own stream: the contact, the hotel, and the room holding the listing (a new room: no such listing). */
export interface BookingContext {
  readonly contact: ContactState;
  readonly hotel: HotelState;
  readonly room: RoomState;
}

/**
 * Places a booking: the guest verified this email and phone; the hotel is listed (a
 * delisted one says so); the listing exists; the stay starts between tomorrow and 365
 * days from today (India time); a Flat is one unit. The price comes from the room, never
 * from the client; the booking is made under the hotel's cancellation policy of this moment.
 */
export function placeBooking(command: PlaceBooking, { contact, hotel, room }: BookingContext): [BookingPlaced] {
  const { request, now } = command;
  if (!isVerifiedFor(contact, command.customerId, now)) throw new Forbidden(messages.server.contactNotVerified);
  const startProblem = stayStartProblem(request.dateOfCommencement, now);
  if (startProblem !== null) throw new InvalidInput('dateOfCommencement', startProblem);
  if (hotel.status === 'delisted') throw new Conflict(messages.server.hotelDelisted);
  if (hotel.status !== 'listed') throw new NotFound(messages.server.hotelNotFound);
  if (room.status !== 'listed' || room.hotelId !== hotel.hotelId) throw new NotFound(messages.server.noRoomOfThatKind);
  const roomType = room.details.roomType;
  if (roomType === 'Flat' && request.numberOfRooms !== 1) throw new InvalidInput('numberOfRooms', messages.validation.oneForAFlat);
  const maxGuests = maxGuestsOf(room.details);
  if (!guestsFit(request.numberOfGuests, maxGuests, roomType, request.numberOfRooms)) {
    throw new InvalidInput('numberOfGuests', messages.server.tooManyGuests(maxGuests * unitsBooked(roomType, request.numberOfRooms)));
  }

  const quote = quoteStay({ ...request, roomType, pricePerNight: room.details.pricePerNight });
  return [
    {
      type: 'BookingPlaced',
      data: {
        bookingID: command.bookingID,
        customerId: command.customerId,
        customerName: request.customerName,
        customerEmail: request.customerEmail.toLowerCase(),
        customerPhoneNumber: request.customerPhoneNumber,
        hotelId: hotel.hotelId,
        ownerId: hotel.ownerId,
        hotelName: hotel.details.hotelName,
        hotelAddress: hotel.details.address,
        hotelCity: hotel.details.city,
        roomId: room.roomId,
        roomType,
        roomStandard: room.details.roomStandard,
        numberOfRooms: unitsBooked(roomType, request.numberOfRooms),
        numberOfGuests: request.numberOfGuests,
        numberOfNights: request.numberOfNights,
        dateOfBooking: indiaToday(now),
        dateOfCommencement: request.dateOfCommencement,
        nights: stayNights(request.dateOfCommencement, request.numberOfNights),
        units: unitsBooked(roomType, request.numberOfRooms),
        pricePerNight: room.details.pricePerNight,
        ...quote,
        paymentMethod: 'pay-at-hotel',
        cancellationPolicy: hotel.cancellationPolicy,
      },
    },
  ];
}

/** The guest verified this contact, and not longer ago than its verification lasts. */
const isVerifiedFor = (contact: ContactState, customerId: string, now: Date): boolean => {
  const { verifiedUntil } = guestOnContact(contact, customerId);
  return verifiedUntil !== null && verifiedUntil >= now.getTime();
};

export interface ReserveUnits {
  readonly bookingID: string;
  readonly roomId: string;
  readonly nights: readonly string[];
  readonly units: number;
  /** Identical rooms or flats the listing has (0: it is not listed). */
  readonly totalUnits: number;
}

/** Takes `units` on every night, or refuses naming the first night without enough free units. */
export function reserveUnits(command: ReserveUnits, state: InventoryState): InventoryEvent[] {
  if (state.holdings.has(command.bookingID)) return [];
  const full = command.nights.find((night) => (state.taken.get(night) ?? 0) + command.units > command.totalUnits);
  if (full !== undefined) throw new Conflict(messages.server.soldOut(full));
  const { bookingID, roomId, nights, units } = command;
  return [{ type: 'UnitsReserved', data: { bookingID, roomId, nights: [...nights], units } }];
}

/** Takes one of the guest's upcoming-booking places for a new booking; refuses the 11th. */
export function holdBooking(command: { customerId: string; bookingID: string; lastNight: string; now: Date }, state: GuestState): GuestEvent[] {
  if (state.heldBookings.has(command.bookingID)) return [];
  if (upcomingBookings(state, command.now).length >= limits.upcomingBookingsPerGuest) {
    throw new Conflict(messages.server.tooManyUpcomingBookings(limits.upcomingBookingsPerGuest));
  }
  return [{ type: 'GuestBookingHeld', data: { customerId: command.customerId, bookingID: command.bookingID, lastNight: command.lastNight } }];
}

/** Records a booking decided by `placeBooking`, once its units and the guest's place are held; an id already taken is a conflict. */
export function recordPlacedBooking(placed: BookingPlaced, state: BookingState): BookingEvent[] {
  if (state.status !== 'none') throw new Conflict(`booking ${placed.data.bookingID} exists`);
  return [placed];
}
