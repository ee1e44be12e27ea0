/** Forgotten-password calls: ask for a reset link by email, set a new password with its token. */
import { pathOf, routes, type BodyOf, type Envelope, type Role } from '@stays/contracts';
import { apiClient } from '../../../lib/api-client.ts';
import { successful } from '../../../lib/envelope.ts';

const byRole = <C, O>(role: Role, customer: C, owner: O): C | O => (role === 'hotel-owner' ? owner : customer);

export const passwordResetApi = {
  askForLink: async (role: Role, body: BodyOf<typeof routes.customerForgotPassword>) =>
    successful(await apiClient.post<Envelope<null>>(pathOf(byRole(role, routes.customerForgotPassword, routes.ownerForgotPassword)), body)),
  resetPassword: async (role: Role, body: BodyOf<typeof routes.customerResetPassword>) =>
    successful(await apiClient.post<Envelope<null>>(pathOf(byRole(role, routes.customerResetPassword, routes.ownerResetPassword)), body)),
};
