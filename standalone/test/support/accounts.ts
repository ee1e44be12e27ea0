/** Signed-up and signed-in accounts for tests that need one. */
import { expect } from 'chai';
import type { ApiClient } from './http-client.ts';
import { pngImage, strongPassword, uniqueEmail } from './fixtures.ts';

export interface SignedIn {
  readonly id: string;
  readonly email: string;
  readonly token: string;
}

export async function signedInOwner(api: ApiClient, name = 'Ravi Kumar'): Promise<SignedIn> {
  const email = uniqueEmail('owner');
  const registered = await api.post('/hotel/owner/register', { name, email, password: strongPassword });
  expect(registered.status, JSON.stringify(registered.body)).to.equal(201);
  const login = await api.post('/hotel/owner/login', { email, password: strongPassword });
  return { id: registered.body.data._id, email, token: login.body.data.accessToken };
}

export async function signedInCustomer(api: ApiClient, name = 'Asha Rao'): Promise<SignedIn> {
  const email = uniqueEmail('guest');
  const registered = await api.multipart(
    'POST',
    '/user/register',
    { username: 'asha', name, email, password: strongPassword },
    { profileImage: await pngImage() },
  );
  expect(registered.status, JSON.stringify(registered.body)).to.equal(201);
  const login = await api.post('/user/login', { email, password: strongPassword });
  return { id: registered.body.data._id, email, token: login.body.data.accessToken };
}
