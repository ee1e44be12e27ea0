import { expect } from 'chai';
import { ApiClient } from '../../../standalone/test/support/http-client.ts';
import { startTestSystem, type TestSystem } from '../../../standalone/test/support/test-system.ts';
import { signIn, registerOwner } from '../../../standalone/test/support/accounts.ts';

describe('signing out over HTTP', function () {
  this.timeout(30_000);
  let stays: TestSystem;
  let api: ApiClient;

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => stays.destroy());

  it('shows a signed-in session to the query side at once (read-your-writes) and ends it on sign-out', async () => {
    const owner = await registerOwner(api);
    const { accessToken } = await signIn(api, '/hotel/owner/login', owner.email, owner.password);
    const hotelId = await api.get('/hotel/owner/get/hotel/id', { token: accessToken });
    expect(hotelId.status).to.equal(200);
    expect(hotelId.body).to.include({ success: true, data: null });
    const logout = await api.post('/hotel/owner/logout', {}, { token: accessToken });
    expect(logout.status).to.equal(200);
    expect((await api.get('/hotel/owner/get/hotel/id', { token: accessToken })).status).to.equal(401);
    expect((await api.patch('/hotel/owner/update/profile', { name: 'New Name' }, { token: accessToken })).status).to.equal(401);
  });

  it('keeps other sessions of the same account open after one signs out', async () => {
    const owner = await registerOwner(api);
    const first = await signIn(api, '/hotel/owner/login', owner.email, owner.password);
    const second = await signIn(api, '/hotel/owner/login', owner.email, owner.password);
    await api.post('/hotel/owner/logout', {}, { token: first.accessToken });
    expect((await api.get('/hotel/owner/get/hotel/id', { token: second.accessToken })).status).to.equal(200);
  });
});
