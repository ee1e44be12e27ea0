/**
 * Crypto-shredding end to end, through HTTP and the files on disk: a guest's personal data
 * is never in the log file in plain text, and deleting the account erases them from every
 * read (live, after a restart's full rebuild) while the hotel keeps the stay's amounts;
 * keys that cannot read the log stop the start instead of erasing everyone.
 */
import { cp, readFile, readdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { ERASED } from '@stays/contracts';
import { ApiClient } from './support/http-client.ts';
import { hotelForm, pngImage, pngImages, roomForm, strongPassword, uniqueEmail } from './support/fixtures.ts';
import { signedInOwner, type SignedIn } from './support/accounts.ts';
import { daysFromToday, verifyContact } from './support/booking.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

/** Everything the embedded log holds on disk, as text. */
async function logFileText(dataDir: string): Promise<string> {
  const dir = path.join(dataDir, 'events');
  const files = await readdir(dir);
  const texts = await Promise.all(
    files.map((file) =>
      readFile(path.join(dir, file)).then(
        (bytes) => bytes.toString('utf8'),
        () => '',
      ),
    ),
  );
  return texts.join('\n');
}

/** The files of the key store folder that hold the subject (the shard with its key), with their bytes. */
async function keyFilesHolding(dataDir: string, subject: string): Promise<Map<string, Buffer>> {
  const dir = path.join(dataDir, 'keys', 'subjects');
  const files = await Promise.all((await readdir(dir)).map(async (name) => [path.join(dir, name), await readFile(path.join(dir, name))] as const));
  return new Map(files.filter(([, bytes]) => bytes.includes(subject)));
}

async function rejection(promise: Promise<unknown>): Promise<Error> {
  try {
    await promise;
  } catch (error) {
    return error as Error;
  }
  throw new Error('expected the start to be refused');
}

describe('personal data in the log: encrypted, and erased with the account', function () {
  this.timeout(90_000);
  let stays: TestSystem;
  let api: ApiClient;
  let owner: SignedIn;
  let hotelId: string;
  const unique = Date.now().toString(36);
  const guestName = `Zoravar Personaldata ${unique}`;
  const guestUsername = `zoravar_${unique}`;
  const guestEmail = uniqueEmail('zoravar');
  const contact = { customerName: `Meher Contactname ${unique}`, customerEmail: `meher.${unique}@example.in`, customerPhoneNumber: '9811122233' };
  const personal = [guestName, guestUsername, guestEmail, contact.customerName, contact.customerEmail, contact.customerPhoneNumber];

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
    owner = await signedInOwner(api);
    hotelId = (await api.multipart('POST', '/hotel/data/create/hotel', hotelForm(), { imageURLs: await pngImages(5) }, { token: owner.token })).body.data._id;
    await api.multipart('POST', '/hotel/room/create/room', roomForm(hotelId), { imageURLs: await pngImages(1) }, { token: owner.token });
  });
  after(async () => stays.destroy());

  const ownerList = async (client: ApiClient) =>
    (await client.get(`/hotel/owner/get/all/hotel/owner/bookings/${hotelId}`, { token: owner.token })).body.data as any[];

  it('keeps the guest out of the log file from the first append, shows them until they delete the account, then erases them everywhere, also after a full rebuild', async () => {
    const registered = await api.multipart(
      'POST',
      '/user/register',
      { username: guestUsername, name: guestName, email: guestEmail, password: strongPassword },
      { profileImage: await pngImage() },
    );
    expect(registered.status, JSON.stringify(registered.body)).to.equal(201);
    const guestId = registered.body.data._id as string;
    const signedIn = (await api.post('/user/login', { email: guestEmail, password: strongPassword })).body.data;
    const token = signedIn.accessToken as string;
    const photo = signedIn.user.profileImage as string;
    expect(signedIn.user).to.include({ name: guestName, username: guestUsername, email: guestEmail });
    await verifyContact(api, stays.dataDir, token, contact);
    const form = {
      hotelID: hotelId,
      ...contact,
      roomType: 'Room',
      roomStandard: 'Deluxe',
      numberOfRooms: 1,
      numberOfGuests: 2,
      numberOfNights: 2,
      dateOfCommencement: daysFromToday(7),
    };
    const placed = await api.post('/hotel/booking/book/hotel', form, { token });
    expect(placed.status, JSON.stringify(placed.body)).to.equal(201);
    const bookingID = placed.body.data.bookingID as string;
    await stays.system.reactor.whenIdle();

    // encrypted at rest from the first append, read in plain text by the product
    let log = await logFileText(stays.dataDir);
    for (const text of personal) expect(log, text).to.not.contain(text);
    // the booking's personal fields sealed together (members stored in RFC 8785 order)
    expect(log).to.match(/"customerEmail":"pd2","customerId":"[^"]+","customerName":"pd2\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+","customerPhoneNumber":"pd2"/);
    const before = (await ownerList(api)).find((booking) => booking.bookingID === bookingID);
    expect(before).to.include({ customerName: contact.customerName, customerEmail: contact.customerEmail, customerPhoneNumber: contact.customerPhoneNumber });
    expect((await fetch(before.invoicePDF)).status).to.equal(200);
    expect((await fetch(photo)).status).to.equal(200);
    const invoiceFile = path.join(stays.dataDir, 'media', `Invoice_${bookingID}.pdf`);
    expect(await readFile(invoiceFile)).to.have.length.above(0);
    const subject = `customer-${guestId}`;
    const held = await keyFilesHolding(stays.dataDir, subject);
    expect(held.size).to.equal(1);
    const [[keyFile, keyBackup]] = [...held] as [[string, Buffer]];
    expect(path.basename(keyFile)).to.match(/^[0-9a-f]{2}\.keys$/);

    expect((await api.delete('/user/delete/account', { token })).status).to.equal(200);
    await stays.system.erasure.whenIdle();
    await stays.system.runner.waitFor((await stays.system.eventStore.headPosition())!, 10_000);

    const erased = (await ownerList(api)).find((booking) => booking.bookingID === bookingID);
    const { customerName: _n, customerEmail: _e, customerPhoneNumber: _p, invoicePDF: _i, _id, ...kept } = before;
    expect(erased).to.deep.include({ ...kept, customerName: ERASED, customerEmail: ERASED, customerPhoneNumber: ERASED, invoicePDF: null });
    expect(erased).to.include({
      totalAmount: before.totalAmount,
      discountAmount: before.discountAmount,
      dateOfCommencement: daysFromToday(7),
      hotelID: hotelId,
      customerID: guestId,
    });
    expect((await fetch(before.invoicePDF)).status).to.equal(404);
    expect((await fetch(photo)).status).to.equal(404);
    expect(await readFile(invoiceFile).catch((error: NodeJS.ErrnoException) => error.code)).to.equal('ENOENT');
    expect(await keyFilesHolding(stays.dataDir, subject)).to.have.property('size', 0);
    const erasure = (await stays.system.eventStore.readStream(`customer-${guestId}`)).filter((event) => event.type === 'PersonalDataErased');
    expect(erasure.map((event) => event.data)).to.deep.equal([{ accountId: guestId, role: 'customer', subject: `customer-${guestId}` }]);
    const replayed = (await stays.system.eventStore.readStream(`booking-${bookingID}`))[0]!;
    expect(replayed.data).to.include({ customerName: ERASED, customerEmail: ERASED, customerPhoneNumber: ERASED, totalAmount: before.totalAmount });
    log = await logFileText(stays.dataDir);
    for (const text of personal) expect(log, text).to.not.contain(text);

    // a restart (read models and reactors from the read store's snapshot) shows the same erased
    // stay, even when a backup of the key's shard from before the erasure was restored meanwhile:
    // the erasure reactor's checkpoint lists the account, whose key it destroys again at start
    await stays.stop();
    await writeFile(keyFile, keyBackup);
    expect([...(await keyFilesHolding(stays.dataDir, subject)).keys()]).to.deep.equal([keyFile]);
    stays = await startTestSystem({ dataDir: stays.dataDir });
    const again = new ApiClient(stays.baseUrl);
    await stays.system.reactor.whenIdle();
    await stays.system.erasure.whenIdle();
    expect(await keyFilesHolding(stays.dataDir, subject)).to.have.property('size', 0);
    await stays.system.runner.waitFor((await stays.system.eventStore.headPosition())!, 10_000);
    expect((await stays.system.eventStore.readStream(`booking-${bookingID}`))[0]!.data.customerName).to.equal(ERASED);
    const rebuilt = (await ownerList(again)).find((booking) => booking.bookingID === bookingID);
    expect(rebuilt).to.deep.equal({ ...erased, _id: rebuilt._id });
    expect(await readFile(invoiceFile).catch((error: NodeJS.ErrnoException) => error.code)).to.equal('ENOENT');
    api = again;
  });

  describe('keys that cannot read the log refuse the start', () => {
    const keysDir = () => path.join(stays.dataDir, 'keys');
    const backup = () => path.join(stays.dataDir, 'keys-backup');
    before(async () => {
      await stays.stop();
      await cp(keysDir(), backup(), { recursive: true });
    });
    beforeEach(async () => {
      await rm(keysDir(), { recursive: true, force: true });
      await cp(backup(), keysDir(), { recursive: true });
    });

    it('a missing key store', async () => {
      await rm(path.join(keysDir(), 'subjects'), { recursive: true });
      const refused = await rejection(startTestSystem({ dataDir: stays.dataDir }));
      expect(refused.message).to.match(/^refusing to start: the event log holds encrypted personal data but the key store \(.*subjects\) is missing or empty/);
    });

    it('a damaged key store', async () => {
      await writeFile(path.join(keysDir(), 'subjects', '.check'), Buffer.alloc(60, 7));
      expect((await rejection(startTestSystem({ dataDir: stays.dataDir }))).message).to.match(
        /^refusing to start: the personal data master key does not open the key store/,
      );
    });

    it('another master key', async () => {
      const env = { PERSONAL_DATA_KEY: Buffer.alloc(32, 1).toString('base64') };
      expect((await rejection(startTestSystem({ dataDir: stays.dataDir, env }))).message).to.match(
        /^refusing to start: the personal data master key does not open the key store/,
      );
    });

    it('a missing master key for an existing key store', async () => {
      await rm(path.join(keysDir(), 'personal-data.key'));
      expect((await rejection(startTestSystem({ dataDir: stays.dataDir }))).message).to.match(
        /^refusing to start: no personal data master key \(set PERSONAL_DATA_KEY or restore .*personal-data\.key/,
      );
    });

    it('starts again once the keys are restored', async () => {
      stays = await startTestSystem({ dataDir: stays.dataDir });
      const bookings = await ownerList(new ApiClient(stays.baseUrl));
      expect(bookings).to.have.length(1);
      expect(bookings[0]).to.include({ customerName: ERASED });
    });
  });
});
