import { expect } from 'chai';
import {
  addressWithCity,
  paymentStateOf,
  sameSitePath,
  roomName,
  priceCategory,
  quoteStay,
  displayedTax,
  struckThroughPrice,
  normaliseEmail,
  pathOf,
  routes,
  fewLeft,
  nightsBetween,
  checkOutOf,
} from '../src/index.ts';

describe('contracts: business rules', () => {
  it('puts a starting price in its category: strictly above each threshold', () => {
    expect(priceCategory(50001)).to.equal('Luxurious');
    expect(priceCategory(50000)).to.equal('Business');
    expect(priceCategory(20001)).to.equal('Business');
    expect(priceCategory(20000)).to.equal('Medium');
    expect(priceCategory(10001)).to.equal('Medium');
    expect(priceCategory(10000)).to.equal('Economic');
    expect(priceCategory(0)).to.equal('Economic');
  });

  it('prices a Room by guests, rooms and nights, with a 20% discount', () => {
    const quote = quoteStay({ roomType: 'Room', pricePerNight: 2500, numberOfGuests: 2, numberOfRooms: 3, numberOfNights: 4 });
    expect(quote).to.deep.equal({ totalAmount: 60000, discountAmount: 12000, payableAmount: 48000 });
  });

  it('prices a Flat without the rooms factor', () => {
    const quote = quoteStay({ roomType: 'Flat', pricePerNight: 3333, numberOfGuests: 1, numberOfRooms: 5, numberOfNights: 1 });
    expect(quote.totalAmount).to.equal(3333);
    expect(quote.discountAmount).to.equal(667);
    expect(quote.payableAmount).to.equal(2666);
  });

  it('shows tax as price / 100 and the struck-through price as price + 5000', () => {
    expect(displayedTax(4500)).to.equal(45);
    expect(struckThroughPrice(4500)).to.equal(9500);
  });

  it('normalises emails for uniqueness', () => {
    expect(normaliseEmail('  Asha.Rao@Example.COM ')).to.equal('asha.rao@example.com');
  });

  it('fills route parameters, encoding them', () => {
    expect(pathOf(routes.hotel, { hotelID: 'a/b c' })).to.equal('/hotel/data/get/specific/a%2Fb%20c');
    // @ts-expect-error: a path parameter left out is a type error, and a throw for callers without types
    expect(() => pathOf(routes.hotel)).to.throw(/hotelID/);
  });
});

import { earliestCommencement, indiaToday, stayNights, unitsBooked } from '../src/index.ts';

describe('contracts: stay dates in India time', () => {
  it('takes today from India Standard Time, not UTC', () => {
    expect(indiaToday(new Date('2026-11-22T18:29:59Z'))).to.equal('2026-11-22');
    expect(indiaToday(new Date('2026-11-22T18:30:00Z'))).to.equal('2026-11-23');
    expect(earliestCommencement(new Date('2026-12-31T20:00:00Z'))).to.equal('2027-01-02');
  });

  it('lists the nights of a stay across month ends', () => {
    expect(stayNights('2027-02-27', 3)).to.deep.equal(['2027-02-27', '2027-02-28', '2027-03-01']);
  });

  it('books rooms per Room and one unit per Flat', () => {
    expect(unitsBooked('Room', 3)).to.equal(3);
    expect(unitsBooked('Flat', 3)).to.equal(1);
  });

  // 2030-01-03 10:00 in India
  const now = new Date('2030-01-03T04:30:00Z');
  const booking = (patch: Partial<CancellableBooking> = {}): CancellableBooking => ({
    status: 'confirmed',
    isPaymentDone: false,
    dateOfCommencement: '2030-01-04',
    ...patch,
  });

  it('tells the two senses of "upcoming" apart: the stay is ahead until its first night, not over until its last', () => {
    expect(stayIsAhead('2030-01-04', now), 'first night tomorrow').to.equal(true);
    expect(stayIsAhead('2030-01-03', now), 'first night tonight').to.equal(false);
    expect(stayIsAhead('2030-01-04T00:00:00.000Z', now), 'an ISO date-time reads as its date').to.equal(true);
    expect(stayIsAhead('2030-01-03', new Date('2030-01-02T18:29:59Z')), 'the evening before, in India').to.equal(true);
    expect(stayIsNotOver('2030-01-03', now), 'last night tonight').to.equal(true);
    expect(stayIsNotOver('2030-01-02', now), 'last night was yesterday').to.equal(false);
  });

  it('given a booking, when its guest would cancel, then says why not or lets them', () => {
    expect(whyNotCancellable(booking(), now)).to.equal(null);
    expect(cancellable(booking(), now)).to.equal(true);
    expect(whyNotCancellable(booking({ status: 'cancelled' }), now)).to.equal('cancelled');
    expect(whyNotCancellable(booking({ isPaymentDone: true }), now), 'paid at the hotel').to.equal('paid');
    expect(whyNotCancellable(booking({ dateOfCommencement: '2030-01-03' }), now), 'the first night has come').to.equal('started');
    expect(cancellable(booking({ isPaymentDone: true }), now)).to.equal(false);
  });
});

