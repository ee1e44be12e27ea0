import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { ApiClient } from '../../../standalone/test/support/http-client.ts';
import { fakeJpeg, pngImages, roomForm } from '../../../standalone/test/support/fixtures.ts';
import { signedInOwner } from '../../../standalone/test/support/accounts.ts';
import { startTestSystem, type TestSystem } from '../../../standalone/test/support/test-system.ts';
import { createHotel, addRoom } from '../../../standalone/test/support/stays.ts';

describe('adding a room over HTTP', function () {
  this.timeout(60_000);
  let stays: TestSystem;
  let api: ApiClient;

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => stays.destroy());

  it('adds a room and a flat, lists them, and marks the room types the hotel offers', async () => {
    const owner = await signedInOwner(api);
    const hotelId = await createHotel(api, owner);
    const roomId = await addRoom(api, owner, hotelId);
    const flatId = await addRoom(api, owner, hotelId, {
      roomType: 'flat',
      roomStandard: 'Family Suite',
      bedType: 'king',
      numberOfRooms: '3',
      hasKitchen: 'true',
      pricePerNight: '9000',
      totalUnits: '4',
    });
    const list = await api.get(`/hotel/room/get/all/rooms/${hotelId}`);
    expect(list.status).to.equal(200);
    expect(list.body.data.map((room: { _id: string }) => room._id)).to.deep.equal([roomId, flatId]);
    const [room, flat] = list.body.data;
    expect(room).to.include({
      hotelID: hotelId,
      hotelName: 'Hotel Sahyadri Residency',
      roomType: 'Room',
      roomStandard: 'Deluxe',
      size: 28,
      bedType: 'Queen',
      pricePerNight: 4500,
      numberOfRooms: 1,
      hasKitchen: false,
      furnished: true,
      totalUnits: 1,
    });
    expect(room.amenities).to.deep.equal(['Free WiFi', 'AC', 'TV']);
    expect(room.imageURLs).to.have.length(1);
    expect(flat).to.include({ roomType: 'Flat', bedType: 'King', numberOfRooms: 3, hasKitchen: true, totalUnits: 4 });
    expect((await api.get(`/hotel/data/get/specific/${hotelId}`)).body.data.roomTypes).to.deep.equal(['Room', 'Flat']);
  });

  it('keeps one listing per hotel, room type and standard (ignoring case), also under concurrency', async () => {
    const owner = await signedInOwner(api);
    const hotelId = await createHotel(api, owner);
    const images = await pngImages(1);
    const attempts = await Promise.all(
      ['Deluxe', 'deluxe', 'DELUXE ', 'Deluxe'].map((roomStandard) =>
        api.multipart('POST', '/hotel/room/create/room', roomForm(hotelId, { roomStandard }), { imageURLs: images }, { token: owner.token }),
      ),
    );
    expect(attempts.map((attempt) => attempt.status).sort()).to.deep.equal([201, 409, 409, 409]);
    await addRoom(api, owner, hotelId, { roomType: 'Flat' });
  });

  it('checks the room rules: types, bed types, Flat-only fields, numbers and images', async () => {
    const owner = await signedInOwner(api);
    const hotelId = await createHotel(api, owner);
    const images = await pngImages(1);
    const cases: [Record<string, string>, string][] = [
      [{ roomType: 'Suite' }, 'roomType'],
      [{ bedType: 'Bunk' }, 'bedType'],
      [{ size: '-2' }, 'size'],
      [{ pricePerNight: '-10' }, 'pricePerNight'],
      [{ hasKitchen: 'true' }, 'hasKitchen'],
      [{ numberOfRooms: '2' }, 'numberOfRooms'],
      [{ roomType: 'Flat', numberOfRooms: '0' }, 'numberOfRooms'],
      [{ totalUnits: '0' }, 'totalUnits'],
      [{ totalUnits: '501' }, 'totalUnits'],
      [{ roomStandard: '' }, 'roomStandard'],
    ];
    for (const [override, field] of cases) {
      const response = await api.multipart('POST', '/hotel/room/create/room', roomForm(hotelId, override), { imageURLs: images }, { token: owner.token });
      expect(response.status, JSON.stringify(override)).to.equal(400);
      expect(response.body.field, JSON.stringify(override)).to.equal(field);
    }
    const none = await api.multipart('POST', '/hotel/room/create/room', roomForm(hotelId), {}, { token: owner.token });
    expect(none.body).to.include({ statusCode: 400, message: messages.ui.uploadImages });
    const three = await api.multipart('POST', '/hotel/room/create/room', roomForm(hotelId), { imageURLs: await pngImages(3) }, { token: owner.token });
    expect(three.body).to.include({ statusCode: 400, message: messages.ui.uploadAtMostTwo });
    const fake = await api.multipart('POST', '/hotel/room/create/room', roomForm(hotelId), { imageURLs: [fakeJpeg()] }, { token: owner.token });
    expect(fake.status).to.equal(415);
  });

  it("refuses to add a room to another owner's hotel or an unknown one", async () => {
    const owner = await signedInOwner(api);
    const other = await signedInOwner(api, 'Other Owner');
    const hotelId = await createHotel(api, owner);
    const images = await pngImages(1);
    expect((await api.multipart('POST', '/hotel/room/create/room', roomForm(hotelId), { imageURLs: images }, { token: other.token })).status).to.equal(403);
    expect((await api.multipart('POST', '/hotel/room/create/room', roomForm('no-such-hotel'), { imageURLs: images }, { token: owner.token })).status).to.equal(
      404,
    );
    expect((await api.get(`/hotel/room/get/all/rooms/${hotelId}`)).body.data).to.deep.equal([]);
  });
});
