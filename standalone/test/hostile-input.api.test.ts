/**
 * What an outside attack sent that once crashed a call or slipped through: impossible
 * calendar dates, methods no route serves, names made of invisible characters, and markup
 * in names. Each is answered with a clear 4xx naming its field (or kept as text), and
 * nothing is logged as a server error.
 */
import http from 'node:http';
import { expect } from 'chai';
import { addDays, indiaToday } from '@stays/contracts';
import { ApiClient } from './support/http-client.ts';
import { hotelForm, pngImages, roomForm } from './support/fixtures.ts';
import { signedInCustomer, signedInOwner, type SignedIn } from './support/accounts.ts';
import { API, startTestSystem, type TestSystem } from './support/test-system.ts';

/** fetch refuses TRACE; node:http sends any method. */
function requestWith(method: string, url: string): Promise<{ status: number; body: string }> {
  return new Promise((resolve, reject) => {
    const request = http.request(url, { method }, (response) => {
      let body = '';
      response
        .setEncoding('utf8')
        .on('data', (chunk: string) => (body += chunk))
        .on('end', () => resolve({ status: response.statusCode!, body }));
    });
    request.on('error', reject).end();
  });
}

const AUDITOR = { email: 'hostile.auditor@example.in', password: 'ledger-keeper-2024' };

