/**
 * What is free for a stay, over HTTP, before a guest verifies and books: free units night by
 * night after bookings and cancellations, the room's units as its owner changes them, the
 * quote against what booking charges, the guests a room sleeps, and the bounds of a stay.
 */
import { expect } from 'chai';
import { addDays, checkOutOf, indiaToday, messages, quoteStay, type ListingAvailability } from '@stays/contracts';
import { ApiClient } from '../../standalone/test/support/http-client.ts';
import { hotelForm, pngImages, roomForm } from '../../standalone/test/support/fixtures.ts';
import { signedInCustomer, signedInOwner, type SignedIn } from '../../standalone/test/support/accounts.ts';
import { daysFromToday, newContact, verifyContact } from '../../standalone/test/support/booking.ts';
import { startTestSystem, type TestSystem } from '../../standalone/test/support/test-system.ts';

describe('availability for a stay over HTTP', function () {
  this.timeout(60_000);
  let stays: TestSystem;
  let api: ApiClient;
  let owner: SignedIn;
  let hotelId: string;
  let roomId: string;
  // the stay's dates from one day, so a run across midnight in India books and reads the same nights
  const today = indiaToday(new Date());
  const day = (days: number) => addDays(today, days);
  const checkIn = day(20);

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
    owner = await signedInOwner(api);
    hotelId = (await api.multipart('POST', '/hotel/data/create/hotel', hotelForm(), { imageURLs: await pngImages(5) }, { token: owner.token })).body.data._id;
    const room = await api.multipart(
      'POST',
      '/hotel/room/create/room',
      roomForm(hotelId, { totalUnits: '3', maxGuests: '2' }),
      { imageURLs: await pngImages(1) },
      { token: owner.token },
    );
    expect(room.status, JSON.stringify(room.body)).to.equal(201);
    roomId = room.body.data._id;
  });
  after(async () => stays.destroy());

  const availability = async (query: string, hotel = hotelId) => api.get(`/hotel/room/availability/${hotel}?${query}`);
  const listing = async (query: string): Promise<ListingAvailability> => {
    const answer = await availability(query);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    expect(answer.body.message).to.equal(messages.server.availabilityFound);
    return (answer.body.data as ListingAvailability[]).find((found) => found.roomID === roomId)!;
  };
  const free = (found: ListingAvailability) => found.nights.map((night) => night.free);

  async function book(guest: SignedIn, form: Record<string, unknown>) {
    const contact = newContact();
    await verifyContact(api, stays.dataDir, guest.token, contact);
    return api.post(
      '/hotel/booking/book/hotel',
      {
        hotelID: hotelId,
        ...contact,
        roomType: 'Room',
        roomStandard: 'Deluxe',
        numberOfRooms: 1,
        numberOfGuests: 1,
        numberOfNights: 1,
        dateOfCommencement: checkIn,
        ...form,
      },
      { token: guest.token },
    );
  }

  it('shows every unit free before any booking, the whole stay priced, by nights or by check-out alike', async () => {
    const byNights = await listing(`checkIn=${checkIn}&nights=3&rooms=2&guests=3`);
    expect(free(byNights)).to.deep.equal([3, 3, 3]);
    expect(byNights.nights.map((night) => night.date)).to.deep.equal([checkIn, day(21), day(22)]);
    expect(byNights).to.include({ roomType: 'Room', roomStandard: 'Deluxe', maxGuests: 2, minFree: 3, bookable: true });
    const byCheckOut = await listing(`checkIn=${checkIn}&checkOut=${checkOutOf({ checkIn, nights: 3 })}&rooms=2&guests=3`);
    expect(byCheckOut).to.deep.equal(byNights);
  });

  it('takes off what bookings take, gives back what a cancellation gives back, and quotes what booking charges', async () => {
    const guest = await signedInCustomer(api);
    const first = await book(guest, { numberOfRooms: 2, numberOfGuests: 3, numberOfNights: 2 });
    expect(first.status, JSON.stringify(first.body)).to.equal(201);
    const second = await book(guest, { dateOfCommencement: day(21) });
    expect(second.status, JSON.stringify(second.body)).to.equal(201);

    const after = await listing(`checkIn=${checkIn}&nights=3&rooms=2&guests=3`);
    expect(free(after)).to.deep.equal([1, 0, 3]);
    expect([after.minFree, after.bookable, after.nearestCheckIn]).to.deep.equal([0, false, day(22)]);
    const charged = (await api.get(`/user/get/all/bookings/${guest.id}`, { token: guest.token })).body.data.find(
      (booking: { bookingID: string }) => booking.bookingID === first.body.data.bookingID,
    );
    const quoted = await listing(`checkIn=${checkIn}&nights=2&rooms=2&guests=3`);
    expect(quoted.quote.payableAmount).to.equal(charged.payableAmount);
    expect(quoted.quote.totalAmount).to.equal(charged.totalAmount);

    expect((await api.post(`/hotel/booking/cancel/${second.body.data.bookingID}`, {}, { token: guest.token })).status).to.equal(200);
    expect(free(await listing(`checkIn=${checkIn}&nights=3`))).to.deep.equal([1, 1, 3]);
  });

  it('answers a search for a stay anew after a booking on one of its nights, and stays over other nights as before', async () => {
    const found = async (query: string) => {
      const answer = await api.get(`/hotel/data/get/search?${query}`);
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      return (answer.body.data as { _id: string; availability?: { fewestFree: number } }[]).find((hotel) => hotel._id === hotelId)?.availability;
    };
    const over = `checkIn=${day(70)}&nights=2&limit=500`;
    const other = `checkIn=${day(80)}&nights=2&limit=500`;
    expect(await found(over)).to.include({ fewestFree: 3 });
    expect(await found(other)).to.include({ fewestFree: 3 });
    const guest = await signedInCustomer(api);
    expect((await book(guest, { dateOfCommencement: day(71) })).status).to.equal(201);
    expect(await found(over), 'the booked night is in this stay').to.include({ fewestFree: 2 });
    expect(await found(other)).to.include({ fewestFree: 3 });
  });

  it("follows the room's units as its owner changes them", async () => {
    const before = await listing(`checkIn=${day(40)}&nights=1`);
    const changed = await api.multipart('PATCH', `/hotel/room/update/room/${hotelId}/${roomId}`, { totalUnits: '5' }, {}, { token: owner.token });
    expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
    expect(free(await listing(`checkIn=${day(40)}&nights=1`))).to.deep.equal([free(before)[0]! + 2]);
  });

  it('refuses more guests than the units booked sleep, at the availability answer and at booking', async () => {
    expect((await listing(`checkIn=${day(50)}&rooms=1&guests=3`)).bookable).to.equal(false);
    expect((await listing(`checkIn=${day(50)}&rooms=2&guests=3`)).bookable).to.equal(true);
    const refused = await book(await signedInCustomer(api), { numberOfGuests: 3, dateOfCommencement: day(50) });
    expect([refused.status, refused.body.field, refused.body.message]).to.deep.equal([
      400,
      'numberOfGuests',
      'At most 2 guests fit in what you are booking: book more rooms, or another room.',
    ]);
  });

  it('searches for a stay: leaves out a hotel whose only listing is full on one night of it, says what each hotel found can book', async () => {
    const otherOwner = await signedInOwner(api, 'Meera Nair');
    const full = (
      await api.multipart(
        'POST',
        '/hotel/data/create/hotel',
        hotelForm({ hotelName: 'Hotel Full On Friday', city: 'Nashik' }),
        { imageURLs: await pngImages(5) },
        { token: otherOwner.token },
      )
    ).body.data._id;
    const fullRoom = await api.multipart(
      'POST',
      '/hotel/room/create/room',
      roomForm(full, { totalUnits: '1', pricePerNight: '2000' }),
      { imageURLs: await pngImages(1) },
      { token: otherOwner.token },
    );
    expect(fullRoom.status).to.equal(201);
    const guest = await signedInCustomer(api);
    const contact = newContact();
    await verifyContact(api, stays.dataDir, guest.token, contact);
    const taken = await api.post(
      '/hotel/booking/book/hotel',
      {
        hotelID: full,
        ...contact,
        roomType: 'Room',
        roomStandard: 'Deluxe',
        numberOfRooms: 1,
        numberOfGuests: 1,
        numberOfNights: 1,
        dateOfCommencement: day(61),
      },
      { token: guest.token },
    );
    expect(taken.status, JSON.stringify(taken.body)).to.equal(201);

    const search = async (query: string) => {
      const answer = await api.get(`/hotel/data/get/search?${query}`);
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      return answer.body.data as { _id: string; availability?: { bookableListings: number; lowestPayableAmount: number; fewestFree: number } }[];
    };
    const over = await search(`checkIn=${day(60)}&nights=3&guests=2`);
    expect(over.map((hotel) => hotel._id))
      .to.include(hotelId)
      .and.not.include(full);
    const found = over.find((hotel) => hotel._id === hotelId)!;
    expect(found.availability).to.deep.equal({
      bookableListings: 1,
      lowestPayableAmount: (await listing(`checkIn=${day(60)}&nights=3&guests=2`)).quote.payableAmount,
      fewestFree: 5,
    });
    const before = await search(`checkIn=${day(58)}&checkOut=${day(61)}`);
    expect(before.find((hotel) => hotel._id === full)?.availability).to.deep.equal({
      bookableListings: 1,
      lowestPayableAmount: quoteStay({ roomType: 'Room', pricePerNight: 2000, numberOfGuests: 1, numberOfRooms: 1, numberOfNights: 3 }).payableAmount,
      fewestFree: 1,
    });
    // a room search for a stay: only listings meeting its conditions count
    expect((await api.get(`/hotel/room/get/search/rooms?checkIn=${day(58)}&nights=1&bedType=king`)).body.data).to.deep.equal([]);
    // without a stay the search answers as it always has
    const plain = await search('limit=500');
    expect(plain.map((hotel) => hotel._id)).to.include.members([hotelId, full]);
    expect(plain.every((hotel) => hotel.availability === undefined)).to.equal(true);
    const refused = await api.get(`/hotel/data/get/search?checkIn=${daysFromToday(0)}`);
    expect([refused.status, refused.body.field]).to.deep.equal([400, 'checkIn']);
    const nightsAlone = await api.get('/hotel/data/get/search?nights=2');
    expect([nightsAlone.status, nightsAlone.body.field]).to.deep.equal([400, 'checkIn']);
  });

  it("follows a hotel's listings in a search for a stay as its owner changes them, with no booking in between", async () => {
    const itsOwner = await signedInOwner(api, 'Kavya Iyer');
    const form = hotelForm({ hotelName: 'Hotel Lakeside Udupi', city: 'Udupi' });
    const lakeside = (await api.multipart('POST', '/hotel/data/create/hotel', form, { imageURLs: await pngImages(5) }, { token: itsOwner.token })).body.data
      ._id;
    const addRoom = async (fields: Record<string, string>) => {
      const added = await api.multipart(
        'POST',
        '/hotel/room/create/room',
        roomForm(lakeside, fields),
        { imageURLs: await pngImages(1) },
        { token: itsOwner.token },
      );
      expect(added.status, JSON.stringify(added.body)).to.equal(201);
      return added.body.data._id as string;
    };
    const small = await addRoom({ totalUnits: '2', maxGuests: '2', pricePerNight: '3000' });
    const forThree = async () => {
      const answer = await api.get(`/hotel/data/get/search?searchTerm=udupi&checkIn=${day(90)}&nights=2&guests=3`);
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      return (answer.body.data as { _id: string; availability: unknown }[]).find((hotel) => hotel._id === lakeside)?.availability;
    };
    const payable = (pricePerNight: number) =>
      quoteStay({ roomType: 'Room', pricePerNight, numberOfGuests: 3, numberOfRooms: 1, numberOfNights: 2 }).payableAmount;
    expect(await forThree(), 'its one room sleeps two').to.equal(undefined);
    const changed = await api.multipart('PATCH', `/hotel/room/update/room/${lakeside}/${small}`, { maxGuests: '3' }, {}, { token: itsOwner.token });
    expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
    expect(await forThree(), 'the room now sleeps three').to.deep.equal({ bookableListings: 1, lowestPayableAmount: payable(3000), fewestFree: 2 });
    await addRoom({ totalUnits: '1', maxGuests: '4', pricePerNight: '2500', roomStandard: 'Suite' });
    expect(await forThree(), 'a second room added').to.deep.equal({ bookableListings: 2, lowestPayableAmount: payable(2500), fewestFree: 1 });
  });

  it('refuses a stay outside the bounds of booking with 400 naming the field, and an unknown hotel with 404', async () => {
    const refusals: [string, string][] = [
      ['checkIn=soon', 'checkIn'],
      ['checkIn=2027-02-30', 'checkIn'],
      [`checkIn=${daysFromToday(0)}`, 'checkIn'],
      [`checkIn=${daysFromToday(366)}`, 'checkIn'],
      [`checkIn=${checkIn}&nights=31`, 'nights'],
      [`checkIn=${checkIn}&nights=0`, 'nights'],
      [`checkIn=${checkIn}&checkOut=${checkIn}`, 'checkOut'],
      [`checkIn=${checkIn}&checkOut=${day(19)}`, 'checkOut'],
      [`checkIn=${checkIn}&nights=2&checkOut=${day(23)}`, 'nights'],
      [`checkIn=${checkIn}&rooms=11`, 'rooms'],
      [`checkIn=${checkIn}&guests=51`, 'guests'],
      ['nights=2', 'checkIn'],
    ];
    for (const [query, field] of refusals) {
      const answer = await availability(query);
      expect([answer.status, answer.body.field], query).to.deep.equal([400, field]);
      expect(answer.body).to.include({ success: false, statusCode: 400 });
    }
    const unknown = await availability(`checkIn=${checkIn}`, 'no-such-hotel');
    expect([unknown.status, unknown.body.message]).to.deep.equal([404, messages.server.hotelNotFound]);
  });
});
