/**
 * The emails about a booking, end to end: placing a booking sends the guest their
 * confirmation and the owner a new-booking notice; cancelling sends each a cancellation.
 * Each is in the outbox exactly once, after restarts too, and recorded in the booking's
 * stream; an owner whose account was deleted gets nothing. Read back with mailparser.
 */
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { streams } from '@stays/contracts';
import { readOutbox, type OutboxEntry } from '@stays/service-kit/testing';
import { ApiClient } from './support/http-client.ts';
import { hotelForm, pngImages, roomForm } from './support/fixtures.ts';
import { signedInCustomer, signedInOwner, type SignedIn } from './support/accounts.ts';
import { daysFromToday, newContact, verifyContact, type Contact } from './support/booking.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

describe('booking emails over HTTP', function () {
  this.timeout(90_000);
  let stays: TestSystem;
  let api: ApiClient;
  let owner: SignedIn;
  let hotelId: string;

  /** A hotel with one Deluxe Room listing, by a new owner. */
  async function newHotel(): Promise<void> {
    owner = await signedInOwner(api, 'Ravi Kumar');
    hotelId = (await api.multipart('POST', '/hotel/data/create/hotel', hotelForm(), { imageURLs: await pngImages(5) }, { token: owner.token })).body.data._id;
    const room = await api.multipart(
      'POST',
      '/hotel/room/create/room',
      roomForm(hotelId, { totalUnits: '3' }),
      { imageURLs: await pngImages(1) },
      { token: owner.token },
    );
    expect(room.status).to.equal(201);
  }

  async function placeBooking(guest: SignedIn, contact: Contact, firstNight: number): Promise<string> {
    await verifyContact(api, stays.dataDir, guest.token, contact);
    const form = {
      hotelID: hotelId,
      ...contact,
      roomType: 'Room',
      roomStandard: 'Deluxe',
      numberOfRooms: 1,
      numberOfGuests: 2,
      numberOfNights: 2,
      dateOfCommencement: daysFromToday(firstNight),
    };
    const placed = await api.post('/hotel/booking/book/hotel', form, { token: guest.token });
    expect(placed.status, JSON.stringify(placed.body)).to.equal(201);
    return placed.body.data.bookingID as string;
  }

  const emailsAbout = async (bookingID: string): Promise<OutboxEntry[]> =>
    (await readOutbox(path.join(stays.dataDir, 'outbox'))).filter((mail) => mail.kind === 'email' && mail.subject?.includes(bookingID));
  const to = (mails: OutboxEntry[], address: string) => mails.filter((mail) => mail.to === address.toLowerCase());
  const noticesIn = async (bookingID: string) =>
    (await stays.system.eventStore.readStream(streams.booking(bookingID)))
      .filter((event) => event.type === 'BookingNoticeSent')
      .map((event) => event.data['notice']);

  async function restart(): Promise<void> {
    const { dataDir } = stays;
    await stays.stop();
    stays = await startTestSystem({ dataDir });
    api = new ApiClient(stays.baseUrl);
    await stays.system.reactor.whenIdle();
  }

  before(async function () {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => stays.destroy());

  it('confirms to the guest and tells the owner, then both of the cancellation, each once, after restarts too, each recorded', async function () {
    await newHotel();
    const guest = await signedInCustomer(api);
    const contact = newContact('Meera Iyer');
    const bookingID = await placeBooking(guest, contact, 12);
    await stays.system.reactor.whenIdle();

    const placed = await emailsAbout(bookingID);
    const [confirmation, ...moreToGuest] = to(placed, contact.customerEmail);
    const [newBooking, ...moreToOwner] = to(placed, owner.email);
    expect([moreToGuest, moreToOwner, placed.length]).to.deep.equal([[], [], 2]);
    expect(confirmation!.subject).to.equal(`Booking confirmed: ${bookingID} at Hotel Sahyadri Residency`);
    expect(confirmation!.html).to.be.a('string');
    for (const fact of [
      'Check-in: ',
      ', from 12:00',
      ', by 11:00',
      'Phone: 9822012345',
      'Nights: 2',
      'Guests: 2',
      'Free cancellation until the end of',
      `/user/bookings/${guest.id}`,
    ])
      expect(confirmation!.text, fact).to.contain(fact);
    expect(confirmation!.attachments.map((a) => a.filename)).to.deep.equal([`Invoice_${bookingID}.pdf`]);
    expect(newBooking!.subject).to.equal(`New booking ${bookingID} at Hotel Sahyadri Residency`);
    expect(newBooking!.text).to.contain(`Booking ID: ${bookingID}`).and.contain('Guest: Meera Iyer').and.contain(`/hotel-owner-bookings/${hotelId}`);
    const ownersRaw = await readFile(newBooking!.file, 'utf8');
    for (const personal of [contact.customerEmail, contact.customerPhoneNumber])
      expect(ownersRaw, 'the guest’s contact in the owner’s email').to.not.contain(personal);
    expect(await readFile(confirmation!.file, 'utf8'), 'the owner’s email in the guest’s').to.not.contain(owner.email);
    expect(await noticesIn(bookingID)).to.deep.equal(['owner-new-booking']);

    await restart();
    expect(await emailsAbout(bookingID), 'nothing sent again after a restart').to.have.length(2);

    const cancelled = await api.post(`/hotel/booking/cancel/${bookingID}`, {}, { token: guest.token });
    expect(cancelled.status, JSON.stringify(cancelled.body)).to.equal(200);
    await stays.system.reactor.whenIdle();
    const all = await emailsAbout(bookingID);
    const guestCancellation = to(all, contact.customerEmail).filter((mail) => mail.subject!.startsWith('Booking cancelled'));
    const ownerCancellation = to(all, owner.email).filter((mail) => mail.subject!.endsWith('was cancelled'));
    expect([all.length, guestCancellation.length, ownerCancellation.length]).to.deep.equal([4, 1, 1]);
    expect(guestCancellation[0]!.text).to.contain('Cancellation charge: ₹0').and.contain('this cancellation is free');
    expect(ownerCancellation[0]!.text).to.contain(`Booking ID: ${bookingID}`).and.contain('Cancellation charge: ₹0');
    expect(await readFile(ownerCancellation[0]!.file, 'utf8'))
      .to.not.contain(contact.customerEmail)
      .and.not.contain(contact.customerPhoneNumber);
    expect(await noticesIn(bookingID)).to.deep.equal(['owner-new-booking', 'guest-cancellation', 'owner-cancellation']);

    await restart();
    expect(await emailsAbout(bookingID), 'nothing sent again after a second restart').to.have.length(4);
  });

  it('sends an owner whose account was deleted nothing, and still tells the guest of the cancellation', async function () {
    await newHotel();
    const guest = await signedInCustomer(api);
    const contact = newContact('Kiran Das');
    const bookingID = await placeBooking(guest, contact, 20);
    await stays.system.reactor.whenIdle();
    expect((await api.delete('/hotel/owner/delete', { token: owner.token })).status).to.equal(200);
    expect((await api.post(`/hotel/booking/cancel/${bookingID}`, {}, { token: guest.token })).status).to.equal(200);
    await stays.system.reactor.whenIdle();
    const mails = await emailsAbout(bookingID);
    expect(to(mails, owner.email).map((mail) => mail.subject)).to.deep.equal([`New booking ${bookingID} at Hotel Sahyadri Residency`]);
    expect(to(mails, contact.customerEmail).map((mail) => mail.subject)).to.deep.equal([
      `Booking confirmed: ${bookingID} at Hotel Sahyadri Residency`,
      `Booking cancelled: ${bookingID} at Hotel Sahyadri Residency`,
    ]);
    expect(await noticesIn(bookingID)).to.deep.equal(['owner-new-booking', 'guest-cancellation']);
  });
});
