import { expect } from 'chai';
import { indiaToday, messages } from '@stays/contracts';
import { ApiClient, type ApiResponse } from '../../../standalone/test/support/http-client.ts';
import { hotelForm, pngImages, roomForm, strongPassword } from '../../../standalone/test/support/fixtures.ts';
import { signedInCustomer, signedInOwner, type SignedIn } from '../../../standalone/test/support/accounts.ts';
import { daysFromToday, newContact, verifyContact, type Contact } from '../../../standalone/test/support/booking.ts';
import { startTestSystem, type TestSystem } from '../../../standalone/test/support/test-system.ts';

describe('a copy of their data for guests and owners (GET user/export, hotel/owner/export)', function () {
  this.timeout(60_000);
  let stays: TestSystem;
  let api: ApiClient;
  let owner: SignedIn;
  let hotelId: string;
  let guest: SignedIn;
  let other: SignedIn;
  let guestContact: Contact;
  let otherContact: Contact;
  let guestBooking: string;
  let otherBooking: string;

  const bookAs = async (who: SignedIn, contact: Contact, days: number, atHotel = hotelId): Promise<string> => {
    await verifyContact(api, stays.dataDir, who.token, contact);
    const placed = await api.post(
      '/hotel/booking/book/hotel',
      {
        hotelID: atHotel,
        customerID: who.id,
        ...contact,
        roomStandard: 'Deluxe',
        roomType: 'Room',
        numberOfRooms: 1,
        numberOfGuests: 2,
        numberOfNights: 2,
        dateOfBooking: daysFromToday(0),
        dateOfCommencement: daysFromToday(days),
        totalAmount: 1,
      },
      { token: who.token },
    );
    expect(placed.status, JSON.stringify(placed.body)).to.equal(201);
    return placed.body.data.bookingID as string;
  };

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
    owner = await signedInOwner(api, 'Ravi Kumar');
    const created = await api.multipart('POST', '/hotel/data/create/hotel', hotelForm(), { imageURLs: await pngImages(5) }, { token: owner.token });
    hotelId = created.body.data._id;
    const room = await api.multipart('POST', '/hotel/room/create/room', roomForm(hotelId), { imageURLs: await pngImages(1) }, { token: owner.token });
    expect(room.status).to.equal(201);
    guest = await signedInCustomer(api, 'Asha Rao');
    other = await signedInCustomer(api, 'Meera Iyer');
    guestContact = newContact('Asha Rao');
    otherContact = newContact('Meera Iyer');
    guestBooking = await bookAs(guest, guestContact, 10);
    otherBooking = await bookAs(other, otherContact, 12);
    await stays.system.reactor.whenIdle();
  });
  after(async () => stays.destroy());

  const expectDownload = (response: ApiResponse) => {
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    expect(response.headers.get('content-type')).to.match(/^application\/json/);
    expect(response.headers.get('content-disposition')).to.equal(`attachment; filename="stays-my-data-${indiaToday(new Date())}.json"`);
    expect(response.headers.get('cache-control')).to.equal('private, no-store');
  };

  it('gives a guest their profile, bookings, events with personal fields and sign-in sessions', async () => {
    const response = await api.get('/user/export', { token: guest.token });
    expectDownload(response);
    const document = response.body;
    expect(document).to.include({ format: 'stays-personal-data/1', role: 'customer' });
    expect(document.profile).to.include({
      _id: guest.id,
      role: 'customer',
      name: 'Asha Rao',
      email: guest.email,
      username: 'asha',
      registeredWith: 'password',
    });
    expect(document.profile.profileImage).to.match(new RegExp(`^${stays.baseUrl}/sharma/resident/stays/media/`));
    expect(document.sessions).to.have.length(1);
    expect(document.sessions[0]).to.include({ method: 'password', endedAt: null, endedBy: null });

    expect(document.bookings).to.have.length(1);
    expect(document.bookings[0]).to.include({
      bookingID: guestBooking,
      hotelId,
      customerName: 'Asha Rao',
      customerEmail: guestContact.customerEmail.toLowerCase(),
      customerPhoneNumber: guestContact.customerPhoneNumber,
      numberOfNights: 2,
      status: 'confirmed',
      paid: false,
      invoiceIssued: true,
    });
    const types = document.events.map((event: { streamId: string; type: string }) => `${event.streamId.split('-')[0]}:${event.type}`);
    expect(types).to.include.members([
      'customer:AccountRegistered',
      'customer:AccountSignedIn',
      'guest:GuestBookingHeld',
      'booking:BookingPlaced',
      'booking:InvoiceIssued',
    ]);
    const placed = document.events.find((event: { type: string }) => event.type === 'BookingPlaced');
    expect(placed.data).to.include({ customerName: 'Asha Rao', customerPhoneNumber: guestContact.customerPhoneNumber });
    expect(document.events.find((event: { type: string }) => event.type === 'AccountRegistered').data).to.include({ name: 'Asha Rao', email: guest.email });

    const text = JSON.stringify(document);
    expect(text).to.not.contain('passwordHash').and.not.contain('$argon2');
    for (const theirs of [other.id, other.email, otherBooking, otherContact.customerEmail.toLowerCase(), otherContact.customerPhoneNumber, 'Meera']) {
      expect(text, theirs).to.not.contain(theirs);
    }
  });

  it('lists a session that was signed out, with when it ended', async () => {
    const login = await api.post('/user/login', { email: guest.email, password: strongPassword });
    expect(login.status).to.equal(200);
    const second = login.body.data.accessToken as string;
    expect((await api.post('/user/logout', {}, { token: second })).status).to.equal(200);
    const { body } = await api.get('/user/export', { token: guest.token });
    expect(body.sessions).to.have.length(2);
    expect(body.sessions[1].endedBy).to.equal('signed-out');
    expect(Date.parse(body.sessions[1].endedAt)).to.be.at.least(Date.parse(body.sessions[1].signedInAt));
  });

  it("gives an owner their profile, hotel, rooms and events, and the bookings at the hotel without any guest's name, email or phone", async () => {
    const response = await api.get('/hotel/owner/export', { token: owner.token });
    expectDownload(response);
    const document = response.body;
    expect(document).to.include({ role: 'hotel-owner' });
    expect(document.profile).to.include({ _id: owner.id, name: 'Ravi Kumar', email: owner.email });
    expect(document.hotel).to.include({ hotelId, hotelName: 'Hotel Sahyadri Residency', status: 'listed' });
    expect(document.hotel.imageURLs).to.have.length(5);
    expect(document.rooms.map((room: { roomStandard: string }) => room.roomStandard)).to.deep.equal(['Deluxe']);
    expect(document.bookingsAtYourHotel.map((b: { bookingID: string }) => b.bookingID)).to.have.members([guestBooking, otherBooking]);
    expect(document.bookingsAtYourHotel[0]).to.have.all.keys(
      'bookingID',
      'roomId',
      'roomType',
      'roomStandard',
      'numberOfRooms',
      'numberOfGuests',
      'numberOfNights',
      'dateOfBooking',
      'dateOfCommencement',
      'pricePerNight',
      'totalAmount',
      'discountAmount',
      'payableAmount',
      'paymentMethod',
      'status',
      'paid',
    );
    const streams = new Set(document.events.map((event: { streamId: string }) => event.streamId.split('-')[0]));
    expect([...streams]).to.have.members(['owner', 'hotel', 'room']);

    const text = JSON.stringify(document);
    for (const guests of [
      guest.id,
      guest.email,
      other.id,
      other.email,
      'Asha',
      'Meera',
      guestContact.customerEmail.toLowerCase(),
      guestContact.customerPhoneNumber,
      otherContact.customerEmail.toLowerCase(),
      otherContact.customerPhoneNumber,
    ]) {
      expect(text, guests).to.not.contain(guests);
    }
    expect(text).to.not.contain('passwordHash');
  });

  it('gives each owner the rooms and bookings of their own hotel only, bookings placed after an earlier copy included', async () => {
    const secondOwner = await signedInOwner(api, 'Kiran Shetty');
    const secondHotel = (
      await api.multipart(
        'POST',
        '/hotel/data/create/hotel',
        hotelForm({ hotelName: 'Hotel Konkan Breeze' }),
        { imageURLs: await pngImages(5) },
        { token: secondOwner.token },
      )
    ).body.data._id as string;
    const room = await api.multipart(
      'POST',
      '/hotel/room/create/room',
      roomForm(secondHotel, { roomStandard: 'Deluxe' }),
      { imageURLs: await pngImages(1) },
      { token: secondOwner.token },
    );
    expect(room.status, JSON.stringify(room.body)).to.equal(201);
    const bookingIDs = async (who: SignedIn) => {
      const response = await api.get('/hotel/owner/export', { token: who.token });
      expectDownload(response);
      return response.body.bookingsAtYourHotel.map((b: { bookingID: string }) => b.bookingID);
    };
    expect(await bookingIDs(secondOwner)).to.deep.equal([]);
    const atSecond = await bookAs(other, newContact('Meera Iyer'), 14, secondHotel);
    const atFirst = await bookAs(guest, newContact('Asha Rao'), 16);
    expect(await bookingIDs(secondOwner)).to.deep.equal([atSecond]);
    expect(await bookingIDs(owner)).to.have.members([guestBooking, otherBooking, atFirst]);
    const secondCopy = (await api.get('/hotel/owner/export', { token: secondOwner.token })).body;
    expect(secondCopy.rooms.map((r: { hotelId: string }) => r.hotelId)).to.deep.equal([secondHotel]);
  });

  it("refuses a call without a token (401) and with the other role's token (403)", async () => {
    for (const path of ['/user/export', '/hotel/owner/export']) {
      const anonymous = await api.get(path);
      expect(anonymous.status, path).to.equal(401);
      expect(anonymous.body).to.include({ success: false, statusCode: 401 });
    }
    const ownerAsGuest = await api.get('/user/export', { token: owner.token });
    expect(ownerAsGuest.status).to.equal(403);
    expect(ownerAsGuest.body).to.include({ success: false, statusCode: 403 });
    const guestAsOwner = await api.get('/hotel/owner/export', { token: guest.token });
    expect(guestAsOwner.status).to.equal(403);
  });

  it('refuses the token of a signed-out session', async () => {
    const login = await api.post('/user/login', { email: other.email, password: strongPassword });
    const token = login.body.data.accessToken as string;
    await api.post('/user/logout', {}, { token });
    const refused = await api.get('/user/export', { token });
    expect(refused.status).to.equal(401);
    expect(refused.body).to.deep.include({ success: false, statusCode: 401, message: messages.server.sessionInvalid });
  });
});
