import { expect } from 'chai';
import { ApiClient } from '../../../standalone/test/support/http-client.ts';
import { pngImages, roomForm } from '../../../standalone/test/support/fixtures.ts';
import { signedInOwner } from '../../../standalone/test/support/accounts.ts';
import { startTestSystem, type TestSystem } from '../../../standalone/test/support/test-system.ts';
import { createHotel, addRoom } from '../../../standalone/test/support/stays.ts';

describe('updating a room over HTTP', function () {
  this.timeout(60_000);
  let stays: TestSystem;
  let api: ApiClient;

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => stays.destroy());

  it('updates a room through the room update call, moving its listing key', async () => {
    const owner = await signedInOwner(api);
    const hotelId = await createHotel(api, owner);
    const roomId = await addRoom(api, owner, hotelId);
    const update = await api.multipart(
      'PATCH',
      `/hotel/room/update/room/${hotelId}/${roomId}`,
      {
        roomStandard: 'Premium',
        pricePerNight: '5200',
        amenities: 'Free WiFi Massage',
        furnished: 'false',
      },
      { imageURLs: await pngImages(2) },
      { token: owner.token },
    );
    expect(update.status, JSON.stringify(update.body)).to.equal(200);
    const room = (await api.get(`/hotel/room/specific/room/hotel/${hotelId}/${roomId}`, { token: owner.token })).body.data;
    expect(room).to.include({ roomStandard: 'Premium', pricePerNight: 5200, furnished: false, bedType: 'Queen' });
    expect(room.amenities).to.deep.equal(['Free WiFi', 'Massage']);
    expect(room.imageURLs).to.have.length(2);
    // the old standard is free again, the new one is taken
    await addRoom(api, owner, hotelId, { roomStandard: 'Deluxe' });
    const clash = await api.multipart(
      'POST',
      '/hotel/room/create/room',
      roomForm(hotelId, { roomStandard: 'premium' }),
      { imageURLs: await pngImages(1) },
      { token: owner.token },
    );
    expect(clash.status).to.equal(409);
  });

  it('turns a flat into a room without a kitchen, and refuses foreign or unknown rooms', async () => {
    const owner = await signedInOwner(api);
    const other = await signedInOwner(api, 'Other Owner');
    const hotelId = await createHotel(api, owner);
    const flatId = await addRoom(api, owner, hotelId, { roomType: 'Flat', numberOfRooms: '2', hasKitchen: 'true' });
    const toRoom = await api.multipart('PATCH', `/hotel/room/update/room/${hotelId}/${flatId}`, { roomType: 'Room' }, {}, { token: owner.token });
    expect(toRoom.status, JSON.stringify(toRoom.body)).to.equal(200);
    const room = (await api.get(`/hotel/room/specific/room/hotel/${hotelId}/${flatId}`, { token: owner.token })).body.data;
    expect(room).to.include({ roomType: 'Room', numberOfRooms: 1, hasKitchen: false });
    expect((await api.get(`/hotel/data/get/specific/${hotelId}`)).body.data.roomTypes).to.deep.equal(['Room']);
    expect((await api.multipart('PATCH', `/hotel/room/update/room/${hotelId}/${flatId}`, { pricePerNight: '1' }, {}, { token: other.token })).status).to.equal(
      403,
    );
    expect((await api.get(`/hotel/room/specific/room/hotel/${hotelId}/${flatId}`, { token: other.token })).status).to.equal(403);
    expect(
      (await api.multipart('PATCH', `/hotel/room/update/room/${hotelId}/no-such-room`, { pricePerNight: '1' }, {}, { token: owner.token })).status,
    ).to.equal(404);
    expect((await api.get(`/hotel/room/specific/room/hotel/${hotelId}/no-such-room`, { token: owner.token })).status).to.equal(404);
  });
});
