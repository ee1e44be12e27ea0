/** Deleting an account: every session ends with it (an owner's hotel is delisted first, by the handler). */
import type { AccountEvent } from '@stays/contracts';
import { activeAccount, type AccountState } from '../account.ts';

export function deleteAccount(state: AccountState): AccountEvent[] {
  const account = activeAccount(state);
  return [{ type: 'AccountDeleted', data: { accountId: account.accountId, role: account.role } }];
}
