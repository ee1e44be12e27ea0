import { expect } from 'chai';
import {
  addDays, limits, messages, type BookRequest, type BookingEvent, type ContactEvent, type GuestEvent, type HotelDetails, type HotelEvent,
  type RoomEvent,
} from '@stays/contracts';
import { AppError, ConflictError, ForbiddenError, NotFoundError, TooManyRequestsError, ValidationError } from '@stays/service-kit';
import { cancelBooking, evolveBooking, initialBookingState, placeBooking, recordPlacedBooking, type BookingContext } from '../src/booking/booking.ts';
import { evolveContact, initialContactState, issueOtp, otpMessageText, verifyOtp, type ContactState } from '../src/booking/contact.ts';
import { evolveGuest, holdBooking, initialGuestState, releaseBooking, useContact, type GuestState } from '../src/booking/guest.ts';
import { evolveHotel, initialHotelState, type HotelState } from '../src/hotels/hotel.ts';
import { delistHotel } from '../src/hotels/decide.ts';
import { evolveRoom, initialRoomState } from '../src/rooms/room.ts';

/** Given events, when a decision runs, then these events (or this error). */
const givenContact = (...events: ContactEvent[]): ContactState => events.reduce(evolveContact, initialContactState());
const givenGuest = (...events: GuestEvent[]): GuestState => events.reduce(evolveGuest, initialGuestState());
const givenHotel = (...events: HotelEvent[]): HotelState => events.reduce(evolveHotel, initialHotelState());
const givenBooking = (...events: BookingEvent[]) => events.reduce(evolveBooking, initialBookingState());

/** The error a decision throws, to assert its status and text. */
function refusal(decision: () => unknown): AppError {
  try {
    decision();
  } catch (error) {
    if (error instanceof AppError) return error;
    throw error;
  }
  throw new Error('the decision was expected to refuse');
}

const NOW = new Date('2026-11-22T06:00:00Z'); // 11:30 in India, 22 November
const at = (offsetMs: number) => new Date(NOW.getTime() + offsetMs);
const SECOND = 1000;
const HOUR = 60 * 60 * SECOND;