describe('hostile input over HTTP', function () {
  this.timeout(60_000);
  let stays: TestSystem;
  let api: ApiClient;
  let owner: SignedIn;
  let guest: SignedIn;
  let hotelId: string;
  const serverErrors: string[] = [];

  before(async () => {
    stays = await startTestSystem({
      env: { BOOTSTRAP_AUDITOR_EMAIL: AUDITOR.email, BOOTSTRAP_AUDITOR_PASSWORD: AUDITOR.password },
      overrides: {
        log: (line) => {
          if (/error/i.test(line)) serverErrors.push(line);
        },
      },
    });
    api = new ApiClient(stays.baseUrl);
    owner = await signedInOwner(api);
    guest = await signedInCustomer(api);
    const hotel = await api.multipart('POST', '/hotel/data/create/hotel', hotelForm(), { imageURLs: await pngImages(5) }, { token: owner.token });
    expect(hotel.status, JSON.stringify(hotel.body)).to.equal(201);
    hotelId = hotel.body.data._id;
  });
  after(async () => stays.destroy());
  afterEach(() => expect(serverErrors, 'nothing is logged as a server error').to.deep.equal([]));

  const IMPOSSIBLE_DATES = ['2027-13-01', '2027-00-10', '2027-01-32', '2027-02-30', '2027-04-31', '2027-13-01T10:00:00.000Z'];

  it('refuses impossible calendar dates in a booking with 400 naming the field', async () => {
    const form = {
      hotelID: hotelId,
      customerName: 'Asha Rao',
      customerEmail: 'asha@example.in',
      customerPhoneNumber: '9822012345',
      roomType: 'Room',
      roomStandard: 'Deluxe',
      numberOfRooms: 1,
      numberOfGuests: 1,
      numberOfNights: 1,
      dateOfCommencement: addDays(indiaToday(new Date()), 10),
    };
    for (const date of IMPOSSIBLE_DATES) {
      for (const field of ['dateOfCommencement', 'dateOfBooking']) {
        const response = await api.post('/hotel/booking/book/hotel', { ...form, [field]: date }, { token: guest.token });
        expect([response.status, response.body.field], `${field}=${date}`).to.deep.equal([400, field]);
        expect(response.body).to.include({ success: false, statusCode: 400 });
      }
    }
  });

  it("refuses impossible times in the auditors' filters with 400 naming the field, instead of rolling them over", async () => {
    const token = (await api.post('/audit/login', AUDITOR)).body.data.accessToken as string;
    for (const date of IMPOSSIBLE_DATES) {
      for (const [path, field] of [
        ['/audit/log/records', 'from'],
        ['/audit/log/records', 'to'],
        ['/audit/bookings', 'from'],
        ['/audit/bookings/NOSUCH', 'asOf'],
      ] as const) {
        const response = await api.get(`${path}?${field}=${encodeURIComponent(date)}`, { token });
        expect([response.status, response.body.field], `${path} ${field}=${date}`).to.deep.equal([400, field]);
      }
    }
    expect((await api.get('/audit/log/records?from=2028-02-29&to=2028-03-01', { token })).status, 'a leap day').to.equal(200);
  });

  it('answers TRACE and other unserved methods with 405, quietly, on the API, the operations paths and the web client', async () => {
    for (const path of [`${API}/hotel/data/get/all/hotels`, `${API}/no/such/call`, '/healthz', '/', '/hotel/abc']) {
      for (const method of ['TRACE', 'PROPFIND']) {
        expect((await requestWith(method, `${stays.baseUrl}${path}`)).status, `${method} ${path}`).to.equal(405);
      }
    }
    const onApi = await requestWith('TRACE', `${stays.baseUrl}${API}/user/login`);
    expect(JSON.parse(onApi.body)).to.include({ success: false, statusCode: 405 });
  });

  it('refuses hotel, room and account names made with invisible characters, naming the field', async () => {
    const fresh = await signedInOwner(api, 'Invisible Owner');
    const invisible = {
      'zero-width space': 'Taj\u200BPalace',
      'a name of Hangul fillers': '\u3164'.repeat(12),
      'byte order mark': 'Taj\uFEFFPalace',
      'word joiner': 'Taj\u2060Palace',
      'a stray zero-width joiner': '\u200DTaj Palace',
      'left-to-right mark': 'Taj Palace\u200E',
      'soft hyphen': 'Taj\u00ADPalace',
    };
    for (const [label, name] of Object.entries(invisible)) {
      const hotel = await api.multipart(
        'POST',
        '/hotel/data/create/hotel',
        hotelForm({ hotelName: name }),
        { imageURLs: await pngImages(5) },
        { token: fresh.token },
      );
      expect([hotel.status, hotel.body.field, hotel.body.message], label).to.deep.equal([
        400,
        'hotelName',
        'Hotel name must not contain invisible characters.',
      ]);
      const room = await api.multipart(
        'POST',
        '/hotel/room/create/room',
        roomForm(hotelId, { roomStandard: name }),
        { imageURLs: await pngImages(1) },
        { token: owner.token },
      );
      expect([room.status, room.body.field], label).to.deep.equal([400, 'roomStandard']);
      const account = await api.patch('/hotel/owner/update/profile', { name }, { token: fresh.token });
      expect([account.status, account.body.field], label).to.deep.equal([400, 'name']);
    }
    // Indic and Arabic script keep the joiners that shape them
    const devanagari = await api.multipart(
      'POST',
      '/hotel/data/create/hotel',
      hotelForm({ hotelName: 'होटल क्\u200Dषितिज' }),
      { imageURLs: await pngImages(5) },
      { token: fresh.token },
    );
    expect(devanagari.status, JSON.stringify(devanagari.body)).to.equal(201);
  });

  it('keeps markup in a name as text: stored as sent and answered as JSON, never as a page', async () => {
    const fresh = await signedInOwner(api, 'Markup Owner');
    const hotelName = 'Hotel <b>Sahyadri</b> <img src=x onerror=alert(1)>';
    const created = await api.multipart(
      'POST',
      '/hotel/data/create/hotel',
      hotelForm({ hotelName }),
      { imageURLs: await pngImages(5) },
      { token: fresh.token },
    );
    expect(created.status, JSON.stringify(created.body)).to.equal(201);
    const read = await fetch(`${stays.baseUrl}${API}/hotel/data/get/specific/${created.body.data._id}`);
    expect(read.headers.get('content-type')).to.match(/^application\/json/);
    expect(read.headers.get('x-content-type-options')).to.equal('nosniff');
    expect(((await read.json()) as { data: { hotelName: string } }).data.hotelName).to.equal(hotelName);
  });
});