import {
  addDays,
  bookableCommencement,
  cancellable,
  latestCommencement,
  limits,
  nameForMessages,
  stayIsAhead,
  stayIsNotOver,
  whyNotCancellable,
  type CancellableBooking,
} from '../src/index.ts';

describe('contracts: booking bounds', () => {
  it('moves a wished start date into the bookable range and says whether it moved', () => {
    const now = new Date('2026-11-22T20:00:00Z'); // already 23 November in India
    expect(bookableCommencement(null, now)).to.deep.equal({ date: '2026-11-24', moved: false });
    expect(bookableCommencement('2026-11-30', now)).to.deep.equal({ date: '2026-11-30', moved: false });
    expect(bookableCommencement('2026-11-24', now)).to.deep.equal({ date: '2026-11-24', moved: false });
    expect(bookableCommencement('2026-11-23', now)).to.deep.equal({ date: '2026-11-24', moved: true }); // today in India
    expect(bookableCommencement('2027-11-23', now)).to.deep.equal({ date: '2027-11-23', moved: false });
    expect(bookableCommencement('2027-11-24', now)).to.deep.equal({ date: '2027-11-23', moved: true });
    for (const junk of ['', 'tomorrow', '2026-13-45', '2027-02-30', '2026-11-30T00:00:00Z', '<script>']) {
      expect(bookableCommencement(junk, now), junk).to.deep.equal({ date: '2026-11-24', moved: true });
    }
  });

  it('lets a stay start at most 365 days after today in India', () => {
    expect(limits.bookingHorizonDays).to.equal(365);
    expect(latestCommencement(new Date('2026-11-22T18:30:00Z'))).to.equal('2027-11-23');
  });

  it('writes every night key as YYYY-MM-DD, refusing dates past year 9999', () => {
    expect(addDays('9999-12-30', 1)).to.equal('9999-12-31');
    expect(() => addDays('9999-12-31', 1)).to.throw(RangeError);
    expect(() => stayNights('9999-12-30', 3)).to.throw(RangeError);
  });

  it('quotes a name in messages as plain, capped text', () => {
    expect(nameForMessages('Asha Rao')).to.equal('Asha Rao');
    expect(nameForMessages('Asha <a href="https://evil.example">win</a>')).to.equal('Asha a href https evil. example win a');
    expect([...nameForMessages('अ'.repeat(100))]).to.have.length(limits.nameInMessages);
  });

  it('joins address and city without printing the city twice', () => {
    expect(addressWithCity('Chandpol, Jaipur', 'Jaipur')).to.equal('Chandpol, Jaipur');
    expect(addressWithCity('Chandpol,  jaipur ', 'Jaipur')).to.equal('Chandpol, jaipur');
    expect(addressWithCity('12 MG Road, Indiranagar', 'Bengaluru')).to.equal('12 MG Road, Indiranagar, Bengaluru');
    expect(addressWithCity('Jaipur Road, Ajmer', 'Jaipur')).to.equal('Jaipur Road, Ajmer, Jaipur');
    expect(addressWithCity('MG Road', '')).to.equal('MG Road');
  });

  it('names a room with its type once', () => {
    expect(roomName('Deluxe', 'Room')).to.equal('Deluxe Room');
    expect(roomName('Haveli Family Apartment', 'Flat')).to.equal('Haveli Family Apartment');
    expect(roomName('Family room', 'Room')).to.equal('Family room');
    expect(roomName('Presidential Suite', 'Flat')).to.equal('Presidential Suite Apartment');
  });

  it("says 'Only N left' for 1 to 3 free units, counts nights between dates, and ends a stay the morning after its last night", () => {
    expect([0, 1, 3, 4].map(fewLeft)).to.deep.equal([false, true, true, false]);
    expect(nightsBetween('2030-12-30', '2031-01-02')).to.equal(3);
    expect(Number.isNaN(nightsBetween('2030-12-30', 'soon'))).to.equal(true);
    expect(checkOutOf({ checkIn: '2030-12-30', nights: 3 })).to.equal('2031-01-02');
  });
});