describe('OTP decisions', () => {
  const issued = (issuedAt: Date): ContactEvent => ({
    type: 'OtpIssued',
    data: { customerId: 'g1', salt: 's', codeHash: 'right', issuedAt: issuedAt.toISOString(), expiresAt: new Date(issuedAt.getTime() + 10 * 60 * SECOND).toISOString() },
  });
  const failed = (failedAt?: Date): ContactEvent => ({ type: 'OtpAttemptFailed', data: { customerId: 'g1', ...(failedAt && { failedAt: failedAt.toISOString() }) } });
  const guess = (hash: string, now: Date) => ({ customerId: 'g1', hashOf: () => hash, now });
  const resend = (now: Date) => ({ customerId: 'g1', salt: 's2', codeHash: 'right', now });

  it('refuses a resend within 29 s and allows it after', () => {
    const state = givenContact(issued(NOW));
    expect(refusal(() => issueOtp(resend(at(28 * SECOND)), state))).to.be.instanceOf(TooManyRequestsError);
    expect(issueOtp(resend(at(29 * SECOND)), state)[0]!.type).to.equal('OtpIssued');
  });

  it('kills a code after its fifth wrong try', () => {
    const state = givenContact(issued(NOW), ...[1, 2, 3, 4, 5].map((n) => failed(at(n * SECOND))));
    expect(refusal(() => verifyOtp(guess('right', at(10 * SECOND)), state)).message).to.equal(messages.server.otpExhausted);
  });

  it('keeps counting wrong tries across resends: the tenth in 24 hours stops tries and resends for the contact', () => {
    const fiveWrong = (from: number) => [1, 2, 3, 4, 5].map((n) => failed(at(from + n * SECOND)));
    const afterResend = givenContact(issued(NOW), ...fiveWrong(0), issued(at(30 * SECOND)), ...fiveWrong(30 * SECOND).slice(0, 4));
    // nine wrong so far: the tenth is still a try
    expect(verifyOtp(guess('wrong', at(60 * SECOND)), afterResend)).to.deep.equal([failed(at(60 * SECOND))]);
    const tenWrong = givenContact(issued(NOW), ...fiveWrong(0), issued(at(30 * SECOND)), ...fiveWrong(30 * SECOND));
    const refused = refusal(() => verifyOtp(guess('right', at(2 * 60 * SECOND)), tenWrong));
    expect([refused.statusCode, refused.message]).to.deep.equal([429, messages.server.otpTooManyTriesToday]);
    expect(refusal(() => issueOtp(resend(at(2 * 60 * SECOND)), tenWrong)).message).to.equal(messages.server.otpTooManyTriesToday);
    // a day after the first of the ten, one try is free again
    expect(issueOtp(resend(at(24 * HOUR + 2 * SECOND)), tenWrong)[0]!.type).to.equal('OtpIssued');
  });

  it('counts wrong tries recorded before they carried a time from their code', () => {
    const old = givenContact(issued(NOW), ...Array.from({ length: 5 }, () => failed()), issued(at(HOUR)), ...Array.from({ length: 5 }, () => failed()));
    expect(refusal(() => issueOtp(resend(at(2 * HOUR)), old)).message).to.equal(messages.server.otpTooManyTriesToday);
  });

  it('verifies with the right code while tries remain', () => {
    const state = givenContact(issued(NOW), failed(at(SECOND)));
    expect(verifyOtp(guess('right', at(2 * SECOND)), state)).to.deep.equal([
      { type: 'ContactVerified', data: { customerId: 'g1', verifiedUntil: at(2 * SECOND + 30 * 60 * SECOND).toISOString() } },
    ]);
  });

  it('quotes the name in the message as plain, capped text', () => {
    expect(otpMessageText('Asha Rao', '123456')).to.match(/^Dear Asha Rao, your Stays verification code is 123456\./);
    const hostile = otpMessageText('Win https://evil.example/x?y=1 now\u202E', '123456');
    expect(hostile).not.to.match(/https?:|evil\.example|\u202E/);
    const long = otpMessageText('A'.repeat(500), '123456');
    expect(long.indexOf(',')).to.equal('Dear '.length + limits.nameInMessages);
  });
});

describe('guest decisions', () => {
  const used = (contactHash: string, usedAt: Date): GuestEvent => ({ type: 'GuestContactUsed', data: { customerId: 'g1', contactHash, usedAt: usedAt.toISOString() } });
  const held = (bookingID: string, lastNight: string): GuestEvent => ({ type: 'GuestBookingHeld', data: { customerId: 'g1', bookingID, lastNight } });
  const tenContacts = Array.from({ length: 10 }, (_, n) => used(`c${n}`, at(n * SECOND)));

  it('refuses an eleventh distinct contact within 24 hours, not a contact already used', () => {
    const state = givenGuest(...tenContacts);
    const refused = refusal(() => useContact({ customerId: 'g1', contactHash: 'c10', now: at(HOUR) }, state));
    expect([refused.statusCode, refused.message]).to.deep.equal([429, messages.server.otpTooManyContacts(10)]);
    expect(useContact({ customerId: 'g1', contactHash: 'c3', now: at(HOUR) }, state)).to.deep.equal([used('c3', at(HOUR))]);
    expect(useContact({ customerId: 'g1', contactHash: 'c10', now: at(24 * HOUR + SECOND) }, state)).to.deep.equal([used('c10', at(24 * HOUR + SECOND))]);
  });

  it('holds at most ten upcoming bookings; stays that are over and released ones do not count', () => {
    const ten = Array.from({ length: 10 }, (_, n) => held(`BK-${n}`, addDays('2026-12-01', n)));
    const hold = (bookingID: string, state: GuestState, now = NOW) => holdBooking({ customerId: 'g1', bookingID, lastNight: '2027-01-10', now }, state);
    expect(refusal(() => hold('BK-NEW', givenGuest(...ten)))).to.be.instanceOf(ConflictError)
      .and.have.property('message', messages.server.tooManyUpcomingBookings(10));
    expect(hold('BK-0', givenGuest(...ten)), 'the same booking again').to.deep.equal([]);
    const oneReleased = givenGuest(...ten, ...releaseBooking({ customerId: 'g1', bookingID: 'BK-4' }, givenGuest(...ten)));
    expect(hold('BK-NEW', oneReleased)).to.deep.equal([held('BK-NEW', '2027-01-10')]);
    // on 2 December in India the stay whose last night was 1 December is over
    expect(hold('BK-NEW', givenGuest(...ten), new Date('2026-12-01T18:30:00Z'))).to.have.length(1);
    expect(releaseBooking({ customerId: 'g1', bookingID: 'BK-X' }, givenGuest(...ten))).to.deep.equal([]);
  });
});

