import { expect } from 'chai';
import http, { type IncomingHttpHeaders } from 'node:http';
import { gunzipSync } from 'node:zlib';
import { POSITION_FIELD } from '@stays/projections/read-models';
import { ApiClient } from '../../standalone/test/support/http-client.ts';
import { hotelForm, pngImages, roomForm } from '../../standalone/test/support/fixtures.ts';
import { signedInOwner } from '../../standalone/test/support/accounts.ts';
import { API, startTestSystem, type TestSystem } from '../../standalone/test/support/test-system.ts';

interface Listing {
  roomType: string;
  roomStandard: string;
  bedType: string;
  pricePerNight: string;
  furnished?: string;
  hasKitchen?: string;
  numberOfRooms?: string;
}

const HOTELS: { form: Record<string, string>; rooms: Listing[] }[] = [
  {
    form: {
      hotelName: 'Amber Palace Heritage Stay',
      city: 'Jaipur',
      state: 'Rajasthan',
      address: '2 Amer Road, Near Jal Mahal',
      startingPrice: '52000',
      famousTouristPlaces: JSON.stringify([{ name: 'Hawa Mahal', distance: '4' }]),
      restaurants: JSON.stringify([{ name: 'Laxmi Mishthan Bhandar', distance: '5' }]),
    },
    rooms: [{ roomType: 'Room', roomStandard: 'Royal', bedType: 'King', pricePerNight: '52000', furnished: 'true' }],
  },
  {
    form: {
      hotelName: 'Marine Drive Sea View Inn',
      city: 'Mumbai',
      state: 'Maharashtra',
      address: '44 Netaji Subhash Road, Churchgate',
      startingPrice: '12500',
      cinemaHalls: JSON.stringify([{ name: 'Eros Cinema', distance: '1' }]),
      transportationFacilities: JSON.stringify([{ type: 'Local Train', name: 'Churchgate Station', distance: '0.5' }]),
    },
    rooms: [
      { roomType: 'Flat', roomStandard: 'Sea Facing', bedType: 'Double', pricePerNight: '18000', hasKitchen: 'true', numberOfRooms: '2' },
      { roomType: 'Room', roomStandard: 'Standard', bedType: 'Single', pricePerNight: '12500' },
    ],
  },
  {
    form: {
      hotelName: 'Koramangala Budget Rooms',
      city: 'Bengaluru',
      state: 'Karnataka',
      address: '80 Feet Road, 4th Block, Koramangala',
      startingPrice: '2500',
      restaurants: JSON.stringify([{ name: 'Meghana Foods (Biryani)', distance: '0.8' }]),
    },
    rooms: [{ roomType: 'Room', roomStandard: 'Economy', bedType: 'Double', pricePerNight: '2500' }],
  },
  {
    form: {
      hotelName: 'Calangute Beach Apartments',
      city: 'Goa',
      state: 'Goa',
      address: 'Beach Road, Calangute, Bardez Goa',
      startingPrice: '23000',
      country: 'India',
    },
    rooms: [
      { roomType: 'Flat', roomStandard: 'Beach Villa', bedType: 'King', pricePerNight: '23000', hasKitchen: 'true', furnished: 'true', numberOfRooms: '3' },
    ],
  },
  {
    form: {
      hotelName: 'Hotel C++ & .NET Geeks Lodge',
      city: 'Pune',
      state: 'Maharashtra',
      address: 'Hinjewadi Phase 1, Rajiv Gandhi Infotech Park',
      startingPrice: '8000',
    },
    rooms: [{ roomType: 'Flat', roomStandard: 'Studio', bedType: 'Queen', pricePerNight: '8000', numberOfRooms: '1' }],
  },
];

