import { expect } from 'chai';
import { messages, type AccountEvent } from '@stays/contracts';
import { Forbidden, InvalidInput, Unauthenticated } from '../../src/domain-errors.ts';
import { accountAggregate } from '../../src/accounts/account.ts';
import { GOOGLE_CONFIRMATION_MINUTES, updateProfile } from '../../src/accounts/updating-profile/decide.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { ownerDeleted, ownerRegistered, signedIn, signedOut } from '../support/events.ts';

describe('updating a profile', () => {
  const given = DeciderSpecification.for(updateProfile, accountAggregate);
  const now = new Date('2026-11-22T10:00:00.000Z');
  const asking = { sessionId: 's1', now };
  const profileUpdated = (changes: object): AccountEvent => ({ type: 'AccountProfileUpdated', data: { accountId: 'o1', role: 'hotel-owner', ...changes } });
  const passwordChanged: AccountEvent = { type: 'AccountPasswordChanged', data: { accountId: 'o1', role: 'hotel-owner', passwordHash: 'h2' } };

  it('records only the fields that really change, and a password change separately', () => {
    given(ownerRegistered)
      .when({ ...asking, name: 'Ravi', email: 'ravi@example.in' })
      .thenNothing();
    given(ownerRegistered)
      .when({ ...asking, name: 'Ravi K', passwordHash: 'h2', currentPasswordMatched: 'h1' })
      .then([profileUpdated({ name: 'Ravi K' }), passwordChanged]);
  });

  it('changes a name, username or image without the current password', () => {
    given(ownerRegistered)
      .when({ ...asking, name: 'Ravi K', profileImage: null })
      .then([profileUpdated({ name: 'Ravi K' })]);
  });

  it('records nothing for a username or image sent again unchanged, and the change of either', () => {
    const named = profileUpdated({ username: 'ravi', profileImage: '/m/r.webp' });
    given(ownerRegistered, named)
      .when({ ...asking, username: 'ravi', profileImage: '/m/r.webp' })
      .thenNothing();
    given(ownerRegistered, named)
      .when({ ...asking, username: 'ravi-k', profileImage: '/m/r.webp' })
      .then([profileUpdated({ username: 'ravi-k' })]);
    given(ownerRegistered, named)
      .when({ ...asking, username: 'ravi', profileImage: null })
      .then([profileUpdated({ profileImage: null })]);
  });

  it('needs the current password to change the email or the password', () => {
    for (const change of [{ email: 'new@example.in' }, { passwordHash: 'h2' }]) {
      given(ownerRegistered)
        .when({ ...asking, ...change })
        .thenThrows(InvalidInput, (error) =>
          expect([error.field, error.message]).to.deep.equal(['currentPassword', 'Current password is needed to change your email or password.']),
        );
      given(ownerRegistered)
        .when({ ...asking, ...change, currentPasswordMatched: null })
        .thenThrows(Forbidden, (error) => expect(error.message).to.equal(messages.server.currentPasswordWrong));
      // a password checked against a hash that is no longer the account's does not count
      given(ownerRegistered)
        .when({ ...asking, ...change, currentPasswordMatched: 'h0' })
        .thenThrows(Forbidden);
      // a Google confirmation does not stand in for an account's password
      given(ownerRegistered)
        .when({ ...asking, ...change, googleConfirmation: { email: 'ravi@example.in', emailVerified: true, issuedAt: now } })
        .thenThrows(InvalidInput);
    }
    given(ownerRegistered)
      .when({ ...asking, email: 'new@example.in', currentPasswordMatched: 'h1' })
      .then([profileUpdated({ email: 'new@example.in' })]);
  });

  it('ends every other unexpired session on a password change, keeping the one that asked', () => {
    const history = [ownerRegistered, signedIn('s0', '2026-11-22T09:00:00.000Z'), signedIn('s1'), signedIn('s2'), signedIn('s3'), signedOut('s3')];
    given(...history)
      .when({ ...asking, passwordHash: 'h2', currentPasswordMatched: 'h1' })
      .then([passwordChanged, signedOut('s2', 'password-changed')]);
    // an email change alone ends no session
    given(...history)
      .when({ ...asking, email: 'new@example.in', currentPasswordMatched: 'h1' })
      .then([profileUpdated({ email: 'new@example.in' })]);
  });

  it('refuses a deleted account as a session that has ended', () => {
    given(ownerRegistered, ownerDeleted)
      .when({ ...asking, name: 'Ravi K' })
      .thenThrows(Unauthenticated, (error) => expect(error.message).to.equal(messages.server.sessionInvalid));
  });

  describe('an account that signs in only with Google', () => {
    const googleOnly: AccountEvent = {
      type: 'AccountRegistered',
      data: { accountId: 'o1', role: 'hotel-owner', name: 'Ravi', email: 'ravi@example.in', passwordHash: null, via: 'google' },
    };
    const confirmedBy = (email: string, minutesAgo: number, emailVerified = true) => ({
      googleConfirmation: { email, emailVerified, issuedAt: new Date(now.getTime() - minutesAgo * 60_000) },
    });

    it('confirms an email or password change with a fresh Google sign-in for its own email', () => {
      given(googleOnly, signedIn('s1'), signedIn('s2'))
        .when({ ...asking, passwordHash: 'h2', ...confirmedBy('Ravi@Example.in', 2) })
        .then([passwordChanged, signedOut('s2', 'password-changed')]);
      given(googleOnly)
        .when({ ...asking, email: 'new@example.in', ...confirmedBy('ravi@example.in', 9) })
        .then([profileUpdated({ email: 'new@example.in' })]);
    });

    it('refuses without a Google confirmation, with another account, an unverified email or an old sign-in', () => {
      const change = { ...asking, email: 'new@example.in' };
      given(googleOnly)
        .when({ ...change, currentPasswordMatched: null })
        .thenThrows(InvalidInput, (error) => expect(error.field).to.equal('googleCredential'));
      given(googleOnly)
        .when({ ...change, ...confirmedBy('someone@example.in', 1) })
        .thenThrows(Forbidden, (error) => expect(error.message).to.equal(messages.server.googleConfirmationOtherAccount));
      given(googleOnly)
        .when({ ...change, ...confirmedBy('ravi@example.in', 1, false) })
        .thenThrows(Forbidden);
      given(googleOnly)
        .when({ ...change, ...confirmedBy('ravi@example.in', GOOGLE_CONFIRMATION_MINUTES + 1) })
        .thenThrows(Forbidden, (error) => expect(error.message).to.equal(messages.server.googleConfirmationStale(GOOGLE_CONFIRMATION_MINUTES)));
    });
  });
});
