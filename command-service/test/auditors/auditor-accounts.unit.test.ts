import { expect } from 'chai';
import type { AuditorAdded, AuditorEvent } from '@stays/contracts';
import { auditorAggregate } from '../../src/auditors/auditor.ts';
import { addAuditor } from '../../src/auditors/adding-auditor/decide.ts';
import { signInAuditor } from '../../src/auditors/signing-in/decide.ts';
import { signOutAuditor } from '../../src/auditors/signing-out/decide.ts';
import { Conflict, Unauthenticated } from '../../src/domain-errors.ts';
import { DeciderSpecification } from '../support/decider-specification.ts';

const added: AuditorAdded = { type: 'AuditorAdded', data: { auditorId: 'a1', email: 'chief@example.in', passwordHash: '$argon2id$hash', via: 'bootstrap' } };
const signedIn = (sessionId: string): AuditorEvent => ({
  type: 'AuditorSignedIn',
  data: { auditorId: 'a1', sessionId, expiresAt: '2026-11-23T02:00:00.000Z' },
});
const signedOut = (sessionId: string): AuditorEvent => ({ type: 'AuditorSignedOut', data: { auditorId: 'a1', sessionId } });
const read: AuditorEvent = {
  type: 'AuditorReadRecorded',
  data: { auditorId: 'a1', what: 'booking-history', bookingID: 'BK-1', at: '2026-11-22T18:00:00.000Z' },
};

describe('auditor accounts', () => {
  describe('adding an auditor', () => {
    const given = DeciderSpecification.for(addAuditor, auditorAggregate);

    it('records a new auditor', () => {
      given().when(added.data).then([added]);
    });

    it('refuses an auditor id that is already taken', () => {
      given(added)
        .when({ ...added.data, email: 'other@example.in' })
        .thenThrows(Conflict, (error) => {
          expect(error.message).to.equal('An auditor with this email already exists');
        });
    });
  });

  describe('signing in', () => {
    const given = DeciderSpecification.for(signInAuditor, auditorAggregate);
    const command = { sessionId: 's1', expiresAt: '2026-11-23T02:00:00.000Z' };

    it('opens a session for an auditor, whatever they read before', () => {
      given(added, read)
        .when(command)
        .then([signedIn('s1')]);
    });

    it('refuses an account that does not exist as wrong credentials', () => {
      given()
        .when(command)
        .thenThrows(Unauthenticated, (error) => expect(error.message).to.equal('Invalid email or password'));
    });
  });

  describe('signing out', () => {
    const given = DeciderSpecification.for(signOutAuditor, auditorAggregate);

    it('closes the open session, and only that one', () => {
      const events = given(added, signedIn('s1'), signedIn('s2'))
        .when({ sessionId: 's1' })
        .then([signedOut('s1')]);
      const after = [added, signedIn('s1'), signedIn('s2'), ...events].reduce(auditorAggregate.evolve, auditorAggregate.initialState());
      expect(after.status === 'active' && [...after.openSessions.keys()]).to.deep.equal(['s2']);
    });

    it('changes nothing for a session already closed, or an auditor that does not exist', () => {
      given(added, signedIn('s1'), signedOut('s1')).when({ sessionId: 's1' }).thenNothing();
      given().when({ sessionId: 's1' }).thenNothing();
    });
  });
});
