/** Account calls (spec section 7: authentication, registration, profiles). */
import { pathOf, routes, type BodyOf, type Envelope, type Role, type SessionUser, type SignInResult } from '@stays/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { attachmentName, saveFile } from '../../../lib/downloads.ts';
import { successful } from '../../../lib/envelope.ts';
import { withBlobAnswerRead } from '../../../lib/errors.ts';

/** Email and password, as both sign-in calls take them. */
export type Credentials = BodyOf<typeof routes.customerLogin>;
export type OwnerRegistration = BodyOf<typeof routes.ownerRegister>;
export type OwnerProfileChanges = BodyOf<typeof routes.ownerUpdateProfile>;

export interface SessionApi {
  signIn(role: Role, credentials: Credentials): Promise<{ data: SignInResult; message: string }>;
  googleSignIn(role: Role, credential: string): Promise<{ data: SignInResult; message: string }>;
  registerCustomer(form: FormData): Promise<{ message: string }>;
  registerOwner(body: OwnerRegistration): Promise<{ message: string }>;
  signOut(role: Role): Promise<{ message: string }>;
  deleteAccount(role: Role): Promise<{ message: string }>;
  updateCustomer(form: FormData): Promise<{ data: SessionUser; message: string }>;
  updateOwner(body: OwnerProfileChanges): Promise<{ data: SessionUser; message: string }>;
  /** Downloads the caller's copy of their data and hands it to the browser to save; answers the file's name. */
  downloadMyData(role: Role): Promise<{ filename: string }>;
}

const byRole = <C, O>(role: Role, customer: C, owner: O): C | O => (role === 'hotel-owner' ? owner : customer);

export const sessionApi: SessionApi = {
  signIn: async (role, credentials) =>
    successful(await apiClient.post<Envelope<SignInResult>>(pathOf(byRole(role, routes.customerLogin, routes.ownerLogin)), credentials)),
  googleSignIn: async (role, credential) =>
    successful(
      await apiClient.post<Envelope<SignInResult>>(pathOf(byRole(role, routes.customerGoogle, routes.ownerGoogle)), { credential } satisfies BodyOf<
        typeof routes.customerGoogle
      >),
    ),
  registerCustomer: async (form) => successful(await apiClient.post<Envelope<unknown>>(pathOf(routes.customerRegister), form)),
  registerOwner: async (body) => successful(await apiClient.post<Envelope<unknown>>(pathOf(routes.ownerRegister), body)),
  signOut: async (role) => successful(await apiClient.post<Envelope<unknown>>(pathOf(byRole(role, routes.customerLogout, routes.ownerLogout)), {})),
  deleteAccount: async (role) => successful(await apiClient.delete<Envelope<unknown>>(pathOf(byRole(role, routes.customerDelete, routes.ownerDelete)))),
  updateCustomer: async (form) => successful(await apiClient.patch<Envelope<SessionUser>>(pathOf(routes.customerUpdateProfile), form)),
  updateOwner: async (body) => successful(await apiClient.patch<Envelope<SessionUser>>(pathOf(routes.ownerUpdateProfile), body)),
  downloadMyData: async (role) => {
    try {
      const answer = await apiClient.get<Blob>(pathOf(byRole(role, routes.customerExport, routes.ownerExport)), { bearer: true, responseType: 'blob' });
      const filename = attachmentName(answer.headers['content-disposition'] as string | undefined, 'stays-my-data.json');
      saveFile(answer.data, filename);
      return { filename };
    } catch (error) {
      throw await withBlobAnswerRead(error);
    }
  },
};