describe('sameSitePath: where to go back to after signing in', () => {
  it('keeps a path of this site with its query and fragment', () => {
    expect(sameSitePath('/hotel/h1?checkIn=2026-12-24&nights=2')).to.equal('/hotel/h1?checkIn=2026-12-24&nights=2');
    expect(sameSitePath('/book-hotel/h1?date=2026-12-24#top')).to.equal('/book-hotel/h1?date=2026-12-24#top');
    expect(sameSitePath('/')).to.equal('/');
  });

  it('refuses anything that could lead to another site, or is not a path', () => {
    for (const target of [
      '//evil.example/phish',
      '/\\evil.example',
      '\\\\evil.example',
      '/\t/evil.example',
      '/\n/evil.example',
      'https://evil.example/',
      'javascript:alert(1)',
      'evil.example',
      ' /hotel/h1',
      '',
      `/${'a'.repeat(2000)}`,
      null,
      undefined,
    ]) {
      expect(sameSitePath(target), String(target)).to.equal(null);
    }
  });

  it('keeps an encoded slash as the text it is (a path of this site)', () => {
    expect(sameSitePath('/%2F%2Fevil.example')).to.equal('/%2F%2Fevil.example');
  });
});

describe('paymentStateOf: what a booking says of its payment', () => {
  it('paid once recorded, cancelled for a cancelled booking (it owes nothing), else pending', () => {
    expect(paymentStateOf({ status: 'confirmed', isPaymentDone: true })).to.equal('paid');
    expect(paymentStateOf({ status: 'confirmed', isPaymentDone: false })).to.equal('pending');
    expect(paymentStateOf({ status: 'cancelled', isPaymentDone: false })).to.equal('cancelled');
  });
});

import {
  API_PREFIX_DEFAULT,
  GUESTS_PER_BED,
  RETURN_TO_PARAM,
  checkOutOfBooking,
  freeCancellationUntil,
  guestsFit,
  looksLikeLink,
  maxGuestsOf,
  paymentUndoMsLeft,
  splitRoomAmenities,
  stayPhaseOf,
  stayStartProblem,
} from '../src/index.ts';
import { validation } from '../src/messages.ts';

