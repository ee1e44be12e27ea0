/** What the query side asks of the accounts read model. */
import type { TokenRole } from '@stays/contracts';
import type { ReadModelStore } from '../../read-model.ts';
import { accountCollections, type AuditorDocument, type CustomerDocument, type OwnerDocument, type SessionDocument } from './document.ts';

export type AccountQueries = ReturnType<typeof accountQueries>;

export function accountQueries(store: ReadModelStore) {
  const customers = store.collection<CustomerDocument>(accountCollections.customers);
  const owners = store.collection<OwnerDocument>(accountCollections.owners);
  const sessions = store.collection<SessionDocument>(accountCollections.sessions);
  const auditors = store.collection<AuditorDocument>(accountCollections.auditors);

  return {
    /** The role of the session while it is open (not signed out, not ended by a password change or account deletion) and belongs to the account; else null. */
    async sessionRole(sessionId: string, accountId: string): Promise<TokenRole | null> {
      return (await sessions.findOne({ _id: sessionId, accountId, open: true }, { projection: { role: 1 } }))?.role ?? null;
    },
    async customerExists(customerId: string): Promise<boolean> {
      return (await customers.countDocuments({ _id: customerId })) === 1;
    },
    async ownerExists(ownerId: string): Promise<boolean> {
      return (await owners.countDocuments({ _id: ownerId })) === 1;
    },
    /** How the audit trail names an account: a guest's or owner's name, an auditor's email; null once the account is gone. */
    async displayName(role: TokenRole, accountId: string): Promise<string | null> {
      if (role === 'auditor') return (await auditors.findOne({ _id: accountId }, { projection: { email: 1 } }))?.email ?? null;
      const profiles = role === 'customer' ? customers : owners;
      return (await profiles.findOne({ _id: accountId }, { projection: { name: 1 } }))?.name ?? null;
    },
    /** Those of the given customers whose accounts still exist. */
    async existingCustomers(customerIds: readonly string[]): Promise<Set<string>> {
      const present = await customers.find({ _id: { $in: [...customerIds] } }, { projection: { _id: 1 } });
      return new Set(present.map((customer) => customer._id));
    },
  };
}
