/**
 * The bounds of booking over HTTP, as a client (or an attacker) meets them: phones with
 * any dial code the spec's client offers, dates as that client sends them, how far ahead
 * and how long a stay may be, how many codes and bookings one guest may take, names in
 * messages, hotels whose owner left, paid bookings, and control characters in texts.
 */
import path from 'node:path';
import { expect } from 'chai';
import { addDays, indiaToday, limits, messages } from '@stays/contracts';
import { readOutbox } from '@stays/service-kit/testing';
import { ApiClient } from './support/http-client.ts';
import { hotelForm, pngImages, roomForm, strongPassword, uniqueEmail } from './support/fixtures.ts';
import { signedInCustomer, signedInOwner, type SignedIn } from './support/accounts.ts';
import { newContact, otpFromOutbox, verifyContact, type Contact } from './support/booking.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

describe('booking limits over HTTP', function () {
  this.timeout(120_000);
  let clock = Date.now();
  let stays: TestSystem;
  let api: ApiClient;
  let owner: SignedIn;
  let guest: SignedIn;
  let hotelId: string;

  const today = () => indiaToday(new Date(clock));
  const daysAhead = (days: number) => addDays(today(), days);

  before(async () => {
    stays = await startTestSystem({ overrides: { now: () => new Date(clock) } });
    api = new ApiClient(stays.baseUrl);
    owner = await signedInOwner(api);
    hotelId = (await api.multipart('POST', '/hotel/data/create/hotel', hotelForm(), { imageURLs: await pngImages(5) }, { token: owner.token })).body.data._id;
    const room = await api.multipart(
      'POST',
      '/hotel/room/create/room',
      roomForm(hotelId, { totalUnits: '20' }),
      { imageURLs: await pngImages(1) },
      { token: owner.token },
    );
    expect(room.status).to.equal(201);
  });
  after(async () => stays.destroy());
  beforeEach(async () => {
    clock = Date.now();
    guest = await signedInCustomer(api);
  });

  const sendOtp = (token: string, contact: Contact, phone: string, name = contact.customerName) =>
    api.post('/hotel/booking/send/email/mobile', { customerName: name, customerEmail: contact.customerEmail, customerPhoneNumber: phone }, { token });
  const verifyOtp = (token: string, contact: Contact, phone: string, otp: string) =>
    api.post('/hotel/booking/verify/email/mobile', { otp, customerEmail: contact.customerEmail, customerPhoneNumber: phone }, { token });
  const bookingForm = (contact: Contact, overrides: Record<string, unknown> = {}) => ({
    hotelID: hotelId,
    ...contact,
    roomType: 'Room',
    roomStandard: 'Deluxe',
    numberOfRooms: 1,
    numberOfGuests: 1,
    numberOfNights: 1,
    dateOfCommencement: daysAhead(10),
    ...overrides,
  });
  const book = (token: string, form: Record<string, unknown>) => api.post('/hotel/booking/book/hotel', form, { token });
  const bookingsOf = async (who: SignedIn) => (await api.get(`/user/get/all/bookings/${who.id}`, { token: who.token })).body.data as Record<string, any>[];
  const wrongCodeFor = (otp: string) => String((Number(otp) + 1) % 1_000_000).padStart(6, '0');

  it("verifies a phone with the spec client's default +7840 and with +91, then books with the phone with or without its dial code", async () => {
    for (const [dialCode, written] of [
      ['+7840', (n: string) => `+7840${n}`],
      ['+91', (n: string) => `+91 (${n.slice(0, 3)}) ${n.slice(3, 6)}-${n.slice(6)}`],
    ] as const) {
      const contact = newContact();
      const phone = written(contact.customerPhoneNumber);
      expect((await sendOtp(guest.token, contact, phone)).status, phone).to.equal(200);
      const otp = await otpFromOutbox(stays.dataDir, `${dialCode}${contact.customerPhoneNumber}`);
      expect((await verifyOtp(guest.token, contact, phone, otp)).status, phone).to.equal(200);
      const without = await book(guest.token, bookingForm(contact, { dateOfCommencement: daysAhead(20) }));
      expect(without.status, JSON.stringify(without.body)).to.equal(201);
      const withCode = await book(
        guest.token,
        bookingForm(contact, { customerPhoneNumber: `${dialCode}${contact.customerPhoneNumber}`, dateOfCommencement: daysAhead(21) }),
      );
      expect(withCode.status, JSON.stringify(withCode.body)).to.equal(201);
      const reads = (await bookingsOf(guest)).filter((b) => [without.body.data.bookingID, withCode.body.data.bookingID].includes(b.bookingID));
      expect(reads.map((b) => b.customerPhoneNumber)).to.deep.equal([contact.customerPhoneNumber, contact.customerPhoneNumber]);
    }
    // the national number is what matches: another number under the same dial code is not verified
    const other = newContact();
    expect((await book(guest.token, bookingForm(other, { customerPhoneNumber: `+91${other.customerPhoneNumber}` }))).status).to.equal(403);
  });

  it("takes an ISO date-time's calendar date in India time (a midnight pick arrives as the day before, 18:30Z)", async () => {
    const contact = newContact();
    await verifyContact(api, stays.dataDir, guest.token, contact);
    const day = daysAhead(30);
    const midnightInIndia = new Date(Date.parse(`${day}T00:00:00+05:30`)).toISOString();
    expect(midnightInIndia).to.equal(`${addDays(day, -1)}T18:30:00.000Z`);
    const placed = await book(guest.token, bookingForm(contact, { dateOfCommencement: midnightInIndia, dateOfBooking: new Date(clock).toISOString() }));
    expect(placed.status, JSON.stringify(placed.body)).to.equal(201);
    const [read] = (await bookingsOf(guest)).filter((b) => b.bookingID === placed.body.data.bookingID);
    expect(read!.dateOfCommencement).to.equal(day);
    expect((await book(guest.token, bookingForm(contact, { dateOfCommencement: daysAhead(31) }))).status, 'plain dates still work').to.equal(201);
  });

  it('lets a stay start at most 365 days ahead, last at most 30 nights and take at most 10 rooms', async () => {
    const contact = newContact();
    await verifyContact(api, stays.dataDir, guest.token, contact);
    const refusedWith = async (overrides: Record<string, unknown>, field: string) => {
      const response = await book(guest.token, bookingForm(contact, overrides));
      expect(response.status, JSON.stringify(overrides)).to.equal(400);
      expect(response.body.field, JSON.stringify(overrides)).to.equal(field);
      return response;
    };
    const tooFar = await refusedWith({ dateOfCommencement: daysAhead(366) }, 'dateOfCommencement');
    expect(tooFar.body.message).to.equal('Choose a check-in date from tomorrow up to a year ahead.');
    await refusedWith({ dateOfCommencement: '9999-12-31' }, 'dateOfCommencement');
    await refusedWith({ dateOfCommencement: '+010000-01-01' }, 'dateOfCommencement');
    await refusedWith({ numberOfNights: 31 }, 'numberOfNights');
    await refusedWith({ numberOfRooms: '11' }, 'numberOfRooms');
    expect((await book(guest.token, bookingForm(contact, { dateOfCommencement: daysAhead(365), numberOfNights: 30, numberOfRooms: 10 }))).status).to.equal(201);
  });

  it("keeps counting a guest's wrong OTP tries after a resend: 10 a day per guest and contact, then no code is tried or sent for that guest", async () => {
    const contact = newContact();
    const phone = `+91${contact.customerPhoneNumber}`;
    expect((await sendOtp(guest.token, contact, phone)).status).to.equal(200);
    let otp = await otpFromOutbox(stays.dataDir, phone);
    for (let i = 0; i < 5; i++) expect((await verifyOtp(guest.token, contact, phone, wrongCodeFor(otp))).status).to.equal(400);
    expect((await verifyOtp(guest.token, contact, phone, otp)).body.message).to.equal(messages.server.otpExhausted);

    clock += (limits.otpResendSeconds + 1) * 1000; // a resend after 29 s
    expect((await sendOtp(guest.token, contact, phone)).status).to.equal(200);
    otp = await otpFromOutbox(stays.dataDir, phone);
    for (let i = 0; i < 5; i++) expect((await verifyOtp(guest.token, contact, phone, wrongCodeFor(otp))).status).to.equal(400);
    clock += (limits.otpResendSeconds + 1) * 1000;
    const resend = await sendOtp(guest.token, contact, phone);
    expect([resend.status, resend.body.message]).to.deep.equal([429, messages.server.otpTooManyTriesToday]);
    expect(Number(resend.headers.get('retry-after'))).to.be.greaterThan(23 * 3600);
    const right = await verifyOtp(guest.token, contact, phone, otp);
    expect([right.status, right.body.message], 'even the right code').to.deep.equal([429, messages.server.otpTooManyTriesToday]);
    // another guest's tries are their own: this guest's wrong ones never refuse them
    const other = await signedInCustomer(api, 'Other Guest');
    expect((await sendOtp(other.token, contact, phone)).status).to.equal(200);

    clock += 24 * 3600 * 1000 + 60_000; // a day after the first wrong try
    expect((await sendOtp(guest.token, contact, phone)).status).to.equal(200);
    otp = await otpFromOutbox(stays.dataDir, phone);
    expect((await verifyOtp(guest.token, contact, phone, otp)).status).to.equal(200);
  });

  it('sends codes to at most 10 distinct contacts per guest a day; the 11th is refused', async () => {
    const contacts = Array.from({ length: limits.otpContactsPerGuestPerDay + 1 }, () => newContact());
    for (const contact of contacts.slice(0, -1)) expect((await sendOtp(guest.token, contact, `+91${contact.customerPhoneNumber}`)).status).to.equal(200);
    const eleventh = contacts.at(-1)!;
    const refused = await sendOtp(guest.token, eleventh, `+91${eleventh.customerPhoneNumber}`);
    expect([refused.status, refused.body.message]).to.deep.equal([429, messages.server.otpTooManyContacts(limits.otpContactsPerGuestPerDay)]);
    const sms = (await readOutbox(path.join(stays.dataDir, 'outbox'))).filter((m) => m.kind === 'sms' && m.to === `+91${eleventh.customerPhoneNumber}`);
    expect(sms, 'nothing was sent to the 11th').to.have.length(0);
    // a contact already used today can still get a new code
    clock += (limits.otpResendSeconds + 1) * 1000;
    expect((await sendOtp(guest.token, contacts[0]!, `+91${contacts[0]!.customerPhoneNumber}`)).status).to.equal(200);
    clock += 24 * 3600 * 1000;
    expect((await sendOtp(guest.token, eleventh, `+91${eleventh.customerPhoneNumber}`)).status, 'a day later').to.equal(200);
  });

  it("refuses a name that carries a link, and quotes the guest's name in messages as plain text", async () => {
    const contact = newContact();
    for (const name of ['Asha https://evil.example/claim', 'Claim your prize at evil.example', 'Asha\u202Egnp.exe']) {
      const refused = await sendOtp(guest.token, contact, `+91${contact.customerPhoneNumber}`, name);
      expect([refused.status, refused.body.field], name).to.deep.equal([400, 'customerName']);
    }
    expect((await sendOtp(guest.token, contact, `+91${contact.customerPhoneNumber}`, "Asha D'Souza-Rao")).status).to.equal(200);
    const sms = (await readOutbox(path.join(stays.dataDir, 'outbox'))).filter((m) => m.kind === 'sms' && m.to === `+91${contact.customerPhoneNumber}`);
    expect(sms).to.have.length(1);
    expect(sms[0]!.text).to.match(/^Dear Asha D'Souza-Rao, your Stays verification code is \d{6}\./);
    expect((await book(guest.token, bookingForm(contact, { customerName: 'Visit www.evil.example' }))).body.field).to.equal('customerName');
  });

  it('holds at most 10 upcoming bookings per guest; a cancelled one or one that never came to be frees its place', async () => {
    const contact = newContact();
    await verifyContact(api, stays.dataDir, guest.token, contact);
    const placed: string[] = [];
    for (let day = 100; day < 100 + limits.upcomingBookingsPerGuest; day++) {
      const response = await book(guest.token, bookingForm(contact, { dateOfCommencement: daysAhead(day) }));
      expect(response.status, JSON.stringify(response.body)).to.equal(201);
      placed.push(response.body.data.bookingID);
    }
    const eleventh = () => book(guest.token, bookingForm(contact, { dateOfCommencement: daysAhead(200) }));
    const refused = await eleventh();
    expect([refused.status, refused.body.message]).to.deep.equal([409, messages.server.tooManyUpcomingBookings(limits.upcomingBookingsPerGuest)]);
    expect(
      (await bookingsOf(guest)).filter((b) => b.dateOfCommencement === daysAhead(200)),
      'and no booking was recorded',
    ).to.deep.equal([]);

    expect((await api.post(`/hotel/booking/cancel/${placed[0]}`, {}, { token: guest.token })).status).to.equal(200);
    expect((await eleventh()).status).to.equal(201);

    // what a process that died after taking the guest's place and before recording the booking leaves behind
    await stays.system.eventStore.append(`guest-${guest.id}`, [
      { type: 'GuestBookingHeld', data: { customerId: guest.id, bookingID: 'BK-CRASHED2', lastNight: daysAhead(250) } },
    ]);
    expect((await api.post(`/hotel/booking/cancel/${placed[1]}`, {}, { token: guest.token })).status).to.equal(200);
    expect((await book(guest.token, bookingForm(contact, { dateOfCommencement: daysAhead(201) }))).status, 'the orphan holds the freed place').to.equal(409);
    clock += 3 * 60_000;
    await stays.system.reconciler.sweep();
    expect((await book(guest.token, bookingForm(contact, { dateOfCommencement: daysAhead(201) }))).status).to.equal(201);
  });

  it('refuses to cancel a booking the owner marked paid', async () => {
    const contact = newContact();
    await verifyContact(api, stays.dataDir, guest.token, contact);
    const bookingID = (await book(guest.token, bookingForm(contact, { dateOfCommencement: daysAhead(40) }))).body.data.bookingID;
    expect((await api.post(`/hotel/owner/booking/paid/${bookingID}`, {}, { token: owner.token })).status).to.equal(200);
    const refused = await api.post(`/hotel/booking/cancel/${bookingID}`, {}, { token: guest.token });
    expect([refused.status, refused.body.message]).to.deep.equal([409, messages.server.paidBookingNotCancellable]);
    const [read] = (await bookingsOf(guest)).filter((b) => b.bookingID === bookingID);
    expect(read).to.include({ status: 'confirmed', isPaymentDone: true });
  });

  it("delists an owner's hotel when the owner deletes their account; the guest still reads their booking", async () => {
    const leaving = await signedInOwner(api, 'Leaving Owner');
    const name = `Hotel Departing Owner ${Date.now().toString(36)}`;
    const hotel = (
      await api.multipart('POST', '/hotel/data/create/hotel', hotelForm({ hotelName: name }), { imageURLs: await pngImages(5) }, { token: leaving.token })
    ).body.data._id;
    await api.multipart('POST', '/hotel/room/create/room', roomForm(hotel), { imageURLs: await pngImages(1) }, { token: leaving.token });
    const contact = newContact();
    await verifyContact(api, stays.dataDir, guest.token, contact);
    const bookingID = (await book(guest.token, bookingForm(contact, { hotelID: hotel, dateOfCommencement: daysAhead(15) }))).body.data.bookingID;
    const search = async () => (await api.get(`/hotel/data/get/search?searchTerm=${encodeURIComponent(name)}`)).body.data as { _id: string }[];
    expect((await search()).map((h) => h._id)).to.deep.equal([hotel]);

    expect((await api.delete('/hotel/owner/delete', { token: leaving.token })).status).to.equal(200);
    expect(await search()).to.deep.equal([]);
    expect(((await api.get('/hotel/data/get/all/hotels')).body.data as { _id: string }[]).map((h) => h._id)).not.to.include(hotel);
    expect((await api.get(`/hotel/data/get/specific/${hotel}`)).status).to.equal(404);
    expect((await api.get(`/hotel/room/get/search/rooms?searchTerm=${encodeURIComponent(name)}&roomType=Room`)).body.data).to.deep.equal([]);
    const refused = await book(guest.token, bookingForm(contact, { hotelID: hotel, dateOfCommencement: daysAhead(16) }));
    expect([refused.status, refused.body.message]).to.deep.equal([409, messages.server.hotelDelisted]);
    const [read] = (await bookingsOf(guest)).filter((b) => b.bookingID === bookingID);
    expect(read).to.include({ hotelID: hotel, hotelName: name, status: 'confirmed' });
    const events = (await stays.system.eventStore.readStream(`hotel-${hotel}`)).map((event) => event.type);
    expect(events.at(-1)).to.equal('HotelDelisted');
  });

  it('refuses control characters in text fields, naming the field; a description keeps its line breaks', async () => {
    const fresh = await signedInOwner(api, 'Control Owner');
    const hostile = { NUL: '\u0000', 'right-to-left override': '\u202E', 'carriage return and line feed': '\r\n', 'C1 control': '\u0085' };
    for (const [label, character] of Object.entries(hostile)) {
      const hotelName = await api.multipart(
        'POST',
        '/hotel/data/create/hotel',
        hotelForm({ hotelName: `Hotel Sahyadri${character}Residency` }),
        { imageURLs: await pngImages(5) },
        { token: fresh.token },
      );
      expect([hotelName.status, hotelName.body.field], label).to.deep.equal([400, 'hotelName']);
      const placeName = await api.multipart(
        'POST',
        '/hotel/data/create/hotel',
        hotelForm({ restaurants: JSON.stringify([{ name: `Vaishali${character}Cafe`, distance: '1' }]) }),
        { imageURLs: await pngImages(5) },
        { token: fresh.token },
      );
      expect([placeName.status, placeName.body.field], label).to.deep.equal([400, 'restaurants.0.name']);
      const accountName = await api.post('/hotel/owner/register', { name: `Ravi${character}Kumar`, email: uniqueEmail('owner'), password: strongPassword });
      expect([accountName.status, accountName.body.field], label).to.deep.equal([400, 'name']);
    }
    const description = 'A calm family hotel near the old city.\r\nRooftop restaurant, and easy access to the station.';
    const created = await api.multipart(
      'POST',
      '/hotel/data/create/hotel',
      hotelForm({ description }),
      { imageURLs: await pngImages(5) },
      { token: fresh.token },
    );
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const read = await api.get(`/hotel/data/get/specific/${created.body.data._id}`);
    expect(read.body.data.description).to.equal(description.replace('\r\n', '\n'));
  });

  it('writes every inventory night key as YYYY-MM-DD', async () => {
    const events = (await stays.system.eventStore.readAll()).filter((event) => event.type === 'UnitsReserved' || event.type === 'UnitsReleased');
    expect(events.length).to.be.greaterThan(10);
    for (const event of events) {
      for (const night of event.data.nights as string[]) expect(night).to.match(/^\d{4}-\d{2}-\d{2}$/);
    }
  });
});
