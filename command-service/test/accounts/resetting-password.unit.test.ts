import { expect } from 'chai';
import { PASSWORD_RESET_LINK_MINUTES, messages, type AccountEvent } from '@stays/contracts';
import { accountAggregate } from '../../src/accounts/account.ts';
import { requestPasswordReset, resetEmailFor, resetPassword } from '../../src/accounts/resetting-password/decide.ts';
import { accountIdOfToken, hashResetToken, newResetToken } from '../../src/accounts/resetting-password/reset-tokens.ts';
import { InvalidInput } from '../../src/domain-errors.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';
import { MINUTE, NOW, at, ownerDeleted, ownerRegistered, signedIn, signedOut } from '../support/events.ts';

const requested = (tokenHash: string, sentAt = NOW): AccountEvent => ({
  type: 'PasswordResetRequested',
  data: { accountId: 'o1', role: 'hotel-owner', tokenHash, expiresAt: new Date(sentAt.getTime() + PASSWORD_RESET_LINK_MINUTES * MINUTE).toISOString() },
});
const reset = (tokenHash: string, passwordHash = 'h2'): AccountEvent => ({
  type: 'AccountPasswordReset',
  data: { accountId: 'o1', role: 'hotel-owner', passwordHash, tokenHash },
});
const googleOwner: AccountEvent = {
  type: 'AccountRegistered',
  data: { accountId: 'o1', role: 'hotel-owner', name: 'Ravi', email: 'ravi@example.in', passwordHash: null, via: 'google' },
};
const refusedWith = (message: string) => (error: InvalidInput) => expect(error.message).to.equal(message);

