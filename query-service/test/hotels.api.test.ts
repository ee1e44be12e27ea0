import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { ApiClient } from '../../standalone/test/support/http-client.ts';
import { hotelForm, pngImages, roomForm } from '../../standalone/test/support/fixtures.ts';
import { signedInOwner } from '../../standalone/test/support/accounts.ts';
import { startTestSystem, type TestSystem } from '../../standalone/test/support/test-system.ts';

describe('hotel reads over HTTP', function () {
  this.timeout(60_000);
  let stays: TestSystem;
  let api: ApiClient;

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => stays.destroy());

  it('lists a hotel for guests once it has a room: before that no list or search shows it, though its page opens', async () => {
    const owner = await signedInOwner(api);
    const hotelName = 'Quiet Courtyard Haveli Stays';
    const created = await api.multipart(
      'POST',
      '/hotel/data/create/hotel',
      hotelForm({ hotelName }),
      { imageURLs: await pngImages(5) },
      { token: owner.token },
    );
    expect(created.status).to.equal(201);
    const id: string = created.body.data._id;
    const listedIds = async () => ((await api.get('/hotel/data/get/all/hotels')).body.data as { _id: string }[]).map((hotel) => hotel._id);
    const foundIds = async () =>
      ((await api.get(`/hotel/data/get/search?searchTerm=${encodeURIComponent('courtyard haveli')}`)).body.data as { _id: string }[]).map((hotel) => hotel._id);
    expect(await listedIds()).to.not.include(id);
    expect(await foundIds()).to.deep.equal([]);
    const page = await api.get(`/hotel/data/get/specific/${id}`);
    expect(page.status).to.equal(200);
    expect(page.body.data).to.include({ hotelName }).and.not.have.property('listed');
    const room = await api.multipart('POST', '/hotel/room/create/room', roomForm(id), { imageURLs: await pngImages(1) }, { token: owner.token });
    expect(room.status, JSON.stringify(room.body)).to.equal(201);
    expect(await listedIds()).to.include(id);
    expect(await foundIds()).to.deep.equal([id]);
  });

  it('answers unknown hotels with 404 in the envelope', async () => {
    const response = await api.get('/hotel/data/get/specific/does-not-exist');
    expect(response.status).to.equal(404);
    expect(response.body).to.deep.equal({ success: false, statusCode: 404, message: messages.server.hotelNotFound });
    expect((await api.get('/hotel/room/get/all/rooms/does-not-exist')).status).to.equal(404);
  });
});
