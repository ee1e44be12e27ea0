import { createHmac } from 'node:crypto';
import path from 'node:path';
import { readFile } from 'node:fs/promises';
import { expect } from 'chai';
import { TokenIssuer, generateSigningKeys, loadOrCreateSigningKeys } from '@stays/service-kit';
import { ApiClient } from './support/http-client.ts';
import { strongPassword, uniqueEmail } from './support/fixtures.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';
import { registerCustomer, signIn } from './support/accounts.ts';

const b64url = (value: unknown) => Buffer.from(typeof value === 'string' ? value : JSON.stringify(value)).toString('base64url');
const decodePart = (token: string, index: number) => JSON.parse(Buffer.from(token.split('.')[index]!, 'base64url').toString());
const TOKEN_SETTINGS = { issuer: 'stays', audience: 'stays-api' };

describe('access tokens are refused when forged, expired or revoked', function () {
  this.timeout(30_000);
  let stays: TestSystem;
  let api: ApiClient;
  let token: string;

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
    const email = uniqueEmail('owner');
    await api.post('/hotel/owner/register', { name: 'Token Tester', email, password: strongPassword });
    token = (await api.post('/hotel/owner/login', { email, password: strongPassword })).body.data.accessToken;
  });
  after(async () => stays.destroy());

  const readAs = (candidate: string) => api.get('/hotel/owner/get/hotel/id', { token: candidate });
  const writeAs = (candidate: string) => api.patch('/hotel/owner/update/profile', { name: 'Renamed Owner' }, { token: candidate });

  async function expectRefused(candidate: string) {
    for (const response of [await readAs(candidate), await writeAs(candidate)]) {
      expect(response.status).to.equal(401);
      expect(response.body).to.include({ success: false, statusCode: 401 });
    }
  }

  it('accepts the genuine token on both sides', async () => {
    expect((await readAs(token)).status).to.equal(200);
    expect((await writeAs(token)).status).to.equal(200);
  });

  it('refuses a token whose payload was changed', async () => {
    const [header, , signature] = token.split('.');
    const payload = { ...decodePart(token, 1), role: 'customer', sub: 'someone-else' };
    await expectRefused(`${header}.${b64url(payload)}.${signature}`);
  });

  it("refuses alg 'none'", async () => {
    await expectRefused(`${b64url({ alg: 'none', typ: 'JWT' })}.${b64url(decodePart(token, 1))}.`);
  });

  it('refuses an HMAC token keyed with the public key (algorithm confusion)', async () => {
    const publicPem = await readFile(path.join(stays.dataDir, 'keys', 'token-signing.pub.pem'), 'utf8');
    const unsigned = `${b64url({ alg: 'HS256', typ: 'JWT' })}.${b64url(decodePart(token, 1))}`;
    await expectRefused(`${unsigned}.${createHmac('sha256', publicPem).update(unsigned).digest('base64url')}`);
  });

  it('refuses a token signed by another key', async () => {
    const stranger = await generateSigningKeys();
    const claims = decodePart(token, 1);
    const forged = await new TokenIssuer(stranger.privateKey, { ...TOKEN_SETTINGS, ttlSeconds: 3600 }).issue({
      accountId: claims.sub,
      role: claims.role,
      sessionId: claims.jti,
    });
    await expectRefused(forged.token);
  });

  it('refuses an expired token for an otherwise open session', async () => {
    const keys = await loadOrCreateSigningKeys(path.join(stays.dataDir, 'keys'));
    const claims = decodePart(token, 1);
    const issuer = new TokenIssuer(keys.privateKey, { ...TOKEN_SETTINGS, ttlSeconds: 60 });
    const fresh = await issuer.issue({ accountId: claims.sub, role: claims.role, sessionId: claims.jti });
    expect((await readAs(fresh.token)).status, 'same key and session, not expired').to.equal(200);
    const expired = await issuer.issue({ accountId: claims.sub, role: claims.role, sessionId: claims.jti }, new Date(Date.now() - 3600_000));
    await expectRefused(expired.token);
  });

  it('refuses a well-signed token naming a session that was never opened', async () => {
    const keys = await loadOrCreateSigningKeys(path.join(stays.dataDir, 'keys'));
    const claims = decodePart(token, 1);
    const minted = await new TokenIssuer(keys.privateKey, { ...TOKEN_SETTINGS, ttlSeconds: 600 }).issue({
      accountId: claims.sub,
      role: claims.role,
      sessionId: 'not-a-session',
    });
    await expectRefused(minted.token);
  });

  it("refuses a well-signed token whose role is not its session's, on both sides", async () => {
    const keys = await loadOrCreateSigningKeys(path.join(stays.dataDir, 'keys'));
    const claims = decodePart(token, 1);
    const issuer = new TokenIssuer(keys.privateKey, { ...TOKEN_SETTINGS, ttlSeconds: 600 });
    const asAuditor = (await issuer.issue({ accountId: claims.sub, role: 'auditor', sessionId: claims.jti })).token;
    for (const response of [await api.get('/audit/bookings', { token: asAuditor }), await api.get('/audit/log/records', { token: asAuditor })]) {
      expect(response.status, 'an owner session lent the auditor role').to.equal(401);
      expect(response.body).to.include({ success: false, statusCode: 401 });
    }
    const asGuest = (await issuer.issue({ accountId: claims.sub, role: 'customer', sessionId: claims.jti })).token;
    expect((await api.get(`/user/get/all/bookings/${claims.sub}`, { token: asGuest })).status, 'query side').to.equal(401);
    expect((await api.patch('/user/update/profile', { username: 'renamed' }, { token: asGuest })).status, 'command side').to.equal(401);
    expect((await readAs(token)).status, 'the genuine token still works').to.equal(200);
  });

  it('refuses the token after sign-out', async () => {
    expect((await api.post('/hotel/owner/logout', {}, { token })).status).to.equal(200);
    await expectRefused(token);
  });
});

