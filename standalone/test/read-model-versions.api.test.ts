/**
 * Read model versions in a running system, through the operator's calls: a version built
 * beside the live one while bookings are placed over HTTP equals a fresh build at the same
 * position (no event missed or applied twice); a switch under read load fails no read; a
 * retired version is dropped; what the registry's state forbids is refused. Auditors
 * read the same versions (state, position, lag, documents) from the query side.
 */
import { expect } from 'chai';
import { createEmbeddedReadStore, type ReadStore } from '@stays/read-store';
import { ReadModelRunner, availabilityReadModel, bookingsReadModel, hotelsReadModel, physicalCollection, type VersionEntry } from '@stays/projections';
import { ApiClient } from './support/http-client.ts';
import { signedInCustomer, signedInOwner, type SignedIn } from './support/accounts.ts';
import { daysFromToday, newContact, verifyContact, type Contact } from './support/booking.ts';
import { hotelWithRoom } from './support/stays.ts';
import { operatorClient } from './support/operator.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

/** The bookings version a fresh start makes live, and the one a build makes beside it. */
const LIVE = bookingsReadModel.version;
const NEXT = LIVE + 1;

const AUDITOR = { email: 'read-models.auditor@example.in', password: 'ledger-keeper-2024' };

const bookingsOf = (readStore: ReadStore, version: number) =>
  readStore.collection(physicalCollection('bookings', version, 'bookings')).find({}, { sort: { _id: 1 } });

async function until(condition: () => Promise<boolean>, what: string, timeoutMs = 20_000): Promise<void> {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
    await new Promise((resolve) => setTimeout(resolve, 20));
  }
}

