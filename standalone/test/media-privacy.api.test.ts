import { expect } from 'chai';
import { SIGNED_MEDIA_LINK_MINUTES } from '@stays/contracts';
import { ApiClient } from './support/http-client.ts';
import { signedInCustomer, signedInOwner, type SignedIn } from './support/accounts.ts';
import { bookedStay, hotelWithRoom } from './support/stays.ts';
import { API, startTestSystem, type TestSystem } from './support/test-system.ts';

describe('private media: invoices only through a signed, expiring link for their readers', function () {
  this.timeout(60_000);
  let clock = Date.now();
  let stays: TestSystem;
  let api: ApiClient;
  let owner: SignedIn;
  let guest: SignedIn;
  let otherGuest: SignedIn;
  let hotelId: string;
  let bookingID: string;
  let otherBookingID: string;

  const invoiceLink = async (reader: SignedIn, id: string): Promise<string> => {
    const list =
      reader === owner
        ? await api.get(`/hotel/owner/get/all/hotel/owner/bookings/${hotelId}`, { token: owner.token })
        : await api.get(`/user/get/all/bookings/${reader.id}`, { token: reader.token });
    expect(list.status, JSON.stringify(list.body)).to.equal(200);
    const link = list.body.data.find((booking: { bookingID: string }) => booking.bookingID === id)?.invoicePDF;
    expect(link, `the invoice link of ${id}`).to.be.a('string');
    return link as string;
  };
  /** The same link with some of its query parameters replaced. */
  const withParams = (link: string, params: Record<string, string>) => {
    const url = new URL(link);
    for (const [name, value] of Object.entries(params)) url.searchParams.set(name, value);
    return url.toString();
  };
  const paramsOf = (link: string) => Object.fromEntries(new URL(link).searchParams);
  const expectPdf = async (link: string) => {
    const response = await fetch(link);
    expect(response.status, link).to.equal(200);
    expect(response.headers.get('content-type')).to.equal('application/pdf');
    expect(response.headers.get('cache-control')).to.equal('private, no-store');
    expect(
      Buffer.from(await response.arrayBuffer())
        .subarray(0, 5)
        .toString(),
    ).to.equal('%PDF-');
  };
  const expectNotFound = async (link: string, init: RequestInit = {}) => {
    const response = await fetch(link, init);
    expect(response.status, link).to.equal(404);
    if (init.method !== 'HEAD') expect(await response.json()).to.include({ success: false, statusCode: 404 });
  };

  before(async () => {
    stays = await startTestSystem({ overrides: { now: () => new Date(clock) } });
    api = new ApiClient(stays.baseUrl);
    owner = await signedInOwner(api);
    guest = await signedInCustomer(api);
    otherGuest = await signedInCustomer(api, 'Vikram Iyer');
    ({ hotelId } = await hotelWithRoom(api, owner));
    bookingID = await bookedStay(stays, api, guest, hotelId);
    otherBookingID = await bookedStay(stays, api, otherGuest, hotelId);
  });
  after(async () => stays?.destroy());
  beforeEach(() => {
    clock = Date.now();
  });

  it('answers 404 to a fetch without a signed link, with or without a token', async () => {
    const plain = api.url(`/media/Invoice_${bookingID}.pdf`);
    await expectNotFound(plain);
    await expectNotFound(plain, { method: 'HEAD' });
    await expectNotFound(plain, { headers: { authorization: `Bearer ${guest.token}` } });
    await expectNotFound(`${plain}?reader=${guest.id}`);
    await expectNotFound(`${plain}?reader=${guest.id}&reader=${owner.id}&expires=1&expires=2&signature=x&signature=y`);
  });

  it("serves the PDF through the guest's link and through the owner's, each signed for its reader", async () => {
    const guestLink = await invoiceLink(guest, bookingID);
    const ownerLink = await invoiceLink(owner, bookingID);
    expect(guestLink.startsWith(`${stays.baseUrl}${API}/media/Invoice_${bookingID}.pdf?`)).to.equal(true);
    expect(paramsOf(guestLink)).to.include({ reader: guest.id });
    expect(paramsOf(ownerLink)).to.include({ reader: owner.id });
    await expectPdf(guestLink);
    await expectPdf(ownerLink);
    const head = await fetch(guestLink, { method: 'HEAD' });
    expect(head.status).to.equal(200);
  });

  it('answers 404 to a tampered link: another reader, another invoice, a later expiry, a changed signature', async () => {
    const guestLink = await invoiceLink(guest, bookingID);
    const { signature, expires } = paramsOf(guestLink);
    await expectNotFound(withParams(guestLink, { reader: otherGuest.id }));
    await expectNotFound(withParams(guestLink, { reader: owner.id }));
    await expectNotFound(withParams(guestLink, { expires: String(Number(expires) + 3600) }));
    const flipped = `${signature!.slice(0, -2)}${signature!.at(-2) === 'A' ? 'B' : 'A'}${signature!.at(-1)}`;
    await expectNotFound(withParams(guestLink, { signature: flipped }));
    await expectNotFound(withParams(guestLink, { signature: '' }));
    // a guest's valid link to their own invoice opens no other invoice
    const otherLink = await invoiceLink(otherGuest, otherBookingID);
    await expectPdf(otherLink);
    await expectNotFound(`${api.url(`/media/Invoice_${bookingID}.pdf`)}?${new URL(otherLink).searchParams}`);
    // and another guest cannot read this booking's invoice at all: the list does not offer it
    const others = await api.get(`/user/get/all/bookings/${otherGuest.id}`, { token: otherGuest.token });
    expect(others.body.data.map((booking: { bookingID: string }) => booking.bookingID)).to.deep.equal([otherBookingID]);
  });

  it(`expires a link after ${SIGNED_MEDIA_LINK_MINUTES} minutes; reading the list again gives a fresh one`, async () => {
    const link = await invoiceLink(guest, bookingID);
    clock += (SIGNED_MEDIA_LINK_MINUTES - 1) * 60_000;
    await expectPdf(link);
    clock += 2 * 60_000;
    await expectNotFound(link);
    const fresh = await invoiceLink(guest, bookingID);
    expect(fresh).to.not.equal(link);
    await expectPdf(fresh);
  });

  it('keeps hotel and room photos public', async () => {
    const hotel = await api.get(`/hotel/data/get/specific/${hotelId}`);
    const rooms = await api.get(`/hotel/room/get/all/rooms/${hotelId}`);
    for (const link of [...hotel.body.data.imageURLs, ...rooms.body.data[0].imageURLs] as string[]) {
      expect(link).to.not.contain('?');
      const image = await fetch(link);
      expect(image.status, link).to.equal(200);
      expect(image.headers.get('content-type')).to.equal('image/webp');
    }
  });

  it("serves a deleted guest's invoices to nobody, even through links made before", async () => {
    const guestLink = await invoiceLink(guest, bookingID);
    const ownerLink = await invoiceLink(owner, bookingID);
    await expectPdf(guestLink);
    const deleted = await api.delete('/user/delete/account', { token: guest.token });
    expect(deleted.status, JSON.stringify(deleted.body)).to.equal(200);
    await expectNotFound(guestLink);
    await expectNotFound(ownerLink);
    // the owner still sees the booking, without an invoice link
    const list = await api.get(`/hotel/owner/get/all/hotel/owner/bookings/${hotelId}`, { token: owner.token });
    expect(list.body.data.find((booking: { bookingID: string }) => booking.bookingID === bookingID)).to.include({ invoicePDF: null });
    // other guests' invoices are unaffected
    await expectPdf(await invoiceLink(owner, otherBookingID));
  });
});
