import { expect } from 'chai';
import { projectAccountEvent } from '../src/accounts.projection.ts';
import { collections } from '../src/read-models.ts';

describe('accounts projection: events in, writes out', () => {
  it('projects a registration without the password hash', () => {
    const writes = projectAccountEvent({
      type: 'AccountRegistered',
      data: { accountId: 'c1', role: 'customer', name: 'Asha', email: 'asha@example.in', username: 'asha', profileImage: '/m/a.webp', passwordHash: '$argon2id$secret', via: 'password' },
    }, '2026-11-22T10:00:00.000Z');
    expect(writes).to.have.length(1);
    expect(writes[0]!.collection).to.equal(collections.customers);
    expect(JSON.stringify(writes)).not.to.contain('argon2');
  });

  it('unsets a removed profile image', () => {
    const [write] = projectAccountEvent({ type: 'AccountProfileUpdated', data: { accountId: 'c1', role: 'customer', profileImage: null } }, 't');
    expect(write!.operation).to.deep.equal({ updateOne: { filter: { _id: 'c1' }, update: { $set: {}, $unset: { profileImage: '' } } } });
  });

  it('closes every session of a deleted account and removes its profile', () => {
    const writes = projectAccountEvent({ type: 'AccountDeleted', data: { accountId: 'o1', role: 'hotel-owner' } }, 't');
    expect(writes.map((write) => write.collection)).to.deep.equal([collections.owners, collections.sessions]);
    expect(writes[1]!.operation).to.deep.equal({ updateMany: { filter: { accountId: 'o1' }, update: { $set: { open: false } } } });
  });
});