describe('read model versions over the operator calls', function () {
  this.timeout(120_000);
  let stays: TestSystem;
  let api: ApiClient;
  let operator: ReturnType<typeof operatorClient>;
  let hotelId: string;
  let auditorToken: string;
  const guests: { guest: SignedIn; contact: Contact }[] = [];

  before(async () => {
    stays = await startTestSystem({ env: { BOOTSTRAP_AUDITOR_EMAIL: AUDITOR.email, BOOTSTRAP_AUDITOR_PASSWORD: AUDITOR.password } });
    api = new ApiClient(stays.baseUrl);
    operator = operatorClient(stays);
    ({ hotelId } = await hotelWithRoom(api, await signedInOwner(api)));
    for (let i = 0; i < 3; i++) {
      const guest = await signedInCustomer(api);
      const contact = newContact();
      await verifyContact(api, stays.dataDir, guest.token, contact);
      guests.push({ guest, contact });
    }
    auditorToken = (await api.post('/audit/login', AUDITOR)).body.data.accessToken;
  });
  after(async () => stays.destroy());

  let placed = 0;
  const placeBooking = async () => {
    const { guest, contact } = guests[placed % guests.length]!;
    placed++;
    const answer = await api.post(
      '/hotel/booking/book/hotel',
      {
        hotelID: hotelId,
        customerID: guest.id,
        ...contact,
        roomStandard: 'Deluxe',
        roomType: 'Room',
        numberOfRooms: 1,
        numberOfGuests: 1,
        numberOfNights: 1,
        dateOfBooking: daysFromToday(0),
        dateOfCommencement: daysFromToday(5 + placed),
        totalAmount: 1,
      },
      { token: guest.token },
    );
    expect(answer.status, JSON.stringify(answer.body)).to.equal(201);
    // a cancellation and a payment too, so the build sees updates of placed bookings
    if (placed % 3 === 0) {
      const cancelled = await api.post(`/hotel/booking/cancel/${answer.body.data.bookingID}`, {}, { token: guest.token });
      expect(cancelled.status, JSON.stringify(cancelled.body)).to.equal(200);
    }
  };

  it('builds a new version beside the live one while bookings are placed; it equals a fresh build at the same position', async () => {
    await placeBooking();
    await placeBooking();
    const booking = (async () => {
      for (let i = 0; i < 12; i++) await placeBooking();
    })();
    await new Promise((resolve) => setTimeout(resolve, 30));
    const built = await operator.call<VersionEntry>('POST', '/bookings/build');
    expect(built.status, JSON.stringify(built.body)).to.equal(202);
    expect(built.body.data).to.include({ version: NEXT, state: 'building' });
    await booking;
    // the invoices the bookings cause are in the log before the positions are compared
    await stays.system.reactor.whenIdle();

    const head = (await stays.system.eventStore.headPosition())!;
    await until(async () => (await operator.version('bookings', NEXT))?.position === head, 'the new version to reach the head');
    expect(await stays.system.runner.waitFor(head, 10_000)).to.equal(true);

    const fresh = createEmbeddedReadStore();
    const freshRunner = new ReadModelRunner(stays.system.eventStore, fresh, [bookingsReadModel], { log: () => undefined });
    await freshRunner.start();
    expect(await freshRunner.waitFor(head, 10_000)).to.equal(true);
    await freshRunner.stop();

    const rebuilt = await bookingsOf(stays.system.readStore, NEXT);
    expect(rebuilt).to.have.length(14);
    expect(rebuilt).to.deep.equal(await bookingsOf(fresh, LIVE));
    expect(rebuilt).to.deep.equal(await bookingsOf(stays.system.readStore, LIVE));
    const status = await operator.version('bookings', NEXT);
    expect(status).to.include({ state: 'building', caughtUp: true, lag: 0, documents: 14, failed: null });

    // what auditors see of it, from the query side
    const page = await api.get('/audit/read-models', { token: auditorToken });
    expect(page.status, JSON.stringify(page.body)).to.equal(200);
    expect(page.body.data.head).to.equal(head);
    const bookings = page.body.data.models.find((model: { name: string }) => model.name === 'bookings');
    expect(bookings).to.deep.equal({
      name: 'bookings',
      live: LIVE,
      versions: [
        { version: LIVE, state: 'live', position: head, caughtUp: true, lag: 0, documents: 14 },
        { version: NEXT, state: 'building', position: head, caughtUp: true, lag: 0, documents: 14 },
      ],
    });
    expect(page.body.data.models.map((model: { name: string }) => model.name)).to.include.members(['accounts', 'bookings', 'hotels']);
  });

  it('switches under read load with no failed read, then drops the retired version; reads still answer', async () => {
    const { guest } = guests[0]!;
    await stays.system.reactor.whenIdle();
    // what a booking list says, without its signed invoice links (signed afresh, they change with time)
    const listed = (body: { data: { bookingID: string; status: string; isPaymentDone: boolean }[] }) =>
      JSON.stringify(body.data.map(({ bookingID, status, isPaymentDone }) => [bookingID, status, isPaymentDone]));
    const expected = listed((await api.get(`/user/get/all/bookings/${guest.id}`, { token: guest.token })).body);
    let reading = true;
    let reads = 0;
    const failures: string[] = [];
    const readers = Array.from({ length: 4 }, async () => {
      while (reading) {
        const answer = await api.get(`/user/get/all/bookings/${guest.id}`, { token: guest.token });
        reads++;
        if (answer.status !== 200 || listed(answer.body) !== expected) failures.push(`${answer.status} ${JSON.stringify(answer.body).slice(0, 200)}`);
      }
    });
    await new Promise((resolve) => setTimeout(resolve, 200));
    const switched = await operator.call<VersionEntry>('POST', '/bookings/switch');
    expect(switched.status, JSON.stringify(switched.body)).to.equal(200);
    expect(switched.body.data).to.include({ version: NEXT, state: 'live' });
    // past the query side's registry age, every read resolves the new version
    await new Promise((resolve) => setTimeout(resolve, 1200));
    const dropped = await operator.call('DELETE', `/bookings/versions/${LIVE}`);
    expect(dropped.status, JSON.stringify(dropped.body)).to.equal(200);
    await new Promise((resolve) => setTimeout(resolve, 300));
    reading = false;
    await Promise.all(readers);
    expect(failures.slice(0, 3)).to.deep.equal([]);
    expect(JSON.parse(expected)).to.have.length.greaterThan(3);
    expect(reads).to.be.greaterThan(20);

    expect(await bookingsOf(stays.system.readStore, LIVE)).to.deep.equal([]);
    const status = (await operator.call('GET', '')).body.data;
    const bookings = status.models.find((model: { name: string }) => model.name === 'bookings');
    expect(bookings.live).to.equal(NEXT);
    expect(bookings.versions.map((version: { version: number; state: string }) => [version.version, version.state])).to.deep.equal([[NEXT, 'live']]);

    // new bookings still show: the new version follows the log
    await placeBooking();
    const after = await api.get(`/user/get/all/bookings/${guests[(placed - 1) % guests.length]!.guest.id}`, {
      token: guests[(placed - 1) % guests.length]!.guest.token,
    });
    expect(after.body.data.length).to.be.greaterThan(0);
  });

  it('refuses what the registry forbids: switching with nothing built, dropping the live version, building twice, unknown names', async () => {
    const refused = async (method: string, pathname: string, status: number, message: RegExp) => {
      const answer = await operator.call(method, pathname);
      expect(answer.status, `${method} ${pathname}`).to.equal(status);
      expect(answer.body).to.include({ success: false, statusCode: status });
      expect(answer.body.message).to.match(message);
    };
    await refused('POST', '/bookings/switch', 409, /no version being built/);
    await refused('DELETE', `/bookings/versions/${NEXT}`, 409, /is live/);
    await refused('DELETE', '/bookings/versions/9', 404, /no version 9/);
    await refused('DELETE', '/bookings/versions/two', 400, /whole number/);
    await refused('POST', '/nothing/build', 404, /no read model is named nothing/);
    await refused('GET', '/bookings/elsewhere', 404, /no operator call/);
    expect((await operator.call('POST', '/hotels/build')).status).to.equal(202);
    await refused('POST', '/hotels/build', 409, /already being built/);
    const nextHotels = hotelsReadModel.version + 1;
    await until(async () => (await operator.version('hotels', nextHotels))?.caughtUp === true, `hotels@${nextHotels} to catch up`);
    expect((await operator.call('DELETE', `/hotels/versions/${nextHotels}`)).status).to.equal(200);
  });

  it("answers searches for a stay from the live availability version's documents after a switch, not from what the one before answered", async () => {
    // Stay answers and the listed listings are remembered by position in the log; a new version
    // built from the same log holds the same positions. A version whose handlers differ (an owner's
    // listing read otherwise) may hold other documents at them: here its listing is taken off by
    // hand, so only answers keyed on the version itself can tell the two apart.
    const next = availabilityReadModel.version + 1;
    const stay = (nights: number) => `/hotel/data/get/search?checkIn=${daysFromToday(90)}&nights=${nights}&limit=500`;
    const found = async (pathname: string) => {
      const answer = await api.get(pathname);
      expect(answer.status, JSON.stringify(answer.body)).to.equal(200);
      return (answer.body.data as { _id: string }[]).some((hotel) => hotel._id === hotelId);
    };
    expect(await found(stay(2)), 'the live version lists the hotel').to.equal(true);

    expect((await operator.call('POST', '/availability/build')).status).to.equal(202);
    const head = (await stays.system.eventStore.headPosition())!;
    await until(async () => (await operator.version('availability', next))?.position === head, `availability@${next} to reach the head`);
    await stays.system.readStore.collection(physicalCollection('availability', next, 'listings')).updateMany({ hotelID: hotelId }, { $set: { listed: false } });
    expect((await operator.call('POST', '/availability/switch')).status).to.equal(200);
    // past the query side's registry age, every read resolves the new version
    await new Promise((resolve) => setTimeout(resolve, 1200));

    expect(await found(stay(2)), 'an answer given by the version before').to.equal(false);
    expect(await found(stay(3)), 'an answer worked out from listings read of the version before').to.equal(false);
  });

  it('answers 401 without the operator token or with another', async () => {
    const none = await fetch(`${stays.baseUrl}/operator/read-models`);
    expect(none.status).to.equal(401);
    const wrong = await operator.call('GET', '', 'not-the-token');
    expect(wrong.status).to.equal(401);
    expect(wrong.body).to.deep.equal({ success: false, message: 'the operator token is missing or wrong', statusCode: 401 });
  });
});