describe('search over HTTP', function () {
  this.timeout(60_000);
  let stays: TestSystem;
  let api: ApiClient;
  const ids: Record<string, string> = {};

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
    for (const hotel of HOTELS) {
      const owner = await signedInOwner(api);
      const created = await api.multipart(
        'POST',
        '/hotel/data/create/hotel',
        hotelForm({ restaurants: '[]', famousTouristPlaces: '[]', transportationFacilities: '[]', ...hotel.form }),
        { imageURLs: await pngImages(5) },
        { token: owner.token },
      );
      expect(created.status, JSON.stringify(created.body)).to.equal(201);
      ids[hotel.form.city!] = created.body.data._id;
      for (const listing of hotel.rooms) {
        const room = await api.multipart(
          'POST',
          '/hotel/room/create/room',
          roomForm(created.body.data._id, { furnished: '', ...listing } as Record<string, string>),
          { imageURLs: await pngImages(1) },
          { token: owner.token },
        );
        expect(room.status, JSON.stringify(room.body)).to.equal(201);
      }
    }
  });
  after(async () => stays.destroy());

  const search = async (query: string, path = '/hotel/data/get/search') => {
    const response = await api.get(`${path}?${query}`);
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return response.body as { data: { _id: string; city: string; startingPrice: number }[]; pagination: { total: number; page: number; limit: number } };
  };
  const cities = async (query: string, path?: string) => (await search(query, path)).data.map((hotel) => hotel.city);

  it('lists every hotel newest first by default, with a total', async () => {
    const result = await search('');
    expect(result.data.map((hotel) => hotel.city)).to.deep.equal(['Pune', 'Goa', 'Bengaluru', 'Mumbai', 'Jaipur']);
    expect(result.pagination).to.deep.equal({ total: 5, page: 1, limit: 100 });
    // result cards carry what a card shows, not the hotel page's description and nearby places
    const card = result.data[0] as unknown as Record<string, unknown>;
    expect(card).to.include.keys('_id', 'hotelName', 'address', 'city', 'imageURLs', 'startingPrice', 'priceCategory', 'phoneNumber', 'amenities', 'roomTypes');
    expect(card).not.to.have.any.keys(
      'description',
      'restaurants',
      'cinemaHalls',
      'famousTouristPlaces',
      'transportationFacilities',
      'searchText',
      POSITION_FIELD,
    );
  });

  it('matches the term case-insensitively against name, address, city, state, country and nearby places', async () => {
    expect(await cities('searchTerm=JAIPUR')).to.deep.equal(['Jaipur']);
    expect(await cities('searchTerm=sea%20view')).to.deep.equal(['Mumbai']);
    expect(await cities('searchTerm=koramangala')).to.deep.equal(['Bengaluru']);
    expect(await cities('searchTerm=maharashtra')).to.have.members(['Mumbai', 'Pune']);
    expect(await cities('searchTerm=hawa%20mahal')).to.deep.equal(['Jaipur']);
    expect(await cities('searchTerm=eros')).to.deep.equal(['Mumbai']);
    expect(await cities('searchTerm=local%20train')).to.deep.equal(['Mumbai']);
    expect(await cities('searchTerm=churchgate%20station')).to.deep.equal(['Mumbai']);
    expect(await cities('searchTerm=india')).to.have.length(5);
    expect(await cities('searchTerm=timbuktu')).to.deep.equal([]);
  });

  it('treats regular-expression characters as plain text', async () => {
    expect(await cities('searchTerm=.*')).to.deep.equal([]);
    expect(await cities(`searchTerm=${encodeURIComponent('c++')}`)).to.deep.equal(['Pune']);
    expect(await cities(`searchTerm=${encodeURIComponent('.net')}`)).to.deep.equal(['Pune']);
    expect(await cities(`searchTerm=${encodeURIComponent('(biryani)')}`)).to.deep.equal(['Bengaluru']);
    for (const hostile of ['(', '[', '\\', 'a{2,}', '^Amber', '$', '|', '(?:x)']) {
      const response = await api.get(`/hotel/data/get/search?searchTerm=${encodeURIComponent(hostile)}`);
      expect(response.status, hostile).to.equal(200);
    }
    expect(await cities(`searchTerm=${encodeURIComponent('^Amber')}`)).to.deep.equal([]);
  });

  it('filters by price and sorts by starting price or age', async () => {
    expect(await cities('minPrice=10000&maxPrice=30000&sort=startingPrice&order=asc')).to.deep.equal(['Mumbai', 'Goa']);
    expect(await cities('startingPrice=9000&sort=startingPrice&order=desc')).to.deep.equal(['Pune', 'Bengaluru']);
    expect(await cities('sort=startingPrice&order=desc')).to.deep.equal(['Jaipur', 'Goa', 'Mumbai', 'Pune', 'Bengaluru']);
    expect(await cities('sort=created_at&order=asc')).to.deep.equal(['Jaipur', 'Mumbai', 'Bengaluru', 'Goa', 'Pune']);
  });

  it("reads an upper price bound of 0 (the spec client's untouched price inputs) as no bound", async () => {
    expect(await cities('searchTerm=&minPrice=0&maxPrice=0&startingPrice=0&sort=created_at&order=desc')).to.deep.equal([
      'Pune',
      'Goa',
      'Bengaluru',
      'Mumbai',
      'Jaipur',
    ]);
    expect(await cities('minPrice=10000&maxPrice=0&sort=startingPrice&order=asc')).to.deep.equal(['Mumbai', 'Goa', 'Jaipur']);
    expect(await cities('maxPrice=1')).to.deep.equal([]);
  });

  it("sorts by the spec client's names createdAt and regularPrice, in any case, and refuses other fields", async () => {
    expect(await cities('sort=regularPrice&order=asc')).to.deep.equal(['Bengaluru', 'Pune', 'Mumbai', 'Goa', 'Jaipur']);
    expect(await cities('sort=REGULARPRICE&order=DESC')).to.deep.equal(['Jaipur', 'Goa', 'Mumbai', 'Pune', 'Bengaluru']);
    expect(await cities('sort=createdAt&order=asc')).to.deep.equal(['Jaipur', 'Mumbai', 'Bengaluru', 'Goa', 'Pune']);
    expect(await cities('sort=createdat&order=desc')).to.deep.equal(['Pune', 'Goa', 'Bengaluru', 'Mumbai', 'Jaipur']);
    expect(await cities('sort=StartingPrice&order=Asc')).to.deep.equal(['Bengaluru', 'Pune', 'Mumbai', 'Goa', 'Jaipur']);
    for (const sort of ['regular_price', 'created', 'updatedAt', 'price', '_id', 'searchText']) {
      const refused = await api.get(`/hotel/data/get/search?sort=${sort}&order=asc`);
      expect(refused.status, sort).to.equal(400);
      expect(refused.body.field, sort).to.equal('sort');
    }
  });

  it('pages without overlap', async () => {
    const first = await search('sort=startingPrice&order=asc&limit=2&page=1');
    const second = await search('sort=startingPrice&order=asc&limit=2&page=2');
    const third = await search('sort=startingPrice&order=asc&limit=2&page=3');
    expect([...first.data, ...second.data, ...third.data].map((hotel) => hotel.city)).to.deep.equal(['Bengaluru', 'Pune', 'Mumbai', 'Goa', 'Jaipur']);
    expect(second.pagination).to.deep.equal({ total: 5, page: 2, limit: 2 });
  });

  it('refuses bad query values with 400 naming the field', async () => {
    for (const [query, field] of [
      ['minPrice=-5', 'minPrice'],
      ['maxPrice=lots', 'maxPrice'],
      ['sort=hotelName', 'sort'],
      ['order=sideways', 'order'],
      ['limit=0', 'limit'],
      ['limit=100000', 'limit'],
      ['searchTerm=a&searchTerm=b', 'searchTerm'],
    ]) {
      const response = await api.get(`/hotel/data/get/search?${query}`);
      expect(response.status, query).to.equal(400);
      expect(response.body.field, query).to.equal(field);
    }
    const ignored = await api.get('/hotel/data/get/search?searchTerm[$ne]=x');
    expect(ignored.status).to.equal(200);
  });

  it('finds hotels with at least one matching room, combined with the hotel filters', async () => {
    const path = '/hotel/room/get/search/rooms';
    expect(await cities('roomType=flat', path)).to.have.members(['Mumbai', 'Goa', 'Pune']);
    expect(await cities('roomType=Room,flat&bedType=king', path)).to.have.members(['Jaipur', 'Goa']);
    expect(await cities('roomType=Room&roomType=Flat&bedType=single&bedType=queen', path)).to.have.members(['Mumbai', 'Pune']);
    expect(await cities('hasKitchen=true', path)).to.have.members(['Mumbai', 'Goa']);
    expect(await cities('furnished=true&hasKitchen=true', path)).to.deep.equal(['Goa']);
    expect(await cities('pricePerNight=10000', path)).to.have.members(['Bengaluru', 'Pune']);
    expect(await cities('roomType=flat&searchTerm=maharashtra', path)).to.have.members(['Mumbai', 'Pune']);
    expect(await cities('roomType=flat&minPrice=20000', path)).to.deep.equal(['Goa']);
    expect(await cities('', path)).to.have.length(5);
    const bad = await api.get(`${path}?roomType=castle`);
    expect(bad.status).to.equal(400);
    expect(bad.body.field).to.equal('roomType.0');
  });

  it('shows a new or changed hotel in the very next search, though answers are cached', async () => {
    const before = await search('searchTerm=shillong');
    expect(before.data).to.deep.equal([]);
    expect((await search('searchTerm=shillong')).data).to.deep.equal([]);
    const owner = await signedInOwner(api);
    const created = await api.multipart(
      'POST',
      '/hotel/data/create/hotel',
      hotelForm({
        hotelName: 'Pine Wood Hill Cottages',
        city: 'Shillong',
        state: 'Meghalaya',
        restaurants: '[]',
        famousTouristPlaces: '[]',
        transportationFacilities: '[]',
      }),
      { imageURLs: await pngImages(5) },
      { token: owner.token },
    );
    expect(created.status).to.equal(201);
    // guests find it once it has a room
    expect(await cities('searchTerm=shillong')).to.deep.equal([]);
    const room = await api.multipart(
      'POST',
      '/hotel/room/create/room',
      roomForm(created.body.data._id),
      { imageURLs: await pngImages(1) },
      { token: owner.token },
    );
    expect(room.status).to.equal(201);
    expect(await cities('searchTerm=shillong')).to.deep.equal(['Shillong']);
    const all = (await api.get('/hotel/data/get/all/hotels')).body.data as { _id: string }[];
    expect(all.map((hotel) => hotel._id)).to.include(created.body.data._id);
    // asked before the rename, so what holds the term is remembered, for the hotel search and the room search alike
    expect(await cities('searchTerm=hill%20cottages')).to.deep.equal(['Shillong']);
    expect(await cities('searchTerm=hill%20cottages&roomType=Room,Flat', '/hotel/room/get/search/rooms')).to.deep.equal(['Shillong']);
    const renamed = await api.multipart(
      'PATCH',
      `/hotel/data/update/hotel/${created.body.data._id}`,
      { hotelName: 'Pine Wood Cloud Cottages' },
      {},
      { token: owner.token },
    );
    expect(renamed.status).to.equal(200);
    expect(await cities('searchTerm=cloud%20cottages')).to.deep.equal(['Shillong']);
    expect(await cities('searchTerm=hill%20cottages')).to.deep.equal([]);
    // queries not asked before (no answer of theirs is cached) with the same term
    expect(await cities('searchTerm=hill%20cottages&sort=regularPrice&order=asc')).to.deep.equal([]);
    expect(await cities('searchTerm=hill%20cottages&roomType=Flat,Room&page=1', '/hotel/room/get/search/rooms')).to.deep.equal([]);
    expect(await cities('searchTerm=cloud%20cottages&roomType=Room,Flat', '/hotel/room/get/search/rooms')).to.deep.equal(['Shillong']);
  });

  it('gives every hotel read its price category and room types', async () => {
    const all = (await api.get('/hotel/data/get/all/hotels')).body.data as { city: string; priceCategory: string; roomTypes: string[] }[];
    const byCity = Object.fromEntries(all.filter((hotel) => hotel.city !== 'Shillong').map((hotel) => [hotel.city, [hotel.priceCategory, hotel.roomTypes]]));
    expect(byCity).to.deep.equal({
      Jaipur: ['Luxurious', ['Room']],
      Mumbai: ['Medium', ['Room', 'Flat']],
      Bengaluru: ['Economic', ['Room']],
      Goa: ['Business', ['Flat']],
      Pune: ['Economic', ['Flat']],
    });
  });

  it('sends a search gzipped to a client that accepts it, and plain JSON to one that does not', async () => {
    const url = api.url('/hotel/data/get/search?searchTerm=maharashtra');
    const plain = await rawGet(url, {});
    expect(plain.headers['content-encoding']).to.equal(undefined);
    expect(plain.headers.vary).to.match(/accept-encoding/i);
    const zipped = await rawGet(url, { 'accept-encoding': 'gzip, deflate, br' });
    expect(zipped.headers['content-encoding']).to.equal('gzip');
    expect(zipped.headers.vary).to.match(/accept-encoding/i);
    expect(gunzipSync(zipped.body).equals(plain.body)).to.equal(true);
    expect(JSON.parse(plain.body.toString()).data.map((hotel: { city: string }) => hotel.city)).to.deep.equal(['Pune', 'Mumbai']);
    const refused = await rawGet(url, { 'accept-encoding': 'gzip;q=0' });
    expect(refused.headers['content-encoding']).to.equal(undefined);
  });

  it('answers a kept search while one it has to compute waits for its turn', async () => {
    const url = (query: string) => `${stays.baseUrl}${API}/hotel/data/get/search?${query}`;
    const kept = url('searchTerm=goa');
    await rawGet(kept, {});
    // two connections, each already open on the server's side
    const agents = [new http.Agent({ keepAlive: true, maxSockets: 1 }), new http.Agent({ keepAlive: true, maxSockets: 1 })] as const;
    try {
      await Promise.all(agents.map((agent) => rawGet(kept, {}, agent)));
      const answered: string[] = [];
      // sent in the same turn, the search never asked first: the server reads it first
      await Promise.all([
        rawGet(url('searchTerm=beach&sort=startingPrice&order=desc'), {}, agents[0]).then(() => answered.push('computed')),
        rawGet(kept, {}, agents[1]).then(() => answered.push('kept')),
      ]);
      expect(answered).to.deep.equal(['kept', 'computed']);
    } finally {
      for (const agent of agents) agent.destroy();
    }
  });

  it('refuses a bad query on every request, even right after a good one was cached', async () => {
    expect((await api.get('/hotel/data/get/search?sort=startingPrice')).status).to.equal(200);
    for (let i = 0; i < 2; i++) {
      const refused = await api.get('/hotel/data/get/search?sort=startingPrice&minPrice=cheap');
      expect(refused.status).to.equal(400);
      expect(refused.body).to.include({ success: false, statusCode: 400 });
    }
  });
});

/** A GET through node's http module, which (unlike fetch) neither adds Accept-Encoding nor decodes the body. */
function rawGet(url: string, headers: Record<string, string>, agent?: http.Agent): Promise<{ headers: IncomingHttpHeaders; body: Buffer }> {
  return new Promise((resolve, reject) => {
    http
      .get(url, { headers, ...(agent && { agent }) }, (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => resolve({ headers: response.headers, body: Buffer.concat(chunks) }));
      })
      .on('error', reject);
  });
}
