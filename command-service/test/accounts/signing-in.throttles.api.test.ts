import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { ApiClient } from '../../../standalone/test/support/http-client.ts';
import { strongPassword, uniqueEmail } from '../../../standalone/test/support/fixtures.ts';
import { startTestSystem, type TestSystem } from '../../../standalone/test/support/test-system.ts';

/** Client addresses as the gateway reports them (documentation ranges). */
const attacker = '203.0.113.9';
const owner = '198.51.100.7';
const from = (address: string) => ({ headers: { 'x-forwarded-for': address } });

describe('sign-in and sign-up throttles behind the gateway (TRUST_PROXY=1)', function () {
  this.timeout(60_000);
  let stays: TestSystem;
  let api: ApiClient;

  before(async () => {
    stays = await startTestSystem({ env: { TRUST_PROXY: '1' } });
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => stays.destroy());

  async function registerOwner(address: string) {
    const email = uniqueEmail('owner');
    const response = await api.post('/hotel/owner/register', { name: 'Ravi Kumar', email, password: strongPassword }, from(address));
    expect(response.status, JSON.stringify(response.body)).to.equal(201);
    return email;
  }

  it('slows the address guessing a password with 429 and Retry-After, while the owner signs in from elsewhere', async () => {
    const email = await registerOwner('192.0.2.1');
    for (let i = 0; i < 10; i++) {
      const guess = await api.post('/hotel/owner/login', { email, password: `guess-${i}-xx` }, from(attacker));
      expect(guess.status).to.equal(401);
    }
    const blocked = await api.post('/hotel/owner/login', { email, password: strongPassword }, from(attacker));
    expect(blocked.status).to.equal(429);
    expect(blocked.body).to.include({ success: false, statusCode: 429 });
    const retryAfter = Number(blocked.headers.get('retry-after'));
    expect(retryAfter).to.be.greaterThan(0);
    expect(blocked.body.message).to.equal(messages.server.tooManySignIns(retryAfter));

    const ownerSignsIn = await api.post('/hotel/owner/login', { email, password: strongPassword }, from(owner));
    expect(ownerSignsIn.status, JSON.stringify(ownerSignsIn.body)).to.equal(200);
    expect(ownerSignsIn.body.data.accessToken).to.be.a('string');
  });

  it('counts only the entry the gateway added: a client cannot pick its address by prepending one', async () => {
    const email = await registerOwner('192.0.2.2');
    for (let i = 0; i < 10; i++) await api.post('/hotel/owner/login', { email, password: `guess-${i}-xx` }, from(attacker));
    const spoofed = await api.post('/hotel/owner/login', { email, password: strongPassword }, from(`${owner}, ${attacker}`));
    expect(spoofed.status).to.equal(429);
  });

  it('slows password spraying over many emails from one address, not other addresses', async () => {
    const sprayer = '203.0.113.50';
    const email = await registerOwner('192.0.2.3');
    let firstRefused = -1;
    for (let i = 0; i < 60 && firstRefused < 0; i++) {
      const response = await api.post('/user/login', { email: uniqueEmail('sprayed'), password: 'Summer2024!' }, from(sprayer));
      if (response.status === 429) firstRefused = i;
      else expect(response.status).to.equal(401);
    }
    expect(firstRefused, 'the sprayer is slowed down within 60 tries').to.be.greaterThan(0);
    // the address waits, even for a real account with the right password
    const blocked = await api.post('/hotel/owner/login', { email, password: strongPassword }, from(sprayer));
    expect(blocked.status).to.equal(429);
    expect(Number(blocked.headers.get('retry-after'))).to.be.greaterThan(0);
    expect((await api.post('/hotel/owner/login', { email, password: strongPassword }, from('203.0.113.51'))).status).to.equal(200);
  });

  it('throttles sign-ups per address, counting refused ones too', async () => {
    const busy = '203.0.113.77';
    const email = uniqueEmail('taken');
    let firstRefused = -1;
    for (let i = 0; i < 150 && firstRefused < 0; i++) {
      const response = await api.post('/hotel/owner/register', { name: 'Sign Up Flood', email, password: strongPassword }, from(busy));
      if (response.status === 429) firstRefused = i;
      else expect(response.status).to.equal(i === 0 ? 201 : 409);
    }
    expect(firstRefused, 'sign-ups from one address are slowed within 150').to.be.greaterThan(0);
    const refused = await api.post('/hotel/owner/register', { name: 'Sign Up Flood', email: uniqueEmail('new'), password: strongPassword }, from(busy));
    expect(refused.status).to.equal(429);
    expect(refused.body.message).to.equal(messages.server.tooManySignUps(Number(refused.headers.get('retry-after'))));
    await registerOwner('203.0.113.78');
  });
});

describe('X-Forwarded-For without TRUST_PROXY (npm start)', function () {
  this.timeout(60_000);
  let stays: TestSystem;
  let api: ApiClient;

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => stays.destroy());

  it('is ignored: every request counts against the socket address', async () => {
    const email = uniqueEmail('owner');
    expect((await api.post('/hotel/owner/register', { name: 'Ravi Kumar', email, password: strongPassword })).status).to.equal(201);
    for (let i = 0; i < 10; i++) {
      expect((await api.post('/hotel/owner/login', { email, password: `guess-${i}-xx` }, from(`203.0.113.${i}`))).status).to.equal(401);
    }
    const elsewhere = await api.post('/hotel/owner/login', { email, password: strongPassword }, from(owner));
    expect(elsewhere.status).to.equal(429);
  });
});
