import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { readOutbox, type OutboxEntry } from '@stays/service-kit/testing';
import { ApiClient } from '../../../standalone/test/support/http-client.ts';
import { pngImage, strongPassword, uniqueEmail } from '../../../standalone/test/support/fixtures.ts';
import { startTestSystem, type TestSystem } from '../../../standalone/test/support/test-system.ts';

const said = messages.passwordReset;
const newPassword = 'kingfisher-at-dawn-77';

describe('forgotten passwords over HTTP', function () {
  this.timeout(60_000);
  let stays: TestSystem;
  let api: ApiClient;
  let clockOffsetMs = 0;

  before(async () => {
    stays = await startTestSystem({ overrides: { now: () => new Date(Date.now() + clockOffsetMs) } });
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => stays.destroy());

  const emailsTo = async (to: string): Promise<OutboxEntry[]> =>
    (await readOutbox(path.join(stays.dataDir, 'outbox'))).filter((message) => message.kind === 'email' && message.to === to);

  /** The emails to `to` once there are `count` (the link is sent after the answer). */
  async function emailsOnceSent(to: string, count: number): Promise<OutboxEntry[]> {
    for (let waited = 0; waited < 10_000; waited += 50) {
      const emails = await emailsTo(to);
      if (emails.length >= count) return emails;
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
    throw new Error(`no email number ${count} to ${to}`);
  }

  /** The reset page's link from the email's HTML part, and the same link in its text part. */
  function linkIn(email: OutboxEntry): URL {
    const href = /href="([^"]+)"/.exec(email.html ?? '')?.[1]?.replaceAll('&amp;', '&');
    expect(href, 'a link in the HTML part').to.be.a('string');
    expect(email.text).to.include(href!);
    return new URL(href!);
  }

  async function registerOwner(email = uniqueEmail('owner')) {
    const response = await api.post('/hotel/owner/register', { name: 'Ravi Kumar', email, password: strongPassword });
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    return email;
  }

  const signIn = (loginPath: string, email: string, password: string) => api.post(loginPath, { email, password });

  it('answers alike for an account and for an unknown email, and emails only the account', async () => {
    const email = await registerOwner();
    const stranger = uniqueEmail('nobody');
    const known = await api.post('/hotel/owner/password/forgot', { email });
    const unknown = await api.post('/hotel/owner/password/forgot', { email: stranger });
    expect(known.status).to.equal(200);
    expect(unknown.status).to.equal(known.status);
    expect(unknown.body).to.deep.equal(known.body);
    expect(known.body.message).to.equal(said.linkSentIfAccount(30));
    const [sent] = await emailsOnceSent(email, 1);
    expect(sent!.subject).to.equal(said.emailSubject);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(await emailsTo(stranger)).to.deep.equal([]);
  });

  it('takes an owner from the email to a new password, ending every session at once, and refuses the link a second time', async () => {
    const email = await registerOwner();
    const before = await signIn('/hotel/owner/login', email, strongPassword);
    const oldToken = before.body.data.accessToken as string;
    expect((await api.get('/hotel/owner/get/hotel/id', { token: oldToken })).status).to.equal(200);

    expect((await api.post('/hotel/owner/password/forgot', { email: email.toUpperCase() })).status).to.equal(200);
    const [sent] = await emailsOnceSent(email, 1);
    const link = linkIn(sent!);
    expect(link.origin).to.equal(stays.baseUrl);
    expect(link.pathname).to.equal('/reset-password');
    expect(link.searchParams.get('for')).to.equal('owner');
    const token = link.searchParams.get('token')!;
    expect(token).to.have.length.greaterThan(43);

    const weak = await api.post('/hotel/owner/password/reset', { token, password: 'short' });
    expect(weak.status).to.equal(400);
    expect(weak.body.message).to.equal('Password must be at least 8 characters.');

    const done = await api.post('/hotel/owner/password/reset', { token, password: newPassword });
    expect(done.status, JSON.stringify(done.body)).to.equal(200);
    expect(done.body.message).to.equal(said.passwordWasReset);

    // the old session ends on both sides at once
    expect((await api.get('/hotel/owner/get/hotel/id', { token: oldToken })).status).to.equal(401);
    expect((await api.post('/hotel/owner/logout', {}, { token: oldToken })).status).to.equal(401);
    expect((await signIn('/hotel/owner/login', email, strongPassword)).status).to.equal(401);
    expect((await signIn('/hotel/owner/login', email, newPassword)).status).to.equal(200);

    const again = await api.post('/hotel/owner/password/reset', { token, password: 'another-password-1' });
    expect(again.status).to.equal(400);
    expect(again.body.message).to.equal(said.linkUsed);

    // the token is nowhere on disk but in the email
    const secret = token.split('.')[0]!;
    for (const file of await filesUnder(stays.dataDir)) {
      if (file.includes(`${path.sep}outbox${path.sep}`)) continue;
      expect((await readFile(file)).includes(secret), file).to.equal(false);
    }
  });

  it('takes a guest through the same journey, to the guest reset page', async () => {
    const email = uniqueEmail('guest');
    const registered = await api.multipart(
      'POST',
      '/user/register',
      { username: 'asha', name: 'Asha Rao', email, password: strongPassword },
      { profileImage: await pngImage() },
    );
    expect(registered.status).to.equal(201);
    const session = (await signIn('/user/login', email, strongPassword)).body.data;
    await api.post('/user/password/forgot', { email });
    const link = linkIn((await emailsOnceSent(email, 1))[0]!);
    expect(link.searchParams.has('for')).to.equal(false);
    // an owner's reset route does not take a guest's link
    const wrongSide = await api.post('/hotel/owner/password/reset', { token: link.searchParams.get('token'), password: newPassword });
    expect(wrongSide.body.message).to.equal(said.linkInvalid);
    expect((await api.post('/user/password/reset', { token: link.searchParams.get('token'), password: newPassword })).status).to.equal(200);
    expect((await api.get(`/user/get/all/bookings/${session.user._id}`, { token: session.accessToken })).status).to.equal(401);
    expect((await signIn('/user/login', email, newPassword)).status).to.equal(200);
  });

  it('refuses a forged link, a replaced one and an expired one, each saying so', async () => {
    const email = await registerOwner();
    await api.post('/hotel/owner/password/forgot', { email });
    const first = linkIn((await emailsOnceSent(email, 1))[0]!).searchParams.get('token')!;
    await api.post('/hotel/owner/password/forgot', { email });
    const second = linkIn((await emailsOnceSent(email, 2))[1]!).searchParams.get('token')!;

    const [secret, account] = second.split('.');
    const forged = `${Buffer.alloc(32, 1).toString('base64url')}.${account}`;
    for (const token of [forged, `${secret}`, 'x'.repeat(60)]) {
      const refused = await api.post('/hotel/owner/password/reset', { token, password: newPassword });
      expect(refused.status).to.equal(400);
      expect(refused.body.message).to.equal(said.linkInvalid);
    }
    const replaced = await api.post('/hotel/owner/password/reset', { token: first, password: newPassword });
    expect(replaced.body.message).to.equal(said.linkReplaced);

    clockOffsetMs = 30 * 60_000 + 1000;
    try {
      const expired = await api.post('/hotel/owner/password/reset', { token: second, password: newPassword });
      expect(expired.status).to.equal(400);
      expect(expired.body.message).to.equal(said.linkExpired(30));
    } finally {
      clockOffsetMs = 0;
    }
    expect((await signIn('/hotel/owner/login', email, strongPassword)).status).to.equal(200);
  });

  it('throttles asking for links like sign-ins, whether the email has an account or not', async () => {
    const stranger = uniqueEmail('nobody');
    for (let i = 0; i < 3; i++) expect((await api.post('/user/password/forgot', { email: stranger })).status).to.equal(200);
    const refused = await api.post('/user/password/forgot', { email: stranger });
    expect(refused.status).to.equal(429);
    expect(refused.headers.get('retry-after')).to.match(/^\d+$/);
    expect(refused.body.message).to.match(/^Too many requests for a reset link\. Please wait \d+ seconds/);
  });
});

async function filesUnder(dir: string): Promise<string[]> {
  const entries = await readdir(dir, { withFileTypes: true, recursive: true });
  return entries.filter((entry) => entry.isFile()).map((entry) => path.join(entry.parentPath, entry.name));
}