describe('booking decisions', () => {
  const hotelDetails: HotelDetails = {
    hotelName: 'Hotel Sahyadri Residency', address: '14 Jangli Maharaj Road', country: 'India', city: 'Pune', pinCode: 411004,
    description: 'd', imageURLs: [], phoneNumber: '9822012345', amenities: ['AC'], checkInTime: '12:00', checkOutTime: '11:00',
    startingPrice: 3200, range: 0, restaurants: [], cinemaHalls: [], famousTouristPlaces: [], transportationFacilities: [],
  };
  const hotelCreated: HotelEvent = { type: 'HotelCreated', data: { hotelId: 'h1', ownerId: 'o1', ...hotelDetails } };
  const hotelDelisted: HotelEvent = { type: 'HotelDelisted', data: { hotelId: 'h1', ownerId: 'o1', reason: 'owner-deleted', delistedAt: NOW.toISOString() } };
  const roomAdded = (roomType: 'Room' | 'Flat'): RoomEvent => ({
    type: 'RoomAdded',
    data: {
      roomId: 'r1', hotelId: 'h1', ownerId: 'o1', hotelName: hotelDetails.hotelName, roomType, roomStandard: 'Deluxe', size: 20, bedType: 'Queen',
      amenities: [], pricePerNight: 4500, numberOfRooms: 1, hasKitchen: false, furnished: true, imageURLs: [], totalUnits: 3,
    },
  });
  const verified = givenContact({ type: 'ContactVerified', data: { customerId: 'g1', verifiedUntil: at(24 * HOUR).toISOString() } });
  const context = (overrides: Partial<BookingContext> = {}): BookingContext =>
    ({ contact: verified, hotel: givenHotel(hotelCreated), room: evolveRoom(initialRoomState(), roomAdded('Room')), ...overrides });
  const request = (overrides: Partial<BookRequest> = {}): BookRequest => ({
    hotelID: 'h1', roomType: 'Room', roomStandard: 'Deluxe', customerName: 'Asha Rao', customerEmail: 'Asha@Example.in', customerPhoneNumber: '9812345678',
    numberOfRooms: 2, numberOfGuests: 2, numberOfNights: 3, dateOfCommencement: '2026-12-30', ...overrides,
  });
  const place = (overrides: Partial<BookRequest> = {}, with_: Partial<BookingContext> = {}, now = NOW) =>
    placeBooking({ bookingID: 'BK-1', customerId: 'g1', request: request(overrides), now }, context(with_));

  it('places a booking priced on the server, with every night as YYYY-MM-DD', () => {
    const [placed] = place({ dateOfCommencement: '2026-12-30' });
    expect(placed!.type).to.equal('BookingPlaced');
    expect(placed!.data).to.include({
      bookingID: 'BK-1', customerId: 'g1', customerEmail: 'asha@example.in', hotelId: 'h1', ownerId: 'o1', roomId: 'r1', units: 2,
      dateOfBooking: '2026-11-22', totalAmount: 54_000, discountAmount: 10_800, payableAmount: 43_200,
    });
    expect(placed!.type === 'BookingPlaced' && placed!.data.nights).to.deep.equal(['2026-12-30', '2026-12-31', '2027-01-01']);
  });

  it('needs the contact verified by this guest', () => {
    expect(refusal(() => place({}, { contact: initialContactState() }))).to.be.instanceOf(ForbiddenError);
  });

  it('lets a stay start from tomorrow to 365 days ahead, India time', () => {
    expect(refusal(() => place({ dateOfCommencement: '2026-11-22' }))).to.be.instanceOf(ValidationError).and.have.property('field', 'dateOfCommencement');
    expect(place({ dateOfCommencement: '2026-11-23' })).to.have.length(1);
    expect(place({ dateOfCommencement: '2027-11-22' }), 'day 365').to.have.length(1);
    const late = refusal(() => place({ dateOfCommencement: '2027-11-23' }));
    expect([late.field, late.message]).to.deep.equal(['dateOfCommencement', messages.server.invalidField('dateOfCommencement', messages.server.stayStartsTooFarAhead(365))]);
    // at 18:30Z it is already the next day in India: the window moves with it
    expect(place({ dateOfCommencement: '2027-11-23' }, {}, new Date('2026-11-22T18:30:00Z'))).to.have.length(1);
  });

  it('refuses a delisted hotel with its own message, an unknown hotel or listing with 404', () => {
    const delisted = refusal(() => place({}, { hotel: givenHotel(hotelCreated, hotelDelisted) }));
    expect([delisted.statusCode, delisted.message]).to.deep.equal([409, messages.server.hotelDelisted]);
    expect(refusal(() => place({}, { hotel: initialHotelState() }))).to.be.instanceOf(NotFoundError);
    expect(refusal(() => place({}, { room: null }))).to.be.instanceOf(NotFoundError);
  });

  it('books one unit of a Flat and refuses more', () => {
    const flat = { room: evolveRoom(initialRoomState(), roomAdded('Flat')) };
    expect(refusal(() => place({ roomType: 'Flat' }, flat))).to.have.property('field', 'numberOfRooms');
    const [placed] = place({ roomType: 'Flat', numberOfRooms: 1 }, flat);
    expect(placed!.type === 'BookingPlaced' && placed!.data.units).to.equal(1);
  });

  it('records a decided booking once', () => {
    const placed = place();
    expect(recordPlacedBooking(placed[0] as never, givenBooking())).to.deep.equal(placed);
    expect(refusal(() => recordPlacedBooking(placed[0] as never, givenBooking(...placed)))).to.be.instanceOf(ConflictError);
  });

  it('lets the guest cancel before the first night, unless the owner recorded the payment', () => {
    const placed = place();
    const paid: BookingEvent = { type: 'BookingPaymentReceived', data: { bookingID: 'BK-1', ownerId: 'o1', receivedAt: NOW.toISOString() } };
    expect(cancelBooking({ customerId: 'g1', now: NOW }, givenBooking(...placed))[0]!.type).to.equal('BookingCancelled');
    const refused = refusal(() => cancelBooking({ customerId: 'g1', now: NOW }, givenBooking(...placed, paid)));
    expect([refused.statusCode, refused.message]).to.deep.equal([409, messages.server.paidBookingNotCancellable]);
    expect(refusal(() => cancelBooking({ customerId: 'other', now: NOW }, givenBooking(...placed)))).to.be.instanceOf(ForbiddenError);
  });
});

