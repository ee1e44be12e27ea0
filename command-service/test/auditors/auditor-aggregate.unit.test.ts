/** The auditor aggregate on its own: events in, the state and session user the deciders read out. */
import { expect } from 'chai';
import type { AuditorEvent } from '@stays/contracts';
import { auditorAggregate, auditorSessionUser, type ActiveAuditor } from '../../src/auditors/auditor.ts';

const fold = (...events: AuditorEvent[]) => events.reduce(auditorAggregate.evolve, auditorAggregate.initialState());
const added: AuditorEvent = { type: 'AuditorAdded', data: { auditorId: 'a1', email: 'audit@example.in', passwordHash: 'h', via: 'cli' } };
const signedIn = (sessionId: string): AuditorEvent => ({
  type: 'AuditorSignedIn',
  data: { auditorId: 'a1', sessionId, expiresAt: '2026-11-23T00:00:00.000Z' },
});
const signedOut = (sessionId: string): AuditorEvent => ({ type: 'AuditorSignedOut', data: { auditorId: 'a1', sessionId } });

describe('the auditor aggregate', () => {
  it('keeps the open sessions, and ignores sessions before the auditor was added', () => {
    const state = fold(added, signedIn('s1'), signedIn('s2'), signedOut('s1')) as ActiveAuditor;
    expect([...state.openSessions.keys()]).to.deep.equal(['s2']);
    expect(fold(signedIn('s1'), signedOut('s1'))).to.deep.equal({ status: 'new' });
  });

  it('signs an auditor in as an auditor named by their email', () => {
    expect(auditorSessionUser(fold(added) as ActiveAuditor)).to.deep.equal({ _id: 'a1', role: 'auditor', name: 'audit@example.in', email: 'audit@example.in' });
  });
});
