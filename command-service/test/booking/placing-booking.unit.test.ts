import { expect } from 'chai';
import { addDays, bookingAggregate, messages, TERMS_BEFORE_POLICIES, type BookRequest, type ContactEvent, type GuestEvent } from '@stays/contracts';
import { Conflict, Forbidden, InvalidInput, NotFound } from '../../src/domain-errors.ts';
import { contactAggregate } from '../../src/booking/contact.ts';
import { guestAggregate } from '../../src/booking/guest.ts';
import { inventoryAggregate } from '../../src/booking/inventory.ts';
import { holdBooking, placeBooking, recordPlacedBooking, reserveUnits, type PlaceBooking } from '../../src/booking/placing-booking/decide.ts';
import { hotelAggregate } from '../../src/hotels/hotel.ts';
import { roomAggregate } from '../../src/rooms/room.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import {
  HOUR,
  NOW,
  at,
  bookingPlaced,
  bookingPlacedUnder,
  contactVerified,
  hotelCreated,
  hotelDelisted,
  policySet,
  roomAdded,
  unitsReserved,
} from '../support/events.ts';

const request = (overrides: Partial<BookRequest> = {}): BookRequest => ({
  hotelID: 'h1',
  roomType: 'Room',
  roomStandard: 'Deluxe',
  customerName: 'Asha Rao',
  customerEmail: 'Asha@Example.in',
  customerPhoneNumber: '9812345678',
  numberOfRooms: 2,
  numberOfGuests: 2,
  numberOfNights: 3,
  dateOfCommencement: '2026-12-30',
  ...overrides,
});
const book = (overrides: Partial<BookRequest> = {}, now = NOW): PlaceBooking => ({ bookingID: 'BK-1', customerId: 'g1', request: request(overrides), now });

describe('placing a booking: the booking', () => {
  const given = DeciderSpecification.forStreams(placeBooking, { contact: contactAggregate, hotel: hotelAggregate, room: roomAggregate });
  const bookable = { contact: [contactVerified], hotel: [hotelCreated], room: [roomAdded('Room')] };

  it('is priced on the server from the room (20% off, rounded once), every night as YYYY-MM-DD, whatever the client says it costs', () => {
    given(bookable)
      .when(book({ totalAmount: 1 }))
      .then([bookingPlaced]);
  });

  it("is made under the hotel's cancellation policy of the moment, or the terms before policies when the hotel never set one", () => {
    const week = { freeUntilDaysBefore: 7, lateCharge: { kind: 'percentage', percent: 30 } } as const;
    const fortnight = { freeUntilDaysBefore: 14, lateCharge: { kind: 'first-night' } } as const;
    given({ ...bookable, hotel: [hotelCreated, policySet(week)] })
      .when(book())
      .then([bookingPlacedUnder(week)]);
    given({ ...bookable, hotel: [hotelCreated, policySet(week), policySet(fortnight)] })
      .when(book())
      .then([bookingPlacedUnder(fortnight)]);
    given(bookable)
      .when(book())
      .then([bookingPlacedUnder(TERMS_BEFORE_POLICIES)]);
  });

  it('needs the contact verified by this guest, and not longer ago than it lasts', () => {
    given({ ...bookable, contact: [] })
      .when(book())
      .thenThrows(Forbidden, (error) => expect(error.message).to.equal(messages.server.contactNotVerified));
    given(bookable)
      .when({ ...book(), customerId: 'g2' })
      .thenThrows(Forbidden);
    given(bookable)
      .when(book({}, at(24 * HOUR + 1)))
      .thenThrows(Forbidden);
  });

  it("keeps each guest's verification: another guest verifying the same contact neither takes nor lends it", () => {
    const strangerVerified: ContactEvent = { type: 'ContactVerified', data: { customerId: 'stranger', verifiedUntil: at(HOUR).toISOString() } };
    given({ ...bookable, contact: [contactVerified, strangerVerified] })
      .when(book())
      .then([bookingPlaced]);
    given({ ...bookable, contact: [strangerVerified] })
      .when(book())
      .thenThrows(Forbidden);
  });

  it('starts from tomorrow to 365 days ahead, India time', () => {
    given(bookable)
      .when(book({ dateOfCommencement: '2026-11-22' }))
      .thenThrows(InvalidInput, (error) => expect(error.field).to.equal('dateOfCommencement'));
    given(bookable)
      .when(book({ dateOfCommencement: '2026-11-23' }))
      .then([placedOn('2026-11-23')]);
    given(bookable)
      .when(book({ dateOfCommencement: '2027-11-22' }))
      .then([placedOn('2027-11-22')]);
    given(bookable)
      .when(book({ dateOfCommencement: '2027-11-23' }))
      .thenThrows(InvalidInput, (error) =>
        expect([error.field, error.message]).to.deep.equal(['dateOfCommencement', 'Choose a check-in date from tomorrow up to a year ahead.']),
      );
    // at 18:30Z it is already 23 November in India: the window moves with it
    const nextDay = new Date('2026-11-22T18:30:00Z');
    given(bookable)
      .when(book({ dateOfCommencement: '2027-11-23' }, nextDay))
      .then([placedOn('2027-11-23', { dateOfBooking: '2026-11-23' })]);
  });

  it('refuses a delisted hotel with its own message, and an unknown hotel or listing as not found', () => {
    given({ ...bookable, hotel: [hotelCreated, hotelDelisted] })
      .when(book())
      .thenThrows(Conflict, (error) => expect(error.message).to.equal(messages.server.hotelDelisted));
    given({ ...bookable, hotel: [] })
      .when(book())
      .thenThrows(NotFound, (error) => expect(error.message).to.equal(messages.server.hotelNotFound));
    given({ ...bookable, room: [] })
      .when(book())
      .thenThrows(NotFound, (error) => expect(error.message).to.equal(messages.server.noRoomOfThatKind));
    given({ ...bookable, room: [roomAdded('Room', 'h2')] })
      .when(book())
      .thenThrows(NotFound);
  });

  it('takes one unit of a Flat, priced per guest, and refuses more than one', () => {
    const flat = { ...bookable, room: [roomAdded('Flat')] };
    given(flat)
      .when(book({ roomType: 'Flat' }))
      .thenThrows(InvalidInput, (error) => expect(error.field).to.equal('numberOfRooms'));
    given(flat)
      .when(book({ roomType: 'Flat', numberOfRooms: 1 }))
      .then([
        {
          type: 'BookingPlaced',
          data: { ...bookingPlaced.data, roomType: 'Flat', numberOfRooms: 1, units: 1, totalAmount: 27_000, discountAmount: 5_400, payableAmount: 21_600 },
        },
      ]);
  });
});

