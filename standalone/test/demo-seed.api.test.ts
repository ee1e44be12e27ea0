import { expect } from 'chai';
import { createHotelRequest, createRoomRequest, priceCategory } from '@stays/contracts';
import {
  DEMO_AUDITOR_EMAIL,
  DEMO_PASSWORD,
  demoGuest,
  demoHotels,
  hotelFields,
  roomFields,
  seedDemo,
  seedDemoAuditor,
  type SeedResult,
} from '../src/demo/index.ts';
import { ApiClient } from './support/http-client.ts';
import { API, startTestSystem, type TestSystem } from './support/test-system.ts';

describe('demo data', function () {
  this.timeout(60_000);

  describe('the data itself', () => {
    it('is a dozen hotels that pass the add-hotel and add-room rules', () => {
      expect(demoHotels).to.have.length(12);
      for (const hotel of demoHotels) {
        const parsed = createHotelRequest.safeParse(hotelFields(hotel));
        expect(parsed.success, `${hotel.hotelName}: ${parsed.error?.message}`).to.equal(true);
        expect(hotel.pinCode, hotel.hotelName).to.match(/^\d{6}$/);
        expect(hotel.address.split(',').length, hotel.address).to.be.at.least(3);
        expect(hotel.listings.length, hotel.hotelName).to.be.within(2, 4);
        const cheapest = Math.min(...hotel.listings.map((listing) => listing.pricePerNight));
        expect(cheapest, `${hotel.hotelName}: cheapest room is the starting price`).to.equal(hotel.startingPrice);
        for (const listing of hotel.listings) {
          const room = createRoomRequest.safeParse(roomFields('h', listing));
          expect(room.success, `${hotel.hotelName} ${listing.roomStandard}: ${room.error?.message}`).to.equal(true);
          expect(listing.totalUnits).to.be.within(2, 20);
          if (listing.roomType === 'Flat') expect(listing.numberOfRooms, listing.roomStandard).to.be.within(2, 3);
        }
      }
      const owners = demoHotels.map((hotel) => hotel.owner.email);
      expect(new Set(owners).size).to.equal(12);
      expect(owners).to.deep.equal(demoHotels.map((_, i) => `owner${i + 1}@stays.demo`));
      const categories = demoHotels.map((hotel) => priceCategory(hotel.startingPrice));
      for (const category of ['Economic', 'Medium', 'Business', 'Luxurious']) {
        expect(
          categories.filter((c) => c === category),
          category,
        ).to.have.length.at.least(2);
      }
    });
  });

  describe('seeded through the API', () => {
    let stays: TestSystem;
    let api: ApiClient;
    let result: SeedResult;
    const lines: string[] = [];

    before(async () => {
      stays = await startTestSystem();
      api = new ApiClient(stays.baseUrl);
      result = await seedDemo(stays.baseUrl, API, (line) => lines.push(line));
      await seedDemoAuditor(stays.system);
    });
    after(async () => stays?.destroy());

    it('reports what it created and how long it took', () => {
      const rooms = demoHotels.reduce((sum, hotel) => sum + hotel.listings.length, 0);
      expect(result).to.deep.include({ hotels: 12, rooms });
      expect(result.created.hotels).to.have.length(12);
      expect(lines.at(-1)).to.match(/^demo: seeded 12 hotels and \d+ rooms in [\d.]+ s/);
    });

    it('lists a dozen hotels across Indian cities in every price category', async () => {
      const all = await api.get('/hotel/data/get/all/hotels');
      expect(all.status).to.equal(200);
      const hotels: { city: string; country: string; priceCategory: string }[] = all.body.data;
      expect(hotels).to.have.length(12);
      expect(new Set(hotels.map((hotel) => hotel.city)).size).to.be.at.least(10);
      expect(new Set(hotels.map((hotel) => hotel.priceCategory))).to.deep.equal(new Set(['Economic', 'Medium', 'Business', 'Luxurious']));
      expect(hotels.every((hotel) => hotel.country === 'India')).to.equal(true);
    });

    it('gives every hotel 5+ images served as WebP and 2+ rooms, some hotels offering rooms and apartments', async () => {
      const hotels: { _id: string; hotelName: string; imageURLs: string[]; roomTypes: string[] }[] = (await api.get('/hotel/data/get/all/hotels')).body.data;
      for (const hotel of hotels) {
        expect(hotel.imageURLs, hotel.hotelName).to.have.length.at.least(5);
        const images = await Promise.all(hotel.imageURLs.map((url) => fetch(url)));
        for (const image of images) {
          expect(image.status, hotel.hotelName).to.equal(200);
          expect(image.headers.get('content-type'), hotel.hotelName).to.equal('image/webp');
          await image.arrayBuffer();
        }
        const rooms = await api.get(`/hotel/room/get/all/rooms/${hotel._id}`);
        expect(rooms.status).to.equal(200);
        expect(rooms.body.data, hotel.hotelName).to.have.length.at.least(2);
        for (const room of rooms.body.data) expect(room.imageURLs, `${hotel.hotelName} ${room.roomStandard}`).to.have.length.within(1, 2);
      }
      const both = hotels.filter((hotel) => hotel.roomTypes.includes('Room') && hotel.roomTypes.includes('Flat'));
      expect(both.length).to.be.at.least(3);
    });

    it('stores flats with bedrooms and a kitchen', async () => {
      const hotels: { _id: string }[] = (await api.get('/hotel/data/get/all/hotels')).body.data;
      const rooms = (await Promise.all(hotels.map((hotel) => api.get(`/hotel/room/get/all/rooms/${hotel._id}`)))).flatMap((r) => r.body.data);
      const flats = rooms.filter((room: { roomType: string }) => room.roomType === 'Flat');
      expect(flats.length).to.be.at.least(5);
      for (const flat of flats) expect(flat).to.include({ hasKitchen: true }).and.to.have.property('numberOfRooms').within(2, 3);
      for (const room of rooms.filter((r: { roomType: string }) => r.roomType === 'Room')) expect(room).to.include({ hasKitchen: false, numberOfRooms: 1 });
    });

    it("finds a city's hotel by search", async () => {
      const found = await api.get('/hotel/data/get/search?searchTerm=jaipur');
      expect(found.status).to.equal(200);
      expect(found.body.data.map((hotel: { city: string }) => hotel.city)).to.deep.equal(['Jaipur']);
      const landmark = await api.get(`/hotel/data/get/search?searchTerm=${encodeURIComponent('Gateway of India')}`);
      expect(landmark.body.data.map((hotel: { city: string }) => hotel.city)).to.deep.equal(['Mumbai']);
    });

    it('lets a demo owner sign in and find their hotel', async () => {
      const jaipur = demoHotels.findIndex((hotel) => hotel.city === 'Jaipur');
      const login = await api.post('/hotel/owner/login', { email: `owner${jaipur + 1}@stays.demo`, password: DEMO_PASSWORD });
      expect(login.status, JSON.stringify(login.body)).to.equal(200);
      const own = await api.get('/hotel/owner/get/hotel/id', { token: login.body.data.accessToken });
      expect(own.status).to.equal(200);
      const hotel = await api.get(`/hotel/data/get/specific/${own.body.data}`);
      expect(hotel.body.data).to.include({ city: 'Jaipur', hotelName: demoHotels[jaipur].hotelName });
    });

    it('lets the demo guest sign in', async () => {
      const login = await api.post('/user/login', { email: demoGuest.email, password: DEMO_PASSWORD });
      expect(login.status, JSON.stringify(login.body)).to.equal(200);
      expect(login.body.data.accessToken).to.be.a('string');
      expect(login.body.data.user).to.include({ email: demoGuest.email, name: demoGuest.name });
    });

    it("lets the demo auditor sign in, and only at the auditors' sign-in", async () => {
      const login = await api.post('/audit/login', { email: DEMO_AUDITOR_EMAIL, password: DEMO_PASSWORD });
      expect(login.status, JSON.stringify(login.body)).to.equal(200);
      expect(login.body.data.user).to.include({ email: DEMO_AUDITOR_EMAIL, role: 'auditor' });
      expect((await api.post('/user/login', { email: DEMO_AUDITOR_EMAIL, password: DEMO_PASSWORD })).status).to.equal(401);
    });

    it("fails loudly, naming the call and the server's message, when seeded twice", async () => {
      let failure: unknown;
      try {
        await seedDemo(stays.baseUrl, API);
      } catch (error) {
        failure = error;
      }
      expect(failure).to.be.instanceOf(Error);
      expect((failure as Error).message).to.match(/^demo seed: POST \/hotel\/owner\/register answered 409: /);
      const all = await api.get('/hotel/data/get/all/hotels');
      expect(all.body.data).to.have.length(12);
    });
  });
});
