import { expect } from 'chai';
import { accountAggregate } from '../../src/accounts/account.ts';
import { signOut } from '../../src/accounts/signing-out/decide.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { ownerRegistered, signedIn, signedOut } from '../support/events.ts';

describe('signing out', () => {
  const given = DeciderSpecification.for(signOut, accountAggregate);

  it('closes the open session, and only that one', () => {
    const events = given(ownerRegistered, signedIn('s1'), signedIn('s2'))
      .when({ sessionId: 's1' })
      .then([signedOut('s1')]);
    const after = [ownerRegistered, signedIn('s1'), signedIn('s2'), ...events].reduce(accountAggregate.evolve, accountAggregate.initialState());
    expect(after.status === 'active' && [...after.openSessions.keys()]).to.deep.equal(['s2']);
  });

  it('changes nothing for a session already closed, or an account that is gone', () => {
    given(ownerRegistered, signedIn('s1'), signedOut('s1')).when({ sessionId: 's1' }).thenNothing();
    given().when({ sessionId: 's1' }).thenNothing();
  });
});
