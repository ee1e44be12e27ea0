import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { Unauthenticated } from '../../src/domain-errors.ts';
import { accountAggregate } from '../../src/accounts/account.ts';
import { signIn } from '../../src/accounts/signing-in/decide.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { ownerDeleted, ownerRegistered, signedIn } from '../support/events.ts';

describe('signing in', () => {
  const given = DeciderSpecification.for(signIn, accountAggregate);
  const command = { sessionId: 's1', method: 'password' as const, expiresAt: '2026-11-23T00:00:00.000Z' };

  it('opens a session on an active account', () => {
    given(ownerRegistered)
      .when(command)
      .then([signedIn('s1')]);
  });

  it('refuses an unknown or deleted account as wrong credentials', () => {
    const wrongCredentials = (error: Unauthenticated) => expect(error.message).to.equal(messages.server.invalidCredentials);
    given().when(command).thenThrows(Unauthenticated, wrongCredentials);
    given(ownerRegistered, ownerDeleted).when(command).thenThrows(Unauthenticated, wrongCredentials);
  });
});
