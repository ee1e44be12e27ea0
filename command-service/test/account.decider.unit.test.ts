import { expect } from 'chai';
import type { AccountEvent } from '@stays/contracts';
import { ConflictError, UnauthorizedError } from '@stays/service-kit';
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
    expect(after.status === 'active' && [...after.openSessions]).to.deep.equal(['s2']);
  });

  it('records only the fields that really change, and a password change separately', () => {
    const state = given(registered);
    expect(decide.updateProfile({ name: 'Ravi', email: 'ravi@example.in' }, state)).to.deep.equal([]);
    expect(decide.updateProfile({ name: 'Ravi K', passwordHash: 'h2' }, state)).to.deep.equal([
      { type: 'AccountProfileUpdated', data: { accountId: 'o1', role: 'hotel-owner', name: 'Ravi K' } },
      { type: 'AccountPasswordChanged', data: { accountId: 'o1', role: 'hotel-owner', passwordHash: 'h2' } },
    ]);
  });

  it('closes every session when the account is deleted', () => {
    const state = given(registered, signedIn('s1'), ...decide.deleteAccount(given(registered, signedIn('s1'))));
    expect(state.status).to.equal('deleted');
    expect(() => decide.deleteAccount(state)).to.throw(UnauthorizedError);
  });
});
