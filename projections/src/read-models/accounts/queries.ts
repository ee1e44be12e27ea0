/** What the query side asks of the accounts read model. */
import type { ReadStore } from '@stays/read-store';
import { accountCollections, type CustomerDocument, type OwnerDocument, type SessionDocument } from './document.ts';

export type AccountQueries = ReturnType<typeof accountQueries>;

export function accountQueries(readStore: ReadStore) {
  const customers = readStore.collection<CustomerDocument>(accountCollections.customers);
  const owners = readStore.collection<OwnerDocument>(accountCollections.owners);
  const sessions = readStore.collection<SessionDocument>(accountCollections.sessions);

  return {
    /** The session is open (not signed out, not ended by a password change or account deletion) and belongs to the account. */
    async isSessionOpen(sessionId: string, accountId: string): Promise<boolean> {
      return (await sessions.countDocuments({ _id: sessionId, accountId, open: true })) === 1;
    },
    async customerExists(customerId: string): Promise<boolean> {
      return (await customers.countDocuments({ _id: customerId })) === 1;
    },
    async ownerExists(ownerId: string): Promise<boolean> {
      return (await owners.countDocuments({ _id: ownerId })) === 1;
    },
    /** Those of the given customers whose accounts still exist. */
    async existingCustomers(customerIds: readonly string[]): Promise<Set<string>> {
      const present = await customers.find({ _id: { $in: [...customerIds] } }, { projection: { _id: 1 } });
      return new Set(present.map((customer) => customer._id));
    },
  };
}
