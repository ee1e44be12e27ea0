import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { ApiClient } from '../../../standalone/test/support/http-client.ts';
import { strongPassword, uniqueEmail } from '../../../standalone/test/support/fixtures.ts';
import { startTestSystem, type TestSystem } from '../../../standalone/test/support/test-system.ts';
import { registerCustomer, registerOwner } from '../../../standalone/test/support/accounts.ts';

describe('signing in over HTTP', function () {
  this.timeout(30_000);
  let stays: TestSystem;
  let api: ApiClient;

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => stays.destroy());

  it('registers an owner and signs in with the spec envelope, never returning a password or hash', async () => {
    const owner = await registerOwner(api);
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

  it('answers an unknown email and a wrong password identically', async () => {
    const owner = await registerOwner(api);
    const unknown = await api.post('/hotel/owner/login', { email: uniqueEmail('nobody'), password: strongPassword });
    const wrong = await api.post('/hotel/owner/login', { email: owner.email, password: 'not-the-password' });
    expect(unknown.status).to.equal(401);
    expect(wrong.status).to.equal(401);
    expect(unknown.body).to.deep.equal(wrong.body);
    expect(wrong.body.message).to.equal(messages.server.invalidCredentials);
  });

  it('does not let a customer sign in as an owner or the reverse', async () => {
    const customer = await registerCustomer(api);
    const response = await api.post('/hotel/owner/login', { email: customer.email, password: customer.password });
    expect(response.status).to.equal(401);
  });

  it('slows password guessing with 429 after repeated failures', async () => {
    const owner = await registerOwner(api);
    for (let i = 0; i < 10; i++) {
      expect((await api.post('/hotel/owner/login', { email: owner.email, password: `guess-${i}-xx` })).status).to.equal(401);
    }
    const blocked = await api.post('/hotel/owner/login', { email: owner.email, password: owner.password });
    expect(blocked.status).to.equal(429);
    expect(Number(blocked.headers.get('retry-after'))).to.be.greaterThan(0);
  });
});
