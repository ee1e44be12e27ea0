import { expect } from 'chai';
import { ApiClient } from './support/http-client.ts';
import { pngImage, strongPassword, uniqueEmail } from './support/fixtures.ts';
import { signedInCustomer, signedInOwner, type SignedIn } from './support/accounts.ts';
import { bookedStay, getWithHeaders, hotelWithRoom } from './support/stays.ts';
import { API, startTestSystem, type TestSystem } from './support/test-system.ts';

const PUBLIC_URL = 'https://stays.example.in';
const MEDIA = `${PUBLIC_URL}${API}/media/`;

describe('media links are absolute URLs on the configured public address', function () {
  this.timeout(60_000);
  let stays: TestSystem;
  let api: ApiClient;
  let owner: SignedIn;
  let guest: SignedIn;
  let hotelId: string;
  let roomId: string;

  /** The link answered on the public address, fetched from this test's server instead. */
  const fetchLocally = (link: string) => fetch(`${stays.baseUrl}${link.slice(PUBLIC_URL.length)}`);
  const expectMediaLinks = async (links: readonly string[], contentType: string) => {
    expect(links).to.have.length.greaterThan(0);
    for (const link of links) {
      expect(link.startsWith(MEDIA), link).to.equal(true);
      const response = await fetchLocally(link);
      expect(response.status, link).to.equal(200);
      expect(response.headers.get('content-type'), link).to.equal(contentType);
    }
  };

  before(async () => {
    stays = await startTestSystem({ env: { PUBLIC_URL: `${PUBLIC_URL}/` } });
    api = new ApiClient(stays.baseUrl);
    owner = await signedInOwner(api);
    guest = await signedInCustomer(api);
    ({ hotelId, roomId } = await hotelWithRoom(api, owner));
  });
  after(async () => stays?.destroy());

  it('in every hotel read: all hotels, one hotel, hotel search, room search', async () => {
    const reads = [
      '/hotel/data/get/all/hotels',
      `/hotel/data/get/specific/${hotelId}`,
      '/hotel/data/get/search?searchTerm=Sahyadri',
      '/hotel/room/get/search/rooms?searchTerm=Sahyadri&roomType=room',
    ];
    for (const read of reads) {
      const response = await api.get(read);
      expect(response.status, read).to.equal(200);
      const hotels = [response.body.data].flat().filter((hotel: { _id: string }) => hotel._id === hotelId);
      expect(hotels, read).to.have.length(1);
      expect(hotels[0].imageURLs, read).to.have.length(5);
      await expectMediaLinks(hotels[0].imageURLs, 'image/webp');
    }
  });

  it("in a hotel's rooms and in the owner's room details", async () => {
    const rooms = await api.get(`/hotel/room/get/all/rooms/${hotelId}`);
    expect(rooms.body.data).to.have.length(1);
    await expectMediaLinks(rooms.body.data[0].imageURLs, 'image/webp');
    const room = await api.get(`/hotel/room/specific/room/hotel/${hotelId}/${roomId}`, { token: owner.token });
    expect(room.status).to.equal(200);
    expect(room.body.data.imageURLs).to.deep.equal(rooms.body.data[0].imageURLs);
  });

  it('in the signed-in user and the updated profile', async () => {
    const email = uniqueEmail();
    await api.multipart(
      'POST',
      '/user/register',
      { username: 'meera', name: 'Meera Nair', email, password: strongPassword },
      { profileImage: await pngImage() },
    );
    const login = await api.post('/user/login', { email, password: strongPassword });
    await expectMediaLinks([login.body.data.user.profileImage], 'image/webp');
    const updated = await api.multipart(
      'PATCH',
      '/user/update/profile',
      {},
      { profileImage: await pngImage(80, 80, '#e76f51') },
      { token: login.body.data.accessToken },
    );
    expect(updated.status).to.equal(200);
    expect(updated.body.data.profileImage).to.not.equal(login.body.data.user.profileImage);
    await expectMediaLinks([updated.body.data.profileImage], 'image/webp');
  });

  it("in the guest's and the owner's booking lists (invoicePDF)", async () => {
    const bookingID = await bookedStay(stays, api, guest, hotelId);
    const guestList = await api.get(`/user/get/all/bookings/${guest.id}`, { token: guest.token });
    const ownerList = await api.get(`/hotel/owner/get/all/hotel/owner/bookings/${hotelId}`, { token: owner.token });
    for (const list of [guestList, ownerList]) {
      const booking = list.body.data.find((b: { bookingID: string }) => b.bookingID === bookingID);
      expect(booking.invoicePDF.startsWith(`${MEDIA}Invoice_${bookingID}.pdf`), booking.invoicePDF).to.equal(true);
      await expectMediaLinks([booking.invoicePDF], 'application/pdf');
    }
  });

  it('whatever Host or forwarding headers a caller sends', async () => {
    const reads = ['/hotel/data/get/all/hotels', `/hotel/data/get/specific/${hotelId}`, '/hotel/data/get/search', `/hotel/room/get/all/rooms/${hotelId}`];
    const forged = { host: 'attacker.example', 'x-forwarded-host': 'attacker.example', 'x-forwarded-proto': 'http', forwarded: 'host=attacker.example' };
    for (const read of reads) {
      // first with forged headers, so a cached answer could only have come from them
      const fromAttacker = await getWithHeaders(stays.baseUrl, read, forged);
      const plain = await getWithHeaders(stays.baseUrl, read, {});
      expect(fromAttacker.status, read).to.equal(200);
      expect(fromAttacker.body, read).to.equal(plain.body);
      expect(fromAttacker.body, read).to.contain(MEDIA);
      expect(fromAttacker.body, read).to.not.contain('attacker.example');
    }
  });
});

describe('media links recorded before a change of address or prefix', function () {
  this.timeout(60_000);

  it('are answered on the address and prefix configured now (the log is not rewritten)', async () => {
    const first = await startTestSystem();
    let second: TestSystem | undefined;
    try {
      const api = new ApiClient(first.baseUrl);
      const { hotelId } = await hotelWithRoom(api, await signedInOwner(api));
      const before: string[] = (await api.get(`/hotel/data/get/specific/${hotelId}`)).body.data.imageURLs;
      expect(before[0]!.startsWith(`${first.baseUrl}${API}/media/`)).to.equal(true);
      await first.stop();

      second = await startTestSystem({ dataDir: first.dataDir, env: { API_PREFIX: '/api/v2', PUBLIC_URL: 'https://book.example.in' } });
      const read = (await (await fetch(`${second.baseUrl}/api/v2/hotel/data/get/specific/${hotelId}`)).json()) as { data: { imageURLs: string[] } };
      const ids = (links: string[]) => links.map((link) => link.slice(link.lastIndexOf('/') + 1));
      expect(read.data.imageURLs.every((link: string) => link.startsWith('https://book.example.in/api/v2/media/'))).to.equal(true);
      expect(ids(read.data.imageURLs)).to.deep.equal(ids(before));
      const image = await fetch(`${second.baseUrl}/api/v2/media/${ids(before)[0]}`);
      expect(image.status).to.equal(200);
    } finally {
      await (second ?? first).destroy();
    }
  });
});
