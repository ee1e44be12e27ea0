import { expect } from 'chai';
import { ApiClient } from '../../../standalone/test/support/http-client.ts';
import { strongPassword, uniqueEmail } from '../../../standalone/test/support/fixtures.ts';
import { startTestSystem, type TestSystem } from '../../../standalone/test/support/test-system.ts';

describe('signing out over HTTP', function () {
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

  async function signIn(path: '/user/login' | '/hotel/owner/login', email: string, password: string) {
    const response = await api.post(path, { email, password });
    expect(response.status, JSON.stringify(response.body)).to.equal(200);
    return response.body.data as { accessToken: string; user: Record<string, unknown> };
  }

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
});
