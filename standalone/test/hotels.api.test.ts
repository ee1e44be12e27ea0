import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { POSITION_FIELD } from '@stays/projections/read-models';
import { ApiClient } from './support/http-client.ts';
import { fakeJpeg, hotelForm, pngImages, roomForm } from './support/fixtures.ts';
import { signedInCustomer, signedInOwner, type SignedIn } from './support/accounts.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

describe('hotels and rooms over HTTP', function () {
  this.timeout(60_000);
  let stays: TestSystem;
  let api: ApiClient;

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => stays.destroy());

  async function createHotel(owner: SignedIn, overrides: Record<string, string> = {}) {
    const response = await api.multipart('POST', '/hotel/data/create/hotel', hotelForm(overrides), { imageURLs: await pngImages(5) }, { token: owner.token });
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    return response.body.data._id as string;
  }

  async function addRoom(owner: SignedIn, hotelId: string, overrides: Record<string, string> = {}) {
    const response = await api.multipart(
      'POST',
      '/hotel/room/create/room',
      roomForm(hotelId, overrides),
      { imageURLs: await pngImages(1) },
      { token: owner.token },
    );
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    return response.body.data._id as string;
  }

  describe('creating a hotel', () => {
    it('creates a hotel from the multipart form and shows it on the next read', async () => {
      const owner = await signedInOwner(api);
      const hotelId = await createHotel(owner);
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
        ((await api.get(`/hotel/data/get/search?searchTerm=${encodeURIComponent('courtyard haveli')}`)).body.data as { _id: string }[]).map(
          (hotel) => hotel._id,
        );
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
      await createHotel(owner);
    });

    it('refuses guests, visitors and forged tokens', async () => {
      const guest = await signedInCustomer(api);
      const images = await pngImages(5);
      expect((await api.multipart('POST', '/hotel/data/create/hotel', hotelForm(), { imageURLs: images })).status).to.equal(401);
      expect((await api.multipart('POST', '/hotel/data/create/hotel', hotelForm(), { imageURLs: images }, { token: guest.token })).status).to.equal(403);
      expect((await api.multipart('POST', '/hotel/data/create/hotel', hotelForm(), { imageURLs: images }, { token: `${guest.token}x` })).status).to.equal(401);
    });
  });

  describe('updating a hotel', () => {
    it('updates fields, replaces place lists whole, keeps images unless new ones are sent', async () => {
      const owner = await signedInOwner(api);
      const hotelId = await createHotel(owner);
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
      const hotelId = await createHotel(owner);
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
      const hotelId = await createHotel(owner);
      const stolen = await api.multipart('PATCH', `/hotel/data/update/hotel/${hotelId}`, { hotelName: 'Hijacked Hotel Name' }, {}, { token: other.token });
      expect(stolen.status).to.equal(403);
      expect((await api.get(`/hotel/data/get/specific/${hotelId}`)).body.data.hotelName).to.equal('Hotel Sahyadri Residency');
      const unknown = await api.multipart('PATCH', '/hotel/data/update/hotel/no-such-hotel', { hotelName: 'Nobody Hotel Name' }, {}, { token: owner.token });
      expect(unknown.status).to.equal(404);
    });
  });

  describe('rooms', () => {
    it('adds a room and a flat, lists them, and marks the room types the hotel offers', async () => {
      const owner = await signedInOwner(api);
      const hotelId = await createHotel(owner);
      const roomId = await addRoom(owner, hotelId);
      const flatId = await addRoom(owner, hotelId, {
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
      const hotelId = await createHotel(owner);
      const images = await pngImages(1);
      const attempts = await Promise.all(
        ['Deluxe', 'deluxe', 'DELUXE ', 'Deluxe'].map((roomStandard) =>
          api.multipart('POST', '/hotel/room/create/room', roomForm(hotelId, { roomStandard }), { imageURLs: images }, { token: owner.token }),
        ),
      );
      expect(attempts.map((attempt) => attempt.status).sort()).to.deep.equal([201, 409, 409, 409]);
      await addRoom(owner, hotelId, { roomType: 'Flat' });
    });

    it('checks the room rules: types, bed types, Flat-only fields, numbers and images', async () => {
      const owner = await signedInOwner(api);
      const hotelId = await createHotel(owner);
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
      const hotelId = await createHotel(owner);
      const images = await pngImages(1);
      expect((await api.multipart('POST', '/hotel/room/create/room', roomForm(hotelId), { imageURLs: images }, { token: other.token })).status).to.equal(403);
      expect(
        (await api.multipart('POST', '/hotel/room/create/room', roomForm('no-such-hotel'), { imageURLs: images }, { token: owner.token })).status,
      ).to.equal(404);
      expect((await api.get(`/hotel/room/get/all/rooms/${hotelId}`)).body.data).to.deep.equal([]);
    });

    it('updates a room through the room update call, moving its listing key', async () => {
      const owner = await signedInOwner(api);
      const hotelId = await createHotel(owner);
      const roomId = await addRoom(owner, hotelId);
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
      await addRoom(owner, hotelId, { roomStandard: 'Deluxe' });
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
      const hotelId = await createHotel(owner);
      const flatId = await addRoom(owner, hotelId, { roomType: 'Flat', numberOfRooms: '2', hasKitchen: 'true' });
      const toRoom = await api.multipart('PATCH', `/hotel/room/update/room/${hotelId}/${flatId}`, { roomType: 'Room' }, {}, { token: owner.token });
      expect(toRoom.status, JSON.stringify(toRoom.body)).to.equal(200);
      const room = (await api.get(`/hotel/room/specific/room/hotel/${hotelId}/${flatId}`, { token: owner.token })).body.data;
      expect(room).to.include({ roomType: 'Room', numberOfRooms: 1, hasKitchen: false });
      expect((await api.get(`/hotel/data/get/specific/${hotelId}`)).body.data.roomTypes).to.deep.equal(['Room']);
      expect(
        (await api.multipart('PATCH', `/hotel/room/update/room/${hotelId}/${flatId}`, { pricePerNight: '1' }, {}, { token: other.token })).status,
      ).to.equal(403);
      expect((await api.get(`/hotel/room/specific/room/hotel/${hotelId}/${flatId}`, { token: other.token })).status).to.equal(403);
      expect(
        (await api.multipart('PATCH', `/hotel/room/update/room/${hotelId}/no-such-room`, { pricePerNight: '1' }, {}, { token: owner.token })).status,
      ).to.equal(404);
      expect((await api.get(`/hotel/room/specific/room/hotel/${hotelId}/no-such-room`, { token: owner.token })).status).to.equal(404);
    });
  });

  describe('reads', () => {
    it('answers unknown hotels with 404 in the envelope', async () => {
      const response = await api.get('/hotel/data/get/specific/does-not-exist');
      expect(response.status).to.equal(404);
      expect(response.body).to.deep.equal({ success: false, statusCode: 404, message: messages.server.hotelNotFound });
      expect((await api.get('/hotel/room/get/all/rooms/does-not-exist')).status).to.equal(404);
    });
  });
});
