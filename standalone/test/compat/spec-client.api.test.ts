/**
 * The web client the spec was written from (nandit9893/Sharma-Hotel-Bookings,
 * `sharma-bookings/`), served from another origin, against the whole product: each
 * request is built the way that client builds it (field names, text values, FormData
 * turned into JSON by axios, headers), in the order its pages send them, and each answer
 * is read the way its pages read it. Findings behind these journeys: ./README.md.
 */
import { expect } from 'chai';
import sharp from 'sharp';
import { addDays, indiaToday, quoteStay, streams } from '@stays/contracts';
import { ApiClient } from '../support/http-client.ts';
import { hotelForm, pngImage, pngImages, roomForm, strongPassword, uniqueEmail } from '../support/fixtures.ts';
import { signedInOwner } from '../support/accounts.ts';
import { otpFromOutbox } from '../support/booking.ts';
import { startTestSystem, type TestSystem } from '../support/test-system.ts';
import { BrowserPage, type FormValue, type PageResponse } from './browser-page.ts';

/** Where the client's dev server serves it (vite's default port). */
const CLIENT_ORIGIN = 'http://localhost:5173';

describe("the spec's web client on another origin", function () {
  this.timeout(120_000);
  let stays: TestSystem;
  /** One browser tab per person; each keeps its own localStorage token. */
  let owner: BrowserPage;
  let visitor: BrowserPage;
  let guest: BrowserPage;

  // what the journeys hand each other, as the client keeps it in its redux store and URL
  let hotelId = '';
  let ownerUser: Record<string, any> = {};
  let guestUser: Record<string, any> = {};
  const ownerEmail = uniqueEmail('meera');
  const guestEmail = uniqueEmail('kabir');
  const bookingIds: string[] = [];

  before(async () => {
    stays = await startTestSystem({ env: { CORS_ORIGINS: CLIENT_ORIGIN } });
    owner = new BrowserPage(stays.baseUrl, CLIENT_ORIGIN);
    visitor = new BrowserPage(stays.baseUrl, CLIENT_ORIGIN);
    guest = new BrowserPage(stays.baseUrl, CLIENT_ORIGIN);
    // another hotel in the same city, listed earlier by someone else, so sorting has something to order
    const api = new ApiClient(stays.baseUrl);
    const neighbour = await signedInOwner(api, 'Neighbour Owner');
    const listed = await api.multipart(
      'POST',
      '/hotel/data/create/hotel',
      hotelForm({
        hotelName: 'Fateh Sagar Lakeside Hotel',
        city: 'Udaipur',
        state: 'Rajasthan',
        address: 'Rani Road, Fateh Sagar Lake Shore',
        startingPrice: '15000',
        restaurants: '[]',
        famousTouristPlaces: '[]',
        transportationFacilities: '[]',
      }),
      { imageURLs: await pngImages(5) },
      { token: neighbour.token },
    );
    expect(listed.status, JSON.stringify(listed.body)).to.equal(201);
    // listed for guests once it has a room
    const room = await api.multipart(
      'POST',
      '/hotel/room/create/room',
      roomForm(listed.body.data._id),
      { imageURLs: await pngImages(1) },
      { token: neighbour.token },
    );
    expect(room.status, JSON.stringify(room.body)).to.equal(201);
  });
  after(async () => stays?.destroy());

  /**
   * Image links as the pages use them (`<img src>`, CSS `url()`), collected along the
   * journeys and fetched in one test, so a broken link fails there without hiding what
   * the journeys find after it.
   */
  const imageLinks = new Map<string, string>();
  const usesImage = (link: unknown, what: string) => {
    expect(link, what).to.be.a('string').and.not.equal('');
    if (!imageLinks.has(link as string)) imageLinks.set(link as string, what);
  };

  /** A link a page on another origin can follow: absolute, on the configured public address. */
  async function fetchAbsolute(link: string, what: string) {
    expect(link, `${what}: an absolute URL, not a path the page would resolve against its own origin`).to.match(/^https?:\/\//);
    expect(link.startsWith(`${stays.baseUrl}/`), `${what}: ${link} is on the configured public address`).to.equal(true);
    const response = await fetch(link);
    expect(response.status, what).to.equal(200);
    return response;
  }

  async function expectImage(link: string, what: string) {
    const response = await fetchAbsolute(link, what);
    expect(response.headers.get('content-type'), what).to.match(/^image\//);
    expect((await sharp(Buffer.from(await response.arrayBuffer())).metadata()).width, what).to.be.greaterThan(0);
  }

  /** `<a href={invoicePDF} download target="_blank">`: followed when the guest clicks it. */
  async function expectPdf(link: string, what: string) {
    const response = await fetchAbsolute(link, what);
    expect(response.headers.get('content-type'), what).to.equal('application/pdf');
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString('latin1'),
      what,
    ).to.equal('%PDF-');
  }

  /** The client's `if (response.data.success)` branch, with the answer shown when it is not taken. */
  const succeeded = <T>(response: PageResponse<T>) => {
    expect(response.status, JSON.stringify(response.data)).to.be.within(200, 299);
    expect((response.data as { success?: unknown }).success, JSON.stringify(response.data)).to.equal(true);
    return (response.data as { data: any }).data;
  };

  /** The hotel page (/view-hotel/{id}): its room list, booking preview and the page itself, as their effects fire. */
  async function openHotelPage(page: BrowserPage, id: string) {
    const rooms = succeeded(await page.get(`/hotel/room/get/all/rooms/${id}`)) as Record<string, any>[]; // RoomDataDisplay
    succeeded(await page.get(`/hotel/data/get/specific/${id}`)); // BookingPreviewData
    const standards = (succeeded(await page.get(`/hotel/room/get/all/rooms/${id}`)) as { roomStandard: string }[]).map((room) => room.roomStandard);
    const hotel = succeeded(await page.get(`/hotel/data/get/specific/${id}`)); // YourHotel
    for (const [index, url] of (hotel.imageURLs as unknown[]).entries()) usesImage(url, `hotel slide ${index}`);
    const [hours, minutes] = (hotel.checkInTime as string).split(':');
    expect(Number.parseInt(hours!, 10)).to.be.within(0, 23);
    expect(minutes).to.match(/^\d\d$/);
    for (const room of rooms) {
      // its price line does arithmetic on pricePerNight: `₹{room.pricePerNight + 5000}`
      expect(room.pricePerNight, 'pricePerNight is a number').to.be.a('number');
      expect(room.amenities, 'room amenities are a list').to.be.an('array');
      for (const url of room.imageURLs as unknown[]) usesImage(url, `room ${room.roomStandard} image`);
    }
    return { hotel, rooms, standards };
  }

  describe('owner: sign-up, sign-in, add a hotel with a 2 km place, update it unchanged, add rooms, room data', () => {
    it('signs up and signs in (JSON), and has no hotel yet', async () => {
      const signUp = await owner.post('/hotel/owner/register', {
        json: { name: 'Meera Shekhawat', email: ownerEmail, password: strongPassword },
        headers: { 'Content-Type': 'application/json' },
      });
      expect(succeeded(signUp)).to.have.property('_id');
      expect(signUp.data.message).to.be.a('string').and.not.equal('');

      const signIn = await owner.post('/hotel/owner/login', {
        json: { email: ownerEmail, password: strongPassword },
        headers: { 'Content-Type': 'application/json' },
      });
      const { accessToken, user, message } = succeeded(signIn);
      expect(message, 'LoginHotelOwner shows data.message').to.be.a('string').and.not.equal('');
      expect(user).to.include({ role: 'hotel-owner', name: 'Meera Shekhawat', email: ownerEmail });
      owner.accessToken = accessToken;
      ownerUser = user;

      // /hotel-details: no hotel yet, so the page offers ADD HOTEL
      expect(succeeded(await owner.get('/hotel/owner/get/hotel/id', { headers: owner.bearer() }))).to.equal(null);
    });

    it('adds a hotel with a restaurant 2 km away and a transport place without a type, as the add form sends them', async () => {
      // the add form's rows: { nearByPlaces, name, distance } with the distance as typed
      const rows = [
        { nearByPlaces: 'restaurants', name: 'Ambrai Restaurant', distance: '2' },
        { nearByPlaces: 'transportationFacilities', name: 'Udaipur City Railway Station', distance: '4' },
      ];
      const placesOf = (list: string) => rows.filter((row) => row.nearByPlaces === list).map(({ name, distance }) => ({ name, distance }));
      const range = rows.reduce((sum, row) => sum + Number.parseFloat(row.distance), 0) / rows.length;
      const form: [string, FormValue][] = [
        ['hotelName', 'Lake Pichola Haveli Stay'],
        ['address', 'Lal Ghat, Near Jagdish Temple'],
        ['country', 'India'],
        ['state', 'Rajasthan'],
        ['city', 'Udaipur'],
        ['pinCode', '313001'],
        ['description', 'A restored haveli on the ghats of Lake Pichola with rooftop dining, sunset views and quiet rooms.'],
        ['phoneNumber', '9414012345'],
        ['amenities', 'Free WiFi, AC,Parking, TV'],
        ['checkInTime', '12:00'],
        ['checkOutTime', '11:00'],
        ['startingPrice', '5500'],
        ...(await pngImages(5)).map((image): [string, FormValue] => ['imageURLs', image]),
        ['range', range],
        ['restaurants', JSON.stringify(placesOf('restaurants'))],
        ['transportationFacilities', JSON.stringify(placesOf('transportationFacilities'))],
      ];
      const added = await owner.post('/hotel/data/create/hotel', { form, headers: owner.bearer() });
      hotelId = succeeded(added)._id;
      expect(hotelId).to.be.a('string').and.not.equal('');
      expect(added.data.message).to.be.a('string').and.not.equal('');

      // navigate(`/view-hotel/${response.data.data._id}`): read-your-writes
      const { hotel } = await openHotelPage(owner, hotelId);
      expect(hotel).to.include({ _id: hotelId, hotelName: 'Lake Pichola Haveli Stay', city: 'Udaipur', startingPrice: 5500 });
      expect(hotel.amenities).to.deep.equal(['Free WiFi', 'AC', 'Parking', 'TV']);
      expect(hotel.restaurants).to.have.length(1);
      expect(hotel.restaurants[0]).to.include({ name: 'Ambrai Restaurant', distance: 2 });
      expect(hotel.transportationFacilities[0]).to.include({ name: 'Udaipur City Railway Station', distance: 4 });
    });

    it('updates the hotel unchanged: the form resends every stored place without its id, and keeps them', async () => {
      // UpdateYourHotel loads the hotel into its form state
      const stored = succeeded(await owner.get(`/hotel/data/get/specific/${hotelId}`));
      const withoutIds = (places: { name: string; distance: number }[]) => JSON.stringify(places.map(({ name, distance }) => ({ name, distance })));
      const form: [string, FormValue][] = [
        ['hotelName', stored.hotelName],
        ['address', stored.address],
        ['country', stored.country],
        ['state', stored.state],
        ['city', stored.city],
        ['pinCode', String(stored.pinCode)],
        ['description', stored.description],
        ['phoneNumber', String(stored.phoneNumber)],
        // FormData.append turns the stored amenity list into "Free WiFi,AC,Parking,TV"
        ['amenities', String(stored.amenities)],
        ['checkInTime', stored.checkInTime],
        ['checkOutTime', stored.checkOutTime],
        ['startingPrice', String(stored.startingPrice)],
        ['restaurants', withoutIds(stored.restaurants)],
        ['cinemaHalls', withoutIds(stored.cinemaHalls)],
        ['famousTouristPlaces', withoutIds(stored.famousTouristPlaces)],
        ['transportationFacilities', withoutIds(stored.transportationFacilities)],
      ];
      const updated = await owner.patch(`/hotel/data/update/hotel/${hotelId}`, { form, headers: { 'Content-Type': 'multipart/form-data', ...owner.bearer() } });
      expect(succeeded(updated)._id, 'navigate(`/view-hotel/${response.data.data._id}`)').to.equal(hotelId);
      expect(updated.data.message).to.be.a('string').and.not.equal('');

      const { hotel } = await openHotelPage(owner, hotelId);
      expect(hotel.restaurants).to.deep.equal(stored.restaurants);
      expect(hotel.transportationFacilities).to.deep.equal(stored.transportationFacilities);
      expect(hotel.range).to.equal(stored.range);
      expect(owner.preflights.map((p) => p.method)).to.include('PATCH');
      // nothing changed, so the log records no update
      expect((await stays.system.eventStore.readStream(streams.hotel(hotelId))).map((event) => event.type)).to.deep.equal(['HotelCreated']);
    });

    it('adds a room and an apartment with the add-room form (numbers as text, "true" or left out)', async () => {
      const addRoom = async (state: Record<string, FormValue | FormValue[]>) => {
        // the form appends each truthy state value in state order, the images one by one, then the hotel id
        const form: [string, FormValue][] = [];
        for (const [key, value] of Object.entries(state)) {
          if (key === 'imageURLs' && Array.isArray(value)) for (const image of value) form.push(['imageURLs', image]);
          else if (value) form.push([key, value as FormValue]);
        }
        form.push(['hotelID', hotelId]);
        const added = await owner.post('/hotel/room/create/room', { form, headers: owner.bearer() });
        expect(succeeded(added)).to.not.equal(undefined);
        expect(added.data.message).to.be.a('string').and.not.equal('');
        await openHotelPage(owner, hotelId); // navigate(`/view-hotel/${hotelID}`)
      };
      await addRoom({
        roomType: 'Room',
        roomStandard: 'Lake View',
        size: '30',
        bedType: 'King',
        amenities: 'Free WiFi AC TV',
        pricePerNight: '5500',
        numberOfRooms: 1,
        hasKitchen: false,
        furnished: true,
        hotelID: '',
        imageURLs: [await pngImage(40, 30, '#e76f51')],
      });
      await addRoom({
        roomType: 'Flat',
        roomStandard: 'Haveli Suite',
        size: '64',
        bedType: 'Queen',
        amenities: 'Free WiFi, AC, TV, Massage',
        pricePerNight: '9000',
        numberOfRooms: 2,
        hasKitchen: true,
        furnished: true,
        hotelID: '',
        imageURLs: await pngImages(2),
      });
    });

    it('shows room data, and loads a room into the update form', async () => {
      // /room-data/{hotelID}
      expect(succeeded(await owner.get(`/hotel/data/get/specific/${hotelId}`)).hotelName).to.equal('Lake Pichola Haveli Stay');
      const rooms = succeeded(await owner.get(`/hotel/room/get/all/rooms/${hotelId}`)) as Record<string, any>[];
      expect(rooms.map((room) => [room.roomType, room.roomStandard])).to.deep.equal([
        ['Room', 'Lake View'],
        ['Flat', 'Haveli Suite'],
      ]);
      const [room, flat] = rooms;
      expect(room).to.include({ size: 30, pricePerNight: 5500, bedType: 'King', hasKitchen: false, furnished: true });
      expect(flat).to.include({ size: 64, pricePerNight: 9000, bedType: 'Queen', numberOfRooms: 2, hasKitchen: true, furnished: true });
      expect(room!.amenities).to.deep.equal(['Free WiFi', 'AC', 'TV']);
      expect(flat!.amenities).to.deep.equal(['Free WiFi', 'AC', 'TV', 'Massage']);

      // UPDATE → /update-room-data/{hotelID}/{roomID}
      const loaded = succeeded(await owner.get(`/hotel/room/specific/room/hotel/${hotelId}/${flat!._id}`, { headers: owner.bearer() }));
      expect(loaded).to.include({
        hotelName: 'Lake Pichola Haveli Stay',
        roomType: 'Flat',
        roomStandard: 'Haveli Suite',
        size: 64,
        bedType: 'Queen',
        pricePerNight: 9000,
        numberOfRooms: 2,
        hasKitchen: true,
        furnished: true,
      });
      expect((loaded.amenities as string[]).join(' ')).to.equal('Free WiFi AC TV Massage');
      for (const url of loaded.imageURLs as unknown[]) usesImage(url, 'room update form image');
    });
  });

  describe('visitor: home, search with every Sort option, hotel page', () => {
    it('loads the home page slider and search suggestions from all hotels', async () => {
      const hotels = succeeded(await visitor.get('/hotel/data/get/all/hotels')) as Record<string, any>[];
      for (const [index, url] of hotels.flatMap((hotel) => hotel.imageURLs as unknown[]).entries()) usesImage(url, `home slide ${index}`);
      const suggestions = hotels.flatMap((item) =>
        [
          item.hotelName,
          (item.address as string).split(', ').slice(0, 2).join(', '),
          item.city,
          item.state || null,
          item.country,
          (item.restaurants as { name: string }[]).map((place) => place.name).join(', '),
          (item.famousTouristPlaces as { name: string }[]).map((place) => place.name).join(', '),
          (item.transportationFacilities as { type: string }[]).map((place) => place.type).join(', '),
          (item.cinemaHalls as { name: string }[]).map((place) => place.name).join(', '),
        ].filter((value) => value !== null && value !== ''),
      );
      expect(suggestions).to.include.members(['Lake Pichola Haveli Stay', 'Lal Ghat, Near Jagdish Temple', 'Udaipur', 'Ambrai Restaurant']);
    });

    const resultCards = async (page: BrowserPage, query: string) => {
      const hotels = succeeded(await page.get(`/hotel/data/get/search?${query}`)) as Record<string, any>[];
      for (const hotel of hotels) {
        // each HotelItem card: its thumbnails, first three amenities, and the hotel's room types
        for (const url of (hotel.imageURLs as unknown[]).slice(0, 8)) usesImage(url, `${hotel.hotelName} card thumbnail`);
        expect(hotel.amenities, 'card amenities').to.be.an('array');
        expect(hotel).to.include.keys('_id', 'hotelName', 'address', 'city', 'startingPrice', 'phoneNumber');
        expect(succeeded(await page.get(`/hotel/room/get/all/rooms/${hotel._id}`))).to.be.an('array');
      }
      return hotels.map((hotel) => hotel.hotelName as string);
    };

    it('searches from the home page, then with each Sort option of the search page', async () => {
      // Home: navigate(`/search-hotel?searchTerm=Udaipur`); the search page sends its query string as it is
      expect(await resultCards(visitor, new URLSearchParams({ searchTerm: 'Udaipur' }).toString())).to.deep.equal([
        'Lake Pichola Haveli Stay',
        'Fateh Sagar Lakeside Hotel',
      ]);

      // after that navigation its form holds '' for every missing key; a Sort option sets sort and order
      const sortedBy = (option: string) => {
        const [sort, order] = option.split('_');
        const params = new URLSearchParams();
        for (const [key, value] of Object.entries({ searchTerm: 'Udaipur', minPrice: '', maxPrice: '', startingPrice: '', sort: sort!, order: order! }))
          params.set(key, value);
        return resultCards(visitor, params.toString());
      };
      // the labels are the client's: "Price low to high" sends regularPrice_desc; we sort as `order` says
      expect(await sortedBy('regularPrice_desc'), 'Price low to high').to.deep.equal(['Fateh Sagar Lakeside Hotel', 'Lake Pichola Haveli Stay']);
      expect(await sortedBy('regularPrice_asc'), 'Price high to low').to.deep.equal(['Lake Pichola Haveli Stay', 'Fateh Sagar Lakeside Hotel']);
      expect(await sortedBy('createdAt_desc'), 'Latest Hotels').to.deep.equal(['Lake Pichola Haveli Stay', 'Fateh Sagar Lakeside Hotel']);
      expect(await sortedBy('createdAt_asc'), 'Oldest Hotels').to.deep.equal(['Fateh Sagar Lakeside Hotel', 'Lake Pichola Haveli Stay']);

      // opened directly, its form starts at 0 for every price and created_at/desc
      expect(await resultCards(visitor, 'searchTerm=Udaipur&minPrice=0&maxPrice=0&startingPrice=0&sort=created_at&order=desc')).to.deep.equal([
        'Lake Pichola Haveli Stay',
        'Fateh Sagar Lakeside Hotel',
      ]);

      // a refused query still reaches the page, so it can show the message
      const refused = await visitor.get('/hotel/data/get/search?searchTerm=Udaipur&sort=hotelName&order=desc');
      expect(refused.status).to.equal(400);
      expect(refused.data).to.include({ success: false, statusCode: 400 });
    });

    it('opens a hotel from a result card', async () => {
      const { hotel, standards } = await openHotelPage(visitor, hotelId);
      expect(hotel.hotelName).to.equal('Lake Pichola Haveli Stay');
      expect(standards).to.deep.equal(['Lake View', 'Haveli Suite']);
    });
  });

  describe('guest: sign-up, sign-in, OTP with +7840 and with +91, book, bookings, invoice', () => {
    it("signs up with a profile image (multipart) and signs in, reading the answer's messages", async () => {
      const signUp = await guest.post('/user/register', {
        form: [
          ['username', 'kabir'],
          ['email', guestEmail],
          ['name', 'Kabir Mehta'],
          ['password', strongPassword],
          ['profileImage', await pngImage(80, 80, '#264653')],
        ],
        headers: { 'Content-Type': 'multipart/form-data' },
      });
      succeeded(signUp);
      expect(signUp.data.message).to.be.a('string').and.not.equal('');

      const wrong = await guest.post('/user/login', { json: { email: guestEmail, password: 'not-my-password' } });
      expect(wrong.status).to.equal(401);
      expect(wrong.data.message, 'error.response.data.message is shown').to.be.a('string').and.not.equal('');

      const { accessToken, user, message } = succeeded(await guest.post('/user/login', { json: { email: guestEmail, password: strongPassword } }));
      expect(message, 'LoginUser shows data.message').to.be.a('string').and.not.equal('');
      expect(user).to.include({ role: 'customer', name: 'Kabir Mehta', email: guestEmail, username: 'kabir' });
      usesImage(user.profileImage, 'navbar profile image');
      guest.accessToken = accessToken;
      guestUser = user;
    });

    /**
     * /book-hotel/{id}: the page loads rooms and hotel, sends and verifies the OTP with the
     * picked dial code, and Payment posts the booking form data. `pick` is the calendar's
     * date at midnight in India, which the page turns into toISOString().
     */
    async function bookAStay(choice: {
      dialCode: string;
      phone: string;
      roomType: 'Room' | 'Flat';
      roomStandard: string;
      guests: number;
      rooms: number;
      nights: string;
      pick: string;
    }) {
      const rooms = succeeded(await guest.get(`/hotel/room/get/all/rooms/${hotelId}`)) as { roomStandard: string; roomType: string; pricePerNight: number }[];
      const hotel = succeeded(await guest.get(`/hotel/data/get/specific/${hotelId}`));
      usesImage(hotel.imageURLs[4], 'booking summary image (the fifth)');
      const form = {
        hotelID: hotel._id,
        hotelName: hotel.hotelName,
        customerPhoneNumber: choice.phone,
        customerEmail: guestEmail,
        hotelAddress: hotel.address,
        hotelCity: hotel.city,
        hotelState: hotel.state,
        hotelCountry: hotel.country,
        customerName: 'Kabir Mehta',
        customerID: guestUser._id,
        roomStandard: choice.roomStandard,
        numberOfRooms: choice.rooms,
        numberOfGuests: choice.guests,
        numberOfNights: choice.nights,
        roomType: choice.roomType,
        dateOfBooking: new Date().toISOString().split('T')[0],
        dateOfCommencement: new Date(`${choice.pick}T00:00:00+05:30`).toISOString(),
        hotelPincode: hotel.pinCode,
        hotelPhoneNumber: hotel.phoneNumber,
        totalAmount: 0,
      };
      const price = rooms.find((room) => room.roomStandard === choice.roomStandard && room.roomType === choice.roomType)!.pricePerNight;
      form.totalAmount = price * choice.guests * (choice.roomType === 'Room' ? choice.rooms : 1) * Number(choice.nights);
      expect(form.customerPhoneNumber.length, 'Send is enabled for 9 to 12 characters').to.be.within(9, 12);

      // Send: FormData with `Content-Type: application/json`, which axios sends as JSON
      const fullPhone = `${choice.dialCode}${choice.phone}`;
      const sent = await guest.post('/hotel/booking/send/email/mobile', {
        form: [
          ['customerName', form.customerName],
          ['customerEmail', form.customerEmail],
          ['customerPhoneNumber', fullPhone],
        ],
        headers: { ...guest.bearer(), 'Content-Type': 'application/json' },
      });
      succeeded(sent);
      const otp = await otpFromOutbox(stays.dataDir, fullPhone);
      const verified = await guest.post('/hotel/booking/verify/email/mobile', {
        form: [
          ['otp', otp],
          ['customerEmail', form.customerEmail],
          ['customerPhoneNumber', fullPhone],
        ],
        headers: { ...guest.bearer(), 'Content-Type': 'application/json' },
      });
      succeeded(verified);

      const booked = await guest.post('/hotel/booking/book/hotel', { json: form, headers: guest.bearer() });
      const placed = succeeded(booked); // navigate("/profile")
      bookingIds.push(placed.bookingID);
      return { placed, price };
    }

    /** /profile and /user/bookings/{customerID}: the guest's bookings, as the pages read them. */
    async function bookingsPage() {
      const onProfile = succeeded(await guest.get(`/user/get/all/bookings/${guestUser._id}`, { headers: guest.bearer() })) as unknown[];
      expect(onProfile.length, 'the profile shows "Your Bookings"').to.be.greaterThan(0);
      return succeeded(await guest.get(`/user/get/all/bookings/${guestUser._id}`, { headers: guest.bearer() })) as Record<string, any>[];
    }

    it("verifies the contact with the picker's default +7840 and books a room for a date picked as midnight in India", async () => {
      const pick = addDays(indiaToday(new Date()), 1); // the calendar's earliest day: tomorrow
      const { placed } = await bookAStay({
        dialCode: '+7840',
        phone: '9812345678',
        roomType: 'Room',
        roomStandard: 'Lake View',
        guests: 2,
        rooms: 1,
        nights: '2',
        pick,
      });
      const [booking] = (await bookingsPage()).filter((row) => row.bookingID === placed.bookingID);
      const quote = quoteStay({ roomType: 'Room', pricePerNight: 5500, numberOfGuests: 2, numberOfRooms: 1, numberOfNights: 2 });
      expect(booking).to.include({
        hotelID: hotelId,
        hotelName: 'Lake Pichola Haveli Stay',
        hotelAddress: 'Lal Ghat, Near Jagdish Temple',
        hotelCity: 'Udaipur',
        roomType: 'Room',
        roomStandard: 'Lake View',
        isPaymentDone: false,
      });
      expect(booking!.totalAmount - booking!.discountAmount).to.equal(quote.payableAmount);
      expect((booking!.dateOfCommencement as string).slice(0, 10), 'the day picked in India').to.equal(pick);
      expect(new Date(booking!.dateOfCommencement).getTime() > Date.now(), 'shown as Upcoming').to.equal(true);
      expect(booking!.dateOfBooking.slice(0, 10)).to.match(/^\d{4}-\d{2}-\d{2}$/);
    });

    it('verifies with +91 and books the apartment', async () => {
      const pick = addDays(indiaToday(new Date()), 6);
      const { placed } = await bookAStay({
        dialCode: '+91',
        phone: '9123456780',
        roomType: 'Flat',
        roomStandard: 'Haveli Suite',
        guests: 3,
        rooms: 1,
        nights: '1',
        pick,
      });
      const [booking] = (await bookingsPage()).filter((row) => row.bookingID === placed.bookingID);
      const quote = quoteStay({ roomType: 'Flat', pricePerNight: 9000, numberOfGuests: 3, numberOfRooms: 1, numberOfNights: 1 });
      expect(booking).to.include({ roomType: 'Flat', roomStandard: 'Haveli Suite', numberOfGuests: 3, customerPhoneNumber: '9123456780' });
      expect(booking!.totalAmount - booking!.discountAmount).to.equal(quote.payableAmount);
      expect((booking!.dateOfCommencement as string).slice(0, 10)).to.equal(pick);
    });

    it('downloads each invoice by the link the guest receives', async () => {
      await stays.system.reactor.whenIdle();
      const rows = await bookingsPage();
      expect(rows.map((row) => row.bookingID))
        .to.have.members(bookingIds)
        .and.have.length(2);
      for (const row of rows) {
        expect(row.invoicePDF, `invoice of ${row.bookingID} is issued`).to.be.a('string').and.not.equal('');
        await expectPdf(row.invoicePDF, `invoice of ${row.bookingID}`);
      }
    });
  });

  describe('owner: bookings of the hotel', () => {
    it('finds the hotel id on the owner page, offers NEW BOOKINGS and lists them', async () => {
      const id = succeeded(await owner.get('/hotel/owner/get/hotel/id', { headers: owner.bearer() }));
      expect(id, 'data is the bare id').to.equal(hotelId);
      const onOwnerPage = succeeded(await owner.get(`/hotel/owner/get/all/hotel/owner/bookings/${id}`, { headers: owner.bearer() })) as unknown[];
      expect(onOwnerPage.length, 'NEW BOOKINGS is offered').to.be.greaterThan(0);

      const bookings = succeeded(await owner.get(`/hotel/owner/get/all/hotel/owner/bookings/${hotelId}`, { headers: owner.bearer() })) as Record<string, any>[];
      expect(bookings[0]!.hotelName).to.equal('Lake Pichola Haveli Stay');
      expect(bookings.map((booking) => booking.bookingID)).to.have.members(bookingIds);
      for (const booking of bookings) {
        expect(booking).to.include.keys(
          'bookingID',
          'customerName',
          'customerPhoneNumber',
          'roomType',
          'roomStandard',
          'numberOfGuests',
          'isPaymentDone',
          'totalAmount',
          'discountAmount',
        );
        expect(booking.dateOfBooking.slice(0, 10)).to.match(/^\d{4}-\d{2}-\d{2}$/);
        expect(booking.dateOfCommencement.slice(0, 10)).to.match(/^\d{4}-\d{2}-\d{2}$/);
      }
    });
  });

  describe('images, fetched by their absolute URL as the pages use them', () => {
    it('serves every image the pages showed', async () => {
      // 5 + 5 hotel photos, 3 room photos, the guest's profile image
      expect(imageLinks.size, 'images seen along the journeys').to.be.at.least(14);
      for (const [link, what] of imageLinks) await expectImage(link, what);
    });
  });

  describe('profiles: update, sign out, delete (PATCH and DELETE preflights)', () => {
    it('updates the owner profile with JSON (an empty password means unchanged) and signs out', async () => {
      const updated = await owner.patch('/hotel/owner/update/profile', {
        json: { name: 'Meera S. Shekhawat', email: ownerUser.email, password: '' },
        headers: { 'Content-Type': 'application/json', ...owner.bearer() },
      });
      expect(succeeded(updated)).to.include({ name: 'Meera S. Shekhawat', email: ownerEmail, role: 'hotel-owner' });
      succeeded(await owner.post('/hotel/owner/logout', { json: {}, headers: owner.bearer() }));
      const afterSignOut = await owner.get('/hotel/owner/get/hotel/id', { headers: owner.bearer() });
      expect(afterSignOut.status).to.equal(401);
    });

    it('updates the guest profile (multipart, new image) and deletes the account', async () => {
      const updated = await guest.patch('/user/update/profile', {
        form: [
          ['username', 'kabir_m'],
          ['email', guestEmail],
          ['profileImage', await pngImage(90, 90, '#f4a261')],
        ],
        headers: { 'Content-Type': 'multipart/form-data', ...guest.bearer() },
      });
      const user = succeeded(updated);
      expect(user).to.include({ username: 'kabir_m', email: guestEmail });
      await expectImage(user.profileImage, 'updated profile image');

      succeeded(await guest.delete('/user/delete/account', { headers: guest.bearer() }));
      const signIn = await guest.post('/user/login', { json: { email: guestEmail, password: strongPassword } });
      expect(signIn.status).to.equal(401);
      expect(guest.preflights.map((p) => p.method)).to.include.members(['PATCH', 'DELETE', 'POST']);
    });

    it('gives a page on an origin not in CORS_ORIGINS nothing to read', async () => {
      const preflight = await fetch(`${stays.baseUrl}/sharma/resident/stays/user/delete/account`, {
        method: 'OPTIONS',
        headers: { Origin: 'http://localhost:5174', 'Access-Control-Request-Method': 'DELETE', 'Access-Control-Request-Headers': 'authorization' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).to.equal(null);
      const read = await fetch(`${stays.baseUrl}/sharma/resident/stays/hotel/data/get/all/hotels`, { headers: { Origin: 'http://localhost:5174' } });
      expect(read.headers.get('access-control-allow-origin')).to.equal(null);
    });
  });
});
