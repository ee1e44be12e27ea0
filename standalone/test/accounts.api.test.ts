import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { ApiClient } from './support/http-client.ts';
import { fakeJpeg, pngImage, strongPassword, uniqueEmail } from './support/fixtures.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';

describe('accounts over HTTP', function () {
  this.timeout(30_000);
  let stays: TestSystem;
  let api: ApiClient;

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => stays.destroy());

  async function registerOwner(email = uniqueEmail('owner'), password = strongPassword) {
    const response = await api.post('/hotel/owner/register', { name: 'Ravi Kumar', email, password });
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    return { email, password, id: response.body.data._id as string };
  }

  async function registerCustomer(email = uniqueEmail(), password = strongPassword) {
    const response = await api.multipart(
      'POST',
      '/user/register',
      { username: 'asha_r', name: 'Asha Rao', email, password },
      { profileImage: await pngImage() },
    );
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    return { email, password, id: response.body.data._id as string };
  }

  async function signIn(path: '/user/login' | '/hotel/owner/login', email: string, password: string) {
    const response = await api.post(path, { email, password });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return response.body.data as { accessToken: string; user: Record<string, unknown> };
  }

  describe('registration and sign-in', () => {
    it('registers an owner and signs in with the spec envelope, never returning a password or hash', async () => {
      const owner = await registerOwner();
      const response = await api.post('/hotel/owner/login', { email: owner.email.toUpperCase(), password: owner.password });
      expect(response.status).to.equal(200);
      expect(response.body).to.include({ success: true, statusCode: 200, message: messages.server.signedIn });
      const { accessToken, user, message } = response.body.data;
      expect(accessToken)
        .to.be.a('string')
        .and.match(/^[\w-]+\.[\w-]+\.[\w-]+$/);
      expect(message, 'the spec client shows data.message after signing in').to.equal(messages.server.signedIn);
      // whether it has a password (so the profile asks for it), never the password or its hash
      expect(user).to.deep.equal({ _id: owner.id, role: 'hotel-owner', name: 'Ravi Kumar', email: owner.email, hasPassword: true });
      expect(JSON.stringify(response.body)).not.to.match(/argon2|"password"|passwordHash|monsoon/i);
    });

    it('registers a customer with a profile image that is re-encoded and served by the query side', async () => {
      const customer = await registerCustomer();
      const { user } = await signIn('/user/login', customer.email, customer.password);
      expect(user).to.include({ _id: customer.id, role: 'customer', name: 'Asha Rao', username: 'asha_r', email: customer.email });
      expect(user.profileImage)
        .to.be.a('string')
        .and.satisfy((url: string) => url.startsWith(`${stays.baseUrl}/sharma/resident/stays/media/`))
        .and.match(/\/[\w-]+\.webp$/);
      const image = await fetch(user.profileImage as string);
      expect(image.status).to.equal(200);
      expect(image.headers.get('content-type')).to.equal('image/webp');
      const bytes = Buffer.from(await image.arrayBuffer());
      expect(bytes.subarray(8, 12).toString('ascii')).to.equal('WEBP');
    });

    it('requires the customer profile image, and checks it by content', async () => {
      const fields = { username: 'nitin', name: 'Nitin', email: uniqueEmail(), password: strongPassword };
      const missing = await api.multipart('POST', '/user/register', fields);
      expect(missing.status).to.equal(400);
      expect(missing.body).to.include({ success: false, statusCode: 400, field: 'profileImage' });
      const notImage = await api.multipart('POST', '/user/register', fields, { profileImage: fakeJpeg() });
      expect(notImage.status).to.equal(415);
      expect(notImage.body).to.include({ success: false, message: messages.server.notAnImage });
      const twoImages = await api.multipart('POST', '/user/register', fields, { profileImage: [await pngImage(), await pngImage()] });
      expect(twoImages.body).to.deep.equal({ success: false, statusCode: 400, message: messages.server.oneProfileImage, field: 'profileImage' });
      const stranger = await api.multipart('POST', '/user/register', fields, { profileImage: await pngImage(), extra: await pngImage() });
      expect(stranger.body).to.include({ statusCode: 400, message: messages.server.invalidField('extra', 'files are not accepted here') });
      // none of the refused sign-ups took the email
      await registerCustomer(fields.email);
    });

    it('refuses a profile image over the size limit with the profile screen text', async () => {
      const big = { filename: 'big.png', type: 'image/png', content: Buffer.alloc(6 * 1024 * 1024, 1) };
      const response = await api.multipart(
        'POST',
        '/user/register',
        { username: 'big', name: 'Big', email: uniqueEmail(), password: strongPassword },
        { profileImage: big },
      );
      expect(response.status).to.equal(413);
      expect(response.body).to.deep.equal({ success: false, statusCode: 413, message: messages.ui.profileImageTooLarge });
    });

    it('keeps emails unique per role, ignoring case, but lets the other role use the same email', async () => {
      const owner = await registerOwner();
      const again = await api.post('/hotel/owner/register', { name: 'Someone Else', email: `  ${owner.email.toUpperCase()} `, password: strongPassword });
      expect(again.status).to.equal(409);
      expect(again.body).to.deep.equal({ success: false, statusCode: 409, message: messages.server.emailTaken });
      await registerCustomer(owner.email);
    });

    it('lets exactly one of many concurrent sign-ups with one email succeed', async () => {
      const email = uniqueEmail('race');
      const attempts = await Promise.all(
        Array.from({ length: 12 }, (_, i) => api.post('/hotel/owner/register', { name: `Racer ${i}`, email, password: strongPassword })),
      );
      const statuses = attempts.map((attempt) => attempt.status).sort();
      expect(statuses.filter((status) => status === 201)).to.have.length(1);
      expect(statuses.filter((status) => status === 409)).to.have.length(11);
      const winner = attempts.find((attempt) => attempt.status === 201)!;
      const { user } = await signIn('/hotel/owner/login', email, strongPassword);
      expect(user._id).to.equal(winner.body.data._id);
    });

    it('answers an unknown email and a wrong password identically', async () => {
      const owner = await registerOwner();
      const unknown = await api.post('/hotel/owner/login', { email: uniqueEmail('nobody'), password: strongPassword });
      const wrong = await api.post('/hotel/owner/login', { email: owner.email, password: 'not-the-password' });
      expect(unknown.status).to.equal(401);
      expect(wrong.status).to.equal(401);
      expect(unknown.body).to.deep.equal(wrong.body);
      expect(wrong.body.message).to.equal(messages.server.invalidCredentials);
    });

    it('does not let a customer sign in as an owner or the reverse', async () => {
      const customer = await registerCustomer();
      const response = await api.post('/hotel/owner/login', { email: customer.email, password: customer.password });
      expect(response.status).to.equal(401);
    });

    it('slows password guessing with 429 after repeated failures', async () => {
      const owner = await registerOwner();
      for (let i = 0; i < 10; i++) {
        expect((await api.post('/hotel/owner/login', { email: owner.email, password: `guess-${i}-xx` })).status).to.equal(401);
      }
      const blocked = await api.post('/hotel/owner/login', { email: owner.email, password: owner.password });
      expect(blocked.status).to.equal(429);
      expect(Number(blocked.headers.get('retry-after'))).to.be.greaterThan(0);
    });
  });

  describe('bad input never crashes the service', () => {
    it('names the missing or invalid field', async () => {
      const missing = await api.post('/hotel/owner/register', { email: uniqueEmail(), password: strongPassword });
      expect(missing.status).to.equal(400);
      expect(missing.body).to.include({ success: false, statusCode: 400, field: 'name' });
      const badEmail = await api.post('/hotel/owner/register', { name: 'Ravi', email: 'ravi-at-example', password: strongPassword });
      expect(badEmail.body).to.include({ statusCode: 400, field: 'email' });
      const shortPassword = await api.post('/hotel/owner/register', { name: 'Ravi', email: uniqueEmail(), password: 'short' });
      expect(shortPassword.body).to.include({ statusCode: 400, field: 'password' });
      const noPassword = await api.post('/user/login', { email: 'a@b.in' });
      expect(noPassword.body).to.include({ statusCode: 400, field: 'password' });
    });

    it('refuses wrong types and operator injection instead of coercing them', async () => {
      for (const body of [
        { name: 'Ravi', email: { $gt: '' }, password: strongPassword },
        { name: ['Ravi'], email: uniqueEmail(), password: strongPassword },
        { name: 'Ravi', email: uniqueEmail(), password: 12345678901 },
      ]) {
        const response = await api.post('/hotel/owner/register', body);
        expect(response.status, JSON.stringify(body)).to.equal(400);
        expect(response.body.success).to.equal(false);
      }
      const injected = await api.post('/user/login', { email: { $ne: null }, password: { $ne: null } });
      expect(injected.status).to.equal(400);
    });

    it('answers malformed JSON, non-object JSON, wrong content types and oversized bodies with clear 4xx', async () => {
      const malformed = await api.raw('POST', '/hotel/owner/login', '{"email": "a@b.in", ', 'application/json');
      expect(malformed.status).to.equal(400);
      expect(malformed.body).to.deep.equal({ success: false, statusCode: 400, message: messages.server.malformedJson });
      const array = await api.raw('POST', '/hotel/owner/login', '[1,2,3]', 'application/json');
      expect(array.status).to.equal(400);
      const scalar = await api.raw('POST', '/hotel/owner/login', '"text"', 'application/json');
      expect(scalar.status).to.equal(400);
      const form = await api.raw('POST', '/hotel/owner/login', 'email=a%40b.in&password=x', 'application/x-www-form-urlencoded');
      expect(form.status).to.equal(415);
      const huge = await api.post('/hotel/owner/register', { name: 'x'.repeat(300_000), email: uniqueEmail(), password: strongPassword });
      expect(huge.status).to.equal(413);
      expect(huge.body).to.include({ success: false, statusCode: 413 });
      const protoEmail = uniqueEmail('proto');
      const proto = await api.raw(
        'POST',
        '/hotel/owner/register',
        `{"__proto__": {"admin": true}, "name": "Proto Man", "email": "${protoEmail}", "password": "${strongPassword}"}`,
        'application/json',
      );
      expect(proto.status).to.equal(400);
      await registerOwner(protoEmail);
    });

    it('answers unknown routes with 404 and wrong methods with 405, in the envelope', async () => {
      const unknown = await api.post('/no/such/call', {});
      expect(unknown.status).to.equal(404);
      expect(unknown.body).to.include({ success: false, statusCode: 404 });
      const wrongMethod = await api.patch('/user/login', {});
      expect(wrongMethod.status).to.equal(405);
      expect(wrongMethod.body).to.include({ success: false, statusCode: 405 });
    });
  });

  describe('sessions and profiles', () => {
    it('shows a signed-in session to the query side at once (read-your-writes) and ends it on sign-out', async () => {
      const owner = await registerOwner();
      const { accessToken } = await signIn('/hotel/owner/login', owner.email, owner.password);
      const hotelId = await api.get('/hotel/owner/get/hotel/id', { token: accessToken });
      expect(hotelId.status).to.equal(200);
      expect(hotelId.body).to.include({ success: true, data: null });
      const logout = await api.post('/hotel/owner/logout', {}, { token: accessToken });
      expect(logout.status).to.equal(200);
      expect((await api.get('/hotel/owner/get/hotel/id', { token: accessToken })).status).to.equal(401);
      expect((await api.patch('/hotel/owner/update/profile', { name: 'New Name' }, { token: accessToken })).status).to.equal(401);
    });

    it('keeps other sessions of the same account open after one signs out', async () => {
      const owner = await registerOwner();
      const first = await signIn('/hotel/owner/login', owner.email, owner.password);
      const second = await signIn('/hotel/owner/login', owner.email, owner.password);
      await api.post('/hotel/owner/logout', {}, { token: first.accessToken });
      expect((await api.get('/hotel/owner/get/hotel/id', { token: second.accessToken })).status).to.equal(200);
    });

    it('requires a token and the right role', async () => {
      expect((await api.get('/hotel/owner/get/hotel/id')).status).to.equal(401);
      const customer = await registerCustomer();
      const { accessToken } = await signIn('/user/login', customer.email, customer.password);
      const wrongRole = await api.get('/hotel/owner/get/hotel/id', { token: accessToken });
      expect(wrongRole.status).to.equal(403);
      expect((await api.delete('/hotel/owner/delete', { token: accessToken })).status).to.equal(403);
      expect((await api.get('/hotel/owner/get/hotel/id', { token: 'garbage' })).status).to.equal(401);
    });

    it('updates an owner profile, including email and password, and returns the user', async () => {
      const owner = await registerOwner();
      const { accessToken } = await signIn('/hotel/owner/login', owner.email, owner.password);
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
      await signIn('/hotel/owner/login', newEmail, 'a-brand-new-pass');
      // the old email is free again
      await registerOwner(owner.email);
    });

    it('refuses to move a profile onto an email another account holds', async () => {
      const first = await registerOwner();
      const second = await registerOwner();
      const { accessToken } = await signIn('/hotel/owner/login', second.email, second.password);
      const response = await api.patch('/hotel/owner/update/profile', { email: first.email, currentPassword: second.password }, { token: accessToken });
      expect(response.status).to.equal(409);
      await signIn('/hotel/owner/login', second.email, second.password);
    });

    it('updates a customer profile with multipart fields, a new image, and image removal', async () => {
      const customer = await registerCustomer();
      const { accessToken, user } = await signIn('/user/login', customer.email, customer.password);
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

    it('deletes an account: its tokens stop working, it cannot sign in, and its email is free', async () => {
      const customer = await registerCustomer();
      const { accessToken } = await signIn('/user/login', customer.email, customer.password);
      const deleted = await api.delete('/user/delete/account', { token: accessToken });
      expect(deleted.status).to.equal(200);
      expect(deleted.body).to.include({ success: true, message: messages.server.accountDeleted });
      expect((await api.multipart('PATCH', '/user/update/profile', { username: 'ghost' }, {}, { token: accessToken })).status).to.equal(401);
      expect((await api.post('/user/login', { email: customer.email, password: customer.password })).status).to.equal(401);
      await registerCustomer(customer.email);
    });

    it('answers a CORS preflight only for allowed origins', async () => {
      const preflight = await fetch(api.url('/hotel/owner/update/profile'), {
        method: 'OPTIONS',
        headers: { Origin: 'https://evil.example', 'Access-Control-Request-Method': 'PATCH' },
      });
      expect(preflight.headers.get('access-control-allow-origin')).to.equal(null);
    });
  });
});
