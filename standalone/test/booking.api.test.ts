import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { messages, quoteStay } from '@stays/contracts';
import type { Mailer, SmsSender } from '@stays/service-kit';
import { readOutbox } from '@stays/service-kit/testing';
import { ApiClient } from './support/http-client.ts';
import { hotelForm, pngImages, roomForm } from './support/fixtures.ts';
import { signedInCustomer, signedInOwner, type SignedIn } from './support/accounts.ts';
import { daysFromToday, international, newContact, otpFromOutbox, verifyContact, type Contact } from './support/booking.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

/** The text of a PDF, through poppler's pdftotext. */
async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stays-pdf-'));
  try {
    await writeFile(path.join(dir, 'invoice.pdf'), pdf);
    return execFileSync('pdftotext', [path.join(dir, 'invoice.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('booking over HTTP', function () {
  this.timeout(60_000);
  let clock = Date.now();
  let failBookingEmails = 0;
  /** Which channels refuse verification codes (as a mail server or SMS gateway that is down would). */
  const refuseCodes = { email: false, sms: false };
  let stays: TestSystem;
  let api: ApiClient;
  let owner: SignedIn;
  let guest: SignedIn;
  let hotelId: string;
  let flatId: string;

  before(async () => {
    stays = await startTestSystem({
      overrides: {
        now: () => new Date(clock),
        // lets a test make the booking email fail a few times
        mailer: await (async () => {
          const { createOutboxMailer } = await import('@stays/service-kit');
          let outbox: Mailer | undefined;
          return {
            send: async (message) => {
              if (message.subject.startsWith('Booking confirmed') && failBookingEmails > 0) {
                failBookingEmails--;
                throw new Error('SMTP server unavailable (test)');
              }
              if (message.subject.startsWith('Your Stays verification code') && refuseCodes.email) throw new Error('SMTP server unavailable (test)');
              outbox ??= createOutboxMailer({ dir: path.join(stays.dataDir, 'outbox'), from: 'Stays <test@stays.local>' });
              return outbox.send(message);
            },
          } satisfies Mailer;
        })(),
        sms: await (async () => {
          const { createOutboxSms } = await import('@stays/service-kit');
          let outbox: SmsSender | undefined;
          return {
            send: async (message) => {
              if (refuseCodes.sms) throw new Error('SMS gateway unavailable (test)');
              outbox ??= createOutboxSms({ dir: path.join(stays.dataDir, 'outbox') });
              return outbox.send(message);
            },
          } satisfies SmsSender;
        })(),
      },
    });
    api = new ApiClient(stays.baseUrl);
    owner = await signedInOwner(api);
    const created = await api.multipart('POST', '/hotel/data/create/hotel', hotelForm(), { imageURLs: await pngImages(5) }, { token: owner.token });
    hotelId = created.body.data._id;
    const room = await api.multipart(
      'POST',
      '/hotel/room/create/room',
      roomForm(hotelId, { totalUnits: '3' }),
      { imageURLs: await pngImages(1) },
      { token: owner.token },
    );
    expect(room.status).to.equal(201);
    const flat = await api.multipart(
      'POST',
      '/hotel/room/create/room',
      roomForm(hotelId, { roomType: 'Flat', roomStandard: 'Family', pricePerNight: '7000', numberOfRooms: '2', hasKitchen: 'true' }),
      { imageURLs: await pngImages(1) },
      { token: owner.token },
    );
    flatId = flat.body.data._id;
  });
  after(async () => stays.destroy());
  // a guest of their own for each test: a guest may hold only so many bookings and contacts
  beforeEach(async () => {
    clock = Date.now();
    guest = await signedInCustomer(api);
  });

  const bookingForm = (contact: Contact, overrides: Record<string, unknown> = {}) => ({
    hotelID: hotelId,
    hotelName: 'whatever the client says',
    hotelAddress: 'x',
    hotelCity: 'y',
    hotelState: 'z',
    hotelCountry: 'India',
    hotelPincode: '411004',
    hotelPhoneNumber: '9822012345',
    customerID: guest.id,
    ...contact,
    roomStandard: 'Deluxe',
    roomType: 'Room',
    numberOfRooms: 2,
    numberOfGuests: 2,
    numberOfNights: '3',
    dateOfBooking: daysFromToday(0),
    dateOfCommencement: daysFromToday(10),
    totalAmount: 1,
    ...overrides,
  });
  const book = (token: string, form: Record<string, unknown>) => api.post('/hotel/booking/book/hotel', form, { token });
  const bookingsOf = async (who: SignedIn) => (await api.get(`/user/get/all/bookings/${who.id}`, { token: who.token })).body.data as Record<string, any>[];

  it('books after OTP verification, prices on the server, and issues the invoice PDF and email', async () => {
    const contact = newContact();
    await verifyContact(api, stays.dataDir, guest.token, contact);
    const otpEmail = (await readOutbox(path.join(stays.dataDir, 'outbox'))).find((m) => m.kind === 'email' && m.to === contact.customerEmail);
    expect(otpEmail?.text).to.match(/\b\d{6}\b/);

    const placed = await book(guest.token, bookingForm(contact));
    expect(placed.status, JSON.stringify(placed.body)).to.equal(201);
    const bookingID = placed.body.data.bookingID as string;
    expect(bookingID).to.match(/^BK-[0-9A-HJKMNP-TV-Z]{8}$/);

    const expected = quoteStay({ roomType: 'Room', pricePerNight: 4500, numberOfGuests: 2, numberOfRooms: 2, numberOfNights: 3 });
    const [booking] = (await bookingsOf(guest)).filter((b) => b.bookingID === bookingID);
    expect(booking).to.include({
      _id: bookingID,
      bookingID,
      hotelID: hotelId,
      hotelName: 'Hotel Sahyadri Residency',
      hotelAddress: '14 Jangli Maharaj Road, Deccan',
      hotelCity: 'Pune',
      customerName: contact.customerName,
      customerPhoneNumber: contact.customerPhoneNumber,
      numberOfNights: 3,
      numberOfGuests: 2,
      numberOfRooms: 2,
      roomType: 'Room',
      roomStandard: 'Deluxe',
      totalAmount: expected.totalAmount,
      discountAmount: expected.discountAmount,
      isPaymentDone: false,
      status: 'confirmed',
      dateOfCommencement: daysFromToday(10),
      dateOfBooking: daysFromToday(0),
    });
    expect(expected.totalAmount).to.equal(54_000);

    await stays.system.reactor.whenIdle();
    const [issued] = (await bookingsOf(guest)).filter((b) => b.bookingID === bookingID);
    expect(issued!.invoicePDF).to.satisfy((url: string) => url.startsWith(`${stays.baseUrl}/sharma/resident/stays/media/Invoice_${bookingID}.pdf`));
    const pdfResponse = await fetch(issued!.invoicePDF);
    expect(pdfResponse.headers.get('content-type')).to.equal('application/pdf');
    const pdf = Buffer.from(await pdfResponse.arrayBuffer());
    const text = await pdfText(pdf);
    expect(text).to.contain(bookingID).and.contain('Hotel Sahyadri Residency').and.contain('₹54,000').and.contain('₹43,200').and.contain('Deluxe');
    expect(text, 'the check-out, three nights after check-in').to.match(new RegExp(`Check-out\\s+${daysFromToday(13)}`));

    const mail = (await readOutbox(path.join(stays.dataDir, 'outbox'))).find(
      (m) => m.kind === 'email' && m.subject?.startsWith(`Booking confirmed: ${bookingID}`),
    );
    expect(mail?.to).to.equal(contact.customerEmail.toLowerCase());
    expect(mail!.attachments.map((a) => a.filename)).to.deep.equal([`Invoice_${bookingID}.pdf`]);
    expect(await pdfText(mail!.attachments[0]!.content)).to.contain(bookingID);
    expect(mail!.text)
      .to.contain('Nights: 3')
      .and.match(/Check-in: \w+ \d+ \w+ \d{4}, from 12:00\nCheck-out: \w+ \d+ \w+ \d{4}, by 11:00/);
  });

  it('refuses a booking without a verified contact, or with the contact another guest verified', async () => {
    const contact = newContact();
    const unverified = await book(guest.token, bookingForm(contact));
    expect(unverified.status).to.equal(403);
    expect(unverified.body.message).to.equal(messages.server.contactNotVerified);
    await verifyContact(api, stays.dataDir, guest.token, contact);
    const other = await signedInCustomer(api, 'Other Guest');
    expect((await book(other.token, bookingForm(contact))).status).to.equal(403);
  });

  it('limits OTP resends to one per 29 s and expires codes after 10 minutes', async () => {
    const contact = newContact();
    const send = () => api.post('/hotel/booking/send/email/mobile', { ...contact, customerPhoneNumber: international(contact) }, { token: guest.token });
    expect((await send()).status).to.equal(200);
    const tooSoon = await send();
    expect(tooSoon.status).to.equal(429);
    expect(Number(tooSoon.headers.get('retry-after'))).to.be.within(1, 29);
    clock += 30_000;
    expect((await send()).status).to.equal(200);
    const otp = await otpFromOutbox(stays.dataDir, international(contact));
    clock += 11 * 60_000;
    const late = await api.post(
      '/hotel/booking/verify/email/mobile',
      { otp, customerEmail: contact.customerEmail, customerPhoneNumber: international(contact) },
      { token: guest.token },
    );
    expect(late.status).to.equal(400);
    expect(late.body.message).to.equal(messages.server.otpInvalid);
  });

  it('withdraws a code that neither the email nor the SMS carried, so the guest may ask again at once; one of them is enough', async () => {
    const contact = newContact();
    const send = () => api.post('/hotel/booking/send/email/mobile', { ...contact, customerPhoneNumber: international(contact) }, { token: guest.token });
    const outboxBefore = (await readOutbox(path.join(stays.dataDir, 'outbox'))).length;
    Object.assign(refuseCodes, { email: true, sms: true });
    try {
      const refused = await send();
      expect([refused.status, refused.body.success, refused.body.message]).to.deep.equal([503, false, messages.server.otpNotSent]);
      expect(refused.headers.get('retry-after')).to.equal('15');
      expect((await readOutbox(path.join(stays.dataDir, 'outbox'))).length, 'nothing went out').to.equal(outboxBefore);
      // no wait of 29 s after a code that reached no one: the guest asks again and it goes
      Object.assign(refuseCodes, { email: false, sms: false });
      expect((await send()).status).to.equal(200);
      const otp = await otpFromOutbox(stays.dataDir, international(contact));
      // the SMS alone carries the next code (the email is refused): the guest is told it was sent, and it verifies
      clock += 30_000;
      refuseCodes.email = true;
      expect((await send()).status).to.equal(200);
      const next = await otpFromOutbox(stays.dataDir, international(contact));
      const verify = (code: string) =>
        api.post(
          '/hotel/booking/verify/email/mobile',
          { otp: code, customerEmail: contact.customerEmail, customerPhoneNumber: international(contact) },
          { token: guest.token },
        );
      if (next !== otp) expect((await verify(otp)).status, 'the code before it is replaced').to.equal(400);
      expect((await verify(next)).status).to.equal(200);
    } finally {
      Object.assign(refuseCodes, { email: false, sms: false });
    }
  });

  it('kills a code after five wrong tries', async () => {
    const contact = newContact();
    await api.post('/hotel/booking/send/email/mobile', { ...contact, customerPhoneNumber: international(contact) }, { token: guest.token });
    const otp = await otpFromOutbox(stays.dataDir, international(contact));
    const wrong = String((Number(otp) + 1) % 1_000_000).padStart(6, '0');
    const verify = (code: string) =>
      api.post(
        '/hotel/booking/verify/email/mobile',
        { otp: code, customerEmail: contact.customerEmail, customerPhoneNumber: international(contact) },
        { token: guest.token },
      );
    for (let i = 0; i < 5; i++) expect((await verify(wrong)).status).to.equal(400);
    const dead = await verify(otp);
    expect(dead.status).to.equal(429);
    expect(dead.body.message).to.equal(messages.server.otpExhausted);
    expect((await book(guest.token, bookingForm(contact))).status).to.equal(403);
  });

  it('keeps no code, email or phone in the contact events', async () => {
    const contact = newContact();
    await verifyContact(api, stays.dataDir, guest.token, contact);
    const otp = await otpFromOutbox(stays.dataDir, international(contact));
    const events = (await stays.system.eventStore.readAll()).filter((event) => event.streamId.startsWith('contact-'));
    expect(events.length).to.be.greaterThan(0);
    const text = JSON.stringify(events);
    expect(text).not.to.contain(otp);
    expect(text).not.to.contain(contact.customerPhoneNumber);
    expect(text).not.to.contain(contact.customerEmail);
  });

  it('checks dates, counts, listings and roles', async () => {
    const contact = newContact();
    await verifyContact(api, stays.dataDir, guest.token, contact);
    const cases: [Record<string, unknown>, number, string?][] = [
      [{ dateOfCommencement: daysFromToday(0) }, 400, 'dateOfCommencement'],
      [{ dateOfCommencement: '2026-02-30' }, 400, 'dateOfCommencement'],
      [{ numberOfNights: 0 }, 400, 'numberOfNights'],
      [{ numberOfGuests: -1 }, 400, 'numberOfGuests'],
      [{ numberOfRooms: 0 }, 400, 'numberOfRooms'],
      [{ roomType: 'Flat', roomStandard: 'Family', numberOfRooms: 2 }, 400, 'numberOfRooms'],
      [{ roomStandard: 'Presidential' }, 404],
      [{ hotelID: 'no-such-hotel' }, 404],
      [{ customerPhoneNumber: '+91 98220' }, 400, 'customerPhoneNumber'],
      [{ customerPhoneNumber: '+999 9822012345' }, 400, 'customerPhoneNumber'],
    ];
    for (const [override, status, field] of cases) {
      const response = await book(guest.token, bookingForm(contact, override));
      expect(response.status, JSON.stringify(override)).to.equal(status);
      if (field) expect(response.body.field, JSON.stringify(override)).to.equal(field);
    }
    expect((await book(owner.token, bookingForm(contact))).status).to.equal(403);
    expect((await api.post('/hotel/booking/book/hotel', bookingForm(contact))).status).to.equal(401);
  });

  it('lets exactly one of many concurrent bookings take the last unit of a night, naming the night', async () => {
    const contact = newContact();
    await verifyContact(api, stays.dataDir, guest.token, contact);
    const night = daysFromToday(40);
    const attempts = await Promise.all(
      Array.from({ length: 20 }, () =>
        book(guest.token, bookingForm(contact, { roomType: 'Flat', roomStandard: 'Family', numberOfRooms: 1, numberOfNights: 2, dateOfCommencement: night })),
      ),
    );
    const won = attempts.filter((attempt) => attempt.status === 201);
    expect(won, JSON.stringify(attempts.map((a) => a.body))).to.have.length(1);
    for (const lost of attempts.filter((attempt) => attempt.status !== 201)) {
      expect(lost.status).to.equal(409);
      expect(lost.body.message).to.equal(messages.server.soldOut(night));
    }
    const flats = (await bookingsOf(guest)).filter((b) => b.roomID === flatId && b.dateOfCommencement === night);
    expect(flats).to.have.length(1);
    // the night after the stay is still free
    expect(
      (
        await book(
          guest.token,
          bookingForm(contact, { roomType: 'Flat', roomStandard: 'Family', numberOfRooms: 1, numberOfNights: 1, dateOfCommencement: daysFromToday(42) }),
        )
      ).status,
    ).to.equal(201);
  });

  it('sends every one of many bookings placed at once exactly one email with its invoice', async () => {
    const contact = newContact();
    await verifyContact(api, stays.dataDir, guest.token, contact);
    const placed = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        book(guest.token, bookingForm(contact, { numberOfRooms: 1, numberOfNights: 1, dateOfCommencement: daysFromToday(60 + i) })),
      ),
    );
    for (const response of placed) expect(response.status, JSON.stringify(response.body)).to.equal(201);
    await stays.system.reactor.whenIdle();
    const mails = await readOutbox(path.join(stays.dataDir, 'outbox'));
    const reads = await bookingsOf(guest);
    for (const { body } of placed) {
      const bookingID = body.data.bookingID as string;
      const sent = mails.filter((mail) => mail.kind === 'email' && mail.subject?.startsWith(`Booking confirmed: ${bookingID}`));
      expect(sent, bookingID).to.have.length(1);
      expect(sent[0]!.attachments.map((attachment) => attachment.filename)).to.deep.equal([`Invoice_${bookingID}.pdf`]);
      const pdf = sent[0]!.attachments[0]!.content;
      expect(pdf.subarray(0, 5).toString('latin1'), bookingID).to.equal('%PDF-');
      expect(pdf.toString('latin1'), bookingID).to.contain(`Invoice_${bookingID}.pdf`);
      expect(reads.find((booking) => booking.bookingID === bookingID)?.invoicePDF, bookingID).to.match(new RegExp(`/Invoice_${bookingID}\\.pdf\\?`));
    }
  });

  it('never sells more units of a night than the listing has', async () => {
    const contact = newContact();
    await verifyContact(api, stays.dataDir, guest.token, contact);
    const night = daysFromToday(50);
    expect((await book(guest.token, bookingForm(contact, { numberOfRooms: 2, numberOfNights: 1, dateOfCommencement: night }))).status).to.equal(201);
    const tooMany = await book(guest.token, bookingForm(contact, { numberOfRooms: 2, numberOfNights: 1, dateOfCommencement: night }));
    expect(tooMany.status).to.equal(409);
    expect((await book(guest.token, bookingForm(contact, { numberOfRooms: 1, numberOfNights: 1, dateOfCommencement: night }))).status).to.equal(201);
    expect((await book(guest.token, bookingForm(contact, { numberOfRooms: 1, numberOfNights: 1, dateOfCommencement: night }))).status).to.equal(409);
  });

  it('lets a guest cancel an upcoming booking, giving its units back; lets the owner record payment', async () => {
    const contact = newContact();
    await verifyContact(api, stays.dataDir, guest.token, contact);
    const night = daysFromToday(60);
    const flatBooking = () =>
      book(guest.token, bookingForm(contact, { roomType: 'Flat', roomStandard: 'Family', numberOfRooms: 1, numberOfNights: 1, dateOfCommencement: night }));
    const first = await flatBooking();
    expect(first.status).to.equal(201);
    expect((await flatBooking()).status).to.equal(409);
    const bookingID = first.body.data.bookingID;

    const other = await signedInCustomer(api, 'Nosy Guest');
    expect((await api.post(`/hotel/booking/cancel/${bookingID}`, {}, { token: other.token })).status).to.equal(403);
    expect((await api.post(`/hotel/booking/cancel/${bookingID}`, {}, { token: guest.token })).status).to.equal(200);
    expect((await bookingsOf(guest)).find((b) => b.bookingID === bookingID)!.status).to.equal('cancelled');
    const again = await flatBooking();
    expect(again.status).to.equal(201);

    const otherOwner = await signedInOwner(api, 'Other Owner');
    const paidID = again.body.data.bookingID;
    expect((await api.post(`/hotel/owner/booking/paid/${paidID}`, {}, { token: otherOwner.token })).status).to.equal(403);
    expect((await api.post(`/hotel/owner/booking/paid/${paidID}`, {}, { token: owner.token })).status).to.equal(200);
    expect((await bookingsOf(guest)).find((b) => b.bookingID === paidID)!.isPaymentDone).to.equal(true);
    expect((await api.post(`/hotel/owner/booking/paid/${bookingID}`, {}, { token: owner.token })).status).to.equal(409);
  });

  it("shows bookings only to their guest and their hotel's owner", async () => {
    const contact = newContact();
    await verifyContact(api, stays.dataDir, guest.token, contact);
    for (const day of [90, 91])
      expect((await book(guest.token, bookingForm(contact, { numberOfRooms: 1, numberOfNights: 1, dateOfCommencement: daysFromToday(day) }))).status).to.equal(
        201,
      );
    const ownerList = await api.get(`/hotel/owner/get/all/hotel/owner/bookings/${hotelId}`, { token: owner.token });
    expect(ownerList.status).to.equal(200);
    expect(ownerList.body.data.length).to.be.greaterThan(0);
    expect(ownerList.body.data.every((b: { hotelID: string }) => b.hotelID === hotelId)).to.equal(true);
    const otherOwner = await signedInOwner(api, 'Other Owner');
    expect((await api.get(`/hotel/owner/get/all/hotel/owner/bookings/${hotelId}`, { token: otherOwner.token })).status).to.equal(403);
    expect((await api.get(`/hotel/owner/get/all/hotel/owner/bookings/${hotelId}`, { token: guest.token })).status).to.equal(403);
    const other = await signedInCustomer(api, 'Nosy Guest');
    expect((await api.get(`/user/get/all/bookings/${guest.id}`, { token: other.token })).status).to.equal(403);
    expect(await bookingsOf(other)).to.deep.equal([]);
    const dates = (await bookingsOf(guest)).map((b) => b.created_at);
    expect(dates).to.deep.equal([...dates].sort().reverse());
  });

  it('gives back units reserved by a process that died before recording the booking, and only those', async () => {
    const contact = newContact();
    await verifyContact(api, stays.dataDir, guest.token, contact);
    const night = daysFromToday(80);
    const flatOn = (date: string) =>
      bookingForm(contact, { roomType: 'Flat', roomStandard: 'Family', numberOfRooms: 1, numberOfNights: 1, dateOfCommencement: date });
    // a booking that really happened, the night before
    const kept = await book(guest.token, flatOn(daysFromToday(79)));
    expect(kept.status).to.equal(201);
    // what a crash between the two appends leaves behind: units taken, no booking
    await stays.system.eventStore.append(`inventory-${flatId}`, [
      { type: 'UnitsReserved', data: { bookingID: 'BK-CRASHED1', roomId: flatId, nights: [night], units: 1 } },
    ]);
    expect((await book(guest.token, flatOn(night))).status).to.equal(409);

    await stays.system.reconciler.sweep();
    expect((await book(guest.token, flatOn(night))).status, 'too early to call it orphaned').to.equal(409);

    clock += 3 * 60_000;
    await stays.system.reconciler.sweep();
    expect((await book(guest.token, flatOn(night))).status).to.equal(201);
    expect((await book(guest.token, flatOn(daysFromToday(79)))).status, 'the real booking keeps its unit').to.equal(409);
  });

  it('retries a failing booking email without failing the booking', async () => {
    const contact = newContact();
    await verifyContact(api, stays.dataDir, guest.token, contact);
    failBookingEmails = 1;
    const placed = await book(guest.token, bookingForm(contact, { numberOfRooms: 1, dateOfCommencement: daysFromToday(70) }));
    expect(placed.status).to.equal(201);
    await stays.system.reactor.whenIdle();
    expect(failBookingEmails).to.equal(0);
    const mail = (await readOutbox(path.join(stays.dataDir, 'outbox'))).filter((m) =>
      m.subject?.startsWith(`Booking confirmed: ${placed.body.data.bookingID}`),
    );
    expect(mail).to.have.length(1);
  });
});

