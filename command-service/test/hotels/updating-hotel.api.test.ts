import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { ApiClient } from '../../../standalone/test/support/http-client.ts';
import { pngImages } from '../../../standalone/test/support/fixtures.ts';
import { signedInOwner } from '../../../standalone/test/support/accounts.ts';
import { startTestSystem, type TestSystem } from '../../../standalone/test/support/test-system.ts';
import { createHotel } from '../../../standalone/test/support/stays.ts';

describe('updating a hotel over HTTP', function () {
  this.timeout(60_000);
  let stays: TestSystem;
  let api: ApiClient;

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => stays.destroy());

  it('updates fields, replaces place lists whole, keeps images unless new ones are sent', async () => {
    const owner = await signedInOwner(api);
    const hotelId = await createHotel(api, owner);
    const before = (await api.get(`/hotel/data/get/specific/${hotelId}`)).body.data;
    const keptRestaurant = before.restaurants[0];
    const update = await api.multipart(
      'PATCH',
      `/hotel/data/update/hotel/${hotelId}`,
      {
        hotelName: 'Hotel Sahyadri Grand Residency',
        startingPrice: '25000',
        restaurants: JSON.stringify([keptRestaurant, { name: 'Shabree', distance: '6' }]),
        cinemaHalls: '[]',
        description: '',
      },
      {},
      { token: owner.token },
    );
    expect(update.status, JSON.stringify(update.body)).to.equal(200);
    expect(update.body.data._id).to.equal(hotelId);
    const after = (await api.get(`/hotel/data/get/specific/${hotelId}`)).body.data;
    expect(after).to.include({
      hotelName: 'Hotel Sahyadri Grand Residency',
      startingPrice: 25000,
      priceCategory: 'Business',
      description: before.description,
    });
    expect(after.restaurants.map((place: { name: string }) => place.name)).to.deep.equal(['Vaishali', 'Shabree']);
    expect(after.restaurants[0]._id).to.equal(keptRestaurant._id);
    expect(after.imageURLs).to.deep.equal(before.imageURLs);

    const newImages = await api.multipart('PATCH', `/hotel/data/update/hotel/${hotelId}`, {}, { imageURLs: await pngImages(6) }, { token: owner.token });
    expect(newImages.status).to.equal(200);
    const replaced = (await api.get(`/hotel/data/get/specific/${hotelId}`)).body.data.imageURLs;
    expect(replaced).to.have.length(6);
    expect(replaced).not.to.include.members(before.imageURLs);
  });

  it('requires new places on update to be at least 5 km away, and image counts of 5 to 10', async () => {
    const owner = await signedInOwner(api);
    const hotelId = await createHotel(api, owner);
    const near = await api.multipart(
      'PATCH',
      `/hotel/data/update/hotel/${hotelId}`,
      {
        famousTouristPlaces: JSON.stringify([{ name: 'Aga Khan Palace', distance: '3' }]),
      },
      {},
      { token: owner.token },
    );
    expect(near.status).to.equal(400);
    expect(near.body.field).to.equal('famousTouristPlaces.0.distance');
    const few = await api.multipart('PATCH', `/hotel/data/update/hotel/${hotelId}`, {}, { imageURLs: await pngImages(3) }, { token: owner.token });
    expect(few.body).to.include({ statusCode: 400, message: messages.ui.uploadMoreThanFive });
    const tooShort = await api.multipart('PATCH', `/hotel/data/update/hotel/${hotelId}`, { hotelName: 'Short' }, {}, { token: owner.token });
    expect(tooShort.body).to.include({ statusCode: 400, field: 'hotelName' });
  });

  it("refuses anyone but the hotel's owner, and unknown hotels", async () => {
    const owner = await signedInOwner(api);
    const other = await signedInOwner(api, 'Other Owner');
    const hotelId = await createHotel(api, owner);
    const stolen = await api.multipart('PATCH', `/hotel/data/update/hotel/${hotelId}`, { hotelName: 'Hijacked Hotel Name' }, {}, { token: other.token });
    expect(stolen.status).to.equal(403);
    expect((await api.get(`/hotel/data/get/specific/${hotelId}`)).body.data.hotelName).to.equal('Hotel Sahyadri Residency');
    const unknown = await api.multipart('PATCH', '/hotel/data/update/hotel/no-such-hotel', { hotelName: 'Nobody Hotel Name' }, {}, { token: owner.token });
    expect(unknown.status).to.equal(404);
  });
});
