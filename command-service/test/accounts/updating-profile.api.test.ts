import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { createGoogleVerifier } from '../../src/accounts/google-id-token.ts';
import { ApiClient } from '../../../standalone/test/support/http-client.ts';
import { fakeJpeg, pngImage, strongPassword, uniqueEmail } from '../../../standalone/test/support/fixtures.ts';
import { GOOGLE_CLIENT_ID, idToken, startLocalGoogle } from '../../../standalone/test/support/google.ts';
import { startTestSystem, type TestSystem } from '../../../standalone/test/support/test-system.ts';
import { registerCustomer, signIn, registerOwner } from '../../../standalone/test/support/accounts.ts';

describe('changing an email or password needs the holder, and a new password ends other sessions', function () {
  this.timeout(60_000);
  let google: Awaited<ReturnType<typeof startLocalGoogle>>;
  let stays: TestSystem;
  let api: ApiClient;

  before(async () => {
    google = await startLocalGoogle();
    stays = await startTestSystem({ overrides: { google: createGoogleVerifier({ clientId: GOOGLE_CLIENT_ID, jwksUrl: google.jwksUrl }) } });
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => {
    await stays.destroy();
    await google.close();
  });

  async function ownerWithTwoSessions() {
    const email = uniqueEmail('owner');
    expect((await api.post('/hotel/owner/register', { name: 'Ravi Kumar', email, password: strongPassword })).status).to.equal(201);
    const signIn = async () => (await api.post('/hotel/owner/login', { email, password: strongPassword })).body.data.accessToken as string;
    return { email, laptop: await signIn(), phone: await signIn() };
  }

  const readAs = (token: string) => api.get('/hotel/owner/get/hotel/id', { token });
  const renameAs = (token: string) => api.patch('/hotel/owner/update/profile', { name: 'Ravi K' }, { token });

  it('refuses a new password without the current one (400) or with a wrong one (403, the session stays)', async () => {
    const { laptop } = await ownerWithTwoSessions();
    const missing = await api.patch('/hotel/owner/update/profile', { password: 'a-brand-new-pass' }, { token: laptop });
    expect(missing.status).to.equal(400);
    expect(missing.body).to.deep.equal({
      success: false,
      statusCode: 400,
      field: 'currentPassword',
      message: 'Current password is needed to change your email or password.',
    });
    const wrong = await api.patch('/hotel/owner/update/profile', { password: 'a-brand-new-pass', currentPassword: 'not-my-password' }, { token: laptop });
    expect(wrong.status).to.equal(403);
    expect(wrong.body).to.deep.equal({ success: false, statusCode: 403, message: messages.server.currentPasswordWrong });
    expect((await readAs(laptop)).status).to.equal(200);
  });

  it('changes the password with the current one: other sessions end on both sides, this one stays', async () => {
    const { email, laptop, phone } = await ownerWithTwoSessions();
    const changed = await api.patch('/hotel/owner/update/profile', { password: 'a-brand-new-pass', currentPassword: strongPassword }, { token: laptop });
    expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
    expect(changed.body).to.include({ success: true, message: messages.server.profileUpdated });
    expect((await readAs(phone)).status, 'query side refuses the other session').to.equal(401);
    expect((await renameAs(phone)).status, 'command side refuses the other session').to.equal(401);
    expect((await readAs(laptop)).status).to.equal(200);
    expect((await renameAs(laptop)).status).to.equal(200);
    expect((await api.post('/hotel/owner/login', { email, password: strongPassword })).status).to.equal(401);
    expect((await api.post('/hotel/owner/login', { email, password: 'a-brand-new-pass' })).status).to.equal(200);
  });

  it('needs the current password to change a customer email (multipart), and ends no session for it', async () => {
    const email = uniqueEmail('guest');
    await api.multipart('POST', '/user/register', { username: 'asha', name: 'Asha Rao', email, password: strongPassword }, { profileImage: await pngImage() });
    const first = (await api.post('/user/login', { email, password: strongPassword })).body.data.accessToken as string;
    const second = (await api.post('/user/login', { email, password: strongPassword })).body.data.accessToken as string;
    const newEmail = uniqueEmail('moved');
    const missing = await api.multipart('PATCH', '/user/update/profile', { email: newEmail }, {}, { token: first });
    expect(missing.status).to.equal(400);
    expect(missing.body.field).to.equal('currentPassword');
    const wrong = await api.multipart('PATCH', '/user/update/profile', { email: newEmail, currentPassword: 'nope-nope-nope' }, {}, { token: first });
    expect(wrong.status).to.equal(403);
    // a refused change left the new email free
    const moved = await api.multipart('PATCH', '/user/update/profile', { email: newEmail, currentPassword: strongPassword }, {}, { token: first });
    expect(moved.status, JSON.stringify(moved.body)).to.equal(200);
    expect(moved.body.data.email).to.equal(newEmail);
    expect((await api.get(`/user/get/all/bookings/${moved.body.data._id}`, { token: second })).status).to.equal(200);
    // the username alone still needs nothing more
    expect((await api.multipart('PATCH', '/user/update/profile', { username: 'asha_r' }, {}, { token: first })).status).to.equal(200);
  });

  it('counts wrong current passwords like failed sign-ins (429 after 10)', async () => {
    const { laptop } = await ownerWithTwoSessions();
    for (let i = 0; i < 10; i++) {
      expect(
        (await api.patch('/hotel/owner/update/profile', { password: 'a-brand-new-pass', currentPassword: `guess-${i}-xx` }, { token: laptop })).status,
      ).to.equal(403);
    }
    const slowed = await api.patch('/hotel/owner/update/profile', { password: 'a-brand-new-pass', currentPassword: strongPassword }, { token: laptop });
    expect(slowed.status).to.equal(429);
    expect(Number(slowed.headers.get('retry-after'))).to.be.greaterThan(0);
  });

  describe('an account that signs in only with Google', () => {
    async function googleOwner() {
      const email = uniqueEmail('google');
      const signIn = async () =>
        (
          await api.post('/hotel/owner/google/signin/signup', {
            credential: await idToken(google.privateKey, { email, email_verified: true, name: 'Meera Nair' }),
          })
        ).body.data.accessToken as string;
      return { email, laptop: await signIn(), phone: await signIn() };
    }

    it('confirms a new password with a fresh Google ID token, ending the other sessions', async () => {
      const { email, laptop, phone } = await googleOwner();
      const googleCredential = await idToken(google.privateKey, { email, email_verified: true });
      const changed = await api.patch('/hotel/owner/update/profile', { password: 'my-first-password', googleCredential }, { token: laptop });
      expect(changed.status, JSON.stringify(changed.body)).to.equal(200);
      expect((await readAs(phone)).status).to.equal(401);
      expect((await readAs(laptop)).status).to.equal(200);
      expect((await api.post('/hotel/owner/login', { email, password: 'my-first-password' })).status).to.equal(200);
    });

    it('refuses without a Google confirmation, with a stale or forged one, or one for another account', async () => {
      const { email, laptop } = await googleOwner();
      const change = { password: 'my-first-password' };
      const missing = await api.patch('/hotel/owner/update/profile', { ...change, currentPassword: 'anything-at-all' }, { token: laptop });
      expect(missing.status).to.equal(400);
      expect(missing.body.field).to.equal('googleCredential');
      const stale = await api.patch(
        '/hotel/owner/update/profile',
        {
          ...change,
          googleCredential: await idToken(google.privateKey, { email, email_verified: true }, { issuedAt: Math.floor(Date.now() / 1000) - 20 * 60 }),
        },
        { token: laptop },
      );
      expect(stale.status).to.equal(403);
      expect(stale.body.message).to.equal(messages.server.googleConfirmationStale(10));
      const forged = await api.patch('/hotel/owner/update/profile', { ...change, googleCredential: 'not.a.token' }, { token: laptop });
      expect(forged.status).to.equal(403);
      expect(forged.body.message).to.equal(messages.server.googleConfirmationInvalid);
      const someoneElse = await api.patch(
        '/hotel/owner/update/profile',
        {
          ...change,
          googleCredential: await idToken(google.privateKey, { email: uniqueEmail('other'), email_verified: true }),
        },
        { token: laptop },
      );
      expect(someoneElse.status).to.equal(403);
      expect(someoneElse.body.message).to.equal(messages.server.googleConfirmationOtherAccount);
      expect((await readAs(laptop)).status, 'no refusal ended the session').to.equal(200);
    });
  });
});

describe('updating a profile over HTTP', function () {
  this.timeout(30_000);
  let stays: TestSystem;
  let api: ApiClient;

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => stays.destroy());

  it('updates an owner profile, including email and password, and returns the user', async () => {
    const owner = await registerOwner(api);
    const { accessToken } = await signIn(api, '/hotel/owner/login', owner.email, owner.password);
    const newEmail = uniqueEmail('moved');
    const response = await api.patch(
      '/hotel/owner/update/profile',
      { name: 'Ravi K', email: newEmail, password: 'a-brand-new-pass', currentPassword: owner.password },
      { token: accessToken },
    );
    expect(response.status).to.equal(200);
    expect(response.body).to.include({ success: true, message: messages.server.profileUpdated });
    expect(response.body.data).to.include({ _id: owner.id, name: 'Ravi K', email: newEmail, role: 'hotel-owner' });
    expect((await api.post('/hotel/owner/login', { email: owner.email, password: 'a-brand-new-pass' })).status).to.equal(401);
    expect((await api.post('/hotel/owner/login', { email: newEmail, password: owner.password })).status).to.equal(401);
    await signIn(api, '/hotel/owner/login', newEmail, 'a-brand-new-pass');
    // the old email is free again
    await registerOwner(api, owner.email);
  });

  it('refuses to move a profile onto an email another account holds', async () => {
    const first = await registerOwner(api);
    const second = await registerOwner(api);
    const { accessToken } = await signIn(api, '/hotel/owner/login', second.email, second.password);
    const response = await api.patch('/hotel/owner/update/profile', { email: first.email, currentPassword: second.password }, { token: accessToken });
    expect(response.status).to.equal(409);
    await signIn(api, '/hotel/owner/login', second.email, second.password);
  });

  it('updates a customer profile with multipart fields, a new image, and image removal', async () => {
    const customer = await registerCustomer(api);
    const { accessToken, user } = await signIn(api, '/user/login', customer.email, customer.password);
    const updated = await api.multipart(
      'PATCH',
      '/user/update/profile',
      { username: 'asha_new', email: '', password: '' },
      { profileImage: await pngImage(32, 32, '#e76f51') },
      { token: accessToken },
    );
    expect(updated.status, JSON.stringify(updated.body)).to.equal(200);
    expect(updated.body.data).to.include({ _id: customer.id, username: 'asha_new', email: customer.email });
    expect(updated.body.data.profileImage).to.be.a('string').and.not.equal(user.profileImage);
    const removed = await api.multipart('PATCH', '/user/update/profile', { removeProfileImage: 'true' }, {}, { token: accessToken });
    expect(removed.status).to.equal(200);
    expect(removed.body.data).not.to.have.property('profileImage');
    const badImage = await api.multipart('PATCH', '/user/update/profile', {}, { profileImage: fakeJpeg() }, { token: accessToken });
    expect(badImage.status).to.equal(415);
  });
});