describe('resetting a forgotten password', () => {
  describe('asking for a link', () => {
    const given = DeciderSpecification.for(requestPasswordReset, accountAggregate);

    it('records the hash of the token and when the link expires, 30 minutes on', () => {
      given(ownerRegistered)
        .when({ tokenHash: 't1', now: NOW })
        .then([requested('t1')]);
    });

    it('records nothing for an account without a password, a deleted one or none', () => {
      given(googleOwner).when({ tokenHash: 't1', now: NOW }).thenNothing();
      given(ownerRegistered, ownerDeleted).when({ tokenHash: 't1', now: NOW }).thenNothing();
      given().when({ tokenHash: 't1', now: NOW }).thenNothing();
    });

    it('sends the link to a password account, a Google note to a Google-only one, and nothing to no account', () => {
      const fold = (...events: AccountEvent[]) => events.reduce(accountAggregate.evolve, accountAggregate.initialState());
      expect(resetEmailFor(fold(ownerRegistered))).to.equal('link');
      expect(resetEmailFor(fold(googleOwner))).to.equal('google');
      expect(resetEmailFor(fold(ownerRegistered, ownerDeleted))).to.equal('none');
      expect(resetEmailFor(fold())).to.equal('none');
    });
  });

  describe('setting the password with a link', () => {
    const given = DeciderSpecification.for(resetPassword, accountAggregate);

    it('sets the new password hash and ends every unexpired session', () => {
      given(ownerRegistered, signedIn('s1'), signedIn('s2'), signedIn('old', '2026-11-21T00:00:00.000Z'), signedOut('s2'), requested('t1'))
        .when({ tokenHash: 't1', passwordHash: 'h2', now: at(10 * MINUTE) })
        .then([reset('t1'), signedOut('s1', 'password-reset')]);
    });

    it('works until the link expires, and not from then on', () => {
      given(ownerRegistered, requested('t1'))
        .when({ tokenHash: 't1', passwordHash: 'h2', now: at(30 * MINUTE - 1) })
        .then([reset('t1')]);
      given(ownerRegistered, requested('t1'))
        .when({ tokenHash: 't1', passwordHash: 'h2', now: at(30 * MINUTE) })
        .thenThrows(InvalidInput, refusedWith(messages.passwordReset.linkExpired(30)));
    });

    it('refuses a link used before', () => {
      given(ownerRegistered, requested('t1'), reset('t1'))
        .when({ tokenHash: 't1', passwordHash: 'h3', now: at(MINUTE) })
        .thenThrows(InvalidInput, refusedWith(messages.passwordReset.linkUsed));
    });

    it('refuses a link a newer one replaced, and takes the newer one', () => {
      given(ownerRegistered, requested('t1'), requested('t2', at(MINUTE)))
        .when({ tokenHash: 't1', passwordHash: 'h2', now: at(2 * MINUTE) })
        .thenThrows(InvalidInput, refusedWith(messages.passwordReset.linkReplaced));
      given(ownerRegistered, requested('t1'), requested('t2', at(MINUTE)))
        .when({ tokenHash: 't2', passwordHash: 'h2', now: at(2 * MINUTE) })
        .then([reset('t2')]);
    });

    it('refuses a link never sent, and any link of a deleted account', () => {
      given(ownerRegistered, requested('t1'))
        .when({ tokenHash: 'forged', passwordHash: 'h2', now: at(MINUTE) })
        .thenThrows(InvalidInput, refusedWith(messages.passwordReset.linkInvalid));
      given(ownerRegistered, requested('t1'), ownerDeleted)
        .when({ tokenHash: 't1', passwordHash: 'h2', now: at(MINUTE) })
        .thenThrows(InvalidInput, refusedWith(messages.passwordReset.linkInvalid));
    });

    it('leaves the account signing in with the new password hash', () => {
      const after = [ownerRegistered, requested('t1'), reset('t1', 'h2')].reduce(accountAggregate.evolve, accountAggregate.initialState());
      expect(after.status === 'active' && after.passwordHash).to.equal('h2');
    });
  });

  describe('tokens', () => {
    it('carry 256 random bits and the account id, and only their keyed hash is kept', () => {
      const token = newResetToken('3f1c2a9e-5b7d-4e21-9c0a-1d2e3f4a5b6c');
      expect(accountIdOfToken(token)).to.equal('3f1c2a9e-5b7d-4e21-9c0a-1d2e3f4a5b6c');
      expect(Buffer.from(token.split('.')[0]!, 'base64url')).to.have.length(32);
      expect(newResetToken('a')).to.not.equal(newResetToken('a'));
      const key = Buffer.alloc(32, 7);
      expect(hashResetToken(key, token))
        .to.match(/^[0-9a-f]{64}$/)
        .and.not.include(token.split('.')[0]);
      expect(hashResetToken(Buffer.alloc(32, 8), token)).to.not.equal(hashResetToken(key, token));
    });

    it('are hashed as HMAC-SHA-256 of "password-reset|" and the token (the form every stored link hash has)', () => {
      // computed apart from this code (Python's hmac module); a change of form would void every link sent and unexpired
      expect(hashResetToken(Buffer.alloc(32, 7), 'AAAA.bzE')).to.equal('241a9d29856e7b3b3cb79e03fa928f0c5e3cc76bc66968cd7210f1523524cc02');
      const key = Buffer.alloc(32, 7);
      expect(hashResetToken(key, newResetToken('o1'))).to.not.equal(hashResetToken(key, newResetToken('o1')));
    });

    it('name no account when cut short, padded or made up', () => {
      const token = newResetToken('o1');
      const [secret, account] = token.split('.') as [string, string];
      const accountPart = (id: string) => Buffer.from(id, 'utf8').toString('base64url');
      expect(accountIdOfToken(`${secret}.${account}`)).to.equal('o1');
      expect(accountIdOfToken(token.slice(0, 20))).to.equal(null);
      expect(accountIdOfToken(secret), 'the secret alone').to.equal(null);
      expect(accountIdOfToken(`${secret}.`), 'no account').to.equal(null);
      expect(accountIdOfToken(`${token}.x`)).to.equal(null);
      expect(accountIdOfToken('not a token')).to.equal(null);
      expect(accountIdOfToken(`${Buffer.alloc(31, 1).toString('base64url')}.${account}`), 'a secret of 248 bits').to.equal(null);
      expect(accountIdOfToken(`${Buffer.alloc(33, 1).toString('base64url')}.${account}`), 'a secret of 264 bits').to.equal(null);
      for (const padded of [`!${secret}`, `${secret}!`, `${secret}=`]) expect(accountIdOfToken(`${padded}.${account}`), padded).to.equal(null);
      for (const padded of [`!${account}`, `${account}!`, `${account}=`]) expect(accountIdOfToken(`${secret}.${padded}`), padded).to.equal(null);
      expect(accountIdOfToken(`${secret}.${accountPart('../x')}`)).to.equal(null);
      expect(accountIdOfToken(`${secret}.${accountPart('o1/x')}`)).to.equal(null);
      expect(accountIdOfToken(`${secret}.${accountPart('a'.repeat(64))}`)).to.equal('a'.repeat(64));
      expect(accountIdOfToken(`${secret}.${accountPart('a'.repeat(65))}`)).to.equal(null);
    });
  });
});
