/**
 * The account aggregate on its own: events in, the state the deciders read out (the
 * deciders' given/when/then tests are in the files beside this one).
 */
import { expect } from 'chai';
import type { AccountEvent } from '@stays/contracts';
import { accountAggregate, sessionUserOf, type AccountState, type ActiveAccount } from '../../src/accounts/account.ts';
import { ownerDeleted, ownerRegistered, signedIn, signedOut } from '../support/events.ts';

const fold = (...events: AccountEvent[]): AccountState => events.reduce(accountAggregate.evolve, accountAggregate.initialState());
const active = (...events: AccountEvent[]): ActiveAccount => {
  const state = fold(...events);
  if (state.status !== 'active') throw new Error(`expected an active account, got ${state.status}`);
  return state;
};
const of = { accountId: 'o1', role: 'hotel-owner' } as const;
const profileUpdated = (changes: object): AccountEvent => ({ type: 'AccountProfileUpdated', data: { ...of, ...changes } });
const passwordChanged: AccountEvent = { type: 'AccountPasswordChanged', data: { ...of, passwordHash: 'h2' } };
const resetRequested = (tokenHash: string): AccountEvent => ({
  type: 'PasswordResetRequested',
  data: { ...of, tokenHash, expiresAt: '2026-11-22T10:30:00.000Z' },
});
const passwordReset = (tokenHash: string): AccountEvent => ({ type: 'AccountPasswordReset', data: { ...of, passwordHash: 'h3', tokenHash } });
const erased: AccountEvent = { type: 'PersonalDataErased', data: { ...of, subject: 'account-o1' } };

describe('the account aggregate', () => {
  it('changes only the profile fields an update names, and removes a removed image', () => {
    const base = active(ownerRegistered);
    expect(active(ownerRegistered, profileUpdated({ name: 'Ravi K' }))).to.deep.equal({ ...base, name: 'Ravi K' });
    expect(active(ownerRegistered, profileUpdated({ email: 'new@example.in' }))).to.deep.equal({ ...base, email: 'new@example.in' });
    expect(active(ownerRegistered, profileUpdated({ username: 'ravi', profileImage: '/m/r.webp' }), profileUpdated({ name: 'Ravi K' }))).to.deep.equal({
      ...base,
      name: 'Ravi K',
      username: 'ravi',
      profileImage: '/m/r.webp',
    });
    expect(active(ownerRegistered, profileUpdated({ profileImage: '/m/r.webp' }), profileUpdated({ profileImage: null })).profileImage).to.equal(undefined);
  });

  it('keeps the new password hash and the open sessions', () => {
    const state = active(ownerRegistered, passwordChanged, signedIn('s1'), signedIn('s2', '2026-11-24T00:00:00.000Z'), signedOut('s1'));
    expect(state.passwordHash).to.equal('h2');
    expect([...state.openSessions]).to.deep.equal([['s2', '2026-11-24T00:00:00.000Z']]);
  });

  it('replaces a pending reset link with a newer one, keeps a used one used, and uses up the link a reset names', () => {
    const state = active(ownerRegistered, resetRequested('t1'), passwordReset('t1'), resetRequested('t2'), resetRequested('t3'));
    expect([...state.resetLinks].map(([hash, link]) => [hash, link.status])).to.deep.equal([
      ['t1', 'used'],
      ['t2', 'replaced'],
      ['t3', 'pending'],
    ]);
    const unknownLink = active(ownerRegistered, resetRequested('t1'), passwordReset('t-unknown'));
    expect(unknownLink.passwordHash).to.equal('h3');
    expect([...unknownLink.resetLinks].map(([hash, link]) => [hash, link.status])).to.deep.equal([['t1', 'pending']]);
  });

  it('keeps of a deleted account only who it was, ignores what comes after, and marks its data erased', () => {
    const deleted = { status: 'deleted', accountId: 'o1', role: 'hotel-owner', personalDataErased: false };
    const after = [profileUpdated({ name: 'x' }), passwordChanged, signedIn('s9'), signedOut('s9'), resetRequested('t9'), passwordReset('t9'), ownerDeleted];
    expect(fold(ownerRegistered, signedIn('s1'), ownerDeleted, ...after)).to.deep.equal(deleted);
    expect(fold(ownerRegistered, ownerDeleted, erased)).to.deep.equal({ ...deleted, personalDataErased: true });
  });

  it('ignores everything but a registration before one, and an erasure of a live account', () => {
    for (const event of [
      profileUpdated({ name: 'x' }),
      passwordChanged,
      signedIn('s1'),
      signedOut('s1'),
      resetRequested('t1'),
      passwordReset('t1'),
      ownerDeleted,
      erased,
    ]) {
      expect(fold(event), event.type).to.deep.equal({ status: 'new' });
    }
    expect(fold(ownerRegistered, erased)).to.deep.equal(fold(ownerRegistered));
  });

  it('tells the session whether the account has a password, and its username and image only when it has them', () => {
    expect(sessionUserOf(active(ownerRegistered))).to.deep.equal({ _id: 'o1', role: 'hotel-owner', name: 'Ravi', email: 'ravi@example.in', hasPassword: true });
    const google: AccountEvent = { type: 'AccountRegistered', data: { ...of, name: 'Ravi', email: 'ravi@example.in', passwordHash: null, via: 'google' } };
    expect(sessionUserOf(active(google, profileUpdated({ username: 'ravi', profileImage: '/m/r.webp' })))).to.deep.equal({
      _id: 'o1',
      role: 'hotel-owner',
      name: 'Ravi',
      email: 'ravi@example.in',
      hasPassword: false,
      username: 'ravi',
      profileImage: '/m/r.webp',
    });
  });
});
