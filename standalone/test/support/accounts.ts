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

/** Registers an owner (201 expected) without signing in. */
export async function registerOwner(api: ApiClient, email = uniqueEmail('owner'), password = strongPassword) {
  const response = await api.post('/hotel/owner/register', { name: 'Ravi Kumar', email, password });
  expect(response.status, JSON.stringify(response.body)).to.equal(201);
  return { email, password, id: response.body.data._id as string };
}

/** Registers a customer with a profile image (201 expected) without signing in. */
export async function registerCustomer(api: ApiClient, email = uniqueEmail(), password = strongPassword) {
  const response = await api.multipart('POST', '/user/register', { username: 'asha_r', name: 'Asha Rao', email, password }, { profileImage: await pngImage() });
  expect(response.status, JSON.stringify(response.body)).to.equal(201);
  return { email, password, id: response.body.data._id as string };
}

/** Signs in (200 expected) and gives the token and the user as answered. */
export async function signIn(api: ApiClient, path: '/user/login' | '/hotel/owner/login', email: string, password: string) {
  const response = await api.post(path, { email, password });
  expect(response.status, JSON.stringify(response.body)).to.equal(200);
  return response.body.data as { accessToken: string; user: Record<string, unknown> };
}