/** The expected booking for a stay of the usual three nights from another day. */
function placedOn(dateOfCommencement: string, overrides: object = {}) {
  const nights = [0, 1, 2].map((n) => addDays(dateOfCommencement, n));
  return { type: 'BookingPlaced' as const, data: { ...bookingPlaced.data, dateOfCommencement, nights, ...overrides } };
}

describe('placing a booking: its units', () => {
  const given = DeciderSpecification.for(reserveUnits, inventoryAggregate);
  const reserve = (bookingID: string, units = 2) => ({ bookingID, roomId: 'r1', nights: ['2026-12-30', '2026-12-31'], units, totalUnits: 3 });

  it('takes the units on every night while the listing has them free', () => {
    given(unitsReserved('BK-0', ['2026-12-30'], 1))
      .when(reserve('BK-1'))
      .then([unitsReserved('BK-1', ['2026-12-30', '2026-12-31'], 2)]);
  });

  it('refuses naming the first night without enough free units', () => {
    given(unitsReserved('BK-0', ['2026-12-31'], 2))
      .when(reserve('BK-1'))
      .thenThrows(Conflict, (error) => expect(error.message).to.equal(messages.server.soldOut('2026-12-31')));
    given()
      .when({ ...reserve('BK-1'), totalUnits: 0 })
      .thenThrows(Conflict, (error) => expect(error.message).to.equal(messages.server.soldOut('2026-12-30')));
  });

  it('takes nothing twice for the same booking', () => {
    given(unitsReserved('BK-1', ['2026-12-30', '2026-12-31'], 2))
      .when(reserve('BK-1'))
      .thenNothing();
  });
});

describe("placing a booking: the guest's place", () => {
  const given = DeciderSpecification.for(holdBooking, guestAggregate);
  const held = (bookingID: string, lastNight: string): GuestEvent => ({ type: 'GuestBookingHeld', data: { customerId: 'g1', bookingID, lastNight } });
  const released = (bookingID: string): GuestEvent => ({ type: 'GuestBookingReleased', data: { customerId: 'g1', bookingID } });
  const tenUpcoming = Array.from({ length: 10 }, (_, n) => held(`BK-${n}`, addDays('2026-12-01', n)));
  const hold = (bookingID: string, now = NOW) => ({ customerId: 'g1', bookingID, lastNight: '2027-01-10', now });

  it('holds at most ten upcoming bookings per guest', () => {
    given(...tenUpcoming)
      .when(hold('BK-NEW'))
      .thenThrows(Conflict, (error) => expect(error.message).to.equal(messages.server.tooManyUpcomingBookings(10)));
    given(...tenUpcoming.slice(1))
      .when(hold('BK-NEW'))
      .then([held('BK-NEW', '2027-01-10')]);
  });

  it('does not count released places or stays that are over', () => {
    given(...tenUpcoming, released('BK-4'))
      .when(hold('BK-NEW'))
      .then([held('BK-NEW', '2027-01-10')]);
    // on 2 December in India the stay whose last night was 1 December is over
    given(...tenUpcoming)
      .when(hold('BK-NEW', new Date('2026-12-01T18:30:00Z')))
      .then([held('BK-NEW', '2027-01-10')]);
  });

  it('counts a stay whose last night is today as upcoming', () => {
    // 1 December in India, all day: the stay whose last night is 1 December still holds its place
    for (const now of ['2026-11-30T18:30:00Z', '2026-12-01T18:29:59Z']) {
      given(...tenUpcoming)
        .when(hold('BK-NEW', new Date(now)))
        .thenThrows(Conflict);
    }
  });

  it('holds nothing twice for the same booking', () => {
    given(...tenUpcoming)
      .when(hold('BK-0'))
      .thenNothing();
  });
});

describe('placing a booking: its record', () => {
  const given = DeciderSpecification.for(recordPlacedBooking, bookingAggregate);

  it('records the decided booking on a new stream, once', () => {
    given().when(bookingPlaced).then([bookingPlaced]);
    given(bookingPlaced).when(bookingPlaced).thenThrows(Conflict);
  });
});