describe('contracts: rules pinned by mutation testing', () => {
  it('keeps the public names other sites and links rely on', () => {
    expect(API_PREFIX_DEFAULT).to.equal('/sharma/resident/stays');
    expect(RETURN_TO_PARAM).to.equal('redirect');
    expect(GUESTS_PER_BED).to.deep.equal({ Single: 1, Double: 2, Queen: 2, King: 3 });
  });

  it('names a room from its trimmed standard', () => {
    expect(roomName('  Deluxe  ', 'Room')).to.equal('Deluxe Room');
    expect(roomName(' Maharani Apartment ', 'Flat')).to.equal('Maharani Apartment');
  });

  it("takes a listing's guests from its owner, else from its bed times a Flat's bedrooms", () => {
    expect(maxGuestsOf({ maxGuests: 5, bedType: 'Single', roomType: 'Room' })).to.equal(5);
    expect(maxGuestsOf({ maxGuests: 0, bedType: 'King', roomType: 'Room' })).to.equal(0);
    expect(maxGuestsOf({ bedType: 'King', roomType: 'Room', numberOfRooms: 4 })).to.equal(3);
    expect(maxGuestsOf({ bedType: 'King', roomType: 'Flat', numberOfRooms: 2 })).to.equal(6);
    expect(maxGuestsOf({ bedType: 'Double', roomType: 'Flat' })).to.equal(2);
    expect(maxGuestsOf({ bedType: 'Double', roomType: 'Flat', numberOfRooms: 0 })).to.equal(2);
  });

  it('fits guests up to exactly what the booked units sleep', () => {
    expect(guestsFit(6, 3, 'Room', 2)).to.equal(true);
    expect(guestsFit(7, 3, 'Room', 2)).to.equal(false);
    expect(guestsFit(5, 3, 'Room', 2)).to.equal(true);
    expect(guestsFit(4, 3, 'Flat', 2)).to.equal(false);
    expect(guestsFit(3, 3, 'Flat', 2)).to.equal(true);
  });

  it('starts a stay from tomorrow up to the horizon, both ends included', () => {
    const now = new Date('2026-11-22T20:00:00Z'); // already 23 November in India
    const outOfRange = validation.checkInDateOutOfRange(limits.bookingHorizonDays);
    expect(stayStartProblem('2026-11-23', now)).to.equal(outOfRange);
    expect(stayStartProblem('2026-11-24', now)).to.equal(null);
    expect(stayStartProblem('2027-11-23', now)).to.equal(null);
    expect(stayStartProblem('2027-11-24', now)).to.equal(outOfRange);
  });

  it('splits typed room amenities on spaces, keeping known multi-word amenities whole and lists with commas as they are', () => {
    expect(splitRoomAmenities('Free WiFi, AC')).to.equal('Free WiFi, AC');
    expect(splitRoomAmenities(['AC'])).to.deep.equal(['AC']);
    expect(splitRoomAmenities('  AC   free  wifi TV Free WiFi ')).to.deep.equal(['Free WiFi', 'Free WiFi', 'AC', 'TV']);
    expect(splitRoomAmenities('Play Ground Massage')).to.deep.equal(['Play Ground', 'Massage']);
    expect(splitRoomAmenities('   ')).to.deep.equal([]);
    expect(splitRoomAmenities('TV AC')).to.deep.equal(['TV', 'AC']);
  });

  it("ends a booking's stay the morning after its last night, reading a first night given as a date-time", () => {
    expect(checkOutOfBooking({ dateOfCommencement: '2030-12-30T00:00:00.000Z', numberOfNights: 3 })).to.equal('2031-01-02');
    expect(freeCancellationUntil({ freeUntilDaysBefore: 2, lateCharge: { kind: 'first-night' } }, { dateOfCommencement: '2030-12-30T00:00:00.000Z' })).to.equal(
      '2030-12-28',
    );
  });

  it('files a booking as arriving today, upcoming, in house until its check-out morning, past, or cancelled', () => {
    const now = new Date('2030-12-31T20:00:00Z'); // 1 January 2031 in India
    const stay = (dateOfCommencement: string, numberOfNights: number, status: 'confirmed' | 'cancelled' = 'confirmed') =>
      stayPhaseOf({ status, dateOfCommencement, numberOfNights }, now);
    expect(stay('2031-01-01T00:00:00.000Z', 2)).to.equal('arriving-today');
    expect(stay('2031-01-01', 2, 'cancelled')).to.equal('cancelled');
    expect(stay('2031-01-02', 2)).to.equal('upcoming');
    expect(stay('2030-12-30', 3)).to.equal('in-house');
    expect(stay('2030-12-30', 2)).to.equal('in-house'); // check-out morning: the hotel still expects them
    expect(stay('2030-12-29', 2)).to.equal('past');
  });

  it('tells a stay ahead from one that began, reading a first night given as a date-time', () => {
    const now = new Date('2030-12-31T20:00:00Z'); // 1 January 2031 in India
    expect(stayIsAhead('2031-01-02T00:00:00.000Z', now)).to.equal(true);
    expect(stayIsAhead('2031-01-01T23:00:00.000Z', now)).to.equal(false);
  });

  it('finds links, addresses and domains in a text, and nothing in a plain name', () => {
    for (const link of [
      'see https://x.y',
      'git+ssh://host',
      'mailto:a',
      'www.example',
      'a@b',
      'x://y',
      'h2://y',
      'evil.example',
      'bit.ly/x',
      'call 10.0.0.1',
      'v1.22.333',
    ]) {
      expect(looksLikeLink(link), link).to.equal(true);
    }
    for (const plain of ['Asha Rao', 'Dr. Rao', 'J. R. R. Tolkien', 'Room 1.5', "O'Brien-Smith", '://', '1.2', 'Rao ://', 'A.B', 'Dots .here', 'Room 1.x']) {
      expect(looksLikeLink(plain), plain).to.equal(false);
    }
  });

  it('quotes a name with dots spaced, runs of anything else as one space, cut to the limit without a trailing space', () => {
    expect(nameForMessages('A.B')).to.equal('A. B');
    expect(nameForMessages('Asha!!!Rao')).to.equal('Asha Rao');
    expect(nameForMessages('  Asha   Rao  ')).to.equal('Asha Rao');
    expect(nameForMessages(`${'a'.repeat(39)} b`)).to.equal('a'.repeat(39));
    expect(nameForMessages(` !${'a'.repeat(40)}`)).to.equal('a'.repeat(40));
  });

  it('takes at most 2,000 characters as a path to go back to', () => {
    expect(sameSitePath(`/${'a'.repeat(1999)}`)).to.equal(`/${'a'.repeat(1999)}`);
    expect(sameSitePath(`/${'a'.repeat(2000)}`)).to.equal(null);
    expect(sameSitePath('/a//b')).to.equal('/a//b');
    expect(sameSitePath('/a//')).to.equal('/a//');
    expect(sameSitePath('')).to.equal(null);
  });

  it('leaves the whole undo window at the payment, counts down, and stops at 0', () => {
    const paidAt = '2030-01-01T10:00:00.000Z';
    expect(paymentUndoMsLeft(paidAt, new Date(paidAt))).to.equal(limits.paymentUndoMinutes * 60_000);
    expect(paymentUndoMsLeft(paidAt, new Date('2030-01-01T10:04:00.000Z'))).to.equal((limits.paymentUndoMinutes - 4) * 60_000);
    expect(paymentUndoMsLeft(paidAt, new Date('2030-01-01T11:00:00.000Z'))).to.equal(0);
  });

  it('prints the city once after an address of three parts that ends with it', () => {
    expect(addressWithCity('12 MG Road, Indiranagar, Bengaluru', 'Bengaluru')).to.equal('12 MG Road, Indiranagar, Bengaluru');
    expect(addressWithCity('12 MG Road,, Indiranagar', ' Bengaluru ')).to.equal('12 MG Road, Indiranagar, Bengaluru');
    expect(addressWithCity(' , ', 'Jaipur')).to.equal('Jaipur');
  });

  it('says which date a day count leaves the calendar at', () => {
    expect(() => addDays('9999-12-31', 1)).to.throw(RangeError, '9999-12-31 + 1 days is not a date between years 0000 and 9999');
  });
});