describe('a restart loses nothing', function () {
  this.timeout(30_000);

  it('keeps accounts, sessions and signing keys across a restart on the same data directory', async () => {
    const first = await startTestSystem();
    const api = new ApiClient(first.baseUrl);
    const email = uniqueEmail('restart');
    await api.post('/hotel/owner/register', { name: 'Restart Owner', email, password: strongPassword });
    const { accessToken } = (await api.post('/hotel/owner/login', { email, password: strongPassword })).body.data;
    await first.stop();

    const second = await startTestSystem({ dataDir: first.dataDir });
    try {
      const again = new ApiClient(second.baseUrl);
      expect((await again.get('/hotel/owner/get/hotel/id', { token: accessToken })).status).to.equal(200);
      const login = await again.post('/hotel/owner/login', { email, password: strongPassword });
      expect(login.status).to.equal(200);
      expect(login.body.data.user).to.include({ name: 'Restart Owner', email });
      expect((await again.post('/hotel/owner/register', { name: 'Copy Cat', email, password: strongPassword })).status).to.equal(409);
    } finally {
      await second.destroy();
    }
  });
});

describe('a call needs a token of the right role', function () {
  this.timeout(30_000);
  let stays: TestSystem;
  let api: ApiClient;

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => stays.destroy());

  it('requires a token and the right role', async () => {
    expect((await api.get('/hotel/owner/get/hotel/id')).status).to.equal(401);
    const customer = await registerCustomer(api);
    const { accessToken } = await signIn(api, '/user/login', customer.email, customer.password);
    const wrongRole = await api.get('/hotel/owner/get/hotel/id', { token: accessToken });
    expect(wrongRole.status).to.equal(403);
    expect((await api.delete('/hotel/owner/delete', { token: accessToken })).status).to.equal(403);
    expect((await api.get('/hotel/owner/get/hotel/id', { token: 'garbage' })).status).to.equal(401);
  });
});
