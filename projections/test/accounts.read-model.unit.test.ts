import { expect } from 'chai';
import { EventDataError } from '@stays/contracts';
import { accountCollections as collections, accountsReadModel } from '../src/index.ts';
import { projectEvents, recordedAt } from './support/project-events.ts';

describe('accounts read model: events in, documents out', () => {
  it('keeps each profile without its password hash', async () => {
    const documents = await projectEvents(accountsReadModel, [
      {
        type: 'AccountRegistered',
        data: {
          accountId: 'c1',
          role: 'customer',
          name: 'Asha',
          email: 'asha@example.in',
          username: 'asha',
          profileImage: '/m/a.webp',
          passwordHash: '$argon2id$secret',
          via: 'password',
        },
      },
      { type: 'AccountRegistered', data: { accountId: 'o1', role: 'hotel-owner', name: 'Ravi', email: 'ravi@example.in', passwordHash: null, via: 'google' } },
    ]);
    expect(documents[collections.customers]).to.deep.equal([
      { _id: 'c1', role: 'customer', name: 'Asha', email: 'asha@example.in', username: 'asha', profileImage: '/m/a.webp', createdAt: recordedAt(1) },
    ]);
    expect(documents[collections.owners]).to.deep.equal([{ _id: 'o1', role: 'hotel-owner', name: 'Ravi', email: 'ravi@example.in', createdAt: recordedAt(2) }]);
    expect(JSON.stringify(documents)).not.to.contain('argon2');
  });

  it('changes what a profile update names and removes a removed image', async () => {
    const documents = await projectEvents(accountsReadModel, [
      {
        type: 'AccountRegistered',
        data: {
          accountId: 'c1',
          role: 'customer',
          name: 'Asha',
          email: 'asha@example.in',
          username: 'asha',
          profileImage: '/m/a.webp',
          passwordHash: 'h',
          via: 'password',
        },
      },
      { type: 'AccountProfileUpdated', data: { accountId: 'c1', role: 'customer', name: 'Asha Rao' } },
      { type: 'AccountProfileUpdated', data: { accountId: 'c1', role: 'customer', profileImage: null } },
      { type: 'AccountPasswordChanged', data: { accountId: 'c1', role: 'customer', passwordHash: 'h2' } },
    ]);
    expect(documents[collections.customers]).to.deep.equal([
      { _id: 'c1', role: 'customer', name: 'Asha Rao', email: 'asha@example.in', username: 'asha', createdAt: recordedAt(1) },
    ]);
  });

  it('opens a session at sign-in, removes it at sign-out, and removes every one and the profile with the account', async () => {
    const signedIn = (sessionId: string, accountId = 'o1') =>
      ({ type: 'AccountSignedIn', data: { accountId, role: 'hotel-owner', sessionId, method: 'password', expiresAt: '2026-11-22T18:00:00.000Z' } }) as const;
    const documents = await projectEvents(accountsReadModel, [
      { type: 'AccountRegistered', data: { accountId: 'o1', role: 'hotel-owner', name: 'Ravi', email: 'ravi@example.in', passwordHash: 'h', via: 'password' } },
      signedIn('s1'),
      signedIn('s2'),
      signedIn('s3'),
      signedIn('other', 'o2'),
      { type: 'AccountSignedOut', data: { accountId: 'o1', role: 'hotel-owner', sessionId: 's1' } },
      { type: 'AccountDeleted', data: { accountId: 'o1', role: 'hotel-owner' } },
    ]);
    expect(documents[collections.owners]).to.deep.equal([]);
    expect(documents[collections.sessions]!.map(({ _id, accountId, open }) => ({ _id, accountId, open }))).to.deep.equal([
      { _id: 'other', accountId: 'o2', open: true },
    ]);
    expect(documents[collections.sessions]![0]).to.deep.equal({
      _id: 'other',
      accountId: 'o2',
      role: 'hotel-owner',
      expiresAt: '2026-11-22T18:00:00.000Z',
      open: true,
    });
  });

  it("removes an account's expired sessions when it signs in again, as of the sign-in's own time, so a rebuild keeps the same ones", async () => {
    // events are recorded one second apart from 2026-11-22T10:00:01Z (recordedAt(n))
    const signedIn = (sessionId: string, expiresAt: string, accountId = 'c1') =>
      ({ type: 'AccountSignedIn', data: { accountId, role: 'customer', sessionId, method: 'password', expiresAt } }) as const;
    const documents = await projectEvents(accountsReadModel, [
      signedIn('expired', '2026-11-22T10:00:02.000Z'),
      signedIn('still-valid', '2026-11-22T18:00:00.000Z'),
      signedIn('other-account', '2026-11-22T10:00:02.000Z', 'c2'),
      signedIn('newest', '2026-11-22T18:00:00.000Z'),
      { type: 'AuditorSignedIn', data: { auditorId: 'a1', sessionId: 'auditor-old', expiresAt: '2026-11-22T10:00:01.000Z' } },
      { type: 'AuditorSignedIn', data: { auditorId: 'a1', sessionId: 'auditor-new', expiresAt: '2026-11-22T18:00:00.000Z' } },
      { type: 'AuditorSignedOut', data: { auditorId: 'a1', sessionId: 'auditor-new' } },
    ]);
    expect(documents[collections.sessions]!.map((session) => session._id)).to.deep.equal(['newest', 'other-account', 'still-valid']);
  });

  it('stops at an event whose data its schema does not read, naming the field, instead of writing a wrong document', async () => {
    const malformed = { type: 'AccountSignedIn', data: { accountId: 'c1', role: 'customer', sessionId: { $ne: null }, method: 'password', expiresAt: 'x' } };
    let failure: unknown;
    await projectEvents(accountsReadModel, [malformed as never]).catch((error: unknown) => {
      failure = error;
    });
    expect(failure).to.be.instanceOf(EventDataError);
    expect((failure as Error).message).to.match(/^AccountSignedIn: sessionId /);
  });
  it('keeps auditors with their email and time added, never their password hash, and opens their sessions as auditors', async () => {
    const documents = await projectEvents(accountsReadModel, [
      { type: 'AuditorAdded', data: { auditorId: 'a1', email: 'audit@example.in', passwordHash: '$argon2id$secret', via: 'cli' } },
      { type: 'AuditorSignedIn', data: { auditorId: 'a1', sessionId: 'as1', expiresAt: '2026-11-22T18:00:00.000Z' } },
    ]);
    expect(documents[collections.auditors]).to.deep.equal([{ _id: 'a1', email: 'audit@example.in', createdAt: recordedAt(1) }]);
    expect(documents[collections.sessions]).to.deep.equal([
      { _id: 'as1', accountId: 'a1', role: 'auditor', expiresAt: '2026-11-22T18:00:00.000Z', open: true },
    ]);
    expect(JSON.stringify(documents)).not.to.contain('argon2');
  });

  it("keeps a customer's optional username and image only when given, and never an owner's", async () => {
    const documents = await projectEvents(accountsReadModel, [
      { type: 'AccountRegistered', data: { accountId: 'c1', role: 'customer', name: 'Asha', email: 'asha@example.in', passwordHash: 'h', via: 'password' } },
      {
        type: 'AccountRegistered',
        data: {
          accountId: 'o1',
          role: 'hotel-owner',
          name: 'Ravi',
          email: 'ravi@example.in',
          username: 'ravi',
          profileImage: '/m/r.webp',
          passwordHash: 'h',
          via: 'password',
        },
      },
    ]);
    expect(documents[collections.customers]).to.deep.equal([{ _id: 'c1', role: 'customer', name: 'Asha', email: 'asha@example.in', createdAt: recordedAt(1) }]);
    expect(documents[collections.owners]).to.deep.equal([{ _id: 'o1', role: 'hotel-owner', name: 'Ravi', email: 'ravi@example.in', createdAt: recordedAt(2) }]);
  });

  it("updates an owner's profile in the owners' collection, sets a new image and a new username, and leaves what the update does not name", async () => {
    const documents = await projectEvents(accountsReadModel, [
      { type: 'AccountRegistered', data: { accountId: 'o1', role: 'hotel-owner', name: 'Ravi', email: 'ravi@example.in', passwordHash: 'h', via: 'password' } },
      { type: 'AccountRegistered', data: { accountId: 'c1', role: 'customer', name: 'Asha', email: 'asha@example.in', passwordHash: 'h', via: 'password' } },
      { type: 'AccountProfileUpdated', data: { accountId: 'o1', role: 'hotel-owner', email: 'ravi@hotel.in', profileImage: '/m/new.webp' } },
      { type: 'AccountProfileUpdated', data: { accountId: 'c1', role: 'customer', username: 'asha' } },
    ]);
    expect(documents[collections.owners]).to.deep.equal([
      { _id: 'o1', role: 'hotel-owner', name: 'Ravi', email: 'ravi@hotel.in', profileImage: '/m/new.webp', createdAt: recordedAt(1) },
    ]);
    expect(documents[collections.customers]).to.deep.equal([
      { _id: 'c1', role: 'customer', name: 'Asha', email: 'asha@example.in', username: 'asha', createdAt: recordedAt(2) },
    ]);
  });

  it('removes a session that expires at the very time of the next sign-in, and keeps a later one', async () => {
    // recordedAt(3) is the third sign-in's own time
    const signedIn = (sessionId: string, expiresAt: string) =>
      ({ type: 'AccountSignedIn', data: { accountId: 'c1', role: 'customer', sessionId, method: 'password', expiresAt } }) as const;
    const documents = await projectEvents(accountsReadModel, [
      signedIn('at-the-time', recordedAt(3)),
      signedIn('a-second-later', recordedAt(4)),
      signedIn('newest', '2026-11-22T18:00:00.000Z'),
    ]);
    expect(documents[collections.sessions]!.map((session) => session._id)).to.deep.equal(['a-second-later', 'newest']);
  });

  it('changes and removes only the account an event names', async () => {
    const registered = (accountId: string, role: 'customer' | 'hotel-owner') =>
      ({
        type: 'AccountRegistered',
        data: { accountId, role, name: accountId, email: `${accountId}@example.in`, passwordHash: 'h', via: 'password' },
      }) as const;
    const documents = await projectEvents(accountsReadModel, [
      registered('c1', 'customer'),
      registered('c2', 'customer'),
      registered('o1', 'hotel-owner'),
      registered('o2', 'hotel-owner'),
      { type: 'AccountProfileUpdated', data: { accountId: 'c2', role: 'customer', name: 'Asha' } },
      { type: 'AccountDeleted', data: { accountId: 'o2', role: 'hotel-owner' } },
    ]);
    expect(documents[collections.customers]!.map(({ _id, name }) => ({ _id, name }))).to.deep.equal([
      { _id: 'c1', name: 'c1' },
      { _id: 'c2', name: 'Asha' },
    ]);
    expect(documents[collections.owners]!.map(({ _id }) => _id)).to.deep.equal(['o1']);
  });

  it("indexes sessions by account, so a sign-in's clean-up and an account's deletion find them without a scan", () => {
    expect(accountsReadModel.collections).to.deep.equal({
      [collections.customers]: [],
      [collections.owners]: [],
      [collections.auditors]: [],
      [collections.sessions]: [{ keys: { accountId: 1 } }],
    });
  });
});
