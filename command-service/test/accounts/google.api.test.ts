import { expect } from 'chai';
import { generateKeyPair } from 'jose';
import { messages } from '@stays/contracts';
import { createGoogleVerifier } from '../../src/accounts/google-id-token.ts';
import { ApiClient } from '../../../standalone/test/support/http-client.ts';
import { uniqueEmail } from '../../../standalone/test/support/fixtures.ts';
import { GOOGLE_CLIENT_ID, idToken, startLocalGoogle } from '../../../standalone/test/support/google.ts';
import { startTestSystem, type TestSystem } from '../../../standalone/test/support/test-system.ts';

describe('Google sign-in', function () {
  this.timeout(30_000);
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

  it('creates a customer on first sign-in from a verified ID token and signs the same account in later', async () => {
    const email = uniqueEmail('google');
    const credential = await idToken(google.privateKey, { email, email_verified: true, name: 'Meera Nair', picture: 'https://example.in/meera.png' });
    const first = await api.post('/user/google/signin/signup', { credential });
    expect(first.status, JSON.stringify(first.body)).to.equal(200);
    expect(first.body.data.user).to.include({ role: 'customer', name: 'Meera Nair', email, profileImage: 'https://example.in/meera.png' });
    // so the profile asks it for a Google confirmation, not a password it does not have
    expect(first.body.data.user.hasPassword).to.equal(false);
    const second = await api.post('/user/google/signin/signup', {
      credential: await idToken(google.privateKey, { email, email_verified: true, name: 'Meera N' }),
    });
    expect(second.body.data.user._id).to.equal(first.body.data.user._id);
    // the Google account has no password to guess
    expect((await api.post('/user/login', { email, password: 'anything-at-all' })).status).to.equal(401);
    // and its session works on the query side
    const owner = await api.post('/hotel/owner/google/signin/signup', { credential });
    expect(owner.status).to.equal(200);
    expect(owner.body.data.user.role).to.equal('hotel-owner');
    expect((await api.get('/hotel/owner/get/hotel/id', { token: owner.body.data.accessToken })).status).to.equal(200);
  });

  it('signs in an existing password account with the same email', async () => {
    const email = uniqueEmail('both');
    await api.post('/hotel/owner/register', { name: 'Both Ways', email, password: 'monsoon-rains-2024' });
    const response = await api.post('/hotel/owner/google/signin/signup', {
      credential: await idToken(google.privateKey, { email, email_verified: true, name: 'Both Ways' }),
    });
    expect(response.status).to.equal(200);
    expect(response.body.data.user.name).to.equal('Both Ways');
    // it keeps its password: changes are confirmed with it
    expect(response.body.data.user.hasPassword).to.equal(true);
    expect((await api.post('/hotel/owner/login', { email, password: 'monsoon-rains-2024' })).body.data.user.hasPassword).to.equal(true);
  });

  it('never trusts a posted name and email', async () => {
    const response = await api.post('/user/google/signin/signup', { name: 'Mallory', email: 'victim@example.in' });
    expect(response.status).to.equal(400);
    expect(response.body).to.include({ success: false, field: 'credential' });
  });

  it('refuses tokens for another audience, from another issuer, expired, unsigned by Google, or with an unverified email', async () => {
    const email = uniqueEmail('bad');
    const stranger = await generateKeyPair('RS256');
    const cases = [
      await idToken(google.privateKey, { email, email_verified: true }, { audience: 'someone-else.apps.googleusercontent.com' }),
      await idToken(google.privateKey, { email, email_verified: true }, { issuer: 'https://evil.example' }),
      await idToken(google.privateKey, { email, email_verified: true }, { expiresIn: '-1m' }),
      await idToken(stranger.privateKey, { email, email_verified: true }),
      'not.a.token',
    ];
    for (const credential of cases) {
      const response = await api.post('/user/google/signin/signup', { credential });
      expect(response.status).to.equal(401);
      expect(response.body.message).to.equal(messages.server.googleCredentialInvalid);
    }
    const unverified = await api.post('/user/google/signin/signup', { credential: await idToken(google.privateKey, { email, email_verified: false }) });
    expect(unverified.status).to.equal(401);
    expect(unverified.body.message).to.equal(messages.server.googleEmailUnverified);
  });
});

describe('Google sign-in when not configured', function () {
  this.timeout(30_000);

  it('says so with 503', async () => {
    const stays = await startTestSystem();
    try {
      const response = await new ApiClient(stays.baseUrl).post('/user/google/signin/signup', { credential: 'x'.repeat(40) });
      expect(response.status).to.equal(503);
      expect(response.body).to.deep.equal({ success: false, statusCode: 503, message: messages.ui.googleNotConfigured });
    } finally {
      await stays.destroy();
    }
  });
});
