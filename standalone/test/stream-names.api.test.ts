/**
 * What survives erasure in stream names: names made from an email or phone are keyed
 * (STREAM_NAME_KEY), so nothing in the log or the auditors' export is a plain sha256 of an
 * email or of `email|phone` that a guess could be confirmed by; a log written with the old
 * names refuses to start until `npm run events -- migrate-stream-names` rewrote it, and
 * then signs in, keeps emails unique and verifies contacts as before. And the outbox and
 * media files the embedded mode writes are the owner's only.
 */
import { execFile } from 'node:child_process';
import { createHash } from 'node:crypto';
import { readFile, readdir, rm, stat } from 'node:fs/promises';
import path from 'node:path';
import { promisify } from 'node:util';
import { expect } from 'chai';
import { normaliseEmail, phoneDigits } from '@stays/contracts';
import { ApiClient } from './support/http-client.ts';
import { signedInCustomer, signedInOwner } from './support/accounts.ts';
import { newContact, verifyContact, type Contact } from './support/booking.ts';
import { pngImage, strongPassword } from './support/fixtures.ts';
import { readLogFile, writeLogFile } from './support/log-file.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

const ROOT = path.resolve(import.meta.dirname, '../..');
const sha256 = (text: string) => createHash('sha256').update(text).digest('hex');
const emailHash = (email: string) => sha256(normaliseEmail(email));
const contactHash = (contact: Contact) => sha256(`${normaliseEmail(contact.customerEmail)}|${phoneDigits(contact.customerPhoneNumber)}`);
const logText = async (dataDir: string) => (await readFile(path.join(dataDir, 'events', 'events.log'))).toString('latin1');

