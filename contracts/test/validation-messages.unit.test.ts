import { expect } from 'chai';
import type { z } from 'zod';
import {
  bookRequest,
  checkRequest,
  closeNightsRequest,
  closureMessages,
  createHotelRequest,
  createRoomRequest,
  customerRegisterRequest,
  customerUpdateRequest,
  messages,
  ownerRegisterRequest,
  ownerUpdateRequest,
  reopenNightsRequest,
  roomSearchQuery,
  signInRequest,
  stayQuery,
  stayStartProblem,
  updateHotelRequest,
} from '../src/index.ts';

/** The message and field a request gets, or 'accepted'. */
const refusal = (schema: z.ZodType, input: unknown) => {
  const checked = checkRequest(schema, input);
  return checked.success ? 'accepted' : { field: checked.field, message: checked.message };
};
const messageOf = (schema: z.ZodType, input: unknown) => {
  const checked = checkRequest(schema, input);
  return checked.success ? 'accepted' : checked.message;
};

const customer = { username: 'asha', name: 'Asha Rao', email: 'asha@example.in', password: 'correct horse' };
const hotel = {
  hotelName: 'Hotel Sahyadri Residency',
  description: 'A calm family hotel near the old city, with a rooftop restaurant and easy access.',
  address: '14 Jangli Maharaj Road, Deccan',
  country: 'India',
  city: 'Pune',
  pinCode: '411004',
  phoneNumber: '9822012345',
  amenities: 'Free WiFi, AC',
  startingPrice: '3200',
  checkInTime: '12:00',
  checkOutTime: '11:00',
};
const room = { hotelID: 'h1', roomType: 'Room', roomStandard: 'deluxe', size: '24', bedType: 'Double', amenities: 'AC TV', pricePerNight: '3200' };
const booking = {
  hotelID: 'h1',
  roomType: 'Room',
  roomStandard: 'deluxe',
  customerName: 'Asha Rao',
  customerEmail: 'asha@example.in',
  customerPhoneNumber: '9822012345',
  numberOfRooms: 1,
  numberOfGuests: 2,
  numberOfNights: 2,
  dateOfCommencement: '2030-01-10',
};

