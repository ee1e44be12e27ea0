import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { ApiClient } from './support/http-client.ts';
import { strongPassword, uniqueEmail } from './support/fixtures.ts';
import { startTestSystem, type TestSystem } from './support/test-system.ts';
import { registerOwner } from './support/accounts.ts';

/**
 * Bad bodies sent to the sign-up and sign-in calls, and calls no route serves: each is a clear
 * 4xx in the envelope. They sweep the body parsing and routing every call shares, so they
 * belong to no one use case.
 */
describe('bad input to the account calls never crashes the service', function () {
  this.timeout(30_000);
  let stays: TestSystem;
  let api: ApiClient;

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => stays.destroy());

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
    await registerOwner(api, protoEmail);
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
