import { expect } from 'chai';
import { auditAsOfQuery, auditLogQuery, customerRegisterRequest, customerUpdateRequest, ownerRegisterRequest } from '../src/index.ts';

describe('contracts: account request schemas', () => {
  it('accepts a complete owner registration and trims it', () => {
    const parsed = ownerRegisterRequest.parse({ name: ' Ravi ', email: ' ravi@example.in ', password: 'correct horse' });
    expect(parsed).to.deep.equal({ name: 'Ravi', email: 'ravi@example.in', password: 'correct horse' });
  });

  it('names the missing or wrong field', () => {
    const result = customerRegisterRequest.safeParse({ username: 'u', name: 'N', email: 'not-an-email', password: 'x' });
    expect(result.success).to.equal(false);
    const fields = result.error!.issues.map((issue) => issue.path.join('.'));
    expect(fields).to.include.members(['email', 'password']);
  });

  it('rejects non-text values instead of coercing them', () => {
    const result = ownerRegisterRequest.safeParse({ name: { $gt: '' }, email: ['a@b.in'], password: 12345678 });
    expect(result.success).to.equal(false);
    expect(result.error!.issues.map((i) => i.path[0])).to.have.members(['name', 'email', 'password']);
  });

  it('treats empty profile-update fields as not sent', () => {
    const parsed = customerUpdateRequest.parse({ username: '', email: '  ', password: '' });
    expect([parsed.username, parsed.email, parsed.password]).to.deep.equal([undefined, undefined, undefined]);
  });
});

import {
  COUNTRIES,
  GLOBAL_DIAL_CODES,
  SPEC_CLIENT_DIAL_CODES,
  bookRequest,
  createHotelRequest,
  hotelSearchQuery,
  sendOtpRequest,
  splitInternationalNumber,
} from '../src/index.ts';

describe('contracts: text fields refuse control characters', () => {
  const hotel = {
    hotelName: 'Hotel Sahyadri Residency',
    description: 'A calm family hotel near the old city, with a rooftop restaurant and easy access.',
    address: '14 Jangli Maharaj Road, Deccan',
    country: 'India',
    city: 'Pune',
    pinCode: '411004',
    phoneNumber: '9822012345',
    amenities: 'AC',
    startingPrice: '3200',
    checkInTime: '12:00',
    checkOutTime: '11:00',
  };
  const fieldOf = (result: { success: boolean; error?: { issues: { path: PropertyKey[] }[] } }) => result.error?.issues[0]?.path.join('.');

  for (const [label, character] of [
    ['NUL', '\u0000'],
    ['ESC', '\u001B'],
    ['C1 CSI', '\u009B'],
    ['right-to-left override', '\u202E'],
    ['first strong isolate', '\u2068'],
    ['line feed', '\n'],
    ['carriage return', '\r'],
  ]) {
    it(`refuses ${label} inside a single-line field, naming it`, () => {
      expect(fieldOf(createHotelRequest.safeParse({ ...hotel, hotelName: `Hotel Sahyadri${character}Residency` }))).to.equal('hotelName');
      expect(fieldOf(ownerRegisterRequest.safeParse({ name: `Ravi${character}Kumar`, email: 'ravi@example.in', password: 'correct horse' }))).to.equal('name');
      expect(fieldOf(createHotelRequest.safeParse({ ...hotel, restaurants: JSON.stringify([{ name: `Vaishali${character}Cafe`, distance: '1' }]) }))).to.equal(
        'restaurants.0.name',
      );
      expect(fieldOf(hotelSearchQuery.safeParse({ searchTerm: `Pune${character}x` }))).to.equal('searchTerm');
    });
  }

  it('lets a description keep its line breaks (CRLF as sent by browsers becomes LF) and nothing else', () => {
    const parsed = createHotelRequest.parse({ ...hotel, description: `${hotel.description}\r\nSecond line of the description.` });
    expect(parsed.description).to.equal(`${hotel.description}\nSecond line of the description.`);
    expect(fieldOf(createHotelRequest.safeParse({ ...hotel, description: `${hotel.description}\u0000` }))).to.equal('description');
    expect(fieldOf(createHotelRequest.safeParse({ ...hotel, description: `${hotel.description}\u202E` }))).to.equal('description');
  });

  it('keeps ordinary non-Latin text, including right-to-left scripts', () => {
    expect(createHotelRequest.parse({ ...hotel, hotelName: 'फ़ोर्ट होटल उदयपुर पैलेस', city: 'उदयपुर' }).city).to.equal('उदयपुर');
    expect(ownerRegisterRequest.parse({ name: 'مريم أحمد', email: 'm@example.in', password: 'correct horse' }).name).to.equal('مريم أحمد');
  });
});

