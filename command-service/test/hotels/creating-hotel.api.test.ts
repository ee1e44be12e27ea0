import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { POSITION_FIELD } from '@stays/projections/read-models';
import { ApiClient } from '../../../standalone/test/support/http-client.ts';
import { fakeJpeg, hotelForm, pngImages } from '../../../standalone/test/support/fixtures.ts';
import { signedInCustomer, signedInOwner } from '../../../standalone/test/support/accounts.ts';
import { startTestSystem, type TestSystem } from '../../../standalone/test/support/test-system.ts';
import { createHotel } from '../../../standalone/test/support/stays.ts';

describe('creating a hotel over HTTP', function () {
  this.timeout(60_000);
  let stays: TestSystem;
  let api: ApiClient;

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => stays.destroy());

  it('creates a hotel from the multipart form and shows it on the next read', async () => {
    const owner = await signedInOwner(api);
    const hotelId = await createHotel(api, owner);
    const read = await api.get(`/hotel/data/get/specific/${hotelId}`);
    expect(read.status).to.equal(200);
    const hotel = read.body.data;
    expect(hotel).to.include({
      _id: hotelId,
      hotelName: 'Hotel Sahyadri Residency',
      city: 'Pune',
      state: 'Maharashtra',
      country: 'India',
      pinCode: 411004,
      phoneNumber: '9822012345',
      startingPrice: 3200,
      checkInTime: '12:00',
      checkOutTime: '11:00',
      priceCategory: 'Economic',
    });
    expect(hotel.amenities).to.deep.equal(['Free WiFi', 'AC', 'Parking', 'TV']);
    expect(hotel.imageURLs).to.have.length(5);
    expect(hotel.restaurants.map((place: { name: string; distance: number }) => [place.name, place.distance])).to.deep.equal([
      ['Vaishali', 1.5],
      ['Roopali', 2],
    ]);
    expect(hotel.restaurants[0]._id).to.be.a('string');
    expect(hotel.transportationFacilities[0]).to.include({ type: 'Railway Station', name: 'Pune Junction', distance: 5.5 });
    expect(hotel.range).to.equal(3.3);
    expect(hotel.roomTypes).to.deep.equal([]);
    expect(hotel).not.to.have.property('searchText');
    expect(hotel).not.to.have.property(POSITION_FIELD);
    expect(hotel).not.to.have.property('ownerId');
    const image = await fetch(hotel.imageURLs[0]);
    expect(image.headers.get('content-type')).to.equal('image/webp');
    const ownerHotel = await api.get('/hotel/owner/get/hotel/id', { token: owner.token });
    expect(ownerHotel.body.data).to.equal(hotelId);
  });

  it('allows one hotel per owner, also under concurrent requests', async () => {
    const owner = await signedInOwner(api);
    const images = await pngImages(5);
    const attempts = await Promise.all(
      Array.from({ length: 6 }, () => api.multipart('POST', '/hotel/data/create/hotel', hotelForm(), { imageURLs: images }, { token: owner.token })),
    );
    expect(attempts.filter((attempt) => attempt.status === 201)).to.have.length(1);
    for (const refused of attempts.filter((attempt) => attempt.status !== 201)) {
      expect(refused.status).to.equal(409);
      expect(refused.body.message).to.equal(messages.server.hotelExists);
    }
    const created = attempts.find((a) => a.status === 201)!.body.data._id;
    expect((await api.get('/hotel/owner/get/hotel/id', { token: owner.token })).body.data).to.equal(created);
  });

  it('checks every rule of the add form, naming the field', async () => {
    const owner = await signedInOwner(api);
    const images = await pngImages(5);
    const cases: [Record<string, string>, string][] = [
      [{ hotelName: 'Too short' }, 'hotelName'],
      [{ hotelName: 'x'.repeat(61) }, 'hotelName'],
      [{ description: 'Too short to describe anything.' }, 'description'],
      [{ description: 'y'.repeat(301) }, 'description'],
      [{ address: 'Short address' }, 'address'],
      [{ address: 'z'.repeat(51) }, 'address'],
      [{ pinCode: '41100A' }, 'pinCode'],
      [{ phoneNumber: '98220123' }, 'phoneNumber'],
      [{ phoneNumber: '98220x2345' }, 'phoneNumber'],
      [{ country: '' }, 'country'],
      [{ city: '' }, 'city'],
      [{ amenities: ' , ' }, 'amenities'],
      [{ startingPrice: '-1' }, 'startingPrice'],
      [{ startingPrice: 'cheap' }, 'startingPrice'],
      [{ checkInTime: '25:00' }, 'checkInTime'],
      [{ restaurants: JSON.stringify([{ name: 'Far Away Dhaba', distance: '31' }]) }, 'restaurants.0.distance'],
      [{ restaurants: 'not json' }, 'restaurants'],
      [{ transportationFacilities: JSON.stringify([{ name: ' ', distance: '2' }]) }, 'transportationFacilities.0.type'],
    ];
    for (const [override, field] of cases) {
      const response = await api.multipart('POST', '/hotel/data/create/hotel', hotelForm(override), { imageURLs: images }, { token: owner.token });
      expect(response.status, JSON.stringify(override)).to.equal(400);
      expect(response.body, JSON.stringify(override)).to.include({ success: false, statusCode: 400, field });
    }
    const noState = { ...hotelForm() } as Record<string, string>;
    delete noState.state;
    const created = await api.multipart('POST', '/hotel/data/create/hotel', noState, { imageURLs: images }, { token: owner.token });
    expect(created.status, 'state is optional').to.equal(201);
  });

  it("answers wrong image counts with the spec's messages and refuses non-images", async () => {
    const owner = await signedInOwner(api);
    const create = async (files: Awaited<ReturnType<typeof pngImages>>) =>
      api.multipart('POST', '/hotel/data/create/hotel', hotelForm(), { imageURLs: files }, { token: owner.token });
    expect((await create([])).body).to.include({ statusCode: 400, message: messages.ui.uploadImages });
    expect((await create(await pngImages(4))).body).to.include({ statusCode: 400, message: messages.ui.uploadMoreThanFive });
    expect((await create(await pngImages(11))).body).to.include({ statusCode: 400, message: messages.ui.uploadMaximumTen });
    expect((await create(await pngImages(25))).body).to.include({ statusCode: 400, message: messages.ui.uploadMaximumTen });
    const withFake = await create([...(await pngImages(4)), fakeJpeg()]);
    expect(withFake.status).to.equal(415);
    const huge = { filename: 'huge.png', type: 'image/png', content: Buffer.alloc(9 * 1024 * 1024) };
    expect((await create([...(await pngImages(4)), huge])).status).to.equal(413);
    // none of these took the owner's one hotel
    await createHotel(api, owner);
  });

  it('refuses guests, visitors and forged tokens', async () => {
    const guest = await signedInCustomer(api);
    const images = await pngImages(5);
    expect((await api.multipart('POST', '/hotel/data/create/hotel', hotelForm(), { imageURLs: images })).status).to.equal(401);
    expect((await api.multipart('POST', '/hotel/data/create/hotel', hotelForm(), { imageURLs: images }, { token: guest.token })).status).to.equal(403);
    expect((await api.multipart('POST', '/hotel/data/create/hotel', hotelForm(), { imageURLs: images }, { token: `${guest.token}x` })).status).to.equal(401);
  });
});
