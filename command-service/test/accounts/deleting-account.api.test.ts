import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { ApiClient } from '../../../standalone/test/support/http-client.ts';
import { startTestSystem, type TestSystem } from '../../../standalone/test/support/test-system.ts';
import { registerCustomer, signIn } from '../../../standalone/test/support/accounts.ts';

describe('deleting an account over HTTP', function () {
  this.timeout(30_000);
  let stays: TestSystem;
  let api: ApiClient;

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => stays.destroy());

  it('deletes an account: its tokens stop working, it cannot sign in, and its email is free', async () => {
    const customer = await registerCustomer(api);
    const { accessToken } = await signIn(api, '/user/login', customer.email, customer.password);
    const deleted = await api.delete('/user/delete/account', { token: accessToken });
    expect(deleted.status).to.equal(200);
    expect(deleted.body).to.include({ success: true, message: messages.server.accountDeleted });
    expect((await api.multipart('PATCH', '/user/update/profile', { username: 'ghost' }, {}, { token: accessToken })).status).to.equal(401);
    expect((await api.post('/user/login', { email: customer.email, password: customer.password })).status).to.equal(401);
    await registerCustomer(api, customer.email);
  });
});
