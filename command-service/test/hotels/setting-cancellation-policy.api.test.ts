/**
 * A hotel's cancellation policy over HTTP: the owner sets it, the hotel page shows it,
 * bookings carry the policy of the moment they were placed, and cancelling records what it
 * cost in the event (read back from the log), the guest's booking list and the invoice.
 */
import { execFileSync } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { expect } from 'chai';
import { eventSchemaVersions, quoteStay, streams, TERMS_BEFORE_POLICIES } from '@stays/contracts';
import { ApiClient } from '../../../standalone/test/support/http-client.ts';
import { hotelForm, pngImages, roomForm } from '../../../standalone/test/support/fixtures.ts';
import { signedInCustomer, signedInOwner, type SignedIn } from '../../../standalone/test/support/accounts.ts';
import { daysFromToday, newContact, verifyContact, type Contact } from '../../../standalone/test/support/booking.ts';
import { startTestSystem, type TestSystem } from '../../../standalone/test/support/test-system.ts';

async function pdfText(pdf: Buffer): Promise<string> {
  const dir = await mkdtemp(path.join(os.tmpdir(), 'stays-pdf-'));
  try {
    await writeFile(path.join(dir, 'invoice.pdf'), pdf);
    return execFileSync('pdftotext', [path.join(dir, 'invoice.pdf'), '-'], { encoding: 'utf8' });
  } finally {
    await rm(dir, { recursive: true, force: true });
  }
}

