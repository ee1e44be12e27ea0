import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { ApiClient } from '../../../standalone/test/support/http-client.ts';
import { pngImage, strongPassword, uniqueEmail } from '../../../standalone/test/support/fixtures.ts';
import { startTestSystem, type TestSystem } from '../../../standalone/test/support/test-system.ts';

describe('deleting an account over HTTP', function () {
  this.timeout(30_000);
  let stays: TestSystem;
  let api: ApiClient;

  before(async () => {
    stays = await startTestSystem();
    api = new ApiClient(stays.baseUrl);
  });
  after(async () => stays.destroy());

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
});
