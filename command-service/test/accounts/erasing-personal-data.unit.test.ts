import { accountAggregate, type AccountState } from '../../src/accounts/account.ts';
import { recordErasure } from '../../src/accounts/erasing-personal-data/decide.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { ownerDeleted, ownerRegistered } from '../support/events.ts';

describe('recording the erasure of personal data', () => {
  const given = DeciderSpecification.for((_: 'record erasure', state: AccountState) => recordErasure(state), accountAggregate);
  const erased = { type: 'PersonalDataErased', data: { accountId: 'o1', role: 'hotel-owner', subject: 'owner-o1' } } as const;

  it('records it once the account is deleted', () => {
    given(ownerRegistered, ownerDeleted).when('record erasure').then([erased]);
  });

  it('records nothing twice', () => {
    given(ownerRegistered, ownerDeleted, erased).when('record erasure').then([]);
  });

  it('records nothing for an account still in use, or one that never existed', () => {
    given(ownerRegistered).when('record erasure').then([]);
    given().when('record erasure').then([]);
  });
});