describe('stream names made from emails and phones, over HTTP', function () {
  this.timeout(180_000);
  let stays: TestSystem | undefined;

  afterEach(async () => {
    await stays?.destroy();
    stays = undefined;
  });

  it("keeps no sha256 of an email or of email|phone in the log or the auditors' export", async () => {
    stays = await startTestSystem({ env: { BOOTSTRAP_AUDITOR_EMAIL: 'auditor.streams@stays.example', BOOTSTRAP_AUDITOR_PASSWORD: strongPassword } });
    const api = new ApiClient(stays.baseUrl);
    const guest = await signedInCustomer(api);
    const owner = await signedInOwner(api);
    const contact = newContact();
    await verifyContact(api, stays.dataDir, guest.token, contact);
    const auditor = await api.post('/audit/login', { email: 'auditor.streams@stays.example', password: strongPassword });
    expect(auditor.status, JSON.stringify(auditor.body)).to.equal(200);
    const token = auditor.body.data.accessToken as string;
    expect((await api.get(`/audit/bookings?guestEmail=${encodeURIComponent(guest.email)}`, { token })).status).to.equal(200);
    const exported = await (await fetch(api.url('/audit/log/export'), { headers: { Authorization: `Bearer ${token}` } })).text();

    const hashes = [
      emailHash(guest.email),
      emailHash(owner.email),
      emailHash(contact.customerEmail),
      emailHash('auditor.streams@stays.example'),
      contactHash(contact),
    ];
    const log = await logText(stays.dataDir);
    for (const hash of hashes) {
      expect(log, 'the log file').to.not.include(hash);
      expect(exported, "the auditors' export").to.not.include(hash);
    }
    // the names are there, keyed
    expect(log).to.include(`customeremail-${stays.system.streamNames.email(guest.email)}`);
    expect(log).to.include(stays.system.streamNames.contact(contact.customerEmail, contact.customerPhoneNumber));
  });

  it('creates outbox and media files readable by the owner only, whatever the umask', async () => {
    const umask = process.umask(0o002);
    try {
      stays = await startTestSystem();
      const api = new ApiClient(stays.baseUrl);
      // a profile photo into DATA_DIR/media, an OTP by email and SMS into DATA_DIR/outbox
      const guest = await signedInCustomer(api);
      await verifyContact(api, stays.dataDir, guest.token, newContact());
    } finally {
      process.umask(umask);
    }
    const modes: string[] = [];
    const walk = async (dir: string): Promise<void> => {
      modes.push(`${path.relative(stays!.dataDir, dir)}/ ${((await stat(dir)).mode & 0o777).toString(8)}`);
      for (const entry of await readdir(dir, { withFileTypes: true })) {
        if (entry.isDirectory()) await walk(path.join(dir, entry.name));
        else modes.push(`${path.relative(stays!.dataDir, path.join(dir, entry.name))} ${((await stat(path.join(dir, entry.name))).mode & 0o777).toString(8)}`);
      }
    };
    await walk(path.join(stays.dataDir, 'outbox'));
    await walk(path.join(stays.dataDir, 'media'));
    expect(modes.filter((line) => /\.sms\.txt /.test(line))).to.have.length.greaterThan(0);
    expect(modes.filter((line) => /\.eml /.test(line))).to.have.length.greaterThan(0);
    expect(modes.filter((line) => line.startsWith('media') && !line.includes('/ ') && !line.includes('.meta'))).to.have.length.greaterThan(0);
    expect(modes.filter((line) => !(line.includes('/ ') ? line.endsWith(' 700') : line.endsWith(' 600')))).to.deep.equal([]);
  });

  it('refuses a log with the old names at start, and after migrate-stream-names signs in, keeps emails unique and verifies contacts', async () => {
    stays = await startTestSystem();
    const { dataDir } = stays;
    const api = new ApiClient(stays.baseUrl);
    const guest = await signedInCustomer(api);
    const owner = await signedInOwner(api);
    const contact = newContact();
    await verifyContact(api, dataDir, guest.token, contact);
    const names = stays.system.streamNames;
    await stays.stop();

    // the log as the code before keyed names wrote it: the same records, with sha256 names and no tie to a key
    const oldStyle = new Map<string, string>([
      [`customeremail-${names.email(guest.email)}`, `customeremail-${emailHash(guest.email)}`],
      [`owneremail-${names.email(owner.email)}`, `owneremail-${emailHash(owner.email)}`],
      [names.contactKey(contact.customerEmail, contact.customerPhoneNumber), contactHash(contact)],
    ]);
    const records = (await readLogFile(dataDir)).filter((record) => !record.payload.toString('utf8').includes('"streamId":"streamnamekey-'));
    await writeLogFile(
      dataDir,
      records.map((record, position) => {
        let text = record.payload.toString('utf8');
        for (const [keyed, old] of oldStyle) text = text.replaceAll(keyed, old);
        return { ...record, payload: Buffer.from(JSON.stringify({ ...JSON.parse(text), position }), 'utf8') };
      }),
    );
    await rm(path.join(dataDir, 'notary'), { recursive: true, force: true });
    const before = await logText(dataDir);
    for (const old of oldStyle.values()) expect(before).to.include(old);

    const refusal = await startTestSystem({ dataDir }).then(
      () => 'started',
      (error: Error) => error.message,
    );
    expect(refusal).to.contain('npm run events -- migrate-stream-names');

    const { stdout } = await promisify(execFile)(process.execPath, ['--import', 'tsx', 'scripts/events.ts', 'migrate-stream-names'], {
      cwd: ROOT,
      env: { ...process.env, DATA_DIR: dataDir, EVENTSTORE_URL: '', MONGO_URL: '' },
      timeout: 60_000,
    });
    expect(stdout).to.match(/streams renamed/);
    const after = await logText(dataDir);
    for (const old of oldStyle.values()) expect(after).to.not.include(old);
    expect(after).to.not.match(/(customeremail|owneremail|auditoremail|contact)-[0-9a-f]{64}/);

    stays = await startTestSystem({ dataDir });
    const restarted = new ApiClient(stays.baseUrl);
    const signIn = await restarted.post('/user/login', { email: guest.email, password: strongPassword });
    expect(signIn.status, JSON.stringify(signIn.body)).to.equal(200);
    expect((await restarted.post('/hotel/owner/login', { email: owner.email.toUpperCase(), password: strongPassword })).status).to.equal(200);
    const again = await restarted.multipart(
      'POST',
      '/user/register',
      { username: 'asha2', name: 'Asha Again', email: guest.email, password: strongPassword },
      { profileImage: await pngImage() },
    );
    expect(again.status, JSON.stringify(again.body)).to.equal(409);
    const ownerAgain = await restarted.post('/hotel/owner/register', { name: 'Ravi Again', email: owner.email, password: strongPassword });
    expect(ownerAgain.status, JSON.stringify(ownerAgain.body)).to.equal(409);
    await verifyContact(restarted, dataDir, signIn.body.data.accessToken, contact);
  });
});
