import { expect } from 'chai';
import { messages, type AccountEvent } from '@stays/contracts';
import { Unauthenticated } from '../../src/domain-errors.ts';
import { accountAggregate } from '../../src/accounts/account.ts';
import { signInWithGoogle, type GoogleSignIn } from '../../src/accounts/google/decide.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { ownerDeleted, ownerRegistered } from '../support/events.ts';

describe('signing in with Google', () => {
  const given = DeciderSpecification.for(signInWithGoogle, accountAggregate);
  const session = { sessionId: 's1', expiresAt: '2026-11-23T00:00:00.000Z' };
  const asOwner: GoogleSignIn = {
    role: 'hotel-owner',
    accountId: 'o1',
    session,
    identity: { email: 'Ravi@Example.in', emailVerified: true, name: 'Ravi Kumar', picture: 'https://lh3.googleusercontent.com/a/ravi' },
  };
  const signedIn = (accountId: string, role: 'hotel-owner' | 'customer'): AccountEvent => ({
    type: 'AccountSignedIn',
    data: { accountId, role, sessionId: 's1', method: 'google', expiresAt: session.expiresAt },
  });

  it("signs in the email's existing account, even one made with a password", () => {
    given(ownerRegistered)
      .when(asOwner)
      .then([signedIn('o1', 'hotel-owner')]);
  });

  it('registers the account on its first sign-in, in the same append: a customer gets a username from the email', () => {
    given()
      .when({ ...asOwner, role: 'customer', accountId: 'c1' })
      .then([
        {
          type: 'AccountRegistered',
          data: {
            accountId: 'c1',
            role: 'customer',
            name: 'Ravi Kumar',
            email: 'ravi@example.in',
            passwordHash: null,
            via: 'google',
            username: 'ravi',
            profileImage: 'https://lh3.googleusercontent.com/a/ravi',
          },
        },
        signedIn('c1', 'customer'),
      ]);
    const { picture: _none, ...withoutPicture } = asOwner.identity;
    given()
      .when({ ...asOwner, identity: withoutPicture })
      .then([
        {
          type: 'AccountRegistered',
          data: { accountId: 'o1', role: 'hotel-owner', name: 'Ravi Kumar', email: 'ravi@example.in', passwordHash: null, via: 'google' },
        },
        signedIn('o1', 'hotel-owner'),
      ]);
  });

  it('refuses an email Google has not verified', () => {
    given(ownerRegistered)
      .when({ ...asOwner, identity: { ...asOwner.identity, emailVerified: false } })
      .thenThrows(Unauthenticated, (error) => expect(error.message).to.equal(messages.server.googleEmailUnverified));
  });

  it('refuses a deleted account', () => {
    given(ownerRegistered, ownerDeleted).when(asOwner).thenThrows(Unauthenticated);
  });
});