describe('contracts: booking phones, names and dates', () => {
  const booking = {
    hotelID: 'h1',
    roomType: 'Room',
    roomStandard: 'Deluxe',
    customerName: 'Asha Rao',
    customerEmail: 'asha@example.in',
    customerPhoneNumber: '9812345678',
    dateOfCommencement: '2027-01-10',
  };

  it('takes the booking phone with or without its dial code, with spaces, dashes or brackets, as the national number', () => {
    for (const phone of ['9812345678', '+919812345678', '+91 98123-45678', '(981) 234 5678', '+7840 9812345678', '+1 684 981 234 5678']) {
      expect(bookRequest.parse({ ...booking, customerPhoneNumber: phone }).customerPhoneNumber, phone).to.equal('9812345678');
    }
    for (const phone of ['+91', '98123', '+999 9812345678', '+7840 981234567890', '98123456789012', 'call me', '+91 98123.45678']) {
      expect(bookRequest.safeParse({ ...booking, customerPhoneNumber: phone }).success, phone).to.equal(false);
    }
  });

  it("accepts every dial code of the spec client's picker and the ITU list for an OTP, and at most 15 digits", () => {
    for (const phone of [
      '+7840 9812345678',
      '+91 9812345678',
      '+44 7911 123456',
      '+1 (415) 555-2671',
      '+971 50 123 4567',
      '+880 1712 345678',
      '+590 690 123456',
      '+247 6501 23456',
    ]) {
      expect(sendOtpRequest.safeParse({ customerName: 'Asha', customerEmail: 'a@example.in', customerPhoneNumber: phone }).success, phone).to.equal(true);
    }
    for (const code of [...COUNTRIES.map((country) => country.dialCode), ...GLOBAL_DIAL_CODES, ...SPEC_CLIENT_DIAL_CODES]) {
      const parsed = sendOtpRequest.safeParse({ customerName: 'Asha', customerEmail: 'a@example.in', customerPhoneNumber: `${code}981234567` });
      expect(parsed.success, code).to.equal(true);
      expect(splitInternationalNumber(`${code} 981234567`)?.national, code).to.equal('981234567');
    }
    expect(sendOtpRequest.safeParse({ customerName: 'Asha', customerEmail: 'a@example.in', customerPhoneNumber: '+7840 981234567890' }).success).to.equal(
      false,
    );
    expect(
      sendOtpRequest.safeParse({ customerName: 'Asha', customerEmail: 'a@example.in', customerPhoneNumber: '9812345678' }).success,
      'an OTP needs the dial code',
    ).to.equal(false);
  });

  it('refuses a guest name that carries a link', () => {
    for (const name of ['Asha https://evil.example/win', 'Win at evil.com', 'www.example', 'asha@example.in', 'Asha 10.0.0.1', 'Asha javascript:alert(1)']) {
      const result = sendOtpRequest.safeParse({ customerName: name, customerEmail: 'a@example.in', customerPhoneNumber: '+91 9812345678' });
      expect(result.error?.issues[0]?.path.join('.'), name).to.equal('customerName');
    }
    for (const name of ['Asha Rao', 'J.R.R. Tolkien', "D'Souza-Pinto", 'अनन्या शर्मा']) {
      expect(bookRequest.safeParse({ ...booking, customerName: name }).success, name).to.equal(true);
    }
  });

  it('takes the date of an ISO date-time in India time; plain dates stay as they are', () => {
    const dateOf = (value: string) => bookRequest.parse({ ...booking, dateOfCommencement: value }).dateOfCommencement;
    expect(dateOf('2027-01-09T18:30:00.000Z'), 'midnight in India').to.equal('2027-01-10');
    expect(dateOf('2027-01-10T18:29:59.999Z')).to.equal('2027-01-10');
    expect(dateOf('2027-01-10T00:00:00+05:30')).to.equal('2027-01-10');
    expect(dateOf('2027-01-10T00:00:00')).to.equal('2027-01-10');
    expect(dateOf('2027-01-10')).to.equal('2027-01-10');
    for (const value of ['2027-02-30', '2027-02-30T10:00:00Z', '9999-12-31T23:00:00Z', '+010000-01-01', '10/01/2027', '2027-01-10T24:00:00Z']) {
      expect(bookRequest.safeParse({ ...booking, dateOfCommencement: value }).success, value).to.equal(false);
    }
  });

  it('refuses impossible calendar dates with an issue on the field, never an exception', () => {
    const impossible = [
      '2027-13-01',
      '2027-00-10',
      '2027-01-32',
      '2027-01-00',
      '2027-04-31',
      '2027-02-29',
      '2100-02-29',
      '2027-13-01T10:00:00Z',
      '2027-01-10T10:00:00+25:00',
    ];
    for (const value of impossible) {
      for (const field of ['dateOfCommencement', 'dateOfBooking'] as const) {
        const parsed = bookRequest.safeParse({ ...booking, [field]: value });
        expect(parsed.error?.issues[0]?.path, `${field}=${value}`).to.deep.equal([field]);
      }
    }
    expect(bookRequest.parse({ ...booking, dateOfCommencement: '2028-02-29' }).dateOfCommencement, 'a leap day').to.equal('2028-02-29');
    expect(bookRequest.parse({ ...booking, dateOfCommencement: '2000-02-29' }).dateOfCommencement, 'a leap day of a 400th year').to.equal('2000-02-29');
  });

  it("refuses the auditors' impossible times instead of rolling them over", () => {
    for (const value of ['2027-02-30', '2027-13-01', '2027-01-32T10:00:00Z', '2027-01-10T25:00:00Z', 'yesterday']) {
      expect(auditLogQuery.safeParse({ from: value }).error?.issues[0]?.path, value).to.deep.equal(['from']);
      expect(auditAsOfQuery.safeParse({ asOf: value }).success, value).to.equal(false);
    }
    for (const value of ['2027-02-28', '2027-01-10T10:00:00Z', '2027-01-10T10:00:00.123+05:30', '2027-01-10 10:00']) {
      expect(auditLogQuery.safeParse({ to: value }).success, value).to.equal(true);
    }
  });

  it('caps nights at 30 and rooms at 10', () => {
    expect(bookRequest.safeParse({ ...booking, numberOfNights: 30, numberOfRooms: 10 }).success).to.equal(true);
    expect(bookRequest.safeParse({ ...booking, numberOfNights: 31 }).error?.issues[0]?.path).to.deep.equal(['numberOfNights']);
    expect(bookRequest.safeParse({ ...booking, numberOfRooms: '11' }).error?.issues[0]?.path).to.deep.equal(['numberOfRooms']);
  });
});