describe('validation messages: each kind of problem, in plain words naming the field as its form labels it', () => {
  it('accepts what the forms send', () => {
    for (const [schema, input] of [
      [customerRegisterRequest, customer],
      [createHotelRequest, hotel],
      [createRoomRequest, room],
      [bookRequest, booking],
    ] as const)
      expect(messageOf(schema, input)).to.equal('accepted');
  });

  it('too short', () => {
    expect(refusal(customerRegisterRequest, { ...customer, password: 'short' })).to.deep.equal({
      field: 'password',
      message: 'Password must be at least 8 characters.',
    });
    expect(messageOf(createHotelRequest, { ...hotel, hotelName: 'Short' })).to.equal('Hotel name must be 10 to 60 characters long.');
    expect(messageOf(createHotelRequest, { ...hotel, description: 'Too short to describe a hotel.' })).to.equal(
      'Description must be 50 to 300 characters long.',
    );
  });

  it('too long', () => {
    expect(messageOf(createHotelRequest, { ...hotel, hotelName: 'H'.repeat(61) })).to.equal('Hotel name must be 10 to 60 characters long.');
    expect(messageOf(customerRegisterRequest, { ...customer, password: 'p'.repeat(200) })).to.match(/^Password must be at most \d+ characters\.$/);
  });

  it('missing, blank or wrong type', () => {
    expect(refusal(signInRequest, { email: 'asha@example.in' })).to.deep.equal({ field: 'password', message: 'Password is required.' });
    expect(messageOf(createHotelRequest, { ...hotel, city: '   ' })).to.equal('City is required.');
    expect(messageOf(signInRequest, { email: 'asha@example.in', password: 12345678 })).to.equal('Password must be text.');
    expect(messageOf(createHotelRequest, { ...hotel, amenities: ' , ' })).to.equal('Amenities is required.');
  });

  it('not an email', () => {
    expect(messageOf(customerRegisterRequest, { ...customer, email: 'asha.example.in' })).to.equal('Email is not a valid email address.');
    expect(messageOf(bookRequest, { ...booking, customerEmail: 'asha@' })).to.equal('Email is not a valid email address.');
  });

  it('a choice among values (enum)', () => {
    expect(messageOf(createRoomRequest, { ...room, bedType: 'Huge' })).to.equal('Bed type must be Single, Double, Queen or King.');
    expect(messageOf(createRoomRequest, { ...room, roomType: 'Suite' })).to.equal('Room type must be Room or Flat.');
    // a plain zod enum with no words of its own gets them from the check
    expect(messageOf(customerUpdateRequest, { removeProfileImage: 'yes' })).to.equal('Remove Profile Image must be true or false.');
  });

  it('number bounds, whole numbers and numbers at all', () => {
    expect(refusal(bookRequest, { ...booking, numberOfRooms: 11 })).to.deep.equal({
      field: 'numberOfRooms',
      message: 'Rooms must be a whole number from 1 to 10.',
    });
    expect(messageOf(bookRequest, { ...booking, numberOfGuests: 0 })).to.equal('Guests must be a whole number from 1 to 50.');
    expect(messageOf(bookRequest, { ...booking, numberOfNights: '2.5' })).to.equal('Nights must be a whole number from 1 to 30.');
    expect(messageOf(createRoomRequest, { ...room, pricePerNight: 'cheap' })).to.equal('Price per night must be a whole number from 0 to 10000000.');
    expect(messageOf(createRoomRequest, { ...room, size: '-1' })).to.equal('Room size must be a number from 0 to 100000.');
    expect(messageOf(createHotelRequest, { ...hotel, pinCode: '41A004' })).to.equal('PIN code must be a number of 3 to 10 digits.');
    expect(messageOf(createHotelRequest, { ...hotel, phoneNumber: '98220' })).to.equal('Phone number must be 10 digits.');
  });

  it('dates and times', () => {
    expect(refusal(bookRequest, { ...booking, dateOfCommencement: '2027-02-30' })).to.deep.equal({
      field: 'dateOfCommencement',
      message: 'Check-in date must be a date written as YYYY-MM-DD.',
    });
    expect(messageOf(createHotelRequest, { ...hotel, checkInTime: '25:00' })).to.equal('Check-in time must be a time written as HH:MM, e.g. 14:00.');
    expect(messageOf(stayQuery, { checkIn: '2030-01-10', checkOut: '2030-01-10' })).to.equal('Check-out date must be 1 to 30 nights after the check-in date.');
    expect(messageOf(stayQuery, { nights: '2' })).to.equal('Check-in date is required.');
    // a check-in out of the bookable window is a whole sentence, the same for both ends
    const now = new Date('2026-11-22T06:00:00Z');
    expect([stayStartProblem('2026-11-22', now), stayStartProblem('2027-11-23', now), stayStartProblem('2026-11-23', now)]).to.deep.equal([
      'Choose a check-in date from tomorrow up to a year ahead.',
      'Choose a check-in date from tomorrow up to a year ahead.',
      null,
    ]);
    expect(messages.validation.problem('dateOfCommencement', stayStartProblem('2026-11-22', now)!)).to.equal(
      'Choose a check-in date from tomorrow up to a year ahead.',
    );
  });

  it("uses a form's own labels where it has them", () => {
    expect(messageOf(ownerRegisterRequest, { email: 'ravi@example.in', password: 'correct horse' })).to.equal('Owner name is required.');
    expect(messageOf(ownerRegisterRequest, { name: 'Ravi', email: 'ravi', password: 'correct horse' })).to.equal('Owner email is not a valid email address.');
    // the owner profile form labels them Name and Email
    expect(messageOf(ownerUpdateRequest, { email: 'ravi' })).to.equal('Email is not a valid email address.');
    expect(messageOf(createRoomRequest, { ...room, roomType: 'Flat', numberOfRooms: '0' })).to.equal('Number of rooms must be a whole number from 1 to 50.');
    expect(messageOf(bookRequest, { ...booking, customerName: '' })).to.equal('Full name is required.');
    expect(messageOf(bookRequest, { ...booking, customerPhoneNumber: 'call me' })).to.equal(
      'Mobile number must be digits, with spaces, dashes or brackets if you like.',
    );
  });

  it("names the close and reopen forms' fields as the close form labels them, the rest with the common labels", () => {
    const close = { roomID: 'room-1', from: '2031-01-10', units: '1' };
    expect(messageOf(closeNightsRequest, { ...close, from: '10 Jan' })).to.equal(`${closureMessages.closeFrom} must be a date written as YYYY-MM-DD.`);
    expect(messageOf(closeNightsRequest, { ...close, units: '0' })).to.equal(`${closureMessages.closeUnits} must be a whole number from 1 to 500.`);
    expect(messageOf(closeNightsRequest, { ...close, to: '2031-01-09' })).to.equal('Last night must be the first night or later.');
    expect(messageOf(closeNightsRequest, { ...close, to: '2031-01-11', nights: '3' })).to.equal(`Nights ${closureMessages.nightsAndToDiffer}.`);
    expect(messageOf(closeNightsRequest, { ...close, note: 'x'.repeat(201) })).to.equal('Note must be at most 200 characters.');
    expect(messageOf(reopenNightsRequest, { roomID: 'room-1', closureID: '' })).to.equal('Closed nights is required.');
  });

  it('names a nested field by its form label, and a field no form shows by its name in words', () => {
    const far = JSON.stringify([{ name: 'Vaishali', distance: '40' }]);
    expect(refusal(createHotelRequest, { ...hotel, restaurants: far })).to.deep.equal({
      field: 'restaurants.0.distance',
      message: 'Restaurants: distance in km must be a number from 0 to 30.',
    });
    expect(messageOf(updateHotelRequest, { famousTouristPlaces: JSON.stringify([{ distance: 3 }]) })).to.equal('Famous Tourist Places: name is required.');
    const { hotelID: _hotelID, ...withoutHotel } = room;
    expect(messageOf(createRoomRequest, withoutHotel)).to.equal('Hotel ID is required.');
    expect(messageOf(roomSearchQuery, { roomType: 'Room,Flat,Room,Flat,Room,Flat,Room,Flat,Room,Flat,Room' })).to.equal(
      'Room type must have at most 10 items.',
    );
  });

  it('names the first problem, in the order of the form, when there are several', () => {
    expect(refusal(customerRegisterRequest, { username: '', name: 'Asha', email: 'asha', password: 'x' })).to.deep.equal({
      field: 'username',
      message: 'Username is required.',
    });
    expect(messageOf(createHotelRequest, { ...hotel, hotelName: 'Short', checkOutTime: '' })).to.equal('Hotel name must be 10 to 60 characters long.');
  });

  it("keeps the spec's own texts verbatim", () => {
    expect([messages.ui.emailAndPasswordRequired, messages.ui.enterValidEmail, messages.ui.selectPlacesOrHotels]).to.deep.equal([
      'Email and password are required.',
      'Enter a valid email',
      'Please select the places or hotels',
    ]);
    expect([messages.ui.uploadImages, messages.ui.uploadMoreThanFive, messages.ui.uploadMaximumTen, messages.ui.uploadAtMostTwo]).to.deep.equal([
      'Upload images',
      'Upload more than 5 images',
      'Upload maximum 10 images',
      'Upload less than or equal to two images',
    ]);
  });
});
