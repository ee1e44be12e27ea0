import { expect } from 'chai';
import { Unauthenticated } from '../../src/domain-errors.ts';
import { accountAggregate, type AccountState } from '../../src/accounts/account.ts';
import { deleteAccount } from '../../src/accounts/deleting-account/decide.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { ownerDeleted, ownerRegistered, signedIn } from '../support/events.ts';

describe('deleting an account', () => {
  const given = DeciderSpecification.for((_: 'delete', state: AccountState) => deleteAccount(state), accountAggregate);

  it('deletes the account, which closes every session', () => {
    const events = given(ownerRegistered, signedIn('s1')).when('delete').then([ownerDeleted]);
    const after = [ownerRegistered, signedIn('s1'), ...events].reduce(accountAggregate.evolve, accountAggregate.initialState());
    expect(after.status).to.equal('deleted');
  });

  it('refuses an account already deleted', () => {
    given(ownerRegistered, ownerDeleted).when('delete').thenThrows(Unauthenticated);
  });
});