describe('hotel delisting', () => {
  const created: HotelEvent = {
    type: 'HotelCreated',
    data: {
      hotelId: 'h1', ownerId: 'o1', hotelName: 'Hotel Sahyadri Residency', address: 'a', country: 'India', city: 'Pune', pinCode: 411004, description: 'd',
      imageURLs: [], phoneNumber: '9822012345', amenities: [], checkInTime: '12:00', checkOutTime: '11:00', startingPrice: 1, range: 0,
      restaurants: [], cinemaHalls: [], famousTouristPlaces: [], transportationFacilities: [],
    },
  };

  it("delists the owner's hotel once, and only for its owner", () => {
    const delisted = delistHotel({ ownerId: 'o1', now: NOW }, givenHotel(created));
    expect(delisted).to.deep.equal([{ type: 'HotelDelisted', data: { hotelId: 'h1', ownerId: 'o1', reason: 'owner-deleted', delistedAt: NOW.toISOString() } }]);
    expect(givenHotel(created, ...delisted).status).to.equal('delisted');
    expect(delistHotel({ ownerId: 'o1', now: NOW }, givenHotel(created, ...delisted))).to.deep.equal([]);
    expect(refusal(() => delistHotel({ ownerId: 'o2', now: NOW }, givenHotel(created)))).to.be.instanceOf(ForbiddenError);
  });
});
