import { expect } from 'chai';
import { messages, type AccountEvent } from '@stays/contracts';
import { ConflictError, ForbiddenError, UnauthorizedError, ValidationError } from '@stays/service-kit';
import { evolveAccount, initialAccountState, type AccountState } from '../src/accounts/account.ts';
import * as decide from '../src/accounts/decide.ts';

/** Given events, when a decision runs, then these events (or this error). */
const given = (...events: AccountEvent[]): AccountState => events.reduce(evolveAccount, initialAccountState());

const registered: AccountEvent = {
  type: 'AccountRegistered',
  data: { accountId: 'o1', role: 'hotel-owner', name: 'Ravi', email: 'ravi@example.in', passwordHash: 'h1', via: 'password' },
};
const signedIn = (sessionId: string): AccountEvent => ({
  type: 'AccountSignedIn', data: { accountId: 'o1', role: 'hotel-owner', sessionId, method: 'password', expiresAt: '2026-11-23T00:00:00.000Z' },
});

describe('account decisions', () => {
  it('registers a new account once', () => {
    const command = { accountId: 'o1', role: 'hotel-owner' as const, name: 'Ravi', email: 'ravi@example.in', passwordHash: 'h1', via: 'password' as const };
    expect(decide.register(command, given())).to.deep.equal([registered]);
    expect(() => decide.register(command, given(registered))).to.throw(ConflictError);
  });

  it('opens a session only for an active account', () => {
    const command = { sessionId: 's1', method: 'password' as const, expiresAt: '2026-11-23T00:00:00.000Z' };
    expect(decide.signIn(command, given(registered))).to.deep.equal([signedIn('s1')]);
    expect(() => decide.signIn(command, given())).to.throw(UnauthorizedError);
    expect(() => decide.signIn(command, given(registered, { type: 'AccountDeleted', data: { accountId: 'o1', role: 'hotel-owner' } }))).to.throw(UnauthorizedError);
  });

  it('signs out an open session, and treats a closed one as done', () => {
    const state = given(registered, signedIn('s1'), signedIn('s2'));
    expect(decide.signOut({ sessionId: 's1' }, state)).to.deep.equal([{ type: 'AccountSignedOut', data: { accountId: 'o1', role: 'hotel-owner', sessionId: 's1' } }]);
    const after = given(registered, signedIn('s1'), signedIn('s2'), ...decide.signOut({ sessionId: 's1' }, state));
    expect(decide.signOut({ sessionId: 's1' }, after)).to.deep.equal([]);
    expect(after.status === 'active' && [...after.openSessions.keys()]).to.deep.equal(['s2']);
  });

  const now = new Date('2026-11-22T10:00:00.000Z');
  const asking = { sessionId: 's1', now };

  it('records only the fields that really change, and a password change separately', () => {
    const state = given(registered);
    expect(decide.updateProfile({ ...asking, name: 'Ravi', email: 'ravi@example.in' }, state)).to.deep.equal([]);
    expect(decide.updateProfile({ ...asking, name: 'Ravi K', passwordHash: 'h2', currentPasswordMatched: 'h1' }, state)).to.deep.equal([
      { type: 'AccountProfileUpdated', data: { accountId: 'o1', role: 'hotel-owner', name: 'Ravi K' } },
      { type: 'AccountPasswordChanged', data: { accountId: 'o1', role: 'hotel-owner', passwordHash: 'h2' } },
    ]);
  });

  it('changes a name, username or image without the current password', () => {
    expect(decide.updateProfile({ ...asking, name: 'Ravi K', profileImage: null }, given(registered))).to.have.length(1);
  });

  it('needs the current password to change the email or the password', () => {
    const state = given(registered);
    for (const change of [{ email: 'new@example.in' }, { passwordHash: 'h2' }]) {
      expect(() => decide.updateProfile({ ...asking, ...change }, state))
        .to.throw(ValidationError, messages.server.currentPasswordNeeded).with.property('field', 'currentPassword');
      expect(() => decide.updateProfile({ ...asking, ...change, currentPasswordMatched: null }, state))
        .to.throw(ForbiddenError, messages.server.currentPasswordWrong);
      // a password checked against a hash that is no longer the account's does not count
      expect(() => decide.updateProfile({ ...asking, ...change, currentPasswordMatched: 'h0' }, state)).to.throw(ForbiddenError);
      // a Google confirmation does not stand in for an account's password
      expect(() => decide.updateProfile({ ...asking, ...change, googleConfirmation: { email: 'ravi@example.in', emailVerified: true, issuedAt: now } }, state))
        .to.throw(ValidationError);
    }
    expect(decide.updateProfile({ ...asking, email: 'new@example.in', currentPasswordMatched: 'h1' }, state)).to.deep.equal([
      { type: 'AccountProfileUpdated', data: { accountId: 'o1', role: 'hotel-owner', email: 'new@example.in' } },
    ]);
  });

  it('ends every other unexpired session on a password change, keeping the one that asked', () => {
    const expired: AccountEvent = { type: 'AccountSignedIn', data: { accountId: 'o1', role: 'hotel-owner', sessionId: 's0', method: 'password', expiresAt: '2026-11-22T09:00:00.000Z' } };
    const state = given(registered, expired, signedIn('s1'), signedIn('s2'), signedIn('s3'), ...decide.signOut({ sessionId: 's3' }, given(registered, signedIn('s3'))));
    const events = decide.updateProfile({ ...asking, passwordHash: 'h2', currentPasswordMatched: 'h1' }, state);
    expect(events).to.deep.equal([
      { type: 'AccountPasswordChanged', data: { accountId: 'o1', role: 'hotel-owner', passwordHash: 'h2' } },
      { type: 'AccountSignedOut', data: { accountId: 'o1', role: 'hotel-owner', sessionId: 's2', reason: 'password-changed' } },
    ]);
    const after = given(registered, expired, signedIn('s1'), signedIn('s2'), ...events);
    expect(after.status === 'active' && after.openSessions.has('s1') && !after.openSessions.has('s2')).to.equal(true);
    // an email change alone ends no session
    expect(decide.updateProfile({ ...asking, email: 'new@example.in', currentPasswordMatched: 'h1' }, state)).to.have.length(1);
  });

  describe('an account that signs in only with Google', () => {
    const googleOnly: AccountEvent = {
      type: 'AccountRegistered',
      data: { accountId: 'o1', role: 'hotel-owner', name: 'Ravi', email: 'ravi@example.in', passwordHash: null, via: 'google' },
    };
    const confirmedBy = (email: string, minutesAgo: number, emailVerified = true) =>
      ({ googleConfirmation: { email, emailVerified, issuedAt: new Date(now.getTime() - minutesAgo * 60_000) } });

    it('confirms an email or password change with a fresh Google sign-in for its own email', () => {
      const state = given(googleOnly, signedIn('s1'), signedIn('s2'));
      expect(decide.updateProfile({ ...asking, passwordHash: 'h2', ...confirmedBy('Ravi@Example.in', 2) }, state)).to.deep.equal([
        { type: 'AccountPasswordChanged', data: { accountId: 'o1', role: 'hotel-owner', passwordHash: 'h2' } },
        { type: 'AccountSignedOut', data: { accountId: 'o1', role: 'hotel-owner', sessionId: 's2', reason: 'password-changed' } },
      ]);
      expect(decide.updateProfile({ ...asking, email: 'new@example.in', ...confirmedBy('ravi@example.in', 9) }, state)).to.have.length(1);
    });

    it('refuses without a Google confirmation, with another account, an unverified email or an old sign-in', () => {
      const state = given(googleOnly);
      const change = { ...asking, email: 'new@example.in' };
      expect(() => decide.updateProfile({ ...change, currentPasswordMatched: null }, state))
        .to.throw(ValidationError).with.property('field', 'googleCredential');
      expect(() => decide.updateProfile({ ...change, ...confirmedBy('someone@example.in', 1) }, state))
        .to.throw(ForbiddenError, messages.server.googleConfirmationOtherAccount);
      expect(() => decide.updateProfile({ ...change, ...confirmedBy('ravi@example.in', 1, false) }, state)).to.throw(ForbiddenError);
      expect(() => decide.updateProfile({ ...change, ...confirmedBy('ravi@example.in', decide.GOOGLE_CONFIRMATION_MINUTES + 1) }, state))
        .to.throw(ForbiddenError, messages.server.googleConfirmationStale(decide.GOOGLE_CONFIRMATION_MINUTES));
    });
  });

  it('closes every session when the account is deleted', () => {
    const state = given(registered, signedIn('s1'), ...decide.deleteAccount(given(registered, signedIn('s1'))));
    expect(state.status).to.equal('deleted');
    expect(() => decide.deleteAccount(state)).to.throw(UnauthorizedError);
  });
});
