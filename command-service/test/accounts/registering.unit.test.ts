import { expect } from 'chai';
import { messages } from '@stays/contracts';
import { Conflict } from '../../src/domain-errors.ts';
import { accountAggregate } from '../../src/accounts/account.ts';
import { register } from '../../src/accounts/registering/decide.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { ownerRegistered } from '../support/events.ts';

describe('registering an account', () => {
  const given = DeciderSpecification.for(register, accountAggregate);
  const command = { accountId: 'o1', role: 'hotel-owner' as const, name: 'Ravi', email: 'ravi@example.in', passwordHash: 'h1', via: 'password' as const };

  it('registers a new account once', () => {
    given().when(command).then([ownerRegistered]);
    given(ownerRegistered)
      .when(command)
      .thenThrows(Conflict, (error) => expect(error.message).to.equal(messages.server.emailTaken));
  });
});
