/**
 * A full disk under the one-process product, through the log's fault seam
 * (FAULT_INJECTION_FILE: while the file exists, the log's writes and syncs fail with the
 * error it names). Bookings answer 503 with a message and Retry-After, /healthz answers
 * 503 naming the cause, and once the file is gone (space is back) the product resumes by
 * itself: no restart, every acknowledged booking kept, the log and its signed heads verify.
 * The notary's files on a disk of their own that fills up: /healthz names them, bookings go
 * on, and the notary signs again by itself once they take writes.
 */
import { rm } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { STORE_UNAVAILABLE_MESSAGES } from '@stays/command-service';
import { signedInCustomer, signedInOwner, type SignedIn } from './support/accounts.ts';
import { daysFromToday, newContact, verifyContact, type Contact } from './support/booking.ts';
import { ApiClient } from './support/http-client.ts';
import { runTool, writeControlFile } from './support/stays-process.ts';
import { hotelWithRoom } from './support/stays.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

describe('a full disk under the event log', function () {
  this.timeout(120_000);
  let stays: TestSystem;
  let api: ApiClient;
  let guest: SignedIn;
  let contact: Contact;
  let hotelId: string;
  let faultFile: string;

  before(async () => {
    stays = await startTestSystem({ overrides: { treeHeadIntervalMs: 200 } });
    faultFile = path.join(stays.dataDir, 'disk-fault');
    await stays.stop();
    stays = await startTestSystem({ dataDir: stays.dataDir, env: { FAULT_INJECTION_FILE: faultFile }, overrides: { treeHeadIntervalMs: 200 } });
    api = new ApiClient(stays.baseUrl);
    ({ hotelId } = await hotelWithRoom(api, await signedInOwner(api)));
    guest = await signedInCustomer(api);
    contact = newContact();
    await verifyContact(api, stays.dataDir, guest.token, contact);
  });
  after(async () => stays?.destroy());

  const book = (night: number) =>
    api.post(
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
        dateOfCommencement: daysFromToday(7 + night),
        totalAmount: 1,
      },
      { token: guest.token },
    );

  const health = async () => {
    const response = await fetch(`${stays.baseUrl}/healthz`);
    return { status: response.status, body: (await response.json()) as { message: string } };
  };

  for (const code of ['ENOSPC', 'EIO'] as const) {
    it(`answers 503 while the disk fails (${code}), reports it on /healthz, and resumes by itself once it takes writes`, async () => {
      const before = await book(0);
      expect(before.status, JSON.stringify(before.body)).to.equal(201);

      await writeControlFile(faultFile, code);
      const refused = await book(1);
      expect(refused.status).to.equal(503);
      expect(refused.body.message).to.equal(code === 'ENOSPC' ? STORE_UNAVAILABLE_MESSAGES['disk-full'] : STORE_UNAVAILABLE_MESSAGES.other);
      expect(refused.headers.get('retry-after')).to.equal('5');
      const sick = await health();
      expect(sick.status).to.equal(503);
      expect(sick.body.message)
        .to.include('the event log refuses writes')
        .and.include(code === 'ENOSPC' ? 'disk holding the event log is full' : 'EIO');
      const stillRefused = await book(2);
      expect(stillRefused.status).to.equal(503);

      await sleep(400); // the log tries to recover, and fails, while the disk still fails
      expect((await health()).status).to.equal(503);
      expect((await book(2)).status).to.equal(503);

      await rm(faultFile);
      let healthy = await health();
      for (const since = Date.now(); healthy.status !== 200 && Date.now() - since < 30_000; healthy = await health()) await sleep(100);
      expect(healthy.status, healthy.body.message).to.equal(200);
      const after = await book(3);
      expect(after.status, JSON.stringify(after.body)).to.equal(201);

      const mine = await api.get(`/user/get/all/bookings/${guest.id}`, { token: guest.token });
      const bookingIds = (mine.body.data as { bookingID: string }[]).map((booking) => booking.bookingID);
      expect(bookingIds).to.include.members([before.body.data.bookingID, after.body.data.bookingID]);
    });
  }

  it("answers 503 on /healthz naming the notary's files while their disk alone is full, bookings going on, and resumes signing by itself", async () => {
    await writeControlFile(faultFile, 'ENOSPC notary');
    const during = await book(4);
    expect(during.status, `${JSON.stringify(during.body)} ${JSON.stringify((await health()).body)}`).to.equal(201);
    let sick = await health();
    for (const since = Date.now(); sick.status !== 503 && Date.now() - since < 30_000; sick = await health()) await sleep(50);
    expect(sick.status).to.equal(503);
    expect(sick.body.message).to.include("the notary's files refuse writes").and.include('ENOSPC');
    const signedWhileFull = stays.system.notary.status().signedSize;
    expect((await book(5)).status, 'bookings go on').to.equal(201);

    await rm(faultFile);
    let healthy = await health();
    for (const since = Date.now(); healthy.status !== 200 && Date.now() - since < 30_000; healthy = await health()) await sleep(100);
    expect(healthy.status, healthy.body.message).to.equal(200);
    await stays.system.reactor.whenIdle();
    await stays.system.notary.whenCaughtUp();
    await stays.system.notary.signHeadNow();
    const status = stays.system.notary.status();
    expect(status.signedSize, 'a head signed since').to.be.greaterThan(signedWhileFull ?? 0);
    expect(status.failed).to.equal(null);
  });

  it('leaves a log that verifies against the signed tree heads', async () => {
    await stays.system.reactor.whenIdle();
    await sleep(500); // a head over the last events
    await stays.stop();
    const verified = await runTool('notary/src/verify-log-cli.ts', { DATA_DIR: stays.dataDir });
    expect(verified.code, verified.output).to.equal(0);
    expect(verified.stdout).to.match(/the log matches every signed tree head/);
  });
});