describe('cancellation policy over HTTP', function () {
  this.timeout(60_000);
  let stays: TestSystem;
  let api: ApiClient;
  let owner: SignedIn;
  let hotelId: string;
  /** Free until 3 days before check-in, then the first night: a stay in 2 days is already in the late period. */
  const threeDays = { freeUntilDaysBefore: 3, lateCharge: { kind: 'first-night' } } as const;
  // one room, two guests, two nights at ₹4,500
  const payable = quoteStay({ roomType: 'Room', pricePerNight: 4500, numberOfGuests: 2, numberOfRooms: 1, numberOfNights: 2 }).payableAmount;

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
    owner = await signedInOwner(api);
    hotelId = (await api.multipart('POST', '/hotel/data/create/hotel', hotelForm(), { imageURLs: await pngImages(5) }, { token: owner.token })).body.data._id;
    const room = await api.multipart(
      'POST',
      '/hotel/room/create/room',
      roomForm(hotelId, { totalUnits: '5' }),
      { imageURLs: await pngImages(1) },
      { token: owner.token },
    );
    expect(room.status).to.equal(201);
  });
  after(async () => stays.destroy());

  const setPolicy = (body: unknown, token = owner.token, hotel = hotelId) => api.post(`/hotel/data/cancellation-policy/${hotel}`, body, { token });
  const hotelPolicy = async () => (await api.get(`/hotel/data/get/specific/${hotelId}`)).body.data.cancellationPolicy;

  async function bookStay(guest: SignedIn, contact: Contact, startsInDays: number): Promise<string> {
    const placed = await api.post(
      '/hotel/booking/book/hotel',
      {
        hotelID: hotelId,
        ...contact,
        roomType: 'Room',
        roomStandard: 'Deluxe',
        numberOfRooms: 1,
        numberOfGuests: 2,
        numberOfNights: 2,
        dateOfCommencement: daysFromToday(startsInDays),
      },
      { token: guest.token },
    );
    expect(placed.status, JSON.stringify(placed.body)).to.equal(201);
    return placed.body.data.bookingID;
  }
  const eventsOf = async (bookingID: string, type: string) =>
    (await stays.system.eventStore.readStream(streams.booking(bookingID))).filter((e) => e.type === type);
  const bookingOf = async (guest: SignedIn, bookingID: string) =>
    ((await api.get(`/user/get/all/bookings/${guest.id}`, { token: guest.token })).body.data as Record<string, any>[]).find((b) => b.bookingID === bookingID)!;

  it('shows the terms before policies until the owner sets one; refuses other owners, guests and bad policies naming the field', async () => {
    expect(await hotelPolicy()).to.deep.equal(TERMS_BEFORE_POLICIES);

    const otherOwner = await signedInOwner(api, 'Other Owner');
    expect((await setPolicy(threeDays, otherOwner.token)).status).to.equal(403);
    const guest = await signedInCustomer(api);
    expect((await setPolicy(threeDays, guest.token)).status).to.equal(403);
    expect((await setPolicy(threeDays, owner.token, 'no-such-hotel')).status).to.equal(404);

    for (const [body, field] of [
      [{ freeUntilDaysBefore: 0, lateCharge: { kind: 'first-night' } }, /freeUntilDaysBefore|free/i],
      [{ freeUntilDaysBefore: 61, lateCharge: { kind: 'first-night' } }, /freeUntilDaysBefore|free/i],
      [{ freeUntilDaysBefore: 2.5, lateCharge: { kind: 'first-night' } }, /freeUntilDaysBefore|free/i],
      [{ freeUntilDaysBefore: 3 }, /lateCharge|late/i],
      [{ freeUntilDaysBefore: 3, lateCharge: { kind: 'everything' } }, /kind|late/i],
      [{ freeUntilDaysBefore: 3, lateCharge: { kind: 'percentage' } }, /percent/i],
      [{ freeUntilDaysBefore: 3, lateCharge: { kind: 'percentage', percent: 101 } }, /percent/i],
    ] as const) {
      const refused = await setPolicy(body);
      expect(refused.status, JSON.stringify(body)).to.equal(400);
      expect(refused.body.message, JSON.stringify(body)).to.match(field);
    }
    expect(await hotelPolicy()).to.deep.equal(TERMS_BEFORE_POLICIES);
  });

  it('charges nothing inside the free period and the first night after it; bookings made before the policy keep their terms', async () => {
    const guest = await signedInCustomer(api);
    const contact = newContact();
    await verifyContact(api, stays.dataDir, guest.token, contact);
    // placed before the owner set a policy: free until the day before check-in
    const before = await bookStay(guest, contact, 2);

    const saved = await setPolicy({ freeUntilDaysBefore: '3', lateCharge: { kind: 'First-Night', percent: '' } });
    expect(saved.status, JSON.stringify(saved.body)).to.equal(200);
    expect(await hotelPolicy()).to.deep.equal(threeDays);
    // the same policy again records nothing
    const hotelEvents = async () => (await stays.system.eventStore.readStream(streams.hotel(hotelId))).filter((e) => e.type === 'CancellationPolicySet');
    expect(await hotelEvents()).to.have.length(1);
    expect((await setPolicy(threeDays)).status).to.equal(200);
    expect(await hotelEvents()).to.have.length(1);

    const late = await bookStay(guest, contact, 2);
    const early = await bookStay(guest, contact, 10);
    const [placed] = await eventsOf(late, 'BookingPlaced');
    expect(placed!.data['cancellationPolicy']).to.deep.equal(threeDays);
    expect(placed!.metadata['schemaVersion']).to.equal(eventSchemaVersions.BookingPlaced);
    expect((await bookingOf(guest, late)).cancellationPolicy).to.deep.equal(threeDays);
    expect((await bookingOf(guest, before)).cancellationPolicy).to.deep.equal(TERMS_BEFORE_POLICIES);

    // their invoices issued first, so that the charged cancellation's is a second one
    await stays.system.reactor.whenIdle();
    const answers = new Map<string, Record<string, any>>();
    for (const bookingID of [before, late, early]) {
      const answer = await api.post(`/hotel/booking/cancel/${bookingID}`, {}, { token: guest.token });
      expect(answer.status).to.equal(200);
      answers.set(bookingID, answer.body.data);
    }
    // the answer says what the cancellation cost
    expect(answers.get(late)!.cancellation).to.include({ chargeAmount: payable / 2, refundAmount: 0 });
    expect(answers.get(before)!.cancellation).to.include({ chargeAmount: 0, refundAmount: 0 });

    const cancelled = async (bookingID: string) => (await eventsOf(bookingID, 'BookingCancelled'))[0]!.data;
    expect(await cancelled(before)).to.include({ chargeAmount: 0, refundAmount: 0 });
    expect(await cancelled(early)).to.include({ chargeAmount: 0, refundAmount: 0 });
    expect(await cancelled(late)).to.include({ chargeAmount: payable / 2, refundAmount: 0 });
    expect((await bookingOf(guest, late)).cancellation).to.include({ chargeAmount: payable / 2, refundAmount: 0 });
    expect((await bookingOf(guest, early)).cancellation).to.include({ chargeAmount: 0, refundAmount: 0 });

    // the charged cancellation's invoice is issued again, showing the charge and the policy
    await stays.system.reactor.whenIdle();
    expect(await eventsOf(late, 'InvoiceIssued')).to.have.length(2);
    expect(await eventsOf(early, 'InvoiceIssued')).to.have.length(1);
    const link = (await bookingOf(guest, late)).invoicePDF as string;
    const text = await pdfText(Buffer.from(await (await fetch(link)).arrayBuffer()));
    const firstNight = `₹${(payable / 2).toLocaleString('en-IN')}`;
    expect(text).to.contain('Cancellation charge').and.contain(firstNight).and.contain('Cancellation policy');
    expect(text).to.contain(`Free cancellation until the end of ${daysFromToday(-1)} (India time).`);
  });
});
