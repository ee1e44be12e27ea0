/**
 * Closed nights over HTTP: the owner closes units of a listing for a range of nights and
 * reopens them; the calendar, the availability answer, stay search and booking all see
 * the closure; over-closing is refused naming the night; bad ranges name their field;
 * another owner is refused.
 */
import { expect } from 'chai';
import { addDays, closureMessages, indiaToday, messages, type ListingAvailability, type RoomCalendar } from '@stays/contracts';
import { ApiClient } from '../../../standalone/test/support/http-client.ts';
import { hotelWithRoom } from '../../../standalone/test/support/stays.ts';
import { signedInCustomer, signedInOwner, type SignedIn } from '../../../standalone/test/support/accounts.ts';
import { newContact, verifyContact } from '../../../standalone/test/support/booking.ts';
import { startTestSystem, type TestSystem } from '../../../standalone/test/support/test-system.ts';

describe('closed nights over HTTP', function () {
  this.timeout(60_000);
  let stays: TestSystem;
  let api: ApiClient;
  let owner: SignedIn;
  let hotelId: string;
  let roomId: string;
  const today = indiaToday(new Date());
  const day = (days: number) => addDays(today, days);

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
    owner = await signedInOwner(api);
    ({ hotelId, roomId } = await hotelWithRoom(api, owner, { hotel: { hotelName: 'Hotel Closed Often', city: 'Ratnagiri' }, room: { totalUnits: '2' } }));
  });
  after(async () => stays.destroy());

  const close = (body: Record<string, unknown>, token = owner.token) => api.post(`/hotel/room/close/nights/${hotelId}`, { roomID: roomId, ...body }, { token });
  const reopen = (body: Record<string, unknown>, token = owner.token) =>
    api.post(`/hotel/room/reopen/nights/${hotelId}`, { roomID: roomId, ...body }, { token });
  const calendar = async (): Promise<RoomCalendar> => {
    const answer = await api.get(`/hotel/room/calendar/${hotelId}/${roomId}`, { token: owner.token });
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return answer.body.data as RoomCalendar;
  };
  const nightOf = (found: RoomCalendar, date: string) => found.nights.find((night) => night.date === date);
  const freeFor = async (checkIn: string, nights: number) => {
    const answer = await api.get(`/hotel/room/availability/${hotelId}?checkIn=${checkIn}&nights=${nights}`);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return (answer.body.data as ListingAvailability[])[0]!.nights.map((night) => night.free);
  };
  const searchFinds = async (checkIn: string) => {
    const answer = await api.get(`/hotel/data/get/search?checkIn=${checkIn}&nights=1`);
    expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
    return (answer.body.data as { _id: string }[]).some((hotel) => hotel._id === hotelId);
  };
  async function book(guest: SignedIn, dateOfCommencement: string, numberOfNights = 1) {
    const contact = newContact();
    await verifyContact(api, stays.dataDir, guest.token, contact);
    return api.post(
      '/hotel/booking/book/hotel',
      { hotelID: hotelId, ...contact, roomType: 'Room', roomStandard: 'Deluxe', numberOfRooms: 1, numberOfGuests: 1, numberOfNights, dateOfCommencement },
      { token: guest.token },
    );
  }

  it('closes every unit of a night: the calendar, availability and search say so, and booking it answers 409; reopened, it books again', async () => {
    const closed = await close({ from: day(30), to: day(31), units: 2, note: 'Bathroom repairs' });
    expect(closed.status, JSON.stringify(closed.body)).to.equal(201);
    expect(closed.body.message).to.equal(closureMessages.nightsClosed);
    expect(closed.body.data).to.deep.include({ nights: [day(30), day(31)], units: 2 });
    const closureID = closed.body.data.closureID as string;

    const found = await calendar();
    expect(found.nights[0]!.date, 'the calendar starts today').to.equal(today);
    expect(found.nights).to.have.length(366);
    expect(nightOf(found, day(30))).to.deep.equal({ date: day(30), booked: 0, closed: 2, free: 0 });
    expect(found.closures).to.deep.equal([{ closureID, nights: [day(30), day(31)], units: 2, source: { kind: 'owner' }, note: 'Bathroom repairs' }]);
    expect(await freeFor(day(29), 3)).to.deep.equal([2, 0, 0]);
    expect(await searchFinds(day(30)), 'nothing else of the hotel is free').to.equal(false);
    expect(await searchFinds(day(29))).to.equal(true);

    const guest = await signedInCustomer(api);
    const refused = await book(guest, day(29), 2);
    expect([refused.status, refused.body.message]).to.deep.equal([409, messages.server.soldOut(day(30))]);
    const around = await book(guest, day(32));
    expect(around.status, 'the night after the closure books').to.equal(201);

    const partly = await reopen({ closureID, from: day(31) });
    expect(partly.status, JSON.stringify(partly.body)).to.equal(200);
    expect(partly.body.data).to.deep.equal({ nights: [day(31)] });
    expect((await calendar()).closures).to.deep.equal([{ closureID, nights: [day(30)], units: 2, source: { kind: 'owner' }, note: 'Bathroom repairs' }]);
    expect((await reopen({ closureID })).status).to.equal(200);
    expect((await calendar()).closures).to.deep.equal([]);
    expect(await freeFor(day(30), 1)).to.deep.equal([2]);
    expect((await book(guest, day(29), 2)).status, 'reopened nights book').to.equal(201);
    expect((await reopen({ closureID })).status, 'a closure reopened already').to.equal(404);
  });

  it('refuses closing more units than are free, naming the first night short of them', async () => {
    const guest = await signedInCustomer(api, 'Kiran Patil');
    expect((await book(guest, day(41))).status).to.equal(201);
    const refused = await close({ from: day(40), nights: 3, units: 2 });
    expect([refused.status, refused.body.message]).to.deep.equal([409, closureMessages.notEnoughFree(day(41), 1, 2)]);
    expect(refused.body.message).to.equal(`Only 1 unit is free on ${day(41)}, so 2 units cannot be closed. Close at most 1 or choose other nights.`);
    const fits = await close({ from: day(40), nights: 3, units: 1 });
    expect(fits.status, JSON.stringify(fits.body)).to.equal(201);
    expect(nightOf(await calendar(), day(41))).to.deep.equal({ date: day(41), booked: 1, closed: 1, free: 0 });
  });

  it("refuses another owner: closing, reopening and reading this hotel's calendar", async () => {
    const other = await signedInOwner(api, 'Meera Nair');
    const closed = await close({ from: day(50), units: 1 });
    expect((await close({ from: day(51), units: 1 }, other.token)).status).to.equal(403);
    expect((await reopen({ closureID: closed.body.data.closureID }, other.token)).status).to.equal(403);
    expect((await api.get(`/hotel/room/calendar/${hotelId}/${roomId}`, { token: other.token })).status).to.equal(403);
    const guest = await signedInCustomer(api, 'Guest Who Tries');
    expect((await close({ from: day(51), units: 1 }, guest.token)).status).to.equal(403);
  });

  it('answers bad ranges and units with 400 naming the field', async () => {
    const field = async (body: Record<string, unknown>) => {
      const answer = await close(body);
      expect(answer.status, JSON.stringify(answer.body)).to.equal(400);
      return answer.body.field as string;
    };
    expect(await field({ from: day(-1), units: 1 })).to.equal('from');
    expect(await field({ from: day(365), to: day(366), units: 1 })).to.equal('to');
    expect(await field({ from: day(10), to: day(9), units: 1 })).to.equal('to');
    expect(await field({ from: day(1), nights: 366, units: 1 })).to.equal('nights');
    expect(await field({ from: day(10), to: day(12), nights: 2, units: 1 })).to.equal('nights');
    expect(await field({ from: '2027-02-30', units: 1 })).to.equal('from');
    expect(await field({ from: day(10), units: 3 })).to.equal('units');
    expect(await field({ from: day(10), units: 0 })).to.equal('units');
    expect(await field({ from: day(10) })).to.equal('units');
    // in words, naming the field as the calendar's form labels it
    expect((await close({ from: day(-1), units: 1 })).body.message).to.equal(`First night must be today (${today}) or later: past nights cannot be closed.`);
    expect((await close({ from: day(10), to: day(9), units: 1 })).body.message).to.equal('Last night must be the first night or later.');
    expect((await close({ from: day(365), units: 1 })).status, 'the last night of the horizon closes').to.equal(201);
    expect((await close({ from: today, units: 1 })).status, 'tonight closes').to.equal(201);
  });
});
