/**
 * Recording the erasure of a deleted account's personal data (its data key destroyed, its
 * invoices and photos deleted): once, and only for a deleted account.
 */
import { streams, type AccountEvent } from '@stays/contracts';
import type { AccountState } from '../account.ts';

export function recordErasure(state: AccountState): AccountEvent[] {
  if (state.status !== 'deleted' || state.personalDataErased) return [];
  const { accountId, role } = state;
  return [{ type: 'PersonalDataErased', data: { accountId, role, subject: streams.account(role, accountId) } }];
}