describe('bookings survive a restart', function () {
  this.timeout(60_000);

  it('keeps every booking, its invoice and its inventory after a restart on the same data directory', async () => {
    const first = await startTestSystem();
    const api = new ApiClient(first.baseUrl);
    const owner = await signedInOwner(api);
    const guest = await signedInCustomer(api);
    const hotelId = (await api.multipart('POST', '/hotel/data/create/hotel', hotelForm(), { imageURLs: await pngImages(5) }, { token: owner.token })).body.data
      ._id;
    await api.multipart('POST', '/hotel/room/create/room', roomForm(hotelId), { imageURLs: await pngImages(1) }, { token: owner.token });
    const contact = newContact();
    await verifyContact(api, first.dataDir, guest.token, contact);
    const form = {
      hotelID: hotelId,
      ...contact,
      roomType: 'Room',
      roomStandard: 'Deluxe',
      numberOfRooms: 1,
      numberOfGuests: 1,
      numberOfNights: 1,
      dateOfCommencement: daysFromToday(5),
    };
    const placed = await api.post('/hotel/booking/book/hotel', form, { token: guest.token });
    expect(placed.status).to.equal(201);
    await first.system.reactor.whenIdle();
    const before = (await api.get(`/user/get/all/bookings/${guest.id}`, { token: guest.token })).body.data;
    await first.stop();

    const second = await startTestSystem({ dataDir: first.dataDir });
    try {
      const again = new ApiClient(second.baseUrl);
      await second.system.reactor.whenIdle();
      const after = (await again.get(`/user/get/all/bookings/${guest.id}`, { token: guest.token })).body.data;
      // links are answered on the public address, which moved with the port
      const withoutLinks = (bookings: Record<string, unknown>[]) => bookings.map(({ invoicePDF: _link, ...booking }) => booking);
      expect(withoutLinks(after)).to.deep.equal(withoutLinks(before));
      expect(after[0].invoicePDF)
        .to.be.a('string')
        .and.satisfy((url: string) => url.startsWith(second.baseUrl));
      expect((await fetch(after[0].invoicePDF)).status).to.equal(200);
      // the one unit of that night is still taken
      const sold = await again.post('/hotel/booking/book/hotel', form, { token: guest.token });
      expect(sold.status).to.equal(409);
      // and nothing was emailed twice by the restarted reactor
      const mails = (await readOutbox(path.join(second.dataDir, 'outbox'))).filter((m) =>
        m.subject?.startsWith(`Booking confirmed: ${placed.body.data.bookingID}`),
      );
      expect(mails).to.have.length(1);
    } finally {
      await second.destroy();
    }
  });
});
